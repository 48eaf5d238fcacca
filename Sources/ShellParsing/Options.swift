import Foundation
import NearbyCore
import PlaceData
import TextFormats
import Words

/// Everything the command line (and the config file, and the environment) can set: the
/// settings of the session, and how the program runs.
public struct Options: Sendable {
    public enum SpeechMode: String, CaseIterable, Sendable { case auto, on, off }
    public enum Pace: String, CaseIterable, Sendable { case speech, none }

    public var settings = Settings()
    /// The settings given (on the command line, in the config file): speech-dispatcher is sent
    /// only these, its own configuration standing for the rest.
    public var chosenSettings: Set<Setting> = []
    /// `--places`: the places file, or nil for the built-in places (a setting too).
    public var placesPath: String? {
        get { settings.placesFile }
        set { settings.placesFile = newValue }
    }
    public var scriptPath: String?
    /// `--encoding`: how the bytes of the places file and the script are read.
    public var encoding: TextEncoding = .utf8
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
    /// `--tasks`: a usability study's tasks file.
    public var tasksPath: String?
    /// `--log`: the session's timed log (JSON Lines), created mode 0600.
    public var logPath: String?
    /// `--clock`: the local date and time "open now" is said against, fixed for the session (for
    /// scripts and tests); nil, the system's clock at each command (`usesSystemClock`).
    public var clock: LocalTime?
    /// Whether, without `--clock`, the system's clock is read: a test run reads none, so that
    /// its transcript does not depend on the day (nothing is then said of "open now").
    public var usesSystemClock = true
    public var showHelp = false
    public var showVersion = false
    /// Where a relative file that a command names (`set places`, `set strings`) is found: a
    /// test's own folder under `nearby-voice test`; nil, the current folder.
    public var filesFolder: String?
    /// `--at` with words rather than a latitude and longitude: a place's name or address, found
    /// once the places are loaded, or `gpsd[:HOST:PORT]` (docs/position.md).
    public var atWords: String?
    /// `--route`: a GPX file to walk.
    public var routePath: String?
    /// `--route-speed`: how many times faster than its own times (or the walking speed) the
    /// route is walked.
    public var routeSpeed = 1.0
    /// Whether `--route-speed` was given: street preview's steps then take their walking time,
    /// sped up as a route is (docs/preview.md); without it a step is instant.
    public var pacesPreview = false
    /// Whether a walked route waits for the end of the input before it starts (the `test`
    /// command's way: its callouts then come after the last command, the same every run).
    public var routeAfterInput = false

    public init() {}

    /// Where to open `file`, a command named it: in `filesFolder` when it is relative.
    public func located(_ file: String) -> String {
        guard let filesFolder, !file.hasPrefix("/") else { return file }
        return filesFolder.isEmpty || filesFolder.hasSuffix("/") ? filesFolder + file : filesFolder + "/" + file
    }

    /// The words of errors and `--help`: the built-in catalog of the language chosen so far.
    public var words: Catalog { Catalog.builtIn(settings.language) }

    /// Parses arguments (after the program's name). Throws a usage failure naming the bad one.
    public static func parse(_ arguments: [String], into options: inout Options) throws(Failure) {
        // The words of the language chosen so far: `--language es --bogus` is refused in Spanish.
        var words = options.words
        let scanner = ArgumentScanner(
            options: Option.allCases, switchesTakeNextWord: true,
            unknown: { name, nearest in
                Failure(
                    .usage,
                    words.text(
                        nearest.map { .optionUnknownDidYouMean(name: name, suggestion: $0) }
                            ?? .optionUnknown(name: name)))
            },
            needsValue: { name in Failure(.usage, words.text(.optionNeedsValue(name: name))) })
        try scanner.scan(arguments) { (argument) throws(Failure) in
            switch argument {
            case .option(let option, let value):
                try options.set(option, value)
                words = options.words
            case .operand(let operand):
                throw Failure(.usage, words.text(.optionUnexpectedArgument(argument: operand)))
            }
        }
    }

