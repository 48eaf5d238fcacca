import Foundation
import Testing

/// The study log at a real terminal: how each line came, and the end of the log on SIGHUP.
extension InteractiveTests {
    /// A study at a terminal (`--log`): each input says how the line came, typed, completed by
    /// Tab or recalled from the history, and the log still ends when the terminal closes
    /// (SIGHUP).
    @Test func theLogSaysHowEachLineCameAndEndsWhenTheTerminalCloses() throws {
        let terminal = try Tmux()
        defer { terminal.close() }
        let log = terminal.folder.appendingPathComponent("log.jsonl").path
        try terminal.start(["--speech", "off", "--typing-pause", "0", "--log", log])
        try terminal.waitForLastLine(">")
        /// The input events of the log so far: (line, source).
        func inputs() throws -> [String] {
            guard FileManager.default.fileExists(atPath: log) else { return [] }
            return try UsabilityStudyTests.jsonLines(log).filter { $0["event"] as? String == "input" }.map {
                "\($0["line"] ?? "") | \($0["source"] ?? "")"
            }
        }
        func waitForInputs(_ count: Int) throws {
            try waitUntil { try inputs().count >= count }
        }
        try terminal.typeLine("find tile")
        try waitForInputs(1)
        try terminal.waitForLastLine(">")
        try completeSelectTileMuseum(terminal)
        try terminal.press("Enter")
        try waitForInputs(2)
        try terminal.waitForLastLine(">")
        try terminal.press("Up")
        try terminal.waitForLastLine("> select Tile Museum Café")
        try terminal.press("Enter")
        try waitForInputs(3)
        try terminal.waitForLastLine(">")
        // After a recalled line, a line typed is typed; a Tab that only listed the choices
        // ("fi": find, filter) fills nothing, so the line is still typed.
        try terminal.typeLine("count")
        try waitForInputs(4)
        try terminal.waitForLastLine(">")
        try terminal.type("fi")
        try terminal.press("Tab")
        try terminal.press("Tab")
        try terminal.waitForLastLine("> fi")
        try terminal.typeLine("nd cafe")
        try waitForInputs(5)
        try terminal.waitForLastLine(">")
        let came = try inputs()
        let screen = try terminal.screen()
        #expect(
            came == [
                "find tile | typed", "select Tile Museum Café | completed", "select Tile Museum Café | recalled",
                "count | typed", "find cafe | typed",
            ],
            "\(came) on \(screen)")
        let pid = try #require(FaultTests.programPID(in: terminal))
        kill(pid, SIGHUP)
        #expect(try terminal.waitForExit() == 128 + SIGHUP)
        let events = try UsabilityStudyTests.jsonLines(log)
        #expect(events.last?["event"] as? String == "end")
        #expect(events.last?["signal"] as? String == "SIGHUP")
    }
}
