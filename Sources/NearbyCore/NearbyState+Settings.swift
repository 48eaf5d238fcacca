import Foundation
import PlaceData
import Words

/// `set KEY VALUE` and `settings`: every setting of `Setting`, the one table of them.
extension NearbyState {
    func settingsPhrase() -> String {
        let items = Setting.allCases.map { say("settings.item", ["key": $0.key, "value": $0.value(in: settings)]) }
        return say("settings", ["items": items.joined(separator: say("list.item-separator"))])
    }

    mutating func changeSetting(_ setting: Setting, _ value: String) -> Reaction {
        var updated = settings
        if let error = setting.apply(value, to: &updated, words) {
            return Reaction([Announcement(error, kind: .error, earcon: .error)])
        }
        var effects: [Effect] = setting.isSpeech ? [.applySpeechSettings] : []
        switch setting {
        case .places:
            guard updated.placesFile != nil else {
                // The built-in places need no file.
                let builtIn = PlaceCatalog(BuiltInPlaces.lisbon)
                return replacePlaces(
                    with: builtIn, file: nil,
                    opening: [say("places.built-in-again", ["places": placesPhrase(builtIn.count)])])
            }
            // Reading the file is the shell's: it answers with .placesLoaded or .placesFailed.
            return Reaction(effects: [.loadPlaces(path: value.trimmingCharacters(in: .whitespaces))])
        case .strings:
            guard let path = updated.stringsFile else {
                updateSettings { $0 = updated }
                words = Catalog.builtIn(settings.language)
                return Reaction([Announcement(say("strings.dropped"), kind: .settings)])
            }
            // Reading the file is the shell's: it answers with .stringsLoaded or .stringsFailed.
            return Reaction(effects: [.loadStrings(path: path, language: settings.language)])
        case .voice:
            guard let chosen = updated.chosenVoice else { break }
            guard let voices = installedVoices else {
                return Reaction(effects: [.listVoices(then: .settingChanged(setting, value: value))])
            }
            guard voices.contains(where: { $0.isNamed(chosen) }) else {
                let close = Self.closestVoices(to: chosen, in: voices).joined(separator: say("list.separator"))
                return Reaction([
                    Announcement(say("voice.unknown", ["voice": chosen, "close": close]), kind: .error, earcon: .error)
                ])
            }
        case .language:
            if updated.language != settings.language {
                words = Catalog.builtIn(updated.language)
                // A file of words is re-applied to the new language's own.
                if let path = updated.stringsFile {
                    effects.append(.loadStrings(path: path, language: updated.language))
                }
            }
        default:
            break
        }
        updateSettings { $0 = updated }
        var fields = ["name": say(setting.nameKey), "value": setting.spokenValue(in: settings, words)]
        let unit = setting == .heading && settings.heading == nil ? nil : setting.unitKey
        if let unit { fields["unit"] = say(unit) }
        let text = Self.sentence(say(unit == nil ? "setting.changed" : "setting.changed-with-unit", fields))
        return Reaction([Announcement(text, kind: .settings)], effects: effects)
    }
}

extension NearbyState {
    /// `text` with its first letter in capitals, as a sentence begins: "Heading: 90 degrees."
    static func sentence(_ text: String) -> String {
        guard let first = text.first, first.isLowercase else { return text }
        return first.uppercased() + text.dropFirst()
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

    /// `voices`: a short summary, shown as it is said; `voices all`: every language, shown and
    /// said.
    func voicesAnnouncement(all: Bool) -> Announcement {
        guard let voices = installedVoices, !voices.isEmpty else {
            return Announcement(say("voices.none"), kind: .settings)
        }
        let languages = Array(Set(voices.map(\.language))).sorted()
        let own = languages.filter { $0.hasPrefix(settings.language.voice) }
        if voices.contains(where: { $0.module != nil }) { return dispatcherVoicesAnnouncement(voices, own: own) }
        let text = say(
            "voices.summary",
            [
                "count": grouped(languages.count), "language": say("language.name"),
                "voices": own.joined(separator: say("list.separator")), "all": say("filter.all"),
            ])
        guard all else { return Announcement(text, kind: .settings) }
        return Announcement(
            say("voices.all", ["voices": languages.joined(separator: say("list.separator"))]), kind: .settings)
    }

    /// `voices` through speech-dispatcher: its output modules, each with its voices by name
    /// and language; `set voice` takes a name or a language.
    private func dispatcherVoicesAnnouncement(_ voices: [Voice], own: [String]) -> Announcement {
        var modules: [String] = []
        for voice in voices {
            if let module = voice.module, !modules.contains(module) { modules.append(module) }
        }
        let separator = say("list.separator")
        let lists = modules.map { module in
            let named = voices.filter { $0.module == module }.map {
                say("voices.dispatcher-voice", ["name": $0.name, "language": $0.language])
            }
            return say("voices.dispatcher-module", ["module": module, "voices": named.joined(separator: separator)])
        }
        let text = say(
            "voices.dispatcher-summary",
            [
                "modules": modules.joined(separator: separator), "count": grouped(voices.count),
                "language": say("language.name"), "voices": own.joined(separator: separator),
            ])
        return Announcement(
            text, kind: .settings,
            display: say("voices.dispatcher-all", ["modules": lists.joined(separator: say("list.item-separator"))]))
    }
}
