import PlaceData
import TextFormats
import Words

/// One task of a usability study: the words read to the tester, and the goal that says it is
/// done. A tasks file (`--tasks FILE`) holds one a line: `words => goal`.
public struct StudyTask: Equatable, Sendable {
    /// What the tester hears: "Find a café to the west and open it".
    public var words: String
    public var goal: StudyGoal
    /// The line of the tasks file it came from (from 1).
    public var line: Int

    public init(words: String, goal: StudyGoal, line: Int) {
        self.words = words
        self.goal = goal
        self.line = line
    }
}

/// What must hold in the screen's state after a command for a task to be done.
public enum StudyGoal: Equatable, Sendable {
    /// `select PLACE`: one of these places is selected (the ids of every place of that name).
    case select(place: String, ids: Set<String>)
    /// `walk PLACE`: the walk time was heard (a `walk` answer) while one of them was selected.
    case walk(place: String, ids: Set<String>)
    /// `detent resting|half|full`: the sheet is shown at that detent.
    case detent(Detent)
    /// `filter KIND`: the list is filtered to that kind (as the places spell it).
    case filter(kind: String)

    /// Whether the goal holds: `state` is the screen after a command, `said` what that command
    /// answered. Pure: the same state and answers give the same verdict.
    public func isMet(in state: NearbyState, said: [Announcement]) -> Bool {
        switch self {
        case .select(_, let ids):
            return state.selection.map(ids.contains) ?? false
        case .walk(_, let ids):
            guard let selection = state.selection, ids.contains(selection) else { return false }
            return said.contains { $0.kind == .walk }
        case .detent(let detent):
            return state.sheet.isPresented && state.sheet.detent == detent
        case .filter(let kind):
            return state.kindFilter == kind
        }
    }

    /// Whether a command reached the goal: it holds after the command, and either it did not
    /// hold before, or the command itself was one that does what the goal asks (`up` with the
    /// sheet already at full height, `select` of the place already selected). A `help` or a
    /// `history` never finishes a task whose goal held when it began.
    public func isReached(before: NearbyState, after: NearbyState, by action: Action, said: [Announcement]) -> Bool {
        guard isMet(in: after, said: said) else { return false }
        guard isMet(in: before, said: []) else { return true }
        switch (self, action) {
        case (.select, .placeSelected), (.filter, .filterChosen), (.walk, _): return true
        case (.detent, .detentChosen), (.detent, .handleIncremented), (.detent, .handleDecremented),
            (.detent, .handleActivated), (.detent, .sheetDragged), (.detent, .dimmedMapTapped):
            return true
        default: return false
        }
    }

    /// The goal as a tasks file writes it: "select Harbor Coffee".
    public var written: String {
        switch self {
        case .select(let place, _): "select \(place)"
        case .walk(let place, _): "walk \(place)"
        case .detent(let detent): "detent \(detent.name)"
        case .filter(let kind): "filter \(kind)"
        }
    }
}

/// What is wrong with a line of a tasks file: its number (from 1; 0 for the file as a whole)
/// and what to say about it.
public struct TaskFileProblem: Error, Equatable, Sendable {
    public var line: Int
    public var phrase: Phrase

    public init(line: Int, _ phrase: Phrase) {
        self.line = line
        self.phrase = phrase
    }
}

/// The tasks file: `words => goal` a line; `#` comments and blank lines are skipped. Pure: the
/// shell reads the file, this reads its text against the places loaded.
public enum TaskFile {
    /// The goals' words, as the file writes them (English: the file is for the study's
    /// designer, and the same file serves testers in every language).
    static let goalWords = ["select", "walk", "detent", "filter"]

    /// The tasks of `text`, checked against `places`: every place and kind a goal names must
    /// be there. Throws the first problem, with its line.
    public static func parse(_ text: String, places: Places) throws(TaskFileProblem) -> [StudyTask] {
        var tasks: [StudyTask] = []
        for numbered in TextFile(text: text, name: "").lines {
            let number = numbered.number
            let line = SafeText.clean(String(numbered.text), limit: 2_000).trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let arrow = line.range(of: "=>", options: .backwards) else {
                throw TaskFileProblem(line: number, Phrase(.tasksNoArrow))
            }
            let words = line[..<arrow.lowerBound].trimmingCharacters(in: .whitespaces)
            let goalText = line[arrow.upperBound...].trimmingCharacters(in: .whitespaces)
            guard !words.isEmpty else { throw TaskFileProblem(line: number, Phrase(.tasksNoWords)) }
            let goal = try parseGoal(goalText, line: number, places: places)
            tasks.append(StudyTask(words: words, goal: goal, line: number))
        }
        guard !tasks.isEmpty else { throw TaskFileProblem(line: 0, Phrase(.tasksEmpty)) }
        return tasks
    }

