import Foundation
import Testing
import Words

@testable import NearbyCore
@testable import PlaceData

/// The seeds' rules to the point, and nothing lost from what the user types: the list's scroll
/// handoff at the top detent, detent changes heard, the camera and the selection kept by the
/// same query, typed text cleaned once. Each test states the exact state change and announcements.
@Suite("Scroll handoff, detent signals, camera, selection and typed text")
struct ScrollSignalsAndTypedTextTests {
    @Test func atTheTopDetentADragScrollsTheListAndHandsBackAtOffsetZero() {
        var state = NearbyState()
        _ = state.reduce(.handleIncremented)
        #expect(state.visibleRows == 10)
        // Up: the list scrolls (projected, clamped to its last row at the bottom).
        expectReduce(
            &state, .sheetDragged(translation: -300, velocity: -2000),
            [
                Announcement("Places 12 to 21 of 21.", kind: .screen)
            ]
        ) { $0.scrollOffset = 660 }
        // Down: the list scrolls back first, whole rows.
        expectReduce(
            &state, .sheetDragged(translation: 250, velocity: 0),
            [
                Announcement("Places 8 to 17 of 21.", kind: .screen)
            ]
        ) { $0.scrollOffset = 420 }
        // Down past offset 0 within one gesture: the rest moves the sheet.
        expectReduce(
            &state, .sheetDragged(translation: 800, velocity: 0),
            [
                .detent("Sheet, half height, 2 of 3."),
                Announcement(
                    "Released slowly: a spring settles the sheet at half height.", priority: .polite, kind: .detent
                )
                .visualOnly,
            ]
        ) {
            $0.scrollOffset = 0
            $0.sheet.detent = .half
        }
    }

    /// A `find` typed and given up: the sheet the keyboard lifted falls back, heard first; when
    /// another command leaves the line, its answer waits behind the fall.
    @Test func aSearchGivenUpSaysTheSheetsFall() {
        var state = NearbyState()
        let fall = Announcement("Sheet back at half height.", kind: .detent, earcon: .snap)
        _ = state.reduce(.queryTyped("tram"))
        #expect(state.sheet.detent == .full)
        #expect(state.reduce(.typingAbandoned).announcements == [fall])
        #expect(state.sheet.detent == .half && state.query.isEmpty)
        // Nothing typed: nothing to give up, nothing said.
        #expect(state.reduce(.typingAbandoned).announcements.isEmpty)
        _ = state.reduce(.queryTyped("tram"))
        // A position from the GPS is no command: the line being typed stays.
        _ = state.apply(.fixLost)
        #expect(state.query == "tram" && state.sheet.detent == .full)
        let answers = state.reduce(.handleIncremented).announcements
        #expect(answers.first == fall)
        #expect(answers.dropFirst().first?.text.hasPrefix("Sheet, full height, 3 of 3.") == true)
        #expect(answers.dropFirst().first?.priority == .polite)
    }

    @Test func nextScrollsTheFocusedRowIntoView() {
        var state = NearbyState()
        _ = state.reduce(.handleIncremented)
        for _ in 1...10 { _ = state.reduce(.nextFocused) }
        #expect(state.scrollOffset == 0)
        _ = state.reduce(.nextFocused)
        #expect(state.scrollOffset == 60)
        for _ in 1...10 { _ = state.reduce(.previousFocused) }
        #expect(state.focus == 0)
        #expect(state.scrollOffset == 0)
    }

    @Test func findFromBelowTheTopDetentSignalsTheMove() {
        var state = NearbyState()
        _ = state.reduce(.detentChosen(.resting))
        let reaction = state.reduce(.queryEntered("cafe"))
        #expect(reaction.announcements.map(\.kind) == [.results, .detent])
        #expect(
            reaction.announcements[1]
                == Announcement("Sheet at full height.", priority: .polite, kind: .detent, earcon: .snap))
        #expect(state.sheet.detent == .full)
        // Already at the top: no second signal.
        #expect(state.reduce(.queryEntered("bakery")).announcements.map(\.kind) == [.results])
    }

    @Test func theSameQueryAgainKeepsTheSelectionAndTheCamera() {
        var state = NearbyState()
        _ = state.reduce(.queryEntered("cafe"))
        _ = state.reduce(.placeSelected(.position(2)))
        let before = state
        expectReduce(&state, .queryEntered(" cafe "), [Announcement(before.resultsPhrase(), kind: .results)]) {
            $0.isSearching = true
        }
        #expect(state.selection == "coffee")
    }

    @Test func theQueryIsCleanedOnceAndThatIsWhatIsSearched() {
        var state = NearbyState()
        _ = state.reduce(.queryEntered("\u{1B}[31mcafe"))
        #expect(state.query == "cafe")
        #expect(state.shown.count == 3)
        #expect(CommandParser.parse("\u{FEFF}find cafe") == .queryEntered("cafe"))
    }

    @Test func aSearchLongerThanTheLimitIsRefusedAndSaysTheLimit() {
        var state = NearbyState()
        expectReduce(
            &state, .queryEntered(String(repeating: "c", count: 20_000)),
            [
                .error("Searches are limited to 200 characters. Nothing was searched.")
            ])
        #expect(!NearbyState.isTooLong(String(repeating: "c", count: 200)))
        #expect(NearbyState.isTooLong(String(repeating: "c", count: 201)))
        let reaction = state.reduce(CommandParser.parse(String(repeating: "x", count: 100_000))!)
        #expect(reaction.announcements[0].text.count < 100)
    }

    @Test(arguments: [("'", 1), ("’", 1), ("-", 0), ("«»", 0), ("taberna '", 1)])
    func aWordWithoutLettersIsMatchedLiterally(_ query: String, _ count: Int) {
        let places = Places(BuiltInPlaces.lisbon)
        #expect(places.matches(query: query).count == count)
    }

    @Test func theSheetsTitleAndBorderAreNeverOverwrittenByPins() {
        var state = NearbyState()
        for detent in Detent.allCases {
            _ = state.reduce(.detentChosen(detent))
            let title = "= " + state.words.text(.mapSheetTitle(detent: detent.spoken(state.words))) + " ="
            for columns in 30...120 {
                for rows in [12, 24, 40] {
                    let picture = MapPicture(state: state, columns: columns, rows: rows)
                    let drawn = String(title.prefix(columns)).trimmingCharacters(in: .whitespaces)
                    #expect(picture.text.contains(drawn), "\(detent) \(columns)x\(rows)")
                }
            }
        }
    }
}
