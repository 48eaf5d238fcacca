import Foundation
import NearbyCore
import Announcer

/// Everything the command line (and the config file, and the environment) can set.
struct Options {
    enum SpeechMode: String, CaseIterable { case auto, on, off }
    enum Pace: String, CaseIterable { case speech, none }

    var settings = Settings()
    var placesPath: String?
    var scriptPath: String?
    var speech: SpeechMode = .auto
    var wavPath: String?
    var transcriptPath: String?
    var format: TranscriptFormat = .text
    var pace: Pace = .speech
    /// What is spoken of the keys typed at a terminal.
    var keyEcho: KeyEcho = .none
    /// Milliseconds without keys before a `find` line being typed is counted; 0: never.
    var typingPause = 300
    /// Whether every key press at a terminal silences speech in progress.
    var keysStopSpeech = true
    var showHelp = false
    var showVersion = false

    /// The options that take a value, and the ones that are switches.
    static let valued = [
        "places", "at", "heading", "units", "walk-speed", "speech", "voice", "rate", "pitch", "volume", "wav",
        "transcript", "format", "verbosity", "script", "close-up", "screen-height", "pace", "earcons",
        "key-echo", "typing-pause", "keys-stop-speech", "punctuation", "capitals",
    ]
    static let switches = ["reduce-motion", "reduce-transparency", "dismissible", "help", "version"]

    /// Parses arguments (after the program's name). Throws a usage failure naming the bad one.
    static func parse(_ arguments: [String], into options: inout Options) throws(Failure) {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "-h" { options.showHelp = true; continue }
            guard argument.hasPrefix("--"), argument.count > 2 else {
                throw Failure(.usage, "Unexpected argument \(argument). Options start with --; see nearby-voice --help.")
            }
            var name = String(argument.dropFirst(2)), value: String? = nil
            if let equals = name.firstIndex(of: "=") {
                value = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            if switches.contains(name) {
                if let value {
                    guard let on = Self.bool(value) else { throw Failure(.usage, "--\(name) takes no value, or on or off; not \(value).") }
                    try options.set(name, on ? "on" : "off")
                } else {
                    try options.set(name, "on")
                }
                continue
            }
            guard valued.contains(name) else {
                let nearest = (valued + switches).min { editDistance(name, $0) < editDistance(name, $1) }!
                let hint = editDistance(name, nearest) <= max(2, name.count / 3) ? " Did you mean --\(nearest)?" : ""
                throw Failure(.usage, "Unknown option --\(name).\(hint) See nearby-voice --help.")
            }
            if value == nil {
                guard index < arguments.count else { throw Failure(.usage, "--\(name) needs a value. See nearby-voice --help.") }
                value = arguments[index]
                index += 1
            }
            try options.set(name, value!)
        }
    }

    static func bool(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "on", "yes", "true", "1": true
        case "off", "no", "false", "0": false
        default: nil
        }
    }

    /// Sets one option by name, as the command line, the config file and the environment do.
    mutating func set(_ name: String, _ value: String) throws(Failure) {
        func choice<T: RawRepresentable & CaseIterable>(_ type: T.Type) throws(Failure) -> T where T.RawValue == String {
            guard let parsed = T(rawValue: value.lowercased()) else {
                throw Failure(.usage, "--\(name) takes \(T.allCases.map(\.rawValue).joined(separator: ", ")); not \(value).")
            }
            return parsed
        }
        switch name {
        case "places": placesPath = value
        case "script": scriptPath = value
        case "speech": speech = try choice(SpeechMode.self)
        case "wav": wavPath = value
        case "transcript": transcriptPath = value
        case "format": format = try choice(TranscriptFormat.self)
        case "pace": pace = try choice(Pace.self)
        case "key-echo": keyEcho = try choice(KeyEcho.self)
        case "typing-pause":
            guard let milliseconds = Int(value), (0...5000).contains(milliseconds) else {
                throw Failure(.usage, "--typing-pause takes milliseconds from 0 (never) to 5000; not \(value).")
            }
            typingPause = milliseconds
        case "keys-stop-speech":
            guard let on = Self.bool(value) else { throw Failure(.usage, "--keys-stop-speech takes on or off; not \(value).") }
            keysStopSpeech = on
        case "help": showHelp = Self.bool(value) ?? true
        case "version": showVersion = Self.bool(value) ?? true
        default:
            if let error = NearbyState.apply(name, value, to: &settings) {
                throw Failure(.usage, "--\(name): \(error)")
            }
        }
    }

    /// The reduce-motion and reduce-transparency switches of the environment.
    mutating func applyEnvironment(_ environment: [String: String]) throws(Failure) {
        for (variable, key) in [("NEARBY_VOICE_REDUCE_MOTION", "reduce-motion"), ("NEARBY_VOICE_REDUCE_TRANSPARENCY", "reduce-transparency")] {
            guard let value = environment[variable], !value.isEmpty else { continue }
            guard let on = Self.bool(value) else {
                throw Failure(.usage, "\(variable) takes 1 or 0; not \(value).")
            }
            try set(key, on ? "on" : "off")
        }
    }

    static let usage = """
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

        Exit codes: 0 success, 1 a test failed, 64 bad usage, 65 malformed data file,
        66 missing file, 69 no audio device with --speech on, 74 output file cannot be written.
        Type help in a session for the commands.
        """
}
