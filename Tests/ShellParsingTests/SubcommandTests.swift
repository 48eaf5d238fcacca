import Foundation
import Testing
import Words

@testable import ShellParsing

/// The subcommands' table parses what it offers: every completion candidate it generates (each
/// subcommand, each option with a sample of what it takes, as `--opt value` and `--opt=value`)
/// parses; the completion scripts name exactly the options the parser takes; a bad argument is
/// a short usage error (64) naming it; each help screen fits 80 columns in every language.
@Suite("Subcommands are declared once: parsing, help and completions read one table")
struct SubcommandTests {
    static let words = Catalog.builtIn(.english)
    static let languages: [Language] = [.english, .spanish, .portuguese, .brazilian]

    /// Samples of what a shell would offer (or a person type) after `option`.
    static func samples(_ option: SubcommandOption) -> [String?] {
        switch option.completionValue {
        case .none: return [nil, "on", "off"]
        case .words(let choices): return choices
        case .files(let extensions): return extensions.isEmpty ? ["a-file"] : extensions.map { "sample.\($0)" }
        case .anything:
            switch option {
            case .jobs: return ["1", "2", "64"]
            case .date: return ["2026-12-01"]
            case .prefix: return ["/usr/local"]
            case .record, .junit, .format, .html, .by, .output, .encoding, .nodeIndex, .language, .help:
                Issue.record("--\(option.name) takes anything: give it a sample")
                return []
            }
        }
    }

    /// An operand the subcommand takes.
    static func operand(_ subcommand: Subcommand) -> [String] {
        switch subcommand.operandCompletion {
        case .none: []
        case .words(let choices): [choices[0]]
        case .files(let extensions): ["sample.\(extensions.first ?? "txt")"]
        case .anything: ["x"]
        }
    }

    /// What else `subcommand` needs to run besides `option`.
    static func rest(_ subcommand: Subcommand, besides option: SubcommandOption) -> [String] {
        var rest = operand(subcommand)
        for required in subcommand.requiredOptions where required != option {
            rest += ["--\(required.name)", samples(required).compactMap { $0 }.first ?? ""]
        }
        return rest
    }

