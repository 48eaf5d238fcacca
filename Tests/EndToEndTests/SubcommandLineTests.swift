import Foundation
import Testing

/// The program's subcommands as a shell user meets them: every option its bash completion offers
/// is one the program's parser takes (`SUB --opt=VALUE --help` exits 0), and what is all of a
/// run's output (`--version`, `--help`, a subcommand's help, the man page) written where it
/// cannot be (`>/dev/full`) exits 74 and says so.
@Suite("Subcommands: the completions and the parsers agree; a failed write of stdout is 74")
struct SubcommandLineTests {
    /// The options the bash completion offers after each subcommand, with a value it offers
    /// for each (nil for a switch), read from the generated script.
    static func offered() throws -> [String: [(name: String, value: String?)]] {
        let script = try ManualAndCompletionTests.generated(["generate-completion", "bash"])
        let lines = script.split(separator: "\n").map(String.init)
        var offered: [String: [(String, String?)]] = [:]
        var subcommand: String?
        var values: [String: String] = [:]
        for line in lines {
            if let match = line.wholeMatch(of: #/    ([a-z-]+)\)/#) {
                subcommand = String(match.1)
                values = [:]
            } else if subcommand != nil, let match = line.firstMatch(of: /^            (--[a-z-]+)\) (.*) ;;$/) {
                // A value it offers: the first of its words, or a file of its first extension.
                let reply = String(match.2)
                if let words = reply.firstMatch(of: /compgen -W "([^" ]+)/) {
                    values[String(match.1)] = String(words.1)
                } else if let files = reply.firstMatch(of: /_nearby_voice_files ([^ ;]+)/) {
                    values[String(match.1)] = "sample.\(files.1)"
                } else {
                    values[String(match.1)] = "2"  // a number (`--jobs`)
                }
            } else if let current = subcommand, line.contains("if [[ $cur == -* ]]"),
                let names = line.firstMatch(of: /compgen -W "([^"]*)"/)
            {
                offered[current] = names.1.split(separator: " ").map { (String($0), values[String($0)]) }
                subcommand = nil
            }
        }
        return offered
    }

    @Test("Every option bash offers after a subcommand is taken by the program, as --opt=value")
    func completionsParse() throws {
        let offered = try Self.offered()
        #expect(Set(offered.keys) == ["test", "report", "import", "strings"], "\(offered.keys)")
        for (subcommand, options) in offered {
            #expect(options.contains { $0.name == "--help" })
            for (name, value) in options {
                let option = value.map { "\(name)=\($0)" } ?? name
                let result = try Program([subcommand, option, "--help"]).run()
                #expect(result.status == 0, "\(subcommand) \(option): \(result.stderr)")
                #expect(result.stdout.hasPrefix("Usage: nearby-voice \(subcommand)"), "\(result.stdout)")
            }
            // A control: an option no table declares is refused, and named.
            let bogus = try Program([subcommand, "--bogus=1", "--help"]).run()
            #expect(bogus.status == 64)
            #expect(bogus.stderr.contains("--bogus"), "\(bogus.stderr)")
        }
    }

    @Test(
        "A write error on standard output exits 74 with a message",
        arguments: [["--version"], ["--help"], ["test", "--help"], ["report", "-h"], ["generate-manual"]])
    func fullStandardOutput(_ arguments: [String]) throws {
        let result = try Program(
            tool: "/bin/sh", ["-c", "exec \"$0\" \"$@\" >/dev/full", Program.executable] + arguments
        ).run()
        #expect(result.status == 74, "\(arguments): \(result.status) \(result.stderr)")
        #expect(result.stderr.hasPrefix("nearby-voice: Cannot write standard output: "), "\(result.stderr)")
        // A control: to a file that takes it, the same run succeeds.
        #expect(try Program(arguments).run().status == 0)
    }
}
