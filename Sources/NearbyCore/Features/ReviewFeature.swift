/// Reviewing what was said: `repeat`, `history [N]`, `current` and `spell`.
extension NearbyState {
    /// `repeat`: the whole last answer again.
    func repeatLast() -> [Announcement] {
        guard !lastAnswer.isEmpty else {
            return [Announcement(say("history.empty"), kind: .history)]
        }
        return [Announcement(lastAnswer.map(\.text).joined(separator: " "), kind: .history)]
    }

    /// The place `current` and `spell` speak of: the selected one, else the focused one.
    private var currentPlace: (index: Int, position: Int?)? {
        if let index = selectedIndex { return (index, shown.firstIndex(of: index).map { $0 + 1 }) }
        if let focus, focus < shown.count { return (shown[focus], focus + 1) }
        return nil
    }

    /// `current`: the focused or selected place again.
    func current() -> Announcement {
        guard let (index, position) = currentPlace else {
            return Announcement(say("current.nothing"), kind: .error, earcon: .error)
        }
        return Announcement(say("place.focused", ["place": describe(index, position: position)]), kind: .history)
    }

    /// `spell`: the focused or selected place's name, letter by letter, through the
    /// synthesiser's own spelling.
    func spell() -> Announcement {
        guard let (index, _) = currentPlace else {
            return Announcement(say("spell.nothing"), kind: .error, earcon: .error)
        }
        let name = catalog.places[index].name
        let prefix = say("spell.prefix", ["name": name])
        let shown = name.map { $0 == " " ? say("spell.space") : String($0) }.joined(separator: " ")
        return Announcement(
            say("spell.answer", ["prefix": prefix, "letters": shown]), kind: .place,
            form: .spelled(prefix: prefix, letters: name))
    }

    func history(_ number: Int?) -> [Announcement] {
        guard !spoken.isEmpty else { return [Announcement(say("history.empty"), kind: .history)] }
        let count = spoken.count
        /// Item 1 is the newest; a mark says when it was not heard whole.
        func item(_ position: Int) -> String {
            let fields = ["index": String(position), "count": grouped(count), "text": spoken[count - position].text]
            switch speechMarks[spokenTotal - position + 1] {
            case .interrupted?: return say("history.item-interrupted", fields)
            case .dropped?: return say("history.item-dropped", fields)
            case .failed?: return say("history.item-failed", fields)
            case nil: return say("history.item", fields)
            }
        }
        if let number {
            guard number <= count else {
                return [
                    Announcement(
                        say("history.no-such-item", ["number": String(number), "count": grouped(count)], count: count),
                        kind: .error, earcon: .error)
                ]
            }
            return [Announcement(item(number), kind: .history)]
        }
        // The newest alone: a listener asks for the one before by its number.
        var text = item(1)
        if count > 1 { text += " " + say("history.older", ["next": "2"]) }
        return [Announcement(text, kind: .history)]
    }
}
