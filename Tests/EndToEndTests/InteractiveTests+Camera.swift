import Foundation
import Testing

/// A changed query's camera line at a real terminal (issue 41, 4): typed with a pause, the count
/// alone is heard while typing, and Enter then says the camera's return to every match, as a
/// line typed without a pause (or piped) does.
extension InteractiveTests {
    @Test(arguments: [300, 0])
    func aQueryTypedWithAPauseStillSaysTheCamerasReturnOnEnter(typingPause: Int) throws {
        let terminal = try Tmux()
        defer { terminal.close() }
        let transcriptPath = try startWithTranscript(terminal, typingPause: typingPause, ["--visuals", "on"])
        try terminal.typeLine("select 2")
        try terminal.waitFor("the selection") { $0.contains { $0.hasPrefix("Selected, ") } }
        try terminal.type("find caf")
        if typingPause > 0 {
            try terminal.waitFor("the count while typing") { $0.contains("3 places match \"caf\".") }
        }
        try terminal.press("Enter")
        try terminal.waitFor("the camera's return") { $0.contains("Map zooms out to all 3 matches.") }
        try terminal.press("C-d")
        #expect(try terminal.waitForExit() == 0)
        let said = try transcript(transcriptPath)
        #expect(said.filter { $0.hasSuffix("| Map zooms out to all 3 matches.") }.count == 1, "\(said)")
    }
}
