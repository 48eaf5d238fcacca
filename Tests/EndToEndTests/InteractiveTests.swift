import Foundation
import Testing

/// The interactive session as a person meets it: the real program in a real terminal (tmux),
/// keys typed, the screen read back whole. Each answer expected on the screen is what the same
/// command gives with piped input, so the screen test checks where answers go, not their words.
@Suite("The interactive terminal, in tmux", .serialized)
struct InteractiveTests {
    static let greeting =
        "Nearby: 21 places around you. Type help for commands, quit to leave. Headphones? Type set spatial hrtf."

    /// What `commands` print with piped input: the answers alone, one line each.
    func answers(_ commands: String...) throws -> [String] {
        let result = try Program(["--speech", "off"], input: .text(commands.joined(separator: "\n") + "\n")).run()
        #expect(result.status == 0)
        return result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    /// Starts the program in `terminal` without speech, its typing pause `pause` milliseconds and
    /// a JSON Lines transcript in the terminal's folder, and waits for the prompt; returns the
    /// transcript's path (read with `transcript`).
    func startWithTranscript(_ terminal: Tmux, typingPause pause: Int, _ more: [String] = []) throws -> String {
        let path = terminal.folder.appendingPathComponent("t.jsonl").path
        try terminal.start(
            [
                "--speech", "off", "--typing-pause", String(pause), "--transcript", path, "--format", "jsonl",
            ] + more)
        try terminal.waitForLastLine(">")
        return path
    }

    /// The lines of a JSON Lines transcript as (line, input, priority, kind, text).
    func transcript(_ path: String) throws -> [String] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return try text.split(separator: "\n").map { line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return
                "\(object["line"] ?? "") \(object["input"] ?? "") | \(object["priority"] ?? "") \(object["kind"] ?? "") | \(object["text"] ?? "")"
        }
    }

    func expectScreen(_ actual: [String], _ expected: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(
            actual == expected, "\n\(lineDiff(expected: expected, actual: actual))",
            sourceLocation: sourceLocation)
    }

    /// "sel" and Tab, then "tile mus" and Tab: the line becomes "select Tile Museum Café".
    func completeSelectTileMuseum(_ terminal: Tmux) throws {
        try terminal.type("sel")
        try terminal.press("Tab")
        try terminal.waitForLastLine("> select")
        try terminal.type("tile mus")
        try terminal.press("Tab")
        try terminal.waitForLastLine("> select Tile Museum Café")
    }

    @Test func tabCompletesACommandAndAMultiWordAccentedPlaceName() throws {
        let terminal = try Tmux()
        defer { terminal.close() }
        try terminal.start(["--speech", "off", "--typing-pause", "0"])
        try terminal.waitForLastLine(">")
        // Two commands begin with "fi": both are listed, one a line, and the line stays.
        try terminal.type("fi")
        try terminal.press("Tab")
        try terminal.waitFor("the two candidates") { $0.suffix(3) == ["find", "filter", "> fi"] }
        try terminal.press("C-u")
        try terminal.waitForLastLine(">")
        // Accents and case ignored: "farmacia" is "Farmácia Central".
        try terminal.type("o farmacia")
        try terminal.press("Tab")
        try terminal.waitForLastLine("> o Farmácia Central")
        try terminal.press("C-u")
        try terminal.waitForLastLine(">")
        // One command begins with "sel"; then two words complete a name of three.
        try completeSelectTileMuseum(terminal)
        try terminal.press("Enter")
        let selected = try answers("select Tile Museum Café")
        try terminal.waitFor("the selection") { $0.suffix(selected.count + 1) == selected + [">"] }
        try terminal.press("C-d")
        #expect(try terminal.waitForExit() == 0)
        expectScreen(
            try terminal.screen(),
            [Self.greeting, "> fi", "find", "filter", "> select Tile Museum Café"] + selected + [
                ">", "Goodbye.", "exit 0",
            ])
    }

