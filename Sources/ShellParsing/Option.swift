import NearbyCore
import PlaceData
import TextFormats
import Words

/// An option of the command line, as one typed table: the program's own options, and every
/// `Setting` (each setting is also an option, and a line of the config file). Parsing, `--help`,
/// the man page, the completions, the config file and the docs check (ReadmeTests) all read it.
public enum Option: CommandLineOption {
    case program(Program)
    case setting(Setting)

    /// The options that are not settings: how the program runs rather than what the screen does.
    public enum Program: String, CaseIterable, Sendable {
        case script, encoding, speech, wav, transcript, format, pace
        case keyEcho = "key-echo"
        case typingPause = "typing-pause"
        case keysStopSpeech = "keys-stop-speech"
        case tasks, log, clock
        // Walking a GPX track (docs/position.md).
        case route
        case routeSpeed = "route-speed"
        case help, version
    }

    /// Every option, in the order `--help` lists them.
    public static var allCases: [Option] {
        Program.allCases.map(Option.program) + Setting.allCases.map(Option.setting)
    }

    /// The name after the two dashes.
    public var name: String {
        switch self {
        case .program(let program): program.rawValue
        case .setting(let setting): setting.key
        }
    }

    /// `-h` for `--help`.
    public var letter: Character? { self == .program(.help) ? "h" : nil }

    /// The option named `name` (without dashes), if any.
    public init?(name: String) {
        guard let option = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = option
    }

    /// The values it takes when they are few.
    public var choices: [String]? {
        switch self {
        case .setting(let setting): setting.choices
        case .program(let program):
            switch program {
            case .speech: Options.SpeechMode.allCases.map(\.rawValue)
            case .encoding: TextEncoding.allCases.map(\.rawValue)
            case .format: TranscriptFormat.allCases.map(\.rawValue)
            case .pace: Options.Pace.allCases.map(\.rawValue)
            case .keyEcho: KeyEcho.allCases.map(\.rawValue)
            case .keysStopSpeech, .help, .version: ["on", "off"]
            case .script, .wav, .transcript, .typingPause, .tasks, .log, .clock, .route, .routeSpeed: nil
            }
        }
    }

    /// Whether it may be given alone (`--reduce-motion`), meaning on.
    public var isSwitch: Bool {
        switch self {
        case .setting(let setting): setting.isSwitch
        case .program(let program): [.help, .version].contains(program)
        }
    }

    /// Whether the config file may set it: not `help`, `version` or `script`.
    public var isConfigurable: Bool {
        switch self {
        case .setting: true
        case .program(let program): ![.help, .version, .script].contains(program)
        }
    }
}

extension Option.Program {
    /// `option.NAME.expected`, for the options that take a file or a number (the tests check
    /// each).
    var expectedKey: Key { Key(family: "option", rawValue, "expected") }

    /// What it takes, for errors.
    func expected(_ words: Catalog) -> String {
        switch self {
        case .script, .wav, .transcript, .typingPause, .tasks, .log, .clock, .route, .routeSpeed:
            return words.text(expectedKey)
        case .speech, .encoding, .format, .pace, .keyEcho, .keysStopSpeech, .help, .version:
            let choices = Option.program(self).choices ?? []
            guard choices.count > 1 else { return choices.first ?? "" }
            return words.text(
                .listOr(items: choices.dropLast().joined(separator: words.text(.listSeparator)), last: choices.last!))
        }
    }
}
