import Foundation
import PlaceData

/// `set KEY VALUE` and `settings`: every setting that makes sense while a session runs.
extension NearbyState {
    /// The setting keys `set` takes, in the order `settings` reads them.
    public static let settingKeys = [
        "at", "heading", "units", "walk-speed", "verbosity", "reduce-motion", "reduce-transparency",
        "close-up", "screen-height", "dismissible", "earcons", "voice", "rate", "pitch", "volume",
        "punctuation", "capitals", "places",
    ]

    /// The value of a setting as `settings` says it and `set` takes it.
    public func settingValue(_ key: String) -> String? {
        switch key {
        case "at": "\(settings.origin.latitude),\(settings.origin.longitude)"
        case "heading": settings.heading.map { SpokenMeasure.decimal($0) } ?? "none"
        case "units": settings.units.rawValue
        case "walk-speed": SpokenMeasure.decimal(settings.walkSpeed)
        case "verbosity": settings.verbosity.rawValue
        case "reduce-motion": settings.reduceMotion ? "on" : "off"
        case "reduce-transparency": settings.reduceTransparency ? "on" : "off"
        case "close-up": SpokenMeasure.decimal(settings.closeUpDistance)
        case "screen-height": SpokenMeasure.decimal(settings.screenHeight)
        case "dismissible": settings.dismissible ? "on" : "off"
        case "earcons": settings.earcons ? "on" : "off"
        case "voice": settings.voice
        case "rate": String(settings.rate)
        case "pitch": String(settings.pitch)
        case "volume": String(settings.volume)
        case "punctuation": settings.punctuation.rawValue
        case "capitals": settings.capitals.rawValue
        case "places": "\(catalog.count)"
        default: nil
        }
    }

    func settingsPhrase() -> String {
        "Settings: " + Self.settingKeys.map { "\($0) \(settingValue($0) ?? "")" }.joined(separator: "; ") + "."
    }

    /// Applies one setting; the error, when the key or value is wrong, names what is valid.
    public static func apply(_ key: String, _ value: String, to settings: inout Settings) -> String? {
        func number(_ range: ClosedRange<Double>, _ what: String) -> Double? {
            guard let parsed = Double(value), parsed.isFinite, range.contains(parsed) else { return nil }
            return parsed
        }
        func bool() -> Bool? {
            switch value.lowercased() {
            case "on", "yes", "true", "1": true
            case "off", "no", "false", "0": false
            default: nil
            }
        }
        func rangeError(_ range: ClosedRange<Double>) -> String {
            "\(key) takes a number from \(SpokenMeasure.decimal(range.lowerBound)) to \(SpokenMeasure.decimal(range.upperBound)), not \(value)."
        }
        switch key {
        case "at":
            guard let point = Coordinate(parsing: value) else {
                return "at takes a latitude and longitude, like 38.7115,-9.139, not \(value)."
            }
            settings.origin = point
        case "heading":
            if ["none", "off"].contains(value.lowercased()) {
                settings.heading = nil
            } else {
                guard let degrees = number(0...360, key) else { return rangeError(0...360) + " Or none." }
                settings.heading = degrees.truncatingRemainder(dividingBy: 360)
            }
        case "units":
            guard let units = Settings.Units(rawValue: value.lowercased()) else { return "units takes metric or imperial, not \(value)." }
            settings.units = units
        case "walk-speed":
            guard let speed = number(0.1...10, key) else { return rangeError(0.1...10) }
            settings.walkSpeed = speed
        case "verbosity":
            guard let verbosity = Settings.Verbosity(rawValue: value.lowercased()) else {
                return "verbosity takes terse, normal or verbose, not \(value)."
            }
            settings.verbosity = verbosity
        case "reduce-motion", "reduce-transparency", "dismissible", "earcons":
            guard let on = bool() else { return "\(key) takes on or off, not \(value)." }
            switch key {
            case "reduce-motion": settings.reduceMotion = on
            case "reduce-transparency": settings.reduceTransparency = on
            case "earcons": settings.earcons = on
            default: settings.dismissible = on
            }
        case "close-up":
            guard let metres = number(10...1_000_000, key) else { return rangeError(10...1_000_000) }
            settings.closeUpDistance = metres
        case "screen-height":
            guard let points = number(200...4000, key) else { return rangeError(200...4000) }
            settings.screenHeight = points
        case "voice":
            guard !value.isEmpty, value.count <= 64,
                value.allSatisfy({ $0.isLetter || $0.isNumber || "-_+.()/".contains($0) })
            else { return "voice takes a voice name such as en or en-us, not \(value). Type voices to hear them." }
            settings.voice = value
        case "punctuation":
            guard let level = PunctuationLevel(rawValue: value.lowercased()) else {
                return "punctuation takes none, some or all, not \(value)."
            }
            settings.punctuation = level
        case "capitals":
            guard let level = CapitalsLevel(rawValue: value.lowercased()) else {
                return "capitals takes none, sound, spell or pitch, not \(value)."
            }
            settings.capitals = level
        case "rate":
            guard let wpm = number(80...450, key) else { return rangeError(80...450) }
            settings.rate = Int(wpm)
        case "pitch":
            guard let pitch = number(0...100, key) else { return rangeError(0...100) }
            settings.pitch = Int(pitch)
        case "volume":
            guard let volume = number(0...200, key) else { return rangeError(0...200) }
            settings.volume = Int(volume)
        case "places":
            return "set places takes a file, and the program reads it: type set places FILE."
        default:
            let nearest = settingKeys.min { editDistance(key, $0) < editDistance(key, $1) } ?? "units"
            let hint = editDistance(key, nearest) <= max(1, key.count / 3) ? " Did you mean \(nearest)?" : ""
            return "No setting called \(key).\(hint) Type settings to hear them all."
        }
        return nil
    }

