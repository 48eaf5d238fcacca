import Foundation
import Testing

/// A `find` given up at a real terminal: the sheet the keyboard lifted falls back, and that is
/// heard (issue 26, item 17).
extension InteractiveTests {
    /// Ctrl-C, or Ctrl-U emptying the line, after the as-you-type count lifted the sheet from
    /// half height: "Sheet back at half height." is said (a detent announcement, with the snap),
    /// once, and the sheet is at half height again.
    @Test(arguments: ["C-c", "C-u"])
    func theSheetsFallIsHeardWhenASearchIsGivenUp(key: String) throws {
        let terminal = try Tmux()
        defer { terminal.close() }
        let transcriptPath = try startWithTranscript(terminal, typingPause: 300)
        try terminal.type("find tram")
        try terminal.waitFor("the count and the rise") {
            $0.contains("1 place matches \"tram\".") && $0.contains("Sheet at full height.")
        }
        try terminal.press(key)
        try terminal.waitFor("the fall") { $0.contains("Sheet back at half height.") }
        try terminal.waitFor("a fresh prompt") { $0.last == ">" }
        try terminal.typeLine("read")
        try terminal.waitFor("the half detent read") { $0.contains { $0.hasPrefix("Nearby, half height.") } }
        try terminal.press("C-d")
        #expect(try terminal.waitForExit() == 0)
        let said = try transcript(transcriptPath)
        #expect(
            said.filter { $0.hasSuffix("| Sheet back at half height.") } == [
                "0  | assertive detent | Sheet back at half height."
            ])
    }

    /// The Map Search Sheet (`--screen map-search`, seed 000) lowers nothing when a search is
    /// given up: the keyboard's rise to full height stays, and no fall is said (issue 41, 3).
    @Test(arguments: ["C-c", "C-u"])
    func theMapSearchSheetStaysWhenASearchIsGivenUp(key: String) throws {
        let terminal = try Tmux()
        defer { terminal.close() }
        let transcriptPath = try startWithTranscript(terminal, typingPause: 300, ["--screen", "map-search"])
        try terminal.type("find caf")
        try terminal.waitFor("the count and the rise") {
            $0.contains { $0.contains("match \"caf\".") } && $0.contains("Sheet at full height.")
        }
        try terminal.press(key)
        try terminal.waitFor("a fresh prompt") { $0.last == ">" }
        try terminal.typeLine("up")
        try terminal.waitFor("the sheet still at full height") { $0.contains("Already at full height.") }
        try terminal.press("C-d")
        #expect(try terminal.waitForExit() == 0)
        let said = try transcript(transcriptPath)
        #expect(!said.contains { $0.contains("Sheet back at") }, "\(said)")
    }
}
