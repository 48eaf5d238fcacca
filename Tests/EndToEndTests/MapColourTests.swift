import Foundation
import Testing

/// The map's pins are coloured at a terminal in every language: colour follows the picture's
/// structure (its first rows are the map), never a word of its captions ("Legend:" is
/// "Leyenda:" in Spanish and "Legenda:" in Portuguese). The colour is seed 000's accent,
/// `.tint(.indigo)`: iOS's systemIndigo (#5856D6) itself where the terminal shows true colour,
/// xterm's 62 (#5F5FD7) where it shows 256, else blue, the nearest of the eight; none with
/// `NO_COLOR` or `TERM=dumb`. Under `--screen map-search`, seed 000's profile.
@Suite("The map in colour, in every language, indigo as the terminal shows it")
struct MapColourTests {
    static let escape = "\u{1B}["

    /// `commands` typed at a terminal (a pty of script(1)) with `environment` (`TERM`,
    /// `COLORTERM`, `NO_COLOR`, nothing else inherited of them); what the screen got.
    static func atATerminal(
        _ commands: String, language: String = "en", environment: [String: String?] = ["TERM": "xterm"]
    ) throws -> String {
        let folder = temporaryPath("map-colour")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var program = Program(
            ["--speech", "off", "--language", language, "--screen", "map-search"],
            environment: ["HOME": folder, "XDG_STATE_HOME": folder, "XDG_CONFIG_HOME": folder])
        for name in ["TERM", "COLORTERM", "NO_COLOR"] {
            program.environment[name] = environment[name] ?? nil
        }
        let terminal = try Program(
            tool: "/usr/bin/script", ["-qc", program.commandLine, "/dev/null"], input: .text(commands + "quit\n")
        ).run()
        return terminal.stdout + terminal.stderr
    }

    @Test(
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")),
        arguments: [("en", "Legend:"), ("es", "Leyenda:"), ("pt", "Legenda:")])
    func pinsAreColouredAndCaptionsAreNot(language: String, legend: String) throws {
        let screen = try Self.atATerminal("map\n", language: language)
        #expect(screen.contains("\(Self.escape)1;33m@\(Self.escape)0m"), "the user is not coloured:\n\(screen)")
        #expect(screen.contains("\(Self.escape)1;34m"), "no pin is coloured:\n\(screen)")
        let caption = try #require(
            screen.split(whereSeparator: \.isNewline).first { $0.contains(legend) }, "no legend:\n\(screen)")
        #expect(!caption.contains(Self.escape), "the legend is coloured: \(caption)")
        // A pin's name beside it is words: its capitals are not coloured as pins are.
        let names = ["Paper & Ink", "Farmácia Central", "Sardine Grill", "Custard Corner", "Harbor Coffee"]
        #expect(names.contains { screen.contains($0) }, "no pin named in plain letters:\n\(screen)")
    }

    /// Each terminal its indigo: the pins in it, the selected pin white on it (a chosen
    /// marker, a balloon of the tint with a white glyph), the parks pastel green, the theme's
    /// contour lines faint.
    @Test(
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")),
        arguments: [
            (["TERM": "xterm"], "1;34", "1;37;44", "32"),
            (["TERM": "xterm-256color"], "1;38;5;62", "1;97;48;5;62", "38;5;151"),
            (
                ["TERM": "xterm", "COLORTERM": "truecolor"], "1;38;2;88;86;214", "1;97;48;2;88;86;214",
                "38;2;163;214;150"
            ),
            (
                ["TERM": "xterm-256color", "COLORTERM": "24bit"], "1;38;2;88;86;214", "1;97;48;2;88;86;214",
                "38;2;163;214;150"
            ),
        ] as [([String: String], String, String, String)])
    func thePinsAreIndigoAsTheTerminalShowsIt(
        environment: [String: String], pin: String, selected: String, park: String
    ) throws {
        let screen = try Self.atATerminal("map\nselect Riverside Garden\nmap\n", environment: environment)
        for old in ["1;36m", "1;35m"] {
            #expect(!screen.contains(Self.escape + old), "the pins' old colours:\n\(screen)")
        }
        #expect(screen.contains("\(Self.escape)\(pin)m"), "no indigo pin (\(pin)):\n\(screen)")
        #expect(
            screen.contains("\(Self.escape)\(selected)m*\(Self.escape)0m"), "no selected pin (\(selected)):\n\(screen)")
        #expect(screen.contains("\(Self.escape)\(park)m\""), "no pastel park (\(park)):\n\(screen)")
        #expect(screen.contains("\(Self.escape)2m~"), "no faint contour line:\n\(screen)")
    }

    /// No colour at all with `NO_COLOR` (whatever the terminal shows) or `TERM=dumb`.
    @Test(
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")),
        arguments: [
            ["TERM": "xterm-256color", "COLORTERM": "truecolor", "NO_COLOR": "1"], ["TERM": "xterm", "NO_COLOR": "1"],
            ["TERM": "dumb"], ["TERM": "dumb", "COLORTERM": "truecolor"],
        ])
    func noColourWhereTheUserOrTheTerminalSaysSo(environment: [String: String]) throws {
        let screen = try Self.atATerminal("map\nselect Riverside Garden\nmap\n", environment: environment)
        #expect(screen.contains("Legend:") && screen.contains("*"), "no map:\n\(screen)")
        #expect(screen.range(of: "\u{1B}\\[[0-9;]*m", options: .regularExpression) == nil, "coloured:\n\(screen)")
    }
}
