import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `nearby-voice test`, the scripted announcement test runner, proved on the built program:
/// diffs, `~` and `...` lines, extra and missing announcements, malformed files, recording, CI,
/// JUnit and parallel runs. Every file lives in a fresh temporary folder.
@Suite("nearby-voice test: the runner itself")
final class TestRunnerTests {
    /// The folders this test made, removed when it ends (Swift Testing makes one instance a test).
    private var folders: [String] = []

    deinit {
        for path in folders { try? FileManager.default.removeItem(atPath: path) }
    }

    /// A fresh folder holding `files` (name to text); returns its path.
    func folder(_ files: [String: String]) throws -> String {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("nvtest-\(UUID().uuidString)").path
        folders.append(path)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        for (name, text) in files {
            let file = (path as NSString).appendingPathComponent(name)
            try FileManager.default.createDirectory(
                atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: file, atomically: true, encoding: .utf8)
        }
        return path
    }

    /// Runs `nearby-voice test ARGUMENTS` with CI unset (recording allowed) unless `environment` says otherwise.
    func runTest(_ arguments: [String], environment: [String: String] = ["CI": ""]) throws -> Program.Result {
        try Program(["test"] + arguments, environment: environment).run()
    }

    func lines(_ text: String) -> [String] {
        Array(
            text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).dropLast(
                text.hasSuffix("\n") ? 1 : 0))
    }

    func expectLines(_ actual: String, _ expected: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        let got = lines(actual)
        #expect(
            got == expected, "\n\(lineDiff(expected: expected, actual: got))", sourceLocation: sourceLocation)
    }

    static let findCafe = #"3 places match "cafe". First, Rossio Espresso Bar, Café, 275 metres north, 4 minute walk."#
    /// What follows `find cafe` from the half detent: the keyboard lifts the sheet.
    static let sheetFull = "Sheet at full height."
    static let firstCafe = "Rossio Espresso Bar, Café, 275 metres north, 4 minute walk, 1 of 3."

    // MARK: Failing and passing

    @Test func aWrongExpectationFailsWithAReadableUnifiedDiffAndExit1() throws {
        let dir = try folder([
            "wrong.nvtest": """
            # Wrong on purpose: the first café is Rossio Espresso Bar, not Harbor Coffee.
            > find cafe
            3 places match "cafe". First, Harbor Coffee, Café, 285 metres west, 4 minute walk.
            > current
            ~ ^Rossio Espresso Bar, Café, \\d+ metres north
            """
        ])
        let file = dir + "/wrong.nvtest"
        let result = try runTest([file])
        #expect(result.status == 1)
        expectLines(
            result.stdout,
            [
                "FAIL \(file)",
                "--- \(file) (expected)",
                "+++ \(file) (announced)",
                "@@ -1,5 +1,6 @@",
                " # Wrong on purpose: the first café is Rossio Espresso Bar, not Harbor Coffee.",
                " > find cafe",
                #"-3 places match "cafe". First, Harbor Coffee, Café, 285 metres west, 4 minute walk."#,
                "+" + Self.findCafe,
                "+" + Self.sheetFull,
                " > current",
                #" ~ ^Rossio Espresso Bar, Café, \d+ metres north"#,
                "0 passed, 1 failed",
            ])
        // A failing run never touches the file.
        #expect(try String(contentsOfFile: file, encoding: .utf8).contains("Harbor Coffee, Café, 285 metres west"))
    }

    @Test func aCorrectPatternLinePassesWithExit0() throws {
        let dir = try folder([
            "pattern.nvtest": """
            # A ~ line is a regular expression the announcement must match.
            # options: --heading 90
            > find cafe
            ~ ^3 places match "cafe"\\. First, Rossio Espresso Bar
            Sheet at full height.
            > current
            ~ to the left, \\d+ minute walk, 1 of 3\\.$
            > up
            ~ ^Already at full height
            """
        ])
        let result = try runTest([dir + "/pattern.nvtest"])
        #expect(result.status == 0)
        expectLines(result.stdout, ["PASS \(dir)/pattern.nvtest", "1 passed, 0 failed"])
    }

    @Test func aPatternThatDoesNotMatchFails() throws {
        let dir = try folder(["p.nvtest": "> find cafe\n~ ^2 places match\n"])
        let result = try runTest([dir + "/p.nvtest"])
        #expect(result.status == 1)
        #expect(lines(result.stdout).contains("+" + Self.findCafe))
        #expect(lines(result.stdout).last == "0 passed, 1 failed")
    }

    @Test func ellipsisMatchesAnyNumberOfAnnouncementsNoneIncluded() throws {
        let dir = try folder([
            "dots.nvtest": """
            # select 1 from half height says three things; stop says nothing; walk says one.
            > select 1
            ...
            > select 2
            Selected, Farmácia Central, Pharmacy, 190 metres north-east, 3 minute walk.
            ...
            > stop
            ...
            > walk
            ...
            Farmácia Central: 3 minute walk, 190 metres north-east.
            ...
            > detent resting
            ...
            Sheet, resting at the bottom, 1 of 3. Adjustable: type up or down to move it.
            """
        ])
        let result = try runTest([dir + "/dots.nvtest"])
        #expect(result.status == 0, "\(result.stdout)")
        expectLines(result.stdout, ["PASS \(dir)/dots.nvtest", "1 passed, 0 failed"])
    }

    @Test func anExtraAnnouncementFails() throws {
        // select 1 from half height also says "Details at full height.", and, with visuals on,
        // where the map flies and the walk-time chip over the pin.
        let dir = try folder([
            "extra.nvtest": """
            # options: --visuals on
            > select 1
            Selected, Paper & Ink, Bookshop, 180 metres south-west, 3 minute walk.
            """
        ])
        let file = dir + "/extra.nvtest"
        let result = try runTest([file])
        #expect(result.status == 1)
        expectLines(
            result.stdout,
            [
                "FAIL \(file)",
                "--- \(file) (expected)",
                "+++ \(file) (announced)",
                "@@ -2,2 +2,5 @@",
                " > select 1",
                " Selected, Paper & Ink, Bookshop, 180 metres south-west, 3 minute walk.",
                "+Details at full height.",
                "+Map flies to Paper & Ink, 1.5 kilometres above.",
                "+Over its pin, a chip says 3 minute walk.",
                "0 passed, 1 failed",
            ])
    }

    @Test func aMissingAnnouncementFails() throws {
        let dir = try folder([
            "missing.nvtest": """
            > next
            Paper & Ink, Bookshop, 180 metres south-west, 3 minute walk, 1 of 21.
            Farmácia Central, Pharmacy, 190 metres north-east, 3 minute walk, 2 of 21.
            > stop
            Stopped.
            """
        ])
        let file = dir + "/missing.nvtest"
        let result = try runTest([file])
        #expect(result.status == 1)
        expectLines(
            result.stdout,
            [
                "FAIL \(file)",
                "--- \(file) (expected)",
                "+++ \(file) (announced)",
                "@@ -1,5 +1,3 @@",
                " > next",
                " Paper & Ink, Bookshop, 180 metres south-west, 3 minute walk, 1 of 21.",
                "-Farmácia Central, Pharmacy, 190 metres north-east, 3 minute walk, 2 of 21.",
                " > stop",
                "-Stopped.",
                "0 passed, 1 failed",
            ])
    }

    // MARK: Malformed files: line number, exit 64

    /// Malformed files: (name, contents, the line named, the message).
    static let malformed: [(String, String, Int, String)] = [
        (
            "early.nvtest", "# a comment\nSheet, half height, 2 of 3.\n> up\n", 2,
            "an expected announcement before the first '>' command"
        ),
        ("regex.nvtest", "> find cafe\n...\n~ ([unclosed\n", 3, "not a valid regular expression: ([unclosed"),
        (
            "option.nvtest", "# Which option?\n# options: --speech off --nonsense-flag\n> read\n...\n", 2,
            "Unknown option --nonsense-flag. See nearby-voice --help."
        ),
    ]

    @Test(arguments: malformed)
    func aMalformedFileIsReportedWithItsLine(_ name: String, _ contents: String, _ line: Int, _ message: String) throws
    {
        let dir = try folder([name: contents])
        let file = dir + "/" + name
        let result = try runTest([file])
        #expect(result.status == 64)
        expectLines(result.stdout, ["ERROR \(file):\(line): \(message)", "0 passed, 1 failed"])
    }

    @Test func aMalformedFileAmongGoodOnesStillExits64() throws {
        let dir = try folder([
            "a-good.nvtest": "> up\n~ ^Sheet, full height\n",
            "b-bad.nvtest": "~ too early\n> up\n",
        ])
        let result = try runTest([dir])
        #expect(result.status == 64)
        expectLines(
            result.stdout,
            [
                "PASS \(dir)/a-good.nvtest",
                "ERROR \(dir)/b-bad.nvtest:1: an expected announcement before the first '>' command",
                "1 passed, 1 failed",
            ])
    }

    // MARK: Recording

    @Test func recordWritesTheAnnouncementsAndReportsTheFileAsFailedUntilItRunsAgain() throws {
        let dir = try folder([
            "new.nvtest": """
            # A new test: commands only, one ~ line kept.
            # options: --heading 90

            > find cafe
            > current
            ~ ^Rossio Espresso Bar, Café, 275 metres
            > select
            > stop
            """
        ])
        let file = dir + "/new.nvtest"
        let first = try runTest(["--record", file])
        #expect(first.status == 1)
        expectLines(
            first.stdout,
            [
                "RECORDED \(file): its announcements were written into it; run again to check.",
                "0 passed, 1 failed",
            ])
        let recorded = try String(contentsOfFile: file, encoding: .utf8)
        expectLines(
            recorded,
            [
                "# A new test: commands only, one ~ line kept.",
                "# options: --heading 90",
                "",
                "> find cafe",
                #"3 places match "cafe". First, Rossio Espresso Bar, Café, 275 metres to the left, 4 minute walk."#,
                Self.sheetFull,
                "> current",
                "~ ^Rossio Espresso Bar, Café, 275 metres",
                "> select",
                "Selected, Rossio Espresso Bar, Café, 275 metres to the left, 4 minute walk.",
                "> stop",
            ])
        let second = try runTest([file])
        #expect(second.status == 0)
        expectLines(second.stdout, ["PASS \(file)", "1 passed, 0 failed"])
    }

    @Test func aFileWithoutExpectationsFailsWithoutRecord() throws {
        let dir = try folder(["empty.nvtest": "> stop\n"])
        let file = dir + "/empty.nvtest"
        let result = try runTest([file])
        #expect(result.status == 1)
        #expect(lines(result.stdout).first == "FAIL \(file)")
        #expect(lines(result.stdout).last == "0 passed, 1 failed")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "> stop\n")
    }

    @Test func ciDisablesRecording() throws {
        let text = "> find cafe\n> current\n"
        let dir = try folder(["ci.nvtest": text])
        let file = dir + "/ci.nvtest"
        let result = try runTest(["--record", file], environment: ["CI": "1"])
        #expect(result.status == 1)
        #expect(lines(result.stdout).first == "FAIL \(file)")
        #expect(lines(result.stdout).contains("+" + Self.findCafe))
        #expect(lines(result.stdout).last == "0 passed, 1 failed")
        #expect(result.stderr.contains("CI is set, so nothing is recorded"))
        #expect(try String(contentsOfFile: file, encoding: .utf8) == text)
    }

    // MARK: JUnit and parallel runs

    @Test func junitWritesValidXML() throws {
        let dir = try folder([
            "pass.nvtest": "> find cafe\n\(Self.findCafe)\n\(Self.sheetFull)\n",
            "fail & <odd> \"name\".nvtest": "> find cafe\nNo results for \"cafe\".\n",
            "bad.nvtest": "oops\n> up\n",
        ])
        let junit = dir + "/report.xml"
        let result = try runTest(["--junit", junit, dir])
        #expect(result.status == 64)
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(xml.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"))
        #expect(xml.contains(#"<testsuite name="nearby-voice" tests="3" failures="1" errors="1""#))
        #expect(xml.contains(#"name="\#(dir)/fail &amp; &lt;odd&gt; &quot;name&quot;.nvtest""#))
        #expect(xml.contains(#"<failure message="announcements differ">"#))
        #expect(
            xml.contains(
                #"<error message="\#(dir)/bad.nvtest:1: an expected announcement before the first &apos;&gt;&apos; command"/>"#
            )
                || xml.contains(
                    #"<error message="\#(dir)/bad.nvtest:1: an expected announcement before the first '&gt;' command"/>"#
                ))
        #if canImport(FoundationXML)
            // Well-formed, as a CI system's parser reads it.
            let parser = XMLParser(data: Data(xml.utf8))
            #expect(parser.parse(), "not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "")\n\(xml)")
        #endif
        #expect(xml.components(separatedBy: "<testcase ").count - 1 == 3)
        #expect(xml.hasSuffix("</testsuite>\n"))
    }

    @Test func jobs2GivesTheSameResultAsOneJob() throws {
        var files: [String: String] = [:]
        for index in 1...8 {
            let right = index % 3 != 0
            files["suite/\(index)-case.nvtest"] =
                "> find cafe\n\(right ? Self.findCafe : "wrong")\n\(Self.sheetFull)\n> current\n\(Self.firstCafe)\n"
        }
        files["suite/nested/deep.nvtest"] = "> up\n~ ^Sheet, full height, 3 of 3\\.\n"
        let dir = try folder(files)
        let one = try runTest(["--jobs", "1", dir + "/suite"])
        let two = try runTest(["--jobs", "2", dir + "/suite"])
        #expect(one.status == 1)
        #expect(two.status == one.status)
        #expect(
            two.stdout == one.stdout, "\n\(lineDiff(expected: lines(one.stdout), actual: lines(two.stdout)))")
        // Folders are searched recursively, the files sorted.
        let verdicts = lines(two.stdout).filter { $0.hasPrefix("PASS ") || $0.hasPrefix("FAIL ") }
        #expect(verdicts.count == 9)
        #expect(verdicts.contains("PASS \(dir)/suite/nested/deep.nvtest"))
        #expect(verdicts.contains("FAIL \(dir)/suite/3-case.nvtest"))
        #expect(lines(two.stdout).last == "7 passed, 2 failed")
    }

    @Test func badRunnerArgumentsExit64AndMissingPathsExit66() throws {
        let jobs = try runTest(["--jobs", "0", "x.nvtest"])
        #expect(jobs.status == 64)
        #expect(jobs.stderr.contains("--jobs takes a number from 1 to 64"))
        let missing = try runTest(["/nonexistent/nearby-voice-tests"])
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("Cannot open /nonexistent/nearby-voice-tests"))
    }
}
