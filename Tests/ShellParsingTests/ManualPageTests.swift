import Foundation
import NearbyCore
import Testing
import Words

@testable import ShellParsing

/// The man page, `--help` and the completions are written from the tables: a command, option,
/// setting or exit code missing from any of them fails here, in every language.
@Suite("The man page, --help and the completions come from the tables")
struct ManualPageTests {
    static let languages: [Language] = [.english, .spanish, .portuguese, .brazilian]

    /// Roff's text of `words`, as the page writes it, to look for.
    static func roff(_ words: String) -> String { Roff.escaped(words) }

    @Test("Every option has its summary, and every option that takes a value its argument", arguments: languages)
    func optionWords(language: Language) {
        let words = Catalog.builtIn(language)
        for option in Option.allCases {
            #expect(words.has(option.summaryKey), "\(language.code): no option.\(option.name).summary")
            if option.takesValue {
                #expect(words.has(option.argumentKey), "\(language.code): no option.\(option.name).argument")
            }
        }
    }

    @Test("The page names every option, command, alias, setting and exit code", arguments: languages)
    func pageNamesEverything(language: Language) {
        let words = Catalog.builtIn(language)
        let page = ManualPage(words: words, date: "2026-12-01").text
        for option in Option.allCases {
            #expect(page.contains("\\fB\(Self.roff("--" + option.name))\\fR"), "no --\(option.name)")
            #expect(page.contains(Self.roff(option.summary(words)).prefix(30)), "no summary of --\(option.name)")
        }
        for command in Command.allCases {
            #expect(page.contains("\\fB\(Self.roff(command.usage(words)))\\fR"), "no \(command.name)")
            for alias in command.aliases { #expect(page.contains(Self.roff(alias)), "no alias \(alias)") }
        }
        for setting in Setting.allCases {
            #expect(page.contains(".TP\n\\fB\(Self.roff(setting.key))\\fR\n"), "no setting \(setting.key)")
        }
        for code in ExitCode.allCases {
            #expect(page.contains(".TP\n\\fB\(code.rawValue)\\fR\n"), "no exit code \(code.rawValue)")
            #expect(!code.meaning(words).contains("⟦missing"), "exit \(code.rawValue) has no meaning")
        }
        #expect(!page.contains("⟦missing"))
    }

    @Test("Roff escapes what it would otherwise read as requests or escapes")
    func escaping() {
        #expect(Roff.escaped("--at 1\\2") == "\\-\\-at 1\\e2")
        #expect(Roff.escaped("Café ©") == "Caf\\[u00E9] \\[u00A9]")
        var page = Roff()
        page.line(".dot and 'quote")
        #expect(page.text == "\\&.dot and 'quote\n")
    }

    @Test("--help is a screen long, names every option and points to the man page", arguments: languages)
    func helpScreen(language: Language) {
        let words = Catalog.builtIn(language)
        let help = Options.helpScreen(words, width: 80)
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
        // A screen: the 36 lines of a terminal at its usual size less the prompt's line (the
        // walking and spatial options took it past a 24-line one; `strings`, listed now, and the
        // last line wrapped at 80 columns took it from 34 to 35; `--intersection-distance` took a
        // line, and the last line, one now in every language, gave it back).
        #expect(lines.count <= 35, "--help is \(lines.count) lines")
        // Every line fits a terminal of 80 columns (the report's synopsis was 102).
        for line in lines { #expect(line.count <= 80, "\(language.code): \(line.count) columns: \(line)") }
        for way in Synopsis.allCases {
            #expect(help.contains(way.usageItems(words)[1]), "--help lacks \(way.usage(words))")
        }
        #expect(help.contains("nearby-voice strings"), "--help lacks strings")
        #expect(help.contains("man nearby-voice"))
        for option in Option.allCases { #expect(help.contains("--\(option.name)"), "--help lacks --\(option.name)") }
    }

    @Test("Each completion script names every option and subcommand, and every choice")
    func completionsNameEverything() {
        for shell in ShellCompletion.allCases {
            let script = shell.script()
            for option in Option.allCases {
                #expect(
                    script.contains("--\(option.name)") || script.contains("-l \(option.name) "),
                    "\(shell): no --\(option.name)")
                for choice in option.choices ?? [] { #expect(script.contains(choice), "\(shell): no \(choice)") }
            }
            for subcommand in Subcommand.shown {
                #expect(script.contains(subcommand.rawValue))
                for option in subcommand.options {
                    #expect(
                        script.contains("--\(option.name)") || script.contains("-l \(option.name)"),
                        "\(shell): no \(subcommand.rawValue) --\(option.name)")
                }
            }
            for ext in Option.placesExtensions { #expect(script.contains(ext), "\(shell): no .\(ext)") }
        }
    }
}
