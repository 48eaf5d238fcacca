import NearbyCore
import Words

/// What `--help`, the man page and the shell completions say of each option: its group, what it
/// takes and what it does, all from the catalog (`option.NAME.argument`, `option.NAME.summary`).
extension Option {
    /// The groups the options are listed in, in order.
    public enum Group: String, CaseIterable, Sendable {
        case places, walking, speech, spatial, language, accessibility, terminal, studies, program

        /// Its heading, `option.group.NAME`.
        public func title(_ words: Catalog) -> String { words.text(Key(family: "option", "group", rawValue)) }
    }

    /// The group it is listed in.
    public var group: Group {
        switch self {
        case .program(let program):
            switch program {
            case .encoding, .clock: .places
            case .route, .routeSpeed: .walking
            case .speech, .wav, .transcript, .format, .pace: .speech
            case .keyEcho, .typingPause, .keysStopSpeech: .terminal
            case .tasks, .log: .studies
            case .script, .help, .version: .program
            }
        case .setting(let setting):
            switch setting {
            case .at, .radius, .heading, .directions, .units, .walkSpeed, .closeUp, .screenHeight, .dismissible,
                .places:
                .places
            case .callouts, .calloutDistance, .calloutRepeat, .intersectionDistance, .avoid: .walking
            case .earcons, .voice, .rate, .pitch, .volume, .punctuation, .capitals, .speechBackend: .speech
            case .spatial, .beacon, .beaconWidth: .spatial
            case .language, .strings: .language
            case .reduceMotion, .reduceTransparency, .visuals, .verbosity: .accessibility
            case .screen, .keyboardHeight: .places
            }
        }
    }

    /// The options in their groups, each group in the table's order.
    public static var grouped: [(group: Group, options: [Option])] {
        Group.allCases.map { group in (group, allCases.filter { $0.group == group }) }
            .filter { !$0.options.isEmpty }
    }

    /// The key of what it takes, for an option whose value is a file, a number or a name.
    public var argumentKey: Key { Key(family: "option", name, "argument") }
    /// The key of what it does.
    public var summaryKey: Key { Key(family: "option", name, "summary") }

    /// Whether it takes a file, a number or a name (not a choice, not a switch): it then has an
    /// `argumentKey`.
    public var takesValue: Bool { choices == nil }

    /// What follows its name in `--help` and the man page: `FILE`, `metric|imperial`, `[on|off]`
    /// for a switch, nothing for `--help` and `--version`.
    public func argument(_ words: Catalog) -> String? {
        if case .program(let program) = self, [.help, .version].contains(program) { return nil }
        // Its own words first: a choice of many, or a list (`callouts`), is shown as a pattern.
        if words.has(argumentKey) { return words.text(argumentKey) }
        guard let choices else { return "VALUE" }
        let list = choices.joined(separator: "|")
        return isSwitch ? "[\(list)]" : list
    }

    /// What it does; a setting without words of its own says its name ("Reduce motion"), so a
    /// new option is never a gap in the page (the tests still ask for its summary).
    public func summary(_ words: Catalog) -> String {
        if words.has(summaryKey) { return words.text(summaryKey) }
        if case .setting(let setting) = self { return words.text(setting.nameKey) }
        return ""
    }
}

/// The ways to run the program, as `--help` and the man page's synopsis list them: a session
/// and a script (`synopsis.NAME.usage` and `synopsis.NAME.summary`), then each subcommand a user
/// is shown, its usage written from its table.
public enum Synopsis: Hashable, Sendable, CaseIterable {
    case session, script
    case subcommand(Subcommand)

    public static var allCases: [Synopsis] { [.session, .script] + Subcommand.shown.map(Synopsis.subcommand) }

    /// The words of its usage, each kept whole when a line is wrapped; `short`, a subcommand's
    /// optional options are one `[OPTIONS]` (its own `--help` lists them).
    public func usageItems(_ words: Catalog, short: Bool = false) -> [String] {
        switch self {
        case .session, .script:
            words.text(Key(family: "synopsis", "\(self)", "usage")).split(separator: " ").map(String.init)
        case .subcommand(let subcommand): subcommand.usageItems(words, short: short)
        }
    }

    public func usage(_ words: Catalog) -> String { usageItems(words).joined(separator: " ") }

    public func summary(_ words: Catalog) -> String {
        switch self {
        case .session, .script: words.text(Key(family: "synopsis", "\(self)", "summary"))
        case .subcommand(let subcommand): subcommand.summary(words)
        }
    }
}

/// The version of the program and the commit it was built from.
public enum ProgramVersion {
    /// The release, as `debian/changelog` names it (a test checks they agree).
    public static let number = "0.1.0"

    /// What `--version` prints: "nearby-voice 0.1.0 (commit 3b38163abcde)".
    public static func line(commit: String) -> String { "nearby-voice \(number) (commit \(commit))" }
}

extension Options {
    /// `--help`: a screen long, in the words of the language chosen so far: the ways to run the
    /// program, every option with what it takes, and where the rest is (the man page).
    public var usage: String { Self.helpScreen(words, width: 80) }

    /// The help screen in `words`, its option lines wrapped to `width` columns.
    public static func helpScreen(_ words: Catalog, width: Int) -> String {
        var lines = ["nearby-voice \(ProgramVersion.number): \(words.text(.programSummary))", ""]
        lines.append("\(words.text(.usageHeading)):")
        for way in Synopsis.allCases {
            lines += wrapped(way.usageItems(words, short: true), first: "  ", width: width, separator: " ", indent: 6)
        }
        lines += ["", "\(words.text(.usageOptionsHeading)):"]
        for (group, options) in Option.grouped {
            lines += wrapped(options.map { $0.usage(words) }, first: "  \(group.title(words)): ", width: width)
        }
        lines.append("")
        lines += wrapped(
            words.text(.usageMore).split(separator: " ").map(String.init), first: "", width: width, separator: " ",
            indent: 0)
        return lines.joined(separator: "\n")
    }

    /// `items` `separator` apart (two spaces unless given), in lines of at most `width` columns
    /// (an item never split), the first line opening with `first` and the rest indented
    /// `indent` spaces.
    static func wrapped(
        _ items: [String], first: String, width: Int, separator: String = "  ", indent: Int = 4
    ) -> [String] {
        var lines: [String] = []
        var line = first
        var empty = true
        for item in items {
            if !empty, line.count + separator.count + item.count > width {
                lines.append(line)
                line = String(repeating: " ", count: indent)
                empty = true
            }
            line += (empty ? "" : separator) + item
            empty = false
        }
        lines.append(line)
        return lines
    }
}
