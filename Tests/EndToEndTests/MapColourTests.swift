import Foundation
import Testing

/// The map's pins are coloured at a terminal in every language: colour follows the picture's
/// structure (its first rows are the map), never a word of its captions ("Legend:" is
/// "Leyenda:" in Spanish and "Legenda:" in Portuguese).
@Suite("The map in colour, in every language")
struct MapColourTests {
    /// `map` typed at a terminal (a pty of script(1)) with colour allowed; what the screen got.
    static func mapAtATerminal(language: String) throws -> String {
        let folder = temporaryPath("map-colour")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var program = Program(
            ["--speech", "off", "--language", language],
            environment: ["TERM": "xterm", "HOME": folder, "XDG_STATE_HOME": folder, "XDG_CONFIG_HOME": folder])
        program.environment["NO_COLOR"] = nil
        let terminal = try Program(
            tool: "/usr/bin/script", ["-qc", program.commandLine, "/dev/null"], input: .text("map\nquit\n")
        ).run()
        return terminal.stdout + terminal.stderr
    }

    @Test(
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")),
        arguments: [("en", "Legend:"), ("es", "Leyenda:"), ("pt", "Legenda:")])
    func pinsAreColouredAndCaptionsAreNot(language: String, legend: String) throws {
        let screen = try Self.mapAtATerminal(language: language)
        #expect(screen.contains("\u{1B}[1;33m@\u{1B}[0m"), "the user is not coloured:\n\(screen)")
        #expect(screen.contains("\u{1B}[1;36m"), "no pin is coloured:\n\(screen)")
        let caption = try #require(
            screen.split(whereSeparator: \.isNewline).first { $0.contains(legend) }, "no legend:\n\(screen)")
        #expect(!caption.contains("\u{1B}["), "the legend is coloured: \(caption)")
        // A pin's name beside it is words: its capitals are not coloured as pins are.
        let names = ["Paper & Ink", "Farmácia Central", "Sardine Grill", "Custard Corner", "Harbor Coffee"]
        #expect(names.contains { screen.contains($0) }, "no pin named in plain letters:\n\(screen)")
    }
}
