import Foundation
import Testing

@testable import ScenarioFormat

/// An expectation of exact text, a pattern, or `...`; the line does not take part in matching.
private func text(_ value: String) -> Scenario.Expectation { .text(value, line: 0) }
private func pattern(_ value: String) -> Scenario.Expectation { .pattern(value, line: 0) }
private let anything = Scenario.Expectation.anything(line: 0)

/// Matching announcements against a step's expectations, compiling the `~` patterns, and
/// writing what was announced back into the file (recording).
@Suite("Matching and recording scenarios")
struct ScenarioMatchingTests {
    typealias Expectation = Scenario.Expectation

    /// Whether `actual` satisfies `expectations`, with their patterns compiled.
    static func matches(_ expectations: [Expectation], _ actual: [String]) throws -> Bool {
        var patterns: [String: NSRegularExpression] = [:]
        for case .pattern(let pattern, _) in expectations {
            patterns[pattern] = try NSRegularExpression(pattern: pattern)
        }
        return Scenario.matches(expectations, actual, patterns: patterns)
    }

    @Test(
        "Text matches exactly, a pattern anywhere in the text, '...' any number of announcements",
        arguments: [
            ([], [], true),
            ([], ["Done."], false),
            ([text("Done.")], [], false),
            ([text("Done.")], ["Done."], true),
            ([text("Done.")], ["Done"], false),
            ([text("Done.")], ["Done. "], false),
            ([text("Done.")], ["done."], false),
            ([text("A."), text("B.")], ["A.", "B."], true),
            ([text("A."), text("B.")], ["B.", "A."], false),
            ([text("A.")], ["A.", "B."], false),
            ([pattern("afé")], ["3 cafés."], true),
            ([pattern("^afé")], ["3 cafés."], false),
            ([pattern("^3 caf.s\\.$")], ["3 cafés."], true),
            ([pattern("x*")], [""], true),
            ([anything], [], true),
            ([anything], ["A.", "B.", "C."], true),
            ([anything, text("C.")], ["A.", "B.", "C."], true),
            ([anything, text("C.")], ["A.", "C.", "B."], false),
            ([text("A."), anything], ["A."], true),
            ([text("A."), anything, text("C.")], ["A.", "C."], true),
            ([text("A."), anything, text("C.")], ["A.", "B.", "B.", "C."], true),
            ([text("A."), anything, text("C.")], ["B.", "C."], false),
            ([anything, anything], ["A."], true),
            ([anything, pattern("^B"), anything], ["A.", "B.", "C."], true),
            ([anything, pattern("^D"), anything], ["A.", "B.", "C."], false),
        ] as [([Expectation], [String], Bool)])
    func matching(expectations: [Expectation], actual: [String], matches: Bool) throws {
        #expect(try Self.matches(expectations, actual) == matches)
    }

    @Test("A pattern that was not compiled matches nothing")
    func uncompiledPattern() {
        #expect(!Scenario.matches([pattern("A")], ["A"], patterns: [:]))
    }

    @Test("Each pattern is compiled once, whichever steps repeat it")
    func compiledPatterns() throws {
        let scenario = try Scenario.parse("> up\n~ ^A\n~ B$\n> down\n~ ^A\nC\n")
        let patterns = try scenario.compiledPatterns()
        #expect(Set(patterns.keys) == ["^A", "B$"])
        #expect(patterns["^A"]?.pattern == "^A")
    }

    @Test("A pattern that does not compile is reported at its first line")
    func badPattern() throws {
        let scenario = try Scenario.parse("> up\n~ fine\n> down\n~ (unclosed\n~ (unclosed\n")
        #expect(throws: Scenario.Problem(line: 4, message: "not a valid regular expression: (unclosed")) {
            try scenario.compiledPatterns()
        }
    }

    /// `text` recorded with `actual` as the announcements of its steps.
    static func recorded(_ text: String, _ actual: [[String]]) throws -> [String] {
        let scenario = try Scenario.parse(text)
        return scenario.recorded(actual, patterns: try scenario.compiledPatterns())
    }

    @Test("Recording a test without expectations writes each step's announcements under it")
    func recordingNew() throws {
        let text = "# options: --at 1,2\n\n> find cafe\n# a comment\n> up\n"
        #expect(
            try Self.recorded(text, [["3 places.", "First, A."], ["Full height."]]) == [
                "# options: --at 1,2", "", "> find cafe", "3 places.", "First, A.", "# a comment", "> up",
                "Full height.",
            ])
    }

    @Test("A block that passes stays as written; one that fails is replaced by what was said")
    func recordingKeepsWhatPasses() throws {
        let text = "> find cafe\n~ ^3 places\n...\n> up\nHalf height.\n\n> down\nGone.\n"
        #expect(
            try Self.recorded(text, [["3 places.", "First, A."], ["Full height."], []]) == [
                "> find cafe", "~ ^3 places", "...", "> up", "Full height.", "", "> down",
            ])
    }

    @Test("In a failing block, the '~' lines that still match are kept, in order")
    func recordingKeepsPatterns() throws {
        let text = "> list\n~ ^First\nOld.\n~ ^Third\n"
        #expect(
            try Self.recorded(text, [["First, A.", "Second, B.", "Third, C.", "Fourth, D."]]) == [
                "> list", "~ ^First", "Second, B.", "~ ^Third", "Fourth, D.",
            ])
        // A pattern is used for the first announcement it matches after the one before it.
        #expect(
            try Self.recorded("> list\n~ ^B\n~ ^A\n", [["A1.", "B1.", "A2."]]) == [
                "> list", "A1.", "~ ^B", "~ ^A",
            ])
    }

    @Test(
        "An announcement that would read as another kind of line is written as an exact pattern",
        arguments: [
            ("", "~ ^$"),
            ("# not a comment", "~ ^# not a comment$"),
            ("> not a command", "~ ^> not a command$"),
            ("~ not a pattern", "~ ^~ not a pattern$"),
            ("...", "~ ^\\.\\.\\.$"),
            ("Costs $3 (or more).", "Costs $3 (or more)."),
            ("~not a pattern either", "~not a pattern either"),
        ])
    func recordingEscapes(announcement: String, line: String) throws {
        #expect(try Self.recorded("> up\n", [[announcement]]) == ["> up", line])
    }

    @Test("Steps past the announcements given are recorded as saying nothing")
    func recordingMissingSteps() throws {
        #expect(try Self.recorded("> up\nA.\n> down\nB.\n", [["A."]]) == ["> up", "A.", "> down"])
    }
}
