import Testing

@testable import ScenarioFormat

/// How a `.nvtest` file is read: the options, the `>` commands, the expectations under each,
/// the comments and blank lines between, and the line numbers of everything, malformed lines
/// included.
@Suite("Parsing .nvtest files")
struct ScenarioParsingTests {
    /// Parses `text`, recording the problem when it is malformed.
    static func parse(_ text: String) -> Scenario? {
        do { return try Scenario.parse(text) } catch {
            Issue.record("line \(error.line): \(error.message)")
            return nil
        }
    }

    /// The problem `text` is rejected with.
    static func problem(_ text: String) -> Scenario.Problem? {
        do {
            _ = try Scenario.parse(text)
            return nil
        } catch {
            return error
        }
    }

    @Test("A whole file: options, commands, each expectation kind, comments and blank lines")
    func wholeFile() throws {
        let text = """
            # A test of the sheet.
            # options: --at 38.7115,-9.1390 --heading 90

            > find cafe
            3 places match "cafe". First, Café A.
            # a comment between expectations
            ~ ^Café B
            ...
            > up
            ~ ^Already at full height

            """
        let scenario = try #require(Self.parse(text))
        #expect(scenario.options == ["--at", "38.7115,-9.1390", "--heading", "90"])
        #expect(scenario.optionsLine == 2)
        #expect(
            scenario.steps == [
                Scenario.Step(
                    command: "find cafe", line: 4,
                    expectations: [
                        .text("3 places match \"cafe\". First, Café A.", line: 5), .pattern("^Café B", line: 7),
                        .anything(line: 8),
                    ]),
                Scenario.Step(command: "up", line: 9, expectations: [.pattern("^Already at full height", line: 10)]),
            ])
        // Every line is kept for recording, the blank one too; the final newline ends the last.
        #expect(scenario.lines.count == 10)
        #expect(scenario.lines[2] == "")
        #expect(!scenario.hasNoExpectations)
    }

    @Test("An empty file is a scenario with no steps")
    func emptyFile() throws {
        let scenario = try #require(Self.parse(""))
        #expect(scenario == Scenario(options: [], optionsLine: nil, steps: [], lines: []))
        #expect(scenario.hasNoExpectations)
    }

    @Test("Commands without expectations are a new test, to be recorded")
    func noExpectations() throws {
        let scenario = try #require(Self.parse("> find cafe\n> up\n"))
        #expect(scenario.steps.map(\.command) == ["find cafe", "up"])
        #expect(scenario.steps.map(\.line) == [1, 2])
        #expect(scenario.hasNoExpectations)
    }

    @Test("A byte-order mark and Windows line ends are not part of the lines")
    func byteOrderMarkAndCarriageReturns() throws {
        let scenario = try #require(Self.parse("\u{FEFF}# options: --speech off\r\n> help\r\nCommands.\r\n"))
        #expect(scenario.options == ["--speech", "off"])
        #expect(scenario.optionsLine == 1)
        #expect(scenario.lines == ["# options: --speech off", "> help", "Commands."])
        #expect(
            scenario.steps == [Scenario.Step(command: "help", line: 2, expectations: [.text("Commands.", line: 3)])])
    }

    @Test("Without a final newline the last line still counts; a second newline is a blank line")
    func finalNewline() throws {
        #expect(try #require(Self.parse("> up\nDone.")).lines == ["> up", "Done."])
        #expect(try #require(Self.parse("> up\nDone.\n\n")).lines == ["> up", "Done.", ""])
    }

    @Test("Options lines add up, in any case and spacing, and the first one's line is kept")
    func severalOptionsLines() throws {
        let text = "#options: --at 1,2\n#   OPTIONS: --pace none\n# Options:\n> up\n"
        let scenario = try #require(Self.parse(text))
        #expect(scenario.options == ["--at", "1,2", "--pace", "none"])
        #expect(scenario.optionsLine == 1)
    }

    @Test("Options are split as a shell splits words: quotes group, backslashes escape")
    func quotedOptions() throws {
        let scenario = try #require(Self.parse(#"# options: --places "my places.csv" --voice 'en-gb' a\ b"# + "\n"))
        #expect(scenario.options == ["--places", "my places.csv", "--voice", "en-gb", "a b"])
    }

    @Test("A comment that only mentions options is a comment")
    func commentNotOptions() throws {
        let scenario = try #require(Self.parse("# the options: none\n> up\n"))
        #expect(scenario.options == [])
        #expect(scenario.optionsLine == nil)
    }

    @Test("A '>' needs no space after it, and spaces and tabs around the command go")
    func commandSpacing() throws {
        let scenario = try #require(Self.parse(">find cafe\n> \t next  \t\n"))
        #expect(scenario.steps.map(\.command) == ["find cafe", "next"])
    }

    @Test("Trailing spaces of an expectation go; leading ones stay, and the line is then text")
    func expectationSpacing() throws {
        let scenario = try #require(Self.parse("> up\n  Done.  \t\n  > indented\n  ...\n"))
        #expect(
            scenario.steps[0].expectations == [
                .text("  Done.", line: 2), .text("  > indented", line: 3), .text("  ...", line: 4),
            ])
    }

    @Test("A '~' needs a space before its expression; without one, or alone, the line is text")
    func patternNeedsItsSpace() throws {
        let scenario = try #require(Self.parse("> up\n~^Done\n~\n~   \n~ a b \n"))
        #expect(
            scenario.steps[0].expectations == [
                .text("~^Done", line: 2), .text("~", line: 3), .text("~", line: 4), .pattern("a b", line: 5),
            ])
    }

    @Test("'...' is the only way to say any number of announcements")
    func anything() throws {
        let scenario = try #require(Self.parse("> up\n...\n.... \n... more\n"))
        #expect(
            scenario.steps[0].expectations == [.anything(line: 2), .text("....", line: 3), .text("... more", line: 4)])
    }

    @Test("Each expectation knows its line")
    func expectationLines() {
        #expect(Scenario.Expectation.text("a", line: 3).line == 3)
        #expect(Scenario.Expectation.pattern("a", line: 4).line == 4)
        #expect(Scenario.Expectation.anything(line: 5).line == 5)
    }

    @Test(
        "A malformed file is rejected with the line and what is wrong",
        arguments: [
            ("Done.\n> up\n", 1, "an expected announcement before the first '>' command"),
            ("# options: --at 1,2\n\n~ ^Done\n", 3, "an expected announcement before the first '>' command"),
            ("...\n", 1, "an expected announcement before the first '>' command"),
            ("> up\n>\n", 2, "a '>' line needs a command"),
            ("> up\n> \t \n", 2, "a '>' line needs a command"),
            ("> up\n# options: --at 1,2\n", 2, "options must come before the first command"),
            ("# note\n# options: --places \"a.csv\n> up\n", 2, "an unclosed quote in the options"),
            ("# options: --voice 'en\n", 1, "an unclosed quote in the options"),
        ])
    func malformed(text: String, line: Int, message: String) {
        #expect(Self.problem(text) == Scenario.Problem(line: line, message: message))
    }

    @Test("The first problem is the one reported")
    func firstProblem() {
        #expect(Self.problem("> up\n>\nDone.\n# options: --x\n")?.line == 2)
    }

    @Test("A line with a carriage return inside it is one line; only the one at its end goes")
    func carriageReturnInside() throws {
        let scenario = try #require(Self.parse("> up\na\rb\r\r\n"))
        #expect(scenario.steps[0].expectations == [.text("a\rb\r", line: 2)])
    }
}
