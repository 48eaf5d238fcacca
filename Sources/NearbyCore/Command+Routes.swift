import Words

extension Command {
    /// `route new NAME`, `add`, `remove N`, `delete NAME`, `start [NAME]`, `skip`, `stop`,
    /// `from FILE.gpx`: the routes of waypoints (`parts`: the first word, then the rest).
    static func keptRouteAction(_ parts: [String], command name: String, _ words: Catalog) -> Action {
        let rest = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : ""
        let word = parts[0]
        if isWord(word, "new", key: Key.routeWordNew, words) {
            return rest.isEmpty ? .invalid(.badArgument(command: name, Phrase(.routeNewNeedsName))) : .routeNew(rest)
        }
        if isWord(word, "add", key: Key.routeWordAdd, words), rest.isEmpty { return .routeAdd }
        if isWord(word, "remove", key: Key.routeWordRemove, words) {
            guard let number = wholeNumber(rest) else {
                return .invalid(.badArgument(command: name, Phrase(.routeRemoveNeedsNumber)))
            }
            return .routeRemove(number)
        }
        if isWord(word, "delete", key: Key.routeWordDelete, words), !rest.isEmpty { return .routeDelete(rest) }
        if isWord(word, "start", key: Key.routeWordStart, words) { return .routeStart(rest.isEmpty ? nil : rest) }
        if isWord(word, "skip", key: Key.routeWordSkip, words), rest.isEmpty { return .routeSkip }
        if isWord(word, "stop", key: Key.routeWordStop, words), rest.isEmpty { return .routeStop }
        if isWord(word, "from", key: Key.routeWordFrom, words) {
            return rest.isEmpty ? .invalid(.badArgument(command: name, Phrase(.routeFromNeedsFile))) : .routeFrom(rest)
        }
        return .invalid(.badArgument(command: name, Phrase(.routeBadArgument)))
    }
}
