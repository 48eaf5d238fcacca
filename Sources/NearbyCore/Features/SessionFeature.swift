import PlaceData
import Words

/// The session around the screen: the greeting, `quit` (or the end of input) and its goodbye,
/// `help`, and the answer to a line that is no command.
extension NearbyState {
    /// An interactive session begins: the greeting, with how many places the Nearby list holds
    /// (what `where` and `count` say next, issue 39; `about` says how many the source holds).
    func greeting() -> [Announcement] {
        let count = placesPhrase(listedToCome ?? placesToCome ?? listedCount)
        var text =
            places.areFromOpenStreetMap
            ? say(.sessionGreetingOpenstreetmap(places: count)) : say(.sessionGreeting(places: count))
        // How to hear where places are, while it is off (spatial25).
        if settings.spatial == .off { text += " " + say(.sessionGreetingSpatial) }
        return [Announcement(text, kind: .notice)]
    }

    /// `about`: how many places the source holds (a store's, not its window's), where they come
    /// from, and the credit OpenStreetMap's licence (the ODbL) asks for when they come from it.
    func aboutPhrase() -> String {
        let count = placesPhrase(sourceCount ?? places.count)
        var parts = [
            (settings.placesFile ?? places.source).map { say(.aboutPlaces(places: count, source: $0)) }
                ?? say(.aboutBuiltIn(places: count))
        ]
        if places.areFromOpenStreetMap { parts.append(say(.aboutOpenstreetmap)) }
        return parts.joined(separator: " ")
    }

    /// `quit`, or the end of input: the session ends after the goodbye.
    mutating func finish() -> [Announcement] {
        isFinished = true
        return [Announcement(say(.sessionGoodbye), kind: .notice)]
    }

    /// `help`: the commands a listener needs first, in groups; `help all` lists every command;
    /// `help COMMAND` says how it is typed and what it does.
    func help(_ topic: String?) -> [Announcement] {
        guard let topic else {
            let groups = say(.helpGroups(all: say(.filterAll))) + " " + say(.helpSpatial)
            return [Announcement(groups, kind: .help)]
        }
        if Command.isWord(topic, "all", key: Key.filterAll, words) {
            let names = Command.allCases.map { $0.word(words) }.joined(separator: say(.listSeparator))
            return [Announcement(say(.helpCommands(commands: names)), kind: .help)]
        }
        guard let info = Command(word: topic, words: words) ?? Command.nearest(to: topic, words: words) else {
            return [
                Announcement(
                    say(.helpNoSuchCommand(word: Self.echo(topic, words))), kind: .error, earcon: .error)
            ]
        }
        var text = say(.helpCommand(usage: info.usage(words), summary: info.summary(words)))
        if !info.aliases.isEmpty {
            // A symbol is said by its name, which a synthesiser would skip: "question mark (?)".
            let symbols: [String: Key] = ["?": .symbolQuestionMark, ".": .symbolFullStop, "/": .symbolSlash]
            let aliases = info.aliases.map { alias in
                symbols[alias].map { say(.symbolNamed(name: say($0), symbol: alias)) } ?? alias
            }
            text += " " + say(.helpShort(aliases: aliases.joined(separator: say(.listSeparator))))
        }
        return [Announcement(text, kind: .help)]
    }

    /// A line that is no command: what was wrong with it, and what was meant, when that is clear.
    func invalid(_ error: CommandError) -> Announcement {
        switch error {
        case .unknownCommand(let typed, let suggestion):
            let word = Self.echo(typed, words)
            if suggestion == nil, typed.count <= Self.queryLimit, !places.matches(query: typed).isEmpty,
                TextFolding.queryWords(typed).count > 0
            {
                return Announcement(say(.commandUnknownSearch(word: word)), kind: .error, earcon: .error)
            }
            let text =
                suggestion.map { say(.commandUnknownDidYouMean(word: word, suggestion: $0)) }
                ?? say(.commandUnknown(word: word))
            return Announcement(text, kind: .error, earcon: .error)
        case .badArgument(_, let phrase):
            return Announcement(say(phrase), kind: .error, earcon: .error)
        case .unknownSetting(let typed, let suggestion):
            let key = Self.echo(typed, words)
            let text =
                suggestion.map {
                    say(.settingUnknownDidYouMean(key: key, suggestion: $0, all: say(.filterAll)))
                }
                ?? say(.settingUnknown(key: key, all: say(.filterAll)))
            return Announcement(text, kind: .error, earcon: .error)
        }
    }
}