    /// One goal: its word, then what it names.
    static func parseGoal(_ text: String, line: Int, places: Places) throws(TaskFileProblem) -> StudyGoal {
        let parts = text.split(separator: " ", maxSplits: 1).map(String.init)
        let verb = parts.first?.lowercased() ?? ""
        let argument = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : ""
        guard goalWords.contains(verb) else {
            throw TaskFileProblem(line: line, Phrase.tasksUnknownGoal(goal: text))
        }
        guard !argument.isEmpty else {
            throw TaskFileProblem(line: line, Phrase.tasksGoalNeedsArgument(goal: verb))
        }
        switch verb {
        case "select", "walk":
            let wanted = TextFolding.fold(argument)
            let named = places.all.filter { TextFolding.fold($0.name) == wanted }
            guard let first = named.first else {
                throw TaskFileProblem(line: line, Phrase.tasksUnknownPlace(place: argument))
            }
            let ids = Set(named.map(\.id))
            return verb == "select" ? .select(place: first.name, ids: ids) : .walk(place: first.name, ids: ids)
        case "detent":
            guard let detent = Detent.allCases.first(where: { $0.name == argument.lowercased() }) else {
                throw TaskFileProblem(line: line, Phrase.tasksUnknownDetent(detent: argument))
            }
            return .detent(detent)
        default:
            let kinds = places.kindCounts().map(\.kind)
            let wanted = TextFolding.fold(argument)
            guard let kind = kinds.first(where: { TextFolding.fold($0) == wanted }) else {
                throw TaskFileProblem(
                    line: line,
                    Phrase.tasksUnknownKind(kind: argument, kinds: kinds.joined(separator: ", ")))
            }
            return .filter(kind: kind)
        }
    }
}

/// A study under way: the tasks, which one the tester is on, and what became of each.
public struct Study: Equatable, Sendable {
    public let tasks: [StudyTask]
    /// The index of the task under way; `tasks.count` once every task is over.
    public private(set) var current = 0

    public init(tasks: [StudyTask]) { self.tasks = tasks }

    /// Whether every task is done or skipped.
    public var isOver: Bool { current >= tasks.count }

    /// The task under way, if any.
    public var currentTask: StudyTask? { isOver ? nil : tasks[current] }

    /// Looks at the screen before and after a command: when the command reached the current
    /// task's goal, the task is done and the next begins. Returns what happened, in order.
    public mutating func observe(
        before: NearbyState, after: NearbyState, action: Action, said: [Announcement]
    ) -> [StudyEvent] {
        guard let task = currentTask, task.goal.isReached(before: before, after: after, by: action, said: said)
        else { return [] }
        return advance(from: .done(number: current + 1))
    }

    /// The tester gives up on the current task: the next begins.
    public mutating func skip() -> [StudyEvent] {
        guard !isOver else { return [] }
        return advance(from: .skipped(number: current + 1))
    }

    private mutating func advance(from ending: StudyEvent) -> [StudyEvent] {
        current += 1
        return isOver ? [ending] : [ending, .begun(number: current + 1)]
    }

    /// Whether a command's answer may finish a task: every command the tester types except
    /// `task` and `skip`, which speak of the tasks themselves; never what no line caused (the
    /// session's start and end; the shell's reports never come here), nor a search given up
    /// (Ctrl-C puts the screen back: it does nothing).
    public static func checksGoal(after action: Action) -> Bool {
        switch action.role {
        case .studying, .typing, .session: false
        case .entering, .reviewing, .command: true
        }
    }
}

/// What became of a task, for the session's log: numbered from 1.
public enum StudyEvent: Equatable, Sendable {
    case begun(number: Int)
    case done(number: Int)
    case skipped(number: Int)

    /// The task's number.
    public var number: Int {
        switch self {
        case .begun(let number), .done(let number), .skipped(let number): number
        }
    }

    /// What happened, as the log names it: begun, done or skipped.
    public var name: String {
        switch self {
        case .begun: "begun"
        case .done: "done"
        case .skipped: "skipped"
        }
    }
}
