import StudyReport
import TextFormats
import Words

/// An option of a subcommand, as one typed table (which subcommand takes which is
/// `Subcommand.options`): its name, what it takes, what it does
/// (`subcommand.option.NAME.summary` and `.argument`) and which values it accepts.
public enum SubcommandOption: String, CaseIterable, Sendable, CommandLineOption {
    // test
    case record, junit, jobs
    // report
    case format, html, by
    // import
    case output, encoding
    case nodeIndex = "node-index"
    // strings, generate-manual
    case language
    // generate-manual
    case date, prefix
    // every subcommand
    case help

    public var name: String { rawValue }

    public var letter: Character? {
        switch self {
        case .help: "h"
        case .output: "o"
        case .record, .junit, .jobs, .format, .html, .by, .encoding, .nodeIndex, .language, .date, .prefix: nil
        }
    }

    public var isSwitch: Bool {
        switch self {
        case .record, .help: true
        case .junit, .jobs, .format, .html, .by, .output, .encoding, .nodeIndex, .language, .date, .prefix: false
        }
    }

    public var choices: [String]? {
        switch self {
        case .format: StudyReport.Format.allCases.map(\.rawValue)
        case .by: StudyReport.Grouping.allCases.map(\.rawValue)
        case .encoding: TextEncoding.allCases.map(\.rawValue)
        // PlaceStore's `NodeIndex` cases (ShellParsing does not depend on PlaceStore; a test of
        // the import keeps the two equal).
        case .nodeIndex: ["auto", "memory", "file"]
        case .language: Language.allCases.map(\.code)
        case .record, .help: ["on", "off"]
        case .junit, .jobs, .html, .output, .date, .prefix: nil
        }
    }

    public var completionValue: CompletionValue {
        switch self {
        case .record, .help: .none
        case .junit: .files(["xml"])
        case .html: .files(["html"])
        case .output: .files(["places"])
        case .format, .by, .encoding, .nodeIndex, .language: .words(choices ?? [])
        case .jobs, .date, .prefix: .anything
        }
    }

    /// The number of files `test` runs side by side.
    public static let jobsRange = 1...64

    /// Whether `value` is one it takes (a choice in any case; `--jobs` a number of `jobs`; a
    /// file or a folder any word but the empty one).
    public func accepts(_ value: String) -> Bool {
        switch self {
        case .jobs: value.allSatisfy(\.isASCII) && Int(value).map(Self.jobsRange.contains) == true
        case .date: value.wholeMatch(of: /[0-9]{4}-[0-9]{2}-[0-9]{2}/) != nil
        case .record, .help, .format, .by, .encoding, .nodeIndex, .language:
            (choices ?? []).contains { $0.lowercased() == value.lowercased() }
        case .junit, .html, .output, .prefix: !value.isEmpty
        }
    }

    /// The key of what it takes (`FILE`), for an option that takes a file, a number or a name.
    public var argumentKey: Key { Key(family: "subcommand", "option", rawValue, "argument") }
    /// The key of what it does.
    public var summaryKey: Key { Key(family: "subcommand", "option", rawValue, "summary") }

    public func argument(_ words: Catalog) -> String? {
        if isSwitch { return nil }
        guard let choices else { return words.text(argumentKey) }
        return choices.joined(separator: "|")
    }

    public func summary(_ words: Catalog) -> String { words.text(summaryKey) }

    /// What it takes, for a refusal: "a number from 1 to 64", "text, csv or json", "FILE".
    func expected(_ words: Catalog) -> String {
        guard let choices else {
            switch self {
            case .jobs, .date: return words.text(Key(family: "subcommand", "option", rawValue, "expected"))
            case .record, .help, .format, .by, .encoding, .nodeIndex, .language, .junit, .html, .output, .prefix:
                return argument(words) ?? ""
            }
        }
        guard choices.count > 1 else { return choices.first ?? "" }
        return words.text(
            .listOr(items: choices.dropLast().joined(separator: words.text(.listSeparator)), last: choices.last!))
    }
}
