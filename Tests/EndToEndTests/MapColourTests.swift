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
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qc", "\(BinaryRunner.executable.path) --speech off --language \(language)", "/dev/null"]
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "NO_COLOR")
        environment["TERM"] = "xterm"
        environment["PULSE_SERVER"] = "unix:/nonexistent/nearby-voice-test"
        environment["HOME"] = folder
        environment["XDG_STATE_HOME"] = folder
        environment["XDG_CONFIG_HOME"] = folder
        process.environment = environment
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        try process.run()
        input.fileHandleForWriting.write(Data("map\nquit\n".utf8))
        let screen = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: screen, as: UTF8.self)
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
    }
}
