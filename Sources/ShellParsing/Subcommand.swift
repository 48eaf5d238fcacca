import Words

/// A subcommand of the program (`nearby-voice test …`), as one typed table, the way `Option` is
/// the session's: each declares its options and operands once, and parsing and validation
/// (`parse`), `--help` (`helpScreen`), the program's `--help` and man page (`Synopsis`), and the
/// bash, zsh and fish completions all read it. The program dispatches with a `switch` over it.
public enum Subcommand: String, CaseIterable, Sendable {
    case test, report, `import`, strings
    /// What `make install` runs to write the man page and the completions from the tables.
    case generateManual = "generate-manual"
    case generateCompletion = "generate-completion"

    /// What a subcommand takes besides its options.
    public enum Operands: Equatable, Sendable {
        case none
        /// Exactly one; `.words` also says which are allowed.
        case one(CompletionValue)
        case oneOrMore(CompletionValue)
    }

    /// Whether `--help`, the man page and the completions leave it out: it is for building, not
    /// for users.
    public var isHidden: Bool {
        switch self {
        case .test, .report, .import, .strings: false
        case .generateManual, .generateCompletion: true
        }
    }

    /// The subcommands a user is shown.
    public static var shown: [Subcommand] { allCases.filter { !$0.isHidden } }

    /// Its options, in the order its usage lists them (`--help` is every subcommand's, last).
    public var options: [SubcommandOption] {
        let own: [SubcommandOption] =
            switch self {
            case .test: [.record, .junit, .jobs]
            case .report: [.format, .html, .by]
            case .import: [.output, .encoding, .nodeIndex]
            case .strings: [.language]
            case .generateManual: [.language, .date, .prefix]
            case .generateCompletion: []
            }
        return own + [.help]
    }

    /// The options it cannot run without.
    public var requiredOptions: [SubcommandOption] {
        switch self {
        case .import: [.output]
        case .test, .report, .strings, .generateManual, .generateCompletion: []
        }
    }

    /// Its operands, and what the shells offer for them.
    public var operands: Operands {
        switch self {
        case .test: .oneOrMore(.files(["nvtest"]))
        case .report: .oneOrMore(.files(["jsonl"]))
        case .import: .one(.files(Option.placesExtensions.filter { $0 != "places" }))
        case .strings, .generateManual: .none
        case .generateCompletion: .one(.words(ShellCompletion.allCases.map(\.rawValue)))
        }
    }

    /// Whether its usage names the operands before the options (`import FILE --output STORE`,
    /// as the docs write it) rather than after.
    var operandsFirst: Bool {
        switch self {
        case .report, .import: true
        case .test, .strings, .generateManual, .generateCompletion: false
        }
    }

    /// `synopsis.NAME.summary`: what it does.
    public func summary(_ words: Catalog) -> String { words.text(Key(family: "synopsis", rawValue, "summary")) }

    /// `subcommand.NAME.operand`, the placeholder of its operands (`PATH...`), for those that
    /// take files.
    public var operandKey: Key { Key(family: "subcommand", rawValue, "operand") }

    /// What its usage says of its operands: `PATH...`, `FILE`, `bash|zsh|fish`; nil for none.
    public func operand(_ words: Catalog) -> String? {
        switch operands {
        case .none: nil
        case .one(.words(let choices)), .oneOrMore(.words(let choices)): choices.joined(separator: "|")
        case .one, .oneOrMore: words.text(operandKey)
        }
    }

    /// The words of its usage, each kept whole when a line is wrapped: `nearby-voice`, `test`,
    /// `[--record]`, `[--junit FILE]`, …, `PATH...`. Short, the options it can run without are
    /// one `[OPTIONS]` (`subcommand.options`), as the program's `--help` lists it.
    public func usageItems(_ words: Catalog, short: Bool = false) -> [String] {
        var options = options.filter { $0 != .help && !requiredOptions.contains($0) }.map { "[\($0.usage(words))]" }
        if short, !options.isEmpty { options = ["[\(words.text(.subcommandOptions))]"] }
        options = requiredOptions.map { $0.usage(words) } + options
        let operand = operand(words).map { [$0] } ?? []
        return ["nearby-voice", rawValue] + (operandsFirst ? operand + options : options + operand)
    }

    /// Its usage on one line.
    public func usage(_ words: Catalog) -> String { usageItems(words).joined(separator: " ") }
}
