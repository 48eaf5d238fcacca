import Words

/// What the scanner, `--help`, the man page and the completions need of an option, whichever
/// table declares it: the session's `Option` or a subcommand's `SubcommandOption`.
public protocol CommandLineOption: Hashable, Sendable {
    /// The name after the two dashes.
    var name: String { get }
    /// The letter after one dash (`-h`), if it has one.
    var letter: Character? { get }
    /// Whether it may be given alone, meaning on.
    var isSwitch: Bool { get }
    /// The values it takes when they are few.
    var choices: [String]? { get }
    /// What the shells offer after it.
    var completionValue: CompletionValue { get }
    /// What follows its name in `--help` and the man page (`FILE`, `text|csv|json`), if anything.
    func argument(_ words: Catalog) -> String?
    /// What it does.
    func summary(_ words: Catalog) -> String
}

extension CommandLineOption {
    /// `--name ARGUMENT`.
    public func usage(_ words: Catalog) -> String {
        ["--\(name)", argument(words)].compactMap { $0 }.joined(separator: " ")
    }

    /// `-h, --help`, or `--name ARGUMENT` when it has no letter: the left column of a help screen.
    func helpLabel(_ words: Catalog) -> String {
        guard let letter else { return usage(words) }
        return "-\(letter), " + usage(words)
    }
}
