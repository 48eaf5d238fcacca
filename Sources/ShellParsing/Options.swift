import Announcer
import NearbyCore

/// Everything the command line (and the config file, and the environment) can set: the
/// settings of the session, and how the program runs.
public struct Options: Sendable {
    public enum SpeechMode: String, CaseIterable, Sendable { case auto, on, off }
    public enum Pace: String, CaseIterable, Sendable { case speech, none }

    public var settings = Settings()
    /// `--places`: the places file, or nil for the built-in places (a setting too).
    public var placesPath: String? {
        get { settings.placesFile }
        set { settings.placesFile = newValue }
    }
    public var scriptPath: String?
    public var speech: SpeechMode = .auto
    public var wavPath: String?
    public var transcriptPath: String?
    public var format: TranscriptFormat = .text
    public var pace: Pace = .speech
    /// What is spoken of the keys typed at a terminal.
    public var keyEcho: KeyEcho = .none
    /// Milliseconds without keys before a `find` line being typed is counted; 0: never.
    public var typingPause = 300
    /// Whether every key press at a terminal silences speech in progress.
    public var keysStopSpeech = true
    public var showHelp = false
    public var showVersion = false

    public init() {}

    /// Parses arguments (after the program's name). Throws a usage failure naming the bad one.
    public static func parse(_ arguments: [String], into options: inout Options) throws(Failure) {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "-h" {
                options.showHelp = true
                continue
            }
            guard argument.hasPrefix("--"), argument.count > 2 else {
                throw Failure(.usage, "Unexpected argument \(argument). Options start with --; see nearby-voice --help.")
            }
            var name = String(argument.dropFirst(2))
            var value: String? = nil
            if let equals = name.firstIndex(of: "=") {
                value = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            guard let option = Option(name: name) else {
                let nearest = Option.allCases.map(\.name).min { editDistance(name, $0) < editDistance(name, $1) }!
                let hint = editDistance(name, nearest) <= max(2, name.count / 3) ? " Did you mean --\(nearest)?" : ""
                throw Failure(.usage, "Unknown option --\(name).\(hint) See nearby-voice --help.")
            }
            if value == nil {
                // A switch stands alone, or takes on or off as its next word.
                if option.isSwitch {
                    if index < arguments.count, let on = Setting.bool(arguments[index]) {
                        index += 1
                        value = on ? "on" : "off"
                    } else {
                        value = "on"
                    }
                } else {
                    guard index < arguments.count else {
                        throw Failure(.usage, "--\(name) needs a value. See nearby-voice --help.")
                    }
                    value = arguments[index]
                    index += 1
                }
            }
            try options.set(option, value!)
        }
    }

    /// Sets one option, as the command line, the config file and the environment do.
    public mutating func set(_ option: Option, _ value: String) throws(Failure) {
        switch option {
        case .setting(let setting):
            if let error = setting.apply(value, to: &settings) {
                throw Failure(.usage, "--\(setting.key): \(error)")
            }
        case .program(let program):
            try set(program, value)
        }
    }

    private mutating func set(_ program: Option.Program, _ value: String) throws(Failure) {
        func refuse() -> Failure {
            Failure(.usage, "--\(program.rawValue) takes \(program.expected); not \(value).")
        }
        func choice<T: RawRepresentable & CaseIterable>(_ type: T.Type) throws(Failure) -> T
        where T.RawValue == String {
            guard let parsed = T(rawValue: value.lowercased()) else { throw refuse() }
            return parsed
        }
        func flag() throws(Failure) -> Bool {
            guard let on = Setting.bool(value) else { throw refuse() }
            return on
        }
        switch program {
        case .script: scriptPath = value
        case .speech: speech = try choice(SpeechMode.self)
        case .wav: wavPath = value
        case .transcript: transcriptPath = value
        case .format: format = try choice(TranscriptFormat.self)
        case .pace: pace = try choice(Pace.self)
        case .keyEcho: keyEcho = try choice(KeyEcho.self)
        case .typingPause:
            guard let milliseconds = Int(value), value.allSatisfy(\.isNumber), (0...5000).contains(milliseconds)
            else { throw refuse() }
            typingPause = milliseconds
        case .keysStopSpeech: keysStopSpeech = try flag()
        case .help: showHelp = try flag()
        case .version: showVersion = try flag()
        }
    }

    /// The reduce-motion and reduce-transparency switches of the environment.
    public mutating func applyEnvironment(_ environment: [String: String]) throws(Failure) {
        let variables: [(String, Setting)] = [
            ("NEARBY_VOICE_REDUCE_MOTION", .reduceMotion), ("NEARBY_VOICE_REDUCE_TRANSPARENCY", .reduceTransparency),
        ]
        for (variable, setting) in variables {
            guard let value = environment[variable], !value.isEmpty else { continue }
            guard let on = Setting.bool(value) else {
                throw Failure(.usage, "\(variable) takes 1 or 0; not \(value).")
            }
            try set(.setting(setting), on ? "on" : "off")
        }
    }

    public static let usage = """
        nearby-voice: the Nearby screen of a map with a bottom sheet, spoken.

        Usage:
          nearby-voice [OPTIONS]                  interactive session (commands from stdin when it is not a terminal)
          nearby-voice --script FILE [OPTIONS]    run the commands in FILE, then exit
          nearby-voice test [--record] [--junit FILE] [--jobs N] PATH...
                                          run scripted announcement tests (.nvtest files)

        Places and position:
          --places FILE          places from GeoJSON, CSV or a JSON array (default: built-in Lisbon)
          --at LAT,LON           where you stand (default 38.7115,-9.139)
          --heading DEG          the way you face; directions become ahead, to the left...
          --units metric|imperial
          --walk-speed M_PER_S   default 1.4
          --close-up METRES      how far above a chosen place the camera stops (default 1500)
          --screen-height PT     screen height for drag (default 844)
          --dismissible          a drag below half the lowest detent dismisses the sheet

        Speech and output:
          --speech auto|on|off   auto speaks when an audio device works (default auto)
          --voice NAME --rate WPM --pitch 0-100 --volume 0-200
          --punctuation none|some|all   --capitals none|sound|spell|pitch
          --earcons on|off       short sounds for snaps, ends, no results and errors (default on)
          --pace speech|none     scripts wait for each answer's speech (default speech)
          --wav FILE             everything spoken, as one WAV file
          --transcript FILE|-    what was announced (- is standard output)
          --format text|jsonl    transcript format (default text)

        Accessibility:
          --reduce-motion        the camera jumps; nothing flies, slides or scales
          --reduce-transparency  the sheet is opaque; nothing of the map behind is said or drawn
          --verbosity terse|normal|verbose

        At a terminal:
          --key-echo none|words|letters  speak each letter or word typed (default none)
          --typing-pause MS      pause after which a find being typed is counted (default 300, 0 never)
          --keys-stop-speech on|off  any key silences speech (default on)

          --help, --version

        Every option can also be a line of the config file, and every option from --places to
        --capitals is a setting: set KEY VALUE in a session.

        Exit codes: 0 success, 1 a test failed, 64 bad usage, 65 malformed data file,
        66 missing file, 69 no audio device with --speech on, 74 output file cannot be written.
        Type help in a session for the commands.
        """
}
