import Foundation
import PlaceData
import Words

/// A setting of the session, as one typed table: its key, the values it takes, how its value is
/// said, and its unit. `set`, `settings`, Tab completion, the command-line options, the config
/// file and the README check all read this table; a `switch` over it has no `default:`, so a
/// setting added here and forgotten elsewhere is a compile error.
public enum Setting: String, CaseIterable, Sendable {
    // The order is the order `settings` reads them in.
    case at, radius, heading, directions, units
    case walkSpeed = "walk-speed"
    case verbosity
    case reduceMotion = "reduce-motion"
    case reduceTransparency = "reduce-transparency"
    case visuals
    case closeUp = "close-up"
    case screenHeight = "screen-height"
    case dismissible, earcons, language, voice, rate, pitch, volume, punctuation, capitals, strings, places
    case speechBackend = "speech-backend"
    // ---- spatial25: where things are heard ----
    case spatial, beacon
    case beaconWidth = "beacon-width"
    // Walking (docs/position.md). What walking routes keep off: `steps`, or `nothing`
    // (docs/preview.md); first, so that `--help` keeps its walking options in three lines.
    case avoid
    case callouts
    case calloutDistance = "callout-distance"
    case calloutRepeat = "callout-repeat"
    case intersectionDistance = "intersection-distance"
    // ---- screen28: the seeds' two screens, and the keyboard ----
    case screen
    case keyboardHeight = "keyboard-height"

    /// The word `set` takes, and the long option without its dashes.
    public var key: String { rawValue }

    /// The setting a typed key names, whatever its case.
    public init?(key: String) {
        self.init(rawValue: key.lowercased())
    }

    /// The setting whose key is nearest to `key`, when one is near enough to be what was meant.
    public static func nearest(to key: String) -> Setting? {
        DidYouMean.nearest(to: key.lowercased(), among: allCases) { [$0.key] }
    }

    /// The values it takes when they are few (Tab offers them, errors name them); nil when the
    /// value is a number, a point, a name or a file.
    public var choices: [String]? {
        switch self {
        case .units: Settings.Units.allCases.map(\.rawValue)
        case .directions: Settings.Directions.allCases.map(\.rawValue)
        case .verbosity: Settings.Verbosity.allCases.map(\.rawValue)
        case .punctuation: PunctuationLevel.allCases.map(\.rawValue)
        case .capitals: CapitalsLevel.allCases.map(\.rawValue)
        case .reduceMotion, .reduceTransparency, .visuals, .dismissible, .earcons: ["on", "off"]
        case .callouts: ["on", "off", CalloutCategory.all] + CalloutCategory.allCases.map(\.rawValue)
        case .avoid: ["nothing", "steps"]
        case .language: Language.allCases.map(\.code)
        case .speechBackend: SpeechBackend.allCases.map(\.rawValue)
        case .spatial: Settings.Spatial.allCases.map(\.rawValue)
        case .beacon: ["on", "off"]
        case .beaconWidth: nil
        case .screen: Settings.Screen.allCases.map(\.rawValue)
        case .keyboardHeight: nil
        case .at, .radius, .heading, .walkSpeed, .closeUp, .screenHeight, .voice, .rate, .pitch, .volume, .strings,
            .places, .calloutDistance, .calloutRepeat, .intersectionDistance:
            nil
        }
    }

    /// Whether it is on or off: a command-line switch that may be given without a value.
    public var isSwitch: Bool { choices == ["on", "off"] }

    /// The range of a numeric setting.
    public var range: ClosedRange<Double>? {
        switch self {
        case .heading: 0...360
        case .radius: 10...100_000
        case .walkSpeed: 0.1...10
        case .closeUp: 10...1_000_000
        case .screenHeight: 200...4000
        case .rate: 80...450
        case .pitch: 0...100
        case .volume: 0...200
        case .beaconWidth: 5...20
        case .calloutDistance: 5...500
        case .calloutRepeat: 0...1440
        case .intersectionDistance: 5...200
        case .keyboardHeight: 0...1000
        case .spatial, .beacon, .callouts, .at, .units, .verbosity, .reduceMotion, .reduceTransparency, .visuals,
            .dismissible, .earcons, .voice,
            .punctuation, .capitals, .places, .language, .strings, .directions, .speechBackend, .screen, .avoid:
            nil
        }
    }