    mutating func changeSetting(_ key: String, _ value: String) -> [Announcement] {
        var updated = settings
        if let error = Self.apply(key, value, to: &updated) {
            return [Announcement(error, kind: .error, earcon: .error)]
        }
        if key == "voice", let voices = installedVoices, !voices.contains(where: { $0.isNamed(value) }) {
            return [Announcement("No voice called \(value). Close ones: \(Self.closestVoices(to: value, in: voices).joined(separator: ", ")). Type voices to hear them all.", kind: .error, earcon: .error)]
        }
        updateSettings { $0 = updated }
        let unit = ["heading": " degrees", "walk-speed": " metres a second", "close-up": " metres", "screen-height": " points",
            "rate": " words a minute"][key].flatMap { key == "heading" && settings.heading == nil ? nil : $0 } ?? ""
        return [Announcement("\(key) is now \(settingValue(key) ?? value)\(unit).", kind: .settings)]
    }
}

/// The voices: `voices` lists them, `set voice` takes one of them.
extension NearbyState {
    /// The languages of the voices nearest to `name` (same language first, then by spelling),
    /// at most `count`; when none is near, the most used languages that are installed.
    public static func closestVoices(to name: String, in voices: [Voice], count: Int = 5) -> [String] {
        let wanted = name.lowercased()
        let languages = Array(Set(voices.map(\.language))).sorted()
        func score(_ language: String) -> Int {
            let sameLanguage = wanted.count >= 2 && language.hasPrefix(wanted.prefix(2))
            return (sameLanguage ? 0 : 100) + editDistance(language, wanted)
        }
        let near = languages.filter { score($0) <= max(2, wanted.count / 2) || score($0) < 100 }
        guard !near.isEmpty else { return ["en", "en-us", "de", "es", "fr"].filter(languages.contains) }
        return Array(near.sorted { (score($0), $0) < (score($1), $1) }.prefix(count))
    }

    /// `voices`: a short spoken summary; the whole list is shown.
    func voicesAnnouncement() -> Announcement {
        guard let voices = installedVoices, !voices.isEmpty else {
            return Announcement("No voices are installed.", kind: .settings)
        }
        let languages = Array(Set(voices.map(\.language))).sorted()
        let english = languages.filter { $0.hasPrefix("en") }
        let text = "\(languages.count) voices, by language. English: \(english.joined(separator: ", ")). The whole list is shown. Type set voice and a language, such as set voice en-us."
        return Announcement(text, kind: .settings, display: "Voices: " + languages.joined(separator: ", ") + ".")
    }
}
