import Foundation
import PlaceData

/// `set KEY VALUE` and `settings`: every setting of `Setting`, the one table of them.
extension NearbyState {
    func settingsPhrase() -> String {
        "Settings: " + Setting.allCases.map { "\($0.key) \($0.value(in: settings))" }.joined(separator: "; ") + "."
    }

    mutating func changeSetting(_ setting: Setting, _ value: String) -> Reaction {
        var updated = settings
        if let error = setting.apply(value, to: &updated) {
            return Reaction([Announcement(error, kind: .error, earcon: .error)])
        }
        switch setting {
        case .places:
            // Reading the file is the shell's: it answers with .placesLoaded or .placesFailed.
            return Reaction(effects: [.loadPlaces(path: value.trimmingCharacters(in: .whitespaces))])
        case .voice:
            guard let voices = installedVoices else {
                return Reaction(effects: [.listVoices(then: .settingChanged(setting, value: value))])
            }
            guard voices.contains(where: { $0.isNamed(updated.voice) }) else {
                let close = Self.closestVoices(to: updated.voice, in: voices).joined(separator: ", ")
                return Reaction([
                    Announcement(
                        "No voice called \(updated.voice). Close ones: \(close). Type voices to hear them all.",
                        kind: .error, earcon: .error)
                ])
            }
        default:
            break
        }
        updateSettings { $0 = updated }
        let unit = setting == .heading && settings.heading == nil ? nil : setting.unit
        let text = "\(setting.key) is now \(setting.value(in: settings))\(unit.map { " \($0)" } ?? "")."
        return Reaction(
            [Announcement(text, kind: .settings)], effects: setting.isSpeech ? [.applySpeechSettings] : [])
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