    /// Sets one option, as the command line and the environment do: a bad value is a usage
    /// failure that names the option.
    public mutating func set(_ option: Option, _ value: String) throws(Failure) {
        guard let problem = apply(option, value) else { return }
        if case .setting(let setting) = option {
            throw Failure(.usage, words.text(.optionSettingRefused(name: setting.key, problem: problem)))
        }
        throw Failure(.usage, problem)
    }

    /// Applies one option; what is wrong, in words, when the value is.
    public mutating func apply(_ option: Option, _ value: String) -> String? {
        guard case .program(let program) = option else {
            guard case .setting(let setting) = option else { return nil }
            if setting == .at {
                // A place's name or address, or gpsd: kept as words until the places are loaded.
                let trimmed = value.trimmingCharacters(in: .whitespaces)
                // Two numbers (a point out of range too) are a latitude and longitude, refused as such.
                atWords = trimmed.isEmpty || Coordinate.isWrittenAsPoint(trimmed) ? nil : trimmed
                if atWords != nil {
                    chosenSettings.insert(setting)
                    return nil
                }
            }
            let problem = setting.apply(value, to: &settings, words)
            if problem == nil { chosenSettings.insert(setting) }
            return problem
        }
        // The catalog is read only for a refusal: `--version` and `--help` never parse one.
        let language = settings.language
        var refusal: String {
            let words = Catalog.builtIn(language)
            return words.text(.optionRefused(name: program.rawValue, expected: program.expected(words), value: value))
        }
        func choice<T: RawRepresentable & CaseIterable>(_ type: T.Type) -> T? where T.RawValue == String {
            T(rawValue: value.lowercased())
        }
        switch program {
        case .script: scriptPath = value
        case .route: routePath = value
        case .routeSpeed:
            guard let factor = Double(value), factor.isFinite, (0.1...10_000).contains(factor) else { return refusal }
            routeSpeed = factor
            pacesPreview = true
        case .encoding:
            guard let encoding = choice(TextEncoding.self) else { return refusal }
            self.encoding = encoding
        case .speech:
            guard let mode = choice(SpeechMode.self) else { return refusal }
            speech = mode
        case .wav: wavPath = value
        case .transcript: transcriptPath = value
        case .tasks: tasksPath = value
        case .log: logPath = value
        case .clock:
            guard let time = LocalTime(parsing: value) else { return refusal }
            clock = time
        case .format:
            guard let format = choice(TranscriptFormat.self) else { return refusal }
            self.format = format
        case .pace:
            guard let pace = choice(Pace.self) else { return refusal }
            self.pace = pace
        case .keyEcho:
            guard let echo = choice(KeyEcho.self) else { return refusal }
            keyEcho = echo
        case .typingPause:
            guard let milliseconds = Int(value), value.allSatisfy(\.isNumber), (0...5000).contains(milliseconds)
            else { return refusal }
            typingPause = milliseconds
        case .keysStopSpeech, .help, .version:
            guard let on = Setting.bool(value) else { return refusal }
            switch program {
            case .keysStopSpeech: keysStopSpeech = on
            case .help: showHelp = on
            default: showVersion = on
            }
        }
        return nil
    }

    /// The reduce-motion and reduce-transparency switches of the environment.
    public mutating func applyEnvironment(_ environment: [String: String]) throws(Failure) {
        let variables: [(String, Setting)] = [
            ("NEARBY_VOICE_REDUCE_MOTION", .reduceMotion), ("NEARBY_VOICE_REDUCE_TRANSPARENCY", .reduceTransparency),
        ]
        for (variable, setting) in variables {
            guard let value = environment[variable], !value.isEmpty else { continue }
            guard let on = Setting.bool(value) else {
                throw Failure(.usage, words.text(.optionEnvironmentRefused(variable: variable, value: value)))
            }
            try set(.setting(setting), on ? "on" : "off")
        }
    }
}