    /// The unit said after its value ("Heading: 90 degrees"), if it has one: a catalog key.
    public var unitKey: Key? {
        switch self {
        case .radius, .heading, .walkSpeed, .closeUp, .screenHeight, .rate, .beaconWidth, .calloutDistance,
            .calloutRepeat, .intersectionDistance, .keyboardHeight:
            Key(family: "setting", key, "unit")
        case .spatial, .beacon, .callouts, .at, .units, .verbosity, .reduceMotion, .reduceTransparency, .visuals,
            .dismissible, .earcons, .voice,
            .pitch,
            .volume, .punctuation, .capitals, .places, .language, .strings, .directions, .speechBackend, .screen,
            .avoid:
            nil
        }
    }

    /// What the value is, as errors say it: "metric or imperial".
    public func expected(_ words: Catalog) -> String {
        if let choices, self != .callouts { return Self.either(choices, words) }
        switch self {
        case .at, .heading, .voice, .places, .strings: return words.text(Key(family: "setting", key, "expected"))
        case .callouts: return CalloutCategory.expected(words)
        case .radius, .walkSpeed, .closeUp, .screenHeight, .rate, .pitch, .volume, .beaconWidth, .calloutDistance,
            .calloutRepeat, .intersectionDistance, .keyboardHeight:
            let range = range ?? 0...0
            return words.text(
                .settingExpectedRange(low: Self.plain(range.lowerBound), high: Self.plain(range.upperBound)))
        case .units, .verbosity, .reduceMotion, .reduceTransparency, .visuals, .dismissible, .earcons, .punctuation,
            .capitals,
            .language, .directions, .speechBackend, .spatial, .beacon, .screen, .avoid:
            return ""
        }
    }

    /// Whether a change to it changes how speech sounds: the shell then re-applies the voice.
    public var isSpeech: Bool {
        switch self {
        case .voice, .rate, .pitch, .volume, .punctuation, .capitals, .earcons, .reduceMotion, .language,
            .speechBackend, .spatial, .beacon, .beaconWidth:
            true
        case .at, .radius, .heading, .units, .walkSpeed, .verbosity, .reduceTransparency, .visuals, .closeUp,
            .screenHeight, .dismissible, .places, .strings, .directions, .callouts, .calloutDistance, .calloutRepeat,
            .intersectionDistance,
            .screen, .keyboardHeight, .avoid:
            false
        }
    }

    /// The value as `settings` says it and `set` takes it back: `set close-up 1500`, never
    /// "1,500".
    public func value(in settings: Settings) -> String {
        switch self {
        case .at: "\(settings.origin.latitude),\(settings.origin.longitude)"
        case .radius: Self.plain(settings.radius)
        case .heading: settings.heading.map { Self.plain($0) } ?? "none"
        case .units: settings.units.rawValue
        case .directions: settings.directions.rawValue
        case .walkSpeed: Self.plain(settings.walkSpeed)
        case .verbosity: settings.verbosity.rawValue
        case .reduceMotion: Self.onOff(settings.reduceMotion)
        case .reduceTransparency: Self.onOff(settings.reduceTransparency)
        case .visuals: Self.onOff(settings.visuals)
        case .closeUp: Self.plain(settings.closeUpDistance)
        case .screenHeight: Self.plain(settings.screenHeight)
        case .dismissible: Self.onOff(settings.dismissible)
        case .earcons: Self.onOff(settings.earcons)
        case .voice: settings.chosenVoice ?? Self.automatic
        case .rate: String(settings.rate)
        case .pitch: String(settings.pitch)
        case .volume: String(settings.volume)
        case .punctuation: settings.punctuation.rawValue
        case .capitals: settings.capitals.rawValue
        case .places: settings.placesFile ?? Self.builtInPlaces
        case .language: settings.language.code
        case .strings: settings.stringsFile ?? Self.noStrings
        case .speechBackend: settings.speechBackend.rawValue
        case .spatial: settings.spatial.rawValue
        case .beacon: Self.onOff(settings.beacon)
        case .beaconWidth: Self.plain(settings.beaconWidth)
        case .callouts: CalloutCategory.value(settings.callouts)
        case .calloutDistance: Self.plain(settings.calloutDistance)
        case .calloutRepeat: Self.plain(settings.calloutRepeat)
        case .intersectionDistance: Self.plain(settings.intersectionDistance)
        case .screen: settings.screen.rawValue
        case .keyboardHeight: Self.plain(settings.keyboardHeight)
        case .avoid: settings.avoidSteps ? "steps" : "nothing"
        }
    }