    @Test func historyIsRecalledInTheNextSession() throws {
        let first = try Tmux()
        defer { first.close() }
        try first.start(["--speech", "off", "--typing-pause", "0"])
        try first.waitForLastLine(">")
        try first.typeLine("find tile")
        // The answer and "Sheet at full height.": the keyboard lifts the sheet.
        try first.waitFor("the answer to find") { $0.count == 5 && $0.last == ">" }
        try first.typeLine("walk")
        try first.waitFor("the answer to walk") { $0.count == 7 && $0.last == ">" }
        try first.press("C-d")
        #expect(try first.waitForExit() == 0)
        #expect(try String(contentsOfFile: first.historyPath, encoding: .utf8) == "find tile\nwalk\n")
        first.kill()

        let second = try Tmux(folder: first.folder)
        defer { second.kill() }
        try second.start(["--speech", "off", "--typing-pause", "0"])
        try second.waitForLastLine(">")
        try second.press("Up")
        try second.waitForLastLine("> walk")
        try second.press("Up")
        try second.waitForLastLine("> find tile")
        try second.press("Enter")
        let found = try answers("find tile")
        try second.waitFor("the answer to find") { $0.suffix(found.count + 1) == found + [">"] }
        try second.press("C-d")
        #expect(try second.waitForExit() == 0)
        expectScreen(try second.screen(), [Self.greeting, "> find tile"] + found + [">", "Goodbye.", "exit 0"])
        #expect(try String(contentsOfFile: second.historyPath, encoding: .utf8) == "find tile\nwalk\nfind tile\n")
    }

