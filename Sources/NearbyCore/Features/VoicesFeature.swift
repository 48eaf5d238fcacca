import Words

/// The voices: `voices` lists them, `set voice` takes one of them. The shell lists the
/// synthesiser's voices once (`Effect.listVoices`) and reports them (`.voicesInstalled`).
extension NearbyState {
    /// `voices` or `voices all`: answered once the voices are known; until then the shell is
    /// asked to list them, and to reduce this command again.
    func voicesRequested(all: Bool) -> Reaction {
        guard installedVoices != nil else { return Reaction(effects: [.listVoices(then: .voicesRequested(all: all))]) }
        return Reaction([voicesAnnouncement(all: all)])
    }

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
            return Announcement(say(.voicesNone), kind: .settings)
        }
        let languages = Array(Set(voices.map(\.language))).sorted()
        let own = languages.filter { $0.hasPrefix(settings.language.voice) }
        if voices.contains(where: { $0.module != nil }) { return dispatcherVoicesAnnouncement(voices, own: own) }
        let text = say(
            .voicesSummary(
                count: grouped(languages.count), language: say(.languageName),
                voices: own.joined(separator: say(.listSeparator)), all: say(.filterAll)))
        guard all else { return Announcement(text, kind: .settings) }
        return Announcement(
            say(.voicesAll(voices: languages.joined(separator: say(.listSeparator)))), kind: .settings)
    }

    /// `voices` through speech-dispatcher: its output modules, each with its voices by name
    /// and language; `set voice` takes a name or a language.
    private func dispatcherVoicesAnnouncement(_ voices: [Voice], own: [String]) -> Announcement {
        var modules: [String] = []
        for voice in voices {
            if let module = voice.module, !modules.contains(module) { modules.append(module) }
        }
        let separator = say(.listSeparator)
        let lists = modules.map { module in
            let named = voices.filter { $0.module == module }.map {
                say(.voicesDispatcherVoice(name: $0.name, language: $0.language))
            }
            return say(.voicesDispatcherModule(module: module, voices: named.joined(separator: separator)))
        }
        let text = say(
            .voicesDispatcherSummary(
                modules: modules.joined(separator: separator), count: grouped(voices.count),
                language: say(.languageName), voices: own.joined(separator: separator)))
        return Announcement(
            text, kind: .settings,
            display: say(.voicesDispatcherAll(modules: lists.joined(separator: say(.listItemSeparator)))))
    }
}
