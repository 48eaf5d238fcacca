import PlaceData
import Testing

@testable import NearbyCore
// The keys of the problems with fields are Words' own (said through their phrases): the test
// names them to check which problem each line is.
@testable import Words

/// The four tasks of a sample study, as a tasks file writes them.
let exampleTasks = """
    # a comment
    Find a café to the west and open it => select Harbor Coffee
    How long is the walk to Blue Door Bakery? => walk Blue Door Bakery

    Move the sheet to full height => detent full
    Show only the bakeries => filter Bakery
    """

@Suite("A study's tasks file: words => goal, checked against the places")
struct TaskFileTests {
    let places = Places(BuiltInPlaces.lisbon)

    @Test func theExampleReadsAsFourTasksWithTheirLines() throws {
        let tasks = try TaskFile.parse(exampleTasks, places: places)
        #expect(
            tasks.map(\.words) == [
                "Find a café to the west and open it", "How long is the walk to Blue Door Bakery?",
                "Move the sheet to full height", "Show only the bakeries",
            ])
        #expect(tasks.map(\.line) == [2, 3, 5, 6])
        let coffee = try #require(BuiltInPlaces.lisbon.first { $0.name == "Harbor Coffee" })
        let bakery = try #require(BuiltInPlaces.lisbon.first { $0.name == "Blue Door Bakery" })
        #expect(tasks[0].goal == .select(place: "Harbor Coffee", ids: [coffee.id]))
        #expect(tasks[1].goal == .walk(place: "Blue Door Bakery", ids: [bakery.id]))
        #expect(tasks[2].goal == .detent(.full))
        #expect(tasks[3].goal == .filter(kind: "Bakery"))
        #expect(
            tasks.map(\.goal.written) == [
                "select Harbor Coffee", "walk Blue Door Bakery", "detent full", "filter Bakery",
            ])
    }

    @Test func placesAndKindsAreMatchedWhateverTheirCaseAndAccents() throws {
        let tasks = try TaskFile.parse("Open it => select harbor coffee\nCafés => filter CAFE", places: places)
        #expect(tasks[0].goal.written == "select Harbor Coffee")
        #expect(tasks[1].goal == .filter(kind: "Café"))
    }

    @Test(arguments: [
        ("Find a café", 1, Key.tasksNoArrow),
        ("# fine\n => select Harbor Coffee", 2, Key.tasksNoWords),
        ("Go => fly Harbor Coffee", 1, Key.tasksUnknownGoal),
        ("Go => select", 1, Key.tasksGoalNeedsArgument),
        ("Go => select Harbour Cofee", 1, Key.tasksUnknownPlace),
        ("ok => detent full\nGo => walk Nowhere", 2, Key.tasksUnknownPlace),
        ("Go => detent top", 1, Key.tasksUnknownDetent),
        ("Go => filter Cinema", 1, Key.tasksUnknownKind),
        ("# only a comment\n\n", 0, Key.tasksEmpty),
    ])
    func aBadLineIsRefusedWithItsNumber(text: String, line: Int, key: Key) {
        #expect(throws: TaskFileProblem.self) { try TaskFile.parse(text, places: places) }
        do {
            _ = try TaskFile.parse(text, places: places)
        } catch {
            #expect(error.line == line)
            #expect(error.phrase.key == key)
            // Every problem has words in every language.
            for language in [Language.english, .spanish, .portuguese] {
                #expect(!Catalog.builtIn(language).text(error.phrase).hasPrefix("⟦missing"))
            }
        }
    }

    @Test func anUnknownKindNamesTheKindsThereAre() {
        do {
            _ = try TaskFile.parse("Go => filter Cinema", places: places)
            Issue.record("a kind not in the places was taken")
        } catch {
            #expect(
                Catalog.builtIn(.english).text(error.phrase)
                    == "no place is of the kind \"Cinema\"; the kinds are Bakery, Bookshop, Café, Grocery, Museum, Park, Pharmacy, Restaurant."
            )
        }
    }
}

@Suite("A task's goal, recognised in the state after a command")
struct StudyGoalTests {
    let tasks = try! TaskFile.parse(exampleTasks, places: Places(BuiltInPlaces.lisbon))

    @Test func selectHoldsWhileThePlaceIsSelected() {
        var state = NearbyState()
        #expect(!tasks[0].goal.isMet(in: state, said: []))
        _ = state.reduce(.placeSelected(.name("Blue Door Bakery")))
        #expect(!tasks[0].goal.isMet(in: state, said: []))
        _ = state.reduce(.placeSelected(.name("Harbor Coffee")))
        #expect(tasks[0].goal.isMet(in: state, said: []))
    }

    @Test func walkNeedsTheWalkTimeHeardWithThePlaceSelected() {
        var state = NearbyState()
        let selected = state.reduce(.placeSelected(.name("Blue Door Bakery"))).announcements
        // Selecting says a walk time in the place's row, but the walk answer is what counts.
        #expect(!tasks[1].goal.isMet(in: state, said: selected))
        let walk = state.reduce(.walkRequested).announcements
        #expect(tasks[1].goal.isMet(in: state, said: walk))
        // The same answer with another place selected does not.
        _ = state.reduce(.placeSelected(.name("Harbor Coffee")))
        let other = state.reduce(.walkRequested).announcements
        #expect(!tasks[1].goal.isMet(in: state, said: other))
    }

