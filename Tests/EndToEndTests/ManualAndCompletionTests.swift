import Foundation
import Testing

/// What `make install` writes, as the installed program writes it: the man page in three
/// languages (checked by groff and mandoc, as `man` would read it), the completions of bash
/// (driven for real), zsh and fish (parsed, and fish's asked), and `--version`.
@Suite("The man pages and completions the program writes work in the real tools")
struct ManualAndCompletionTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The output of the program with `arguments`, which must succeed.
    static func generated(_ arguments: [String]) throws -> String {
        let result = try Program(arguments).run()
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return result.stdout
    }

    /// A file of `text`, in this test process's folder.
    static func file(_ name: String, _ text: String) throws -> String {
        let path = temporaryPath(name)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("--version names the release and the commit the build came from")
    func version() throws {
        let line = try Self.generated(["--version"]).trimmingCharacters(in: .newlines)
        let pattern = #/^nearby-voice (\d+\.\d+\.\d+) \(commit ([0-9a-f]{7,40}(-dirty)?|unknown)\)$/#
        let match = try #require(line.wholeMatch(of: pattern), "\(line)")
        let changelog = try String(contentsOf: Self.root.appendingPathComponent("debian/changelog"), encoding: .utf8)
        #expect(changelog.hasPrefix("nearby-voice (\(match.1))"), "debian/changelog names another version")
        let head = try Program(tool: "/usr/bin/git", ["-C", Self.root.path, "rev-parse", "HEAD"]).run()
        if head.status == 0 {
            #expect(
                head.stdout.hasPrefix(match.2.replacingOccurrences(of: "-dirty", with: "")), "built from another commit"
            )
        }
    }

    @Test("groff and mandoc find nothing in the man page, and man renders it", arguments: ["en", "es", "pt", "pt-BR"])
    func manualLints(language: String) throws {
        let page = try Self.file("nearby-voice.1", try Self.generated(["generate-manual", "--language", language]))
        let groff = try Program(tool: "/usr/bin/groff", ["-man", "-ww", "-z", page]).run()
        #expect(groff.status == 0 && groff.stderr.isEmpty && groff.stdout.isEmpty, "groff: \(groff.stderr)")
        // No line too long to adjust or break, at 80 columns and narrower (es, pt and pt-BR
        // warned "cannot adjust line").
        for width in [50, 60, 70, 80, 100] {
            let set = try Program(tool: "/usr/bin/groff", ["-man", "-ww", "-Tutf8", "-rLL=\(width)n", page]).run()
            #expect(set.status == 0 && set.stderr.isEmpty, "\(language) at \(width) columns: \(set.stderr)")
        }
        let mandoc = try Program(tool: "/usr/bin/mandoc", ["-T", "lint", "-W", "style", page]).run()
        #expect(mandoc.status == 0 && mandoc.stdout.isEmpty && mandoc.stderr.isEmpty, "mandoc: \(mandoc.stdout)")
        let shown = try Program(
            tool: "/usr/bin/man", ["-l", page], environment: ["MANWIDTH": "80", "MAN_KEEP_FORMATTING": ""]
        )
        .run()
        #expect(shown.status == 0 && shown.stdout.contains("NEARBY-VOICE(1)") && shown.stdout.contains("--places"))
        // A control: a page with a broken request is found.
        let broken = try Self.file("broken.1", ".TH X 1\n.SH NAME\n.BOGUS\n")
        #expect(try !Program(tool: "/usr/bin/groff", ["-man", "-ww", "-z", broken]).run().stderr.isEmpty)
    }

    @Test("bash completes options, their values, subcommands and places files by extension")
    func bashCompletes() throws {
        let script = try Self.file("nearby-voice.bash", try Self.generated(["generate-completion", "bash"]))
        let folder = temporaryPath("places")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for name in ["a.geojson", "b.osm.pbf", "c.txt", "d.places"] {
            #expect(FileManager.default.createFile(atPath: "\(folder)/\(name)", contents: Data()))
        }
        let cases: [([String], String)] = [
            (["--lang"], "--language"),
            (["--units", ""], "metric imperial"),
            (["--speech-backend", "d"], "dispatcher"),
            ([""], "test report import strings"),
            (["te"], "test"),
            (["test", "--j"], "--junit --jobs"),
            (["report", "--by", ""], "strings language voice rate"),
            (["--places", "\(folder)/"], "\(folder)/a.geojson \(folder)/b.osm.pbf \(folder)/d.places"),
        ]
        for (words, expected) in cases {
            let line = (["nearby-voice"] + words).map { "'\($0)'" }.joined(separator: " ")
            let command = """
                source \(script); COMP_WORDS=(\(line)); COMP_CWORD=\(words.count); _nearby_voice
                printf '%s\\n' "${COMPREPLY[@]}" | sort | tr '\\n' ' '
                """
            let result = try Program(tool: "/bin/bash", ["-c", command]).run()
            let said = result.stdout.split(separator: " ").sorted().joined(separator: " ")
            #expect(
                said == expected.split(separator: " ").sorted().joined(separator: " "), "\(words): \(result.stdout)")
        }
    }

    @Test("zsh and fish parse their completions, and fish completes --lang and --units")
    func zshAndFish() throws {
        let zsh = try Self.file("_nearby-voice", try Self.generated(["generate-completion", "zsh"]))
        let parsed = try Program(tool: "/usr/bin/zsh", ["-n", zsh]).run()
        #expect(parsed.status == 0 && parsed.stderr.isEmpty, "zsh: \(parsed.stderr)")
        let fish = try Self.file("nearby-voice.fish", try Self.generated(["generate-completion", "fish"]))
        #expect(try Program(tool: "/usr/bin/fish", ["-n", fish]).run().status == 0)
        let asked = try Program(
            tool: "/usr/bin/fish",
            ["-c", "source \(fish); complete -C 'nearby-voice --lang'; complete -C 'nearby-voice --units '"]
        ).run()
        let offered = asked.stdout.split(separator: "\n").map { $0.split(separator: "\t").first.map(String.init) ?? "" }
        #expect(offered == ["--language", "imperial", "metric"], "\(asked.stdout)")
        // A control: a script with a syntax error is refused.
        let broken = try Self.file("broken.fish", "complete -c x -l (\n")
        #expect(try Program(tool: "/usr/bin/fish", ["-n", broken]).run().status != 0)
    }
}