    @Test func aPauseInAFindLineSaysTheCountAndTheFirstMatch() throws {
        let terminal = try Tmux()
        defer { terminal.close() }
        let transcriptPath = try startWithTranscript(terminal, typingPause: 300)
        // The count alone while typing (with the sheet's rise to full height); Enter on another
        // query says the whole answer, with no second rise.
        let caf = ["3 places match \"caf\".", "Sheet at full height."]
        let cafe = Array(try answers("up", "find cafe").dropFirst())
        try #require(caf.count == 2 && cafe.count == 1)
        try terminal.type("find caf")
        // After the pause: the count under the line, then the line again, to go on typing.
        try terminal.waitFor("the count after a pause") {
            $0.suffix(caf.count + 2) == ["> find caf"] + caf + ["> find caf"]
        }
        // One more letter and Enter at once: no pause between them, so no second count.
        try terminal.press("e", "Enter")
        try terminal.waitFor("the answer to find cafe") { $0.suffix(2) == cafe + [">"] }
        try terminal.press("C-d")
        #expect(try terminal.waitForExit() == 0)
        expectScreen(
            try terminal.screen(),
            [Self.greeting, "> find caf"] + caf + ["> find cafe"] + cafe + [">", "Goodbye.", "exit 0"])
        #expect(
            try transcript(transcriptPath) == [
                "0  | assertive notice | \(Self.greeting)",
                "0  | status results | \(caf[0])",
                "0  | polite detent | \(caf[1])",
                "1 find cafe | assertive results | \(cafe[0])",
                "0  | assertive notice | Goodbye.",
            ])
    }

    @Test func enterAfterTheCountSaysTheFirstResultNotTheCountAgain() throws {
        let terminal = try Tmux()
        defer { terminal.close() }
        try terminal.start(["--speech", "off", "--typing-pause", "300"])
        try terminal.waitForLastLine(">")
        try terminal.type("find cafe")
        let count = ["3 places match \"cafe\".", "Sheet at full height."]
        try terminal.waitFor("the count after a pause") { $0.suffix(4) == ["> find cafe"] + count + ["> find cafe"] }
        try terminal.press("Enter")
        // The same sentence is never said twice: Enter names the first result, focused.
        let first = "Rossio Espresso Bar, Café, 275 metres north, 4 minute walk, 1 of 3."
        try terminal.waitFor("the first result") { $0.suffix(2) == [first, ">"] }
        try terminal.typeLine("next")
        try terminal.waitFor("the second result") {
            $0.suffix(2) == ["Harbor Coffee, Café, 285 metres west, 4 minute walk, 2 of 3.", ">"]
        }
        try terminal.press("C-d")
        #expect(try terminal.waitForExit() == 0)
    }

    /// Ctrl-C or Ctrl-U on a find line whose count was heard: the list and the search are back
    /// as they were before typing began, and nothing is said of the search (the sheet's fall
    /// is: InteractiveTests+SheetFall.swift).
    @Test(arguments: ["C-c", "C-u"])
    func anAbandonedSearchPutsTheListBack(key: String) throws {
        let terminal = try Tmux()
        defer { terminal.close() }
        let transcriptPath = try startWithTranscript(terminal, typingPause: 300)
        try terminal.type("find tram")
        try terminal.waitFor("the count") { $0.contains("1 place matches \"tram\".") }
        try terminal.press(key)
        if key == "C-u" {
            // The emptied line, after the pause, gives the search up: the sheet's fall is said.
            let fall = "Sheet back at half height."
            try terminal.waitFor("the fall") { $0.filter { $0 == fall }.count == 1 }
            // The search is gone: typing it again is counted again (the same query would not be).
            try terminal.type("find tram")
            try terminal.waitFor("the count again") {
                $0.filter { $0 == "1 place matches \"tram\"." }.count == 2
            }
            try terminal.press("C-u")
            try terminal.waitFor("the second fall") { $0.filter { $0 == fall }.count == 2 }
        } else {
            try terminal.waitFor("a fresh prompt") { $0.last == ">" }
        }
        try terminal.typeLine("select sardine")
        try terminal.waitFor("the selection") {
            $0.suffix(3) == [
                "Selected, Sardine Grill, Restaurant, 215 metres south-east, 3 minute walk.", "Details at full height.",
                ">",
            ]
        }
        try terminal.typeLine("count")
        try terminal.waitFor("the whole list") { $0.suffix(2) == ["21 places.", ">"] }
        try terminal.press("C-d")
        #expect(try terminal.waitForExit() == 0)
        // Nothing was said for the abandoning itself.
        let said = try transcript(transcriptPath).map { $0.components(separatedBy: " | ").last ?? "" }
        #expect(said.filter { $0.contains("tram") }.count == (key == "C-u" ? 2 : 1))
        #expect(!said.contains { $0.hasPrefix("Search cleared") })
    }

    @Test func noCountWhileKeysKeepComingNorForALineThatIsNotAFind() throws {
        let terminal = try Tmux()
        defer { terminal.close() }
        let transcriptPath = try startWithTranscript(terminal, typingPause: 1500)
        // Keys every 0.3 seconds or so, then Enter: never a pause of 1.5 seconds. (The sleeps
        // are the person's timing, which this test is about, not waits for the program.)
        try terminal.type("find c")
        Thread.sleep(forTimeInterval: 0.3)
        try terminal.type("a")
        Thread.sleep(forTimeInterval: 0.3)
        try terminal.type("f")
        try terminal.press("Enter")
        let caf = try answers("find caf")
        try terminal.waitFor("the answer to find caf") { $0.suffix(caf.count + 1) == caf + [">"] }
        // A pause longer than 1.5 seconds in a line that is not a find says nothing.
        try terminal.type("next")
        try terminal.waitForLastLine("> next")
        Thread.sleep(forTimeInterval: 2.5)
        try terminal.press("C-u")
        try terminal.waitForLastLine(">")
        try terminal.press("C-d")
        #expect(try terminal.waitForExit() == 0)
        expectScreen(try terminal.screen(), [Self.greeting, "> find caf"] + caf + [">", "Goodbye.", "exit 0"])
        #expect(
            try transcript(transcriptPath) == [
                "0  | assertive notice | \(Self.greeting)",
                "1 find caf | assertive results | \(caf[0])",
                "1 find caf | polite detent | \(caf[1])",
                "0  | assertive notice | Goodbye.",
            ])
    }

    @Test func controlCClearsTheLineAndTheSessionGoesOn() throws {
        let terminal = try Tmux()
        defer { terminal.close() }
        let transcriptPath = try startWithTranscript(terminal, typingPause: 0)
        try terminal.type("find tile")
        try terminal.waitForLastLine("> find tile")
        try terminal.press("C-c")
        // The dropped line stays where it was; a fresh prompt comes under it.
        try terminal.waitFor("a fresh prompt") { $0.suffix(2) == ["> find tile", ">"] }
        try terminal.typeLine("walk")
        let walk = try answers("walk")
        try terminal.waitFor("the answer to walk") { $0.suffix(walk.count + 1) == walk + [">"] }
        try terminal.typeLine("quit")
        #expect(try terminal.waitForExit() == 0)
        let quit = try answers("quit")
        expectScreen(
            try terminal.screen(), [Self.greeting, "> find tile", "> walk"] + walk + ["> quit"] + quit + ["exit 0"])
        // The dropped line is no line of the session: walk is line 1.
        let answered = try transcript(transcriptPath).map { $0.components(separatedBy: " | ")[0] }
        #expect(answered == ["0 ", "1 walk"] + Array(repeating: "2 quit", count: quit.count))
        #expect(try String(contentsOfFile: terminal.historyPath, encoding: .utf8) == "walk\nquit\n")
    }

    @Test func controlDOnAnEmptyLineLeavesWithStatusZeroAndTheHistoryWritten() throws {
        let terminal = try Tmux()
        defer { terminal.close() }
        try terminal.start(["--speech", "off", "--typing-pause", "0"])
        try terminal.waitForLastLine(">")
        try terminal.typeLine("up")
        let up = try answers("up")
        try terminal.waitFor("the answer to up") { $0.suffix(up.count + 1) == up + [">"] }
        // Ctrl-D in a line that holds text does not leave.
        try terminal.type("x")
        try terminal.press("Left", "C-d")
        try terminal.waitForLastLine(">")
        try terminal.press("C-d")
        // The shell after it finds the terminal restored (else it says "raw terminal").
        #expect(try terminal.waitForExit() == 0)
        expectScreen(try terminal.screen(), [Self.greeting, "> up"] + up + [">", "Goodbye.", "exit 0"])
        #expect(try String(contentsOfFile: terminal.historyPath, encoding: .utf8) == "up\n")
    }

    @Test func twoSessionsAtOnceShareABoundedHistory() throws {
        let first = try Tmux()
        defer { first.close() }
        let second = try Tmux(folder: first.folder)
        defer { second.kill() }
        let folder = (first.historyPath as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // One line short of the most the file holds before it is trimmed (1,250).
        try (1...1249).map { "old \($0)\n" }.joined().write(
            toFile: first.historyPath, atomically: true, encoding: .utf8)
        try first.start(["--speech", "off", "--typing-pause", "0"])
        try second.start(["--speech", "off", "--typing-pause", "0"])
        try first.waitForLastLine(">")
        try second.waitForLastLine(">")
        // Each session starts with the newest 1,000 lines.
        try first.press("Up")
        try first.waitForLastLine("> old 1249")
        try first.press("C-u")
        try first.waitForLastLine(">")
        for (index, (terminal, command)) in [(first, "up"), (second, "down"), (first, "where"), (second, "read")]
            .enumerated()
        {
            try terminal.typeLine(command)
            try terminal.waitFor("the answer to \(command) (\(index))") {
                $0.last == ">" && $0.contains("> \(command)")
            }
        }
        try first.press("C-d")
        try second.press("C-d")
        #expect(try first.waitForExit() == 0)
        #expect(try second.waitForExit() == 0)
        let lines = try String(contentsOfFile: first.historyPath, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        // "up" made 1,250 lines; "down" made 1,251, trimmed to the newest 1,000; then two more.
        #expect(lines.count == 1003 && lines.last == "")
        #expect(lines.first == "old 252")
        #expect(Array(lines.suffix(5)) == ["up", "down", "where", "read", ""])
        #expect(!FileManager.default.fileExists(atPath: first.historyPath + ".tmp"))
    }

    /// Seconds of sound in the WAV file of a session that typed `line` with `--key-echo echo`.
    func spokenSeconds(typing line: String, echo: String) throws -> Double {
        let terminal = try Tmux()
        defer { terminal.close() }
        let wav = terminal.folder.appendingPathComponent("echo.wav").path
        try terminal.start([
            "--speech", "off", "--wav", wav, "--earcons", "off", "--typing-pause", "0",
            "--keys-stop-speech", "off", "--key-echo", echo,
        ])
        try terminal.waitForLastLine(">")
        // One key at a time, as a person types: readline takes keys that arrive together
        // (a paste) as one insertion, which is echoed whole.
        var typed = ""
        for character in line {
            try terminal.type(String(character))
            typed.append(character)
            try terminal.waitForLastLine(("> " + typed).trimmingCharacters(in: .whitespaces))
        }
        try terminal.press("C-u")
        try terminal.waitForLastLine(">")
        try terminal.press("C-d")
        #expect(try terminal.waitForExit() == 0)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: wav)[.size] as? Int)
        return Double(size - 44) / (22_050 * 2)
    }

    @Test func keyEchoSpeaksLettersOrWordsTyped() throws {
        // Each session: the greeting, "next walk" typed, Ctrl-U (the line is now empty), the goodbye.
        let none = try spokenSeconds(typing: "next walk", echo: "none")
        let words = try spokenSeconds(typing: "next walk", echo: "words")
        let letters = try spokenSeconds(typing: "next walk", echo: "letters")
        // words: "next" (the space ends it; "walk" is never ended) and "blank" for the emptied line.
        #expect(words > none + 0.4, "words \(words) s, none \(none) s")
        // letters: n, e, x, t, space, w, a, l, k, each alone, then "blank".
        #expect(letters > words + 1.0, "letters \(letters) s, words \(words) s")
    }
}