    @Test func detentAndFilterHoldInTheState() {
        var state = NearbyState()
        #expect(!tasks[2].goal.isMet(in: state, said: []))
        _ = state.reduce(.handleIncremented)
        #expect(tasks[2].goal.isMet(in: state, said: []))
        #expect(!tasks[3].goal.isMet(in: state, said: []))
        _ = state.reduce(.filterChosen("bakery"))
        #expect(tasks[3].goal.isMet(in: state, said: []))
        _ = state.reduce(.filterChosen(nil))
        #expect(!tasks[3].goal.isMet(in: state, said: []))
    }
}

@Suite("A study in the session: the tasks read out, done, repeated and skipped")
struct StudyReduceTests {
    let tasks = try! TaskFile.parse(exampleTasks, places: Places(BuiltInPlaces.lisbon))

    @Test func theFirstTaskIsReadOutAndADoneTaskGivesTheNext() {
        var state = NearbyState()
        let start = state.reduce(.tasksGiven(tasks))
        #expect(
            start.announcements == [
                Announcement("Task 1 of 4: Find a café to the west and open it", priority: .polite, kind: .task)
            ])
        #expect(start.studyEvents == [.begun(number: 1)])
        // A command that does not meet the goal changes nothing of the study.
        #expect(state.reduce(.queryEntered("cafe")).studyEvents == [])
        let done = state.reduce(.placeSelected(.name("Harbor Coffee")))
        #expect(done.studyEvents == [.done(number: 1), .begun(number: 2)])
        #expect(
            done.announcements.last
                == Announcement(
                    "Task done. Task 2 of 4: How long is the walk to Blue Door Bakery?", priority: .polite, kind: .task)
        )
        // Kept in history, so that repeat says it again.
        #expect(done.historyNumbers.last! != nil)
        // repeat says the whole last answer: the selection, then the task's words.
        #expect(state.reduce(.repeatRequested).announcements.first?.text.contains("Task done. Task 2 of 4") == true)
        #expect(state.study?.current == 1)
    }

    @Test func taskRepeatsTheCurrentOneAndSkipGivesUpOnIt() {
        var state = NearbyState()
        _ = state.reduce(.tasksGiven(tasks))
        let again = state.reduce(CommandParser.parse("task")!)
        #expect(again.announcements == [Announcement("Task 1 of 4: Find a café to the west and open it", kind: .task)])
        #expect(again.studyEvents == [])
        let skipped = state.reduce(CommandParser.parse("skip")!)
        #expect(skipped.studyEvents == [.skipped(number: 1), .begun(number: 2)])
        #expect(
            skipped.announcements == [
                Announcement("Task skipped. Task 2 of 4: How long is the walk to Blue Door Bakery?", kind: .task)
            ])
    }

    @Test func aGoalThatHeldWhenTheTaskBeganIsReachedOnlyByACommandThatDoesIt() {
        var state = NearbyState()
        _ = state.reduce(.tasksGiven(try! TaskFile.parse("Half => detent half", places: state.places)))
        // The sheet is at half height already: task, read and help do not finish the task...
        #expect(state.reduce(.taskRequested).studyEvents == [])
        #expect(state.reduce(.readRequested).studyEvents == [])
        #expect(state.reduce(.helpRequested(nil)).studyEvents == [])
        // ...a command that moves the sheet there does, even when it stays.
        #expect(state.reduce(.detentChosen(.half)).studyEvents == [.done(number: 1)])
    }

    @Test func aGoalReachedFromElsewhereCountsWhateverTheCommand() {
        var state = NearbyState()
        _ = state.reduce(.tasksGiven(try! TaskFile.parse("Full => detent full", places: state.places)))
        // find lifts the sheet to full height: the goal is reached.
        #expect(state.reduce(.queryEntered("cafe")).studyEvents == [.done(number: 1)])
    }

    @Test func afterTheLastTaskItSaysSoAndTaskAndSkipSayEveryTaskIsOver() {
        var state = NearbyState()
        _ = state.reduce(.tasksGiven(Array(tasks.suffix(2))))
        _ = state.reduce(.handleIncremented)
        let last = state.reduce(.filterChosen("Bakery"))
        #expect(last.studyEvents == [.done(number: 2)])
        #expect(last.announcements.last?.text == "Task done. That was the last of the 2 tasks.")
        #expect(state.reduce(.taskRequested).announcements == [Announcement("All 2 tasks are over.", kind: .task)])
        #expect(state.reduce(.taskSkipped).studyEvents == [])
    }

    @Test func withoutTasksTaskAndSkipAreErrors() {
        var state = NearbyState()
        expectReduce(&state, .taskRequested, [.error("This session has no tasks: start it with --tasks FILE.")])
        expectReduce(&state, .taskSkipped, [.error("This session has no tasks: start it with --tasks FILE.")])
    }

    @Test func theWordsAreTheLanguagesOwn() {
        var state = NearbyState(
            settings: {
                var s = Settings()
                s.language = .spanish
                return s
            }())
        #expect(state.reduce(.tasksGiven(tasks)).announcements.first?.text.hasPrefix("Tarea 1 de 4: ") == true)
        #expect(CommandParser.parse("saltar", words: state.words) == .taskSkipped)
        #expect(CommandParser.parse("tarea", words: state.words) == .taskRequested)
    }
}