    @Test(
        "Every completion candidate the table generates parses, as --opt value and --opt=value",
        arguments: Subcommand.allCases)
    func everyCandidateParses(_ subcommand: Subcommand) throws {
        #expect(try subcommand.parse(Self.rest(subcommand, besides: .help), words: Self.words).operands.count <= 1)
        for option in subcommand.options {
            for sample in Self.samples(option) {
                let forms: [[String]] =
                    if let sample {
                        option.isSwitch
                            ? [["--\(option.name)=\(sample)"]]
                            : [["--\(option.name)", sample], ["--\(option.name)=\(sample)"]]
                    } else { [["--\(option.name)"]] }
                for form in forms {
                    let arguments = form + Self.rest(subcommand, besides: option)
                    let parsed = try subcommand.parse(arguments, words: Self.words)
                    let expected = option.isSwitch ? (sample ?? "on") : sample!
                    #expect(parsed[option] == expected, "\(subcommand.rawValue) \(arguments)")
                    if option != .help { #expect(!parsed.wantsHelp) }
                }
            }
        }
    }

    /// The options each completion script offers after `subcommand`, read back from its text.
    static func offered(_ shell: ShellCompletion, _ subcommand: Subcommand) -> Set<String> {
        let script = shell.script(words)
        let lines = script.split(separator: "\n").map(String.init)
        switch shell {
        case .bash:
            // The subcommand's block: `test)` up to the next `;;` at its indent, its compgen of names.
            guard let start = lines.firstIndex(of: "    \(subcommand.rawValue))") else { return [] }
            let block = lines[start...].prefix { !$0.hasSuffix(" ;;") || $0.hasPrefix("            ") }
            guard let names = block.first(where: { $0.contains("if [[ $cur == -* ]]") }),
                let match = names.firstMatch(of: /compgen -W "([^"]*)"/)
            else { return [] }
            return Set(match.1.split(separator: " ").map(String.init))
        case .zsh:
            guard let line = lines.first(where: { $0.hasPrefix("            \(subcommand.rawValue)) ") }) else {
                return []
            }
            return Set(line.matches(of: /'(--[a-z-]+)[=\[]/).map { String($0.1) })
        case .fish:
            let when = "__fish_seen_subcommand_from \(subcommand.rawValue)'"
            return Set(
                lines.filter { $0.contains(when) }.compactMap {
                    $0.firstMatch(of: #/ -l ([a-z-]+)/#).map { "--" + $0.1 }
                })
        }
    }

    @Test(
        "Each shell's completions offer exactly the options each subcommand's parser takes",
        arguments: ShellCompletion.allCases)
    func completionsAreTheParsers(_ shell: ShellCompletion) throws {
        for subcommand in Subcommand.shown {
            let offered = Self.offered(shell, subcommand)
            #expect(offered == Set(subcommand.options.map { "--" + $0.name }), "\(shell) \(subcommand.rawValue)")
            for name in offered {
                let option = try #require(subcommand.options.first { "--" + $0.name == name })
                let value = Self.samples(option).compactMap { $0 }.first
                let form = option.isSwitch ? [name] : [name + "=" + (value ?? "")]
                #expect(throws: Never.self, "\(shell): \(subcommand.rawValue) \(form)") {
                    try subcommand.parse(form + Self.rest(subcommand, besides: option), words: Self.words)
                }
            }
        }
        // A control: what the table does not declare is refused, and named.
        #expect(!Self.offered(shell, .test).contains("--output"))
        do {
            _ = try Subcommand.test.parse(["--output", "x", "a.nvtest"], words: Self.words)
            Issue.record("test --output was taken")
        } catch {
            #expect(error.code == .usage && error.message.contains("--output"))
        }
    }

    /// Bad arguments, and the short error each gives.
    static let refusals: [(Subcommand, [String], String)] = [
        (.test, ["--jobs", "0", "x.nvtest"], "--jobs takes a number from 1 to 64; not 0."),
        (.test, ["--jobs=65", "x.nvtest"], "--jobs takes a number from 1 to 64; not 65."),
        (.test, ["x.nvtest", "--junit"], "--junit needs a value. See nearby-voice test --help."),
        (.test, ["--bogus", "x.nvtest"], "Unknown option --bogus for test. See nearby-voice test --help."),
        (
            .test, ["--job", "2", "x.nvtest"],
            "Unknown option --job for test. Did you mean --jobs? See nearby-voice test --help."
        ),
        (.test, ["-x", "x.nvtest"], "Unknown option -x for test. See nearby-voice test --help."),
        (.test, [], "test needs PATH. See nearby-voice test --help."),
        (.report, ["--format", "xml", "a.jsonl"], "--format takes text, csv or json; not xml."),
        (.report, ["--by=mood", "a.jsonl"], "--by takes strings, language, voice or rate; not mood."),
        (.import, ["a.osm"], "import needs --output STORE. See nearby-voice import --help."),
        (.import, ["a.osm", "b.osm", "--output", "s"], "Unexpected argument b.osm. See nearby-voice import --help."),
        (
            .import, ["a.csv", "-o", "s", "--encoding", "ebcdic"],
            "--encoding takes utf-8, latin1 or windows-1252; not ebcdic."
        ),
        (.strings, ["es"], "Unexpected argument es. See nearby-voice strings --help."),
        (.strings, ["--language", "fr"], "--language takes en, es, pt, pt-BR or en-XA; not fr."),
        (.generateCompletion, ["tcsh"], "Unexpected argument tcsh. See nearby-voice generate-completion --help."),
        (.generateManual, ["--date", "1 May"], "--date takes a date, YYYY-MM-DD; not 1 May."),
    ]

    @Test("A bad argument is a short usage error (64) that names it", arguments: refusals)
    func refused(_ subcommand: Subcommand, _ arguments: [String], _ message: String) {
        do {
            _ = try subcommand.parse(arguments, words: Self.words)
            Issue.record("\(subcommand.rawValue) \(arguments) was taken")
        } catch {
            #expect(error.code == .usage)
            #expect(error.message == message)
        }
    }

    @Test("--opt=value, -o and -h work, choices in any case; --help needs nothing else")
    func forms() throws {
        let test = try Subcommand.test.parse(["--junit=r.xml", "--jobs=2", "--record", "a.nvtest"], words: Self.words)
        #expect(test[.junit] == "r.xml" && test[.jobs] == "2" && test.isOn(.record) && test.operands == ["a.nvtest"])
        let imported = try Subcommand.import.parse(["a.osm", "-o", "s.places", "--encoding=LATIN1"], words: Self.words)
        #expect(imported[.output] == "s.places" && imported[.encoding] == "latin1")
        #expect(try Subcommand.import.parse(["-h"], words: Self.words).wantsHelp)
        #expect(try Subcommand.report.parse(["--help"], words: Self.words).wantsHelp)
        #expect(try Subcommand.report.parse(["-"], words: Self.words).operands == ["-"])
    }

    @Test("Each subcommand's help fits 80 columns and names its options and what it does", arguments: languages)
    func helpScreens(_ language: Language) {
        let words = Catalog.builtIn(language)
        for subcommand in Subcommand.allCases {
            let help = subcommand.helpScreen(words)
            for line in help.split(separator: "\n") {
                #expect(line.count <= 80, "\(language.code) \(subcommand.rawValue): \(line.count) columns: \(line)")
            }
            #expect(!help.contains("⟦missing"), "\(language.code) \(subcommand.rawValue): \(help)")
            #expect(help.contains("nearby-voice \(subcommand.rawValue)"))
            for option in subcommand.options {
                #expect(help.contains("--\(option.name)"), "\(subcommand.rawValue) --help lacks --\(option.name)")
            }
        }
    }

    @Test("Every subcommand option has its words in every language", arguments: languages)
    func optionWords(_ language: Language) {
        let words = Catalog.builtIn(language)
        for option in SubcommandOption.allCases {
            #expect(words.has(option.summaryKey), "\(language.code): no \(option.summaryKey)")
            if !option.isSwitch, option.choices == nil {
                #expect(words.has(option.argumentKey), "\(language.code): no \(option.argumentKey)")
            }
        }
        for subcommand in Subcommand.allCases {
            #expect(words.has(Key(family: "synopsis", subcommand.rawValue, "summary")))
            if case .files = subcommand.operandCompletion { #expect(words.has(subcommand.operandKey)) }
        }
    }
}