    /// The key of the setting's name as an answer says it: "Reduce motion", "Reducir movimiento".
    public var nameKey: Key { Key(family: "setting", key, "name") }

    /// The value as an answer says it, in `words`: a choice or a switch in the listener's
    /// language ("imperiais", "activada"); the position as `where exact` says it ("38.7115
    /// north, 9.139 west"); numbers, voices and files as they are (going back to the built-in
    /// places or words has answers of its own); the language by its own name, from `words`
    /// (which, after `set language`, are already the new language's).
    public func spokenValue(in settings: Settings, _ words: Catalog) -> String {
        let token = value(in: settings)
        switch self {
        case .callouts where !settings.callouts.isEmpty && token != CalloutCategory.all:
            return CalloutCategory.spoken(settings.callouts, words)
        case .reduceMotion, .reduceTransparency, .visuals, .dismissible, .earcons, .beacon, .callouts:
            // Each switch has its own on and off words, which agree with its name ("Baliza
            // sonora: desactivada", "Avisos de paso: activados"); the shared ones serve a
            // switch without them.
            let own = Key(family: "setting", key, token)
            return words.text(words.has(own) ? own : Key(family: "setting", "value", token))
        case .units, .directions, .verbosity, .punctuation, .capitals, .spatial, .screen, .avoid:
            return words.text(Key(family: "setting", key, token))
        case .heading where settings.heading == nil, .voice where settings.chosenVoice == nil,
            .strings where settings.stringsFile == nil, .places where settings.placesFile == nil:
            return words.text(Key(family: "setting", key, token))
        case .walkSpeed:
            return SpokenMeasure.decimal(settings.walkSpeed, words)
        case .language:
            return words.text(.languageName)
        case .at:
            return SpokenMeasure.coordinate(settings.origin, words)
        case .radius, .heading, .closeUp, .screenHeight, .voice, .rate, .pitch, .volume, .strings,
            .places, .speechBackend, .beaconWidth, .calloutDistance, .calloutRepeat, .intersectionDistance,
            .keyboardHeight:
            return token
        }
    }

    /// What `places` says for the built-in places, and takes to go back to them.
    public static let builtInPlaces = "built-in"
    /// What `voice` says when the voice follows the language, and takes to follow it again.
    public static let automatic = "auto"
    /// What `strings` says when no file overrides the words, and takes to drop one.
    public static let noStrings = "none"

    /// Applies `text` to `settings`; the error, when the value is wrong, says in `words` what
    /// it takes. `places` and `strings` only record the file's name: reading it is the shell's.
    public func apply(_ text: String, to settings: inout Settings, _ words: Catalog) -> String? {
        let value = text.trimmingCharacters(in: .whitespaces)
        let refusal = words.text(.settingRefused(key: key, expected: expected(words), value: value))
        func number() -> Double? {
            guard let parsed = Command.decimalNumber(value), let range, range.contains(parsed) else { return nil }
            return parsed
        }
        func choice<T: RawRepresentable>(_ type: T.Type) -> T? where T.RawValue == String {
            T(rawValue: value.lowercased())
        }
        func flag() -> Bool? { Self.bool(value) }
        switch self {
        case .at:
            guard let point = Coordinate(parsing: value) else { return refusal }
            settings.origin = point
        case .radius:
            guard let metres = number() else { return refusal }
            settings.radius = metres
        case .heading:
            if ["none", "off"].contains(value.lowercased()) {
                settings.heading = nil
                settings.headingLocked = false
            } else if value.lowercased() == "lock" {
                // The heading now, kept while walking: there must be one.
                guard settings.heading != nil else { return refusal }
                settings.headingLocked = true
            } else {
                guard let degrees = number() else { return refusal }
                settings.heading = degrees.truncatingRemainder(dividingBy: 360)
                settings.headingLocked = false
            }
        case .units:
            guard let units = choice(Settings.Units.self) else { return refusal }
            settings.units = units
        case .directions:
            guard let directions = choice(Settings.Directions.self) else { return refusal }
            settings.directions = directions
        case .walkSpeed:
            guard let speed = number() else { return refusal }
            settings.walkSpeed = speed
        case .verbosity:
            guard let verbosity = choice(Settings.Verbosity.self) else { return refusal }
            settings.verbosity = verbosity
        case .reduceMotion:
            guard let on = flag() else { return refusal }
            settings.reduceMotion = on
        case .reduceTransparency:
            guard let on = flag() else { return refusal }
            settings.reduceTransparency = on
        case .visuals:
            guard let on = flag() else { return refusal }
            settings.visuals = on
        case .dismissible:
            guard let on = flag() else { return refusal }
            settings.dismissible = on
        case .earcons:
            guard let on = flag() else { return refusal }
            settings.earcons = on
        case .closeUp:
            guard let metres = number() else { return refusal }
            settings.closeUpDistance = metres
        case .screenHeight:
            guard let points = number() else { return refusal }
            settings.screenHeight = points
        case .voice:
            guard !value.isEmpty, value.count <= 64,
                value.allSatisfy({ $0.isLetter || $0.isNumber || "-_+.()/".contains($0) })
            else {
                return words.text(.settingRefusedVoice(expected: expected(words), value: value))
            }
            settings.chosenVoice = value.lowercased() == Self.automatic ? nil : value
        case .rate:
            guard let wpm = number() else { return refusal }
            settings.rate = Int(wpm)
        case .pitch:
            guard let pitch = number() else { return refusal }
            settings.pitch = Int(pitch)
        case .volume:
            guard let volume = number() else { return refusal }
            settings.volume = Int(volume)
        case .punctuation:
            guard let level = choice(PunctuationLevel.self) else { return refusal }
            settings.punctuation = level
        case .capitals:
            guard let level = choice(CapitalsLevel.self) else { return refusal }
            settings.capitals = level
        case .places:
            guard !value.isEmpty else { return refusal }
            settings.placesFile = value == Self.builtInPlaces ? nil : value
        case .language:
            guard let language = Language(code: value),
                Language.allCases.map(\.code).contains(where: {
                    $0.lowercased() == value.lowercased()
                })
            else { return refusal }
            settings.language = language
        case .strings:
            guard !value.isEmpty else { return refusal }
            settings.stringsFile = value == Self.noStrings ? nil : value
        case .speechBackend:
            guard let backend = choice(SpeechBackend.self) else { return refusal }
            settings.speechBackend = backend
        case .spatial:
            guard let spatial = choice(Settings.Spatial.self) else { return refusal }
            settings.spatial = spatial
        case .beacon:
            guard let on = flag() else { return refusal }
            settings.beacon = on
        case .beaconWidth:
            guard let degrees = number() else { return refusal }
            settings.beaconWidth = degrees
        case .callouts:
            guard let categories = CalloutCategory.parse(value) else { return refusal }
            settings.callouts = categories
        case .calloutDistance:
            guard let metres = number() else { return refusal }
            settings.calloutDistance = metres
        case .calloutRepeat:
            guard let minutes = number() else { return refusal }
            settings.calloutRepeat = minutes
        case .intersectionDistance:
            guard let metres = number() else { return refusal }
            settings.intersectionDistance = metres
        case .screen:
            guard let screen = choice(Settings.Screen.self) else { return refusal }
            settings.screen = screen
        case .keyboardHeight:
            guard let points = number() else { return refusal }
            settings.keyboardHeight = points
        case .avoid:
            guard ["nothing", "steps"].contains(value.lowercased()) else { return refusal }
            settings.avoidSteps = value.lowercased() == "steps"
        }
        return nil
    }

    /// On and off as settings take them: on, yes, true, 1; off, no, false, 0.
    public static func bool(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "on", "yes", "true", "1": true
        case "off", "no", "false", "0": false
        default: nil
        }
    }

    static func onOff(_ value: Bool) -> String { value ? "on" : "off" }

    /// A number as a setting's value: at most two decimals, no thousands separator ("1500",
    /// "1.4"), so that what `settings` says, `set` takes back.
    public static func plain(_ value: Double) -> String {
        let hundredths = (value * 100).rounded()
        guard hundredths.magnitude < 1e15 else { return String(value) }
        let whole = Int(hundredths) / 100
        let fraction = abs(Int(hundredths) % 100)
        let sign = hundredths < 0 && whole == 0 ? "-" : ""
        if fraction == 0 { return "\(sign)\(whole)" }
        let digits = fraction % 10 == 0 ? "\(fraction / 10)" : (fraction < 10 ? "0\(fraction)" : "\(fraction)")
        return "\(sign)\(whole).\(digits)"
    }

    /// "a or b", "a, b or c", in the catalog's words.
    static func either(_ items: [String], _ words: Catalog) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return words.text(
            .listOr(items: items.dropLast().joined(separator: words.text(.listSeparator)), last: items.last!))
    }
}
