import Words

/// Reviewing what was said: `repeat` and `history [N]` work on their own slice of the state,
/// `Review`; `current` and `spell` say the focused or selected place again, which the list and
/// the selection hold, so they are extensions on `NearbyState`.
extension NearbyState {
    /// What was said, kept for review: what `repeat` and `history` answer from, and what
    /// speech reported of it (`.speechEnded`). `reduce` keeps each answer here, except those
    /// of the review itself.
    public struct Review: Equatable, Sendable {
        /// The announcements said so far, oldest first, at most `historyLimit` of them.
        public internal(set) var spoken: [Announcement] = []
        /// How many announcements have ever been kept in `spoken` (it forgets the oldest).
        public internal(set) var spokenTotal = 0
        /// What became of kept announcements not heard whole, by their number in `spokenTotal`.
        public internal(set) var speechMarks: [Int: SpeechMark] = [:]
        /// The last answer history kept, whole: what `repeat` says again.
        public internal(set) var lastAnswer: [Announcement] = []
        /// The item `history N` said last, when no answer was kept since: what `repeat` then
        /// says again.
        public internal(set) var lastReviewed: Announcement?
        /// Whether `history` has said how to hear the one before: once a session is enough.
        public internal(set) var saidOlderHint = false

        /// Keeps what `reaction` says, but not what only the eye sees nor review's own answers,
        /// and gives each kept announcement its number (`Reaction.historyNumbers`).
        mutating func keep(_ reaction: inout Reaction) {
            let kept = reaction.announcements.filter { $0.kind != .history && !$0.isVisualOnly }
            if !kept.isEmpty {
                lastAnswer = kept
                lastReviewed = nil
            }
            for (offset, announcement) in reaction.announcements.enumerated()
            where announcement.kind != .history && !announcement.isVisualOnly {
                spoken.append(announcement)
                spokenTotal += 1
                reaction.historyNumbers[offset] = spokenTotal
            }
            if spoken.count > NearbyState.historyLimit {
                spoken.removeFirst(spoken.count - NearbyState.historyLimit)
                speechMarks = speechMarks.filter { $0.key > spokenTotal - NearbyState.historyLimit }
            }
        }

        /// Speech cut off or dropped the `number`th kept announcement: marked, while history
        /// still holds it.
        mutating func speechEnded(number: Int, _ mark: SpeechMark) {
            if number > spokenTotal - spoken.count && number <= spokenTotal { speechMarks[number] = mark }
        }

        /// `repeat`: the whole last answer again, or the item `history` said since.
        func repeatLast(_ words: Catalog) -> [Announcement] {
            if let lastReviewed { return [lastReviewed] }
            guard !lastAnswer.isEmpty else {
                return [Announcement(words.text(.historyEmpty), kind: .history)]
            }
            return [Announcement(lastAnswer.map(\.text).joined(separator: " "), kind: .history)]
        }

        /// `history`: the newest announcement; `history N`: the Nth newest.
        mutating func history(_ number: Int?, _ words: Catalog) -> [Announcement] {
            guard !spoken.isEmpty else { return [Announcement(words.text(.historyEmpty), kind: .history)] }
            let count = spoken.count
            let countText = SpokenMeasure.grouped(count, words)
            /// Item 1 is the newest; a mark says when it was not heard whole.
            func item(_ position: Int) -> String {
                let (index, text) = (String(position), spoken[count - position].text)
                switch speechMarks[spokenTotal - position + 1] {
                case .interrupted?:
                    return words.text(.historyItemInterrupted(index: index, count: countText, text: text))
                case .dropped?: return words.text(.historyItemDropped(index: index, count: countText, text: text))
                case .failed?: return words.text(.historyItemFailed(index: index, count: countText, text: text))
                case nil: return words.text(.historyItem(index: index, count: countText, text: text))
                }
            }
            if let number {
                guard number <= count else {
                    return [
                        Announcement(
                            words.text(.historyNoSuchItem(number: String(number), count: countText, plural: count)),
                            kind: .error, earcon: .error)
                    ]
                }
                let answer = Announcement(item(number), kind: .history)
                lastReviewed = answer
                return [answer]
            }
            // The newest alone: a listener asks for the one before by its number, told how once.
            var answer = Announcement(item(1), kind: .history)
            lastReviewed = answer
            if count > 1 && !saidOlderHint {
                answer.text += " " + words.text(.historyOlder(next: "2"))
                saidOlderHint = true
            }
            return [answer]
        }
    }

    /// The place `current` and `spell` speak of: the selected one, else the focused one.
    private var currentPlace: (index: Int, position: Int?)? {
        if let index = selectedIndex { return (index, shown.firstIndex(of: index).map { $0 + 1 }) }
        if let focus, focus < shown.count { return (shown[focus], focus + 1) }
        if let focus, shown.isEmpty, focus < suggestions.count { return (suggestions[focus], nil) }
        return nil
    }

    /// `current`: the focused or selected place again.
    func current() -> Announcement {
        guard let (index, position) = currentPlace else {
            return Announcement(say(.currentNothing), kind: .error, earcon: .error)
        }
        return placed(
            Announcement(say(.placeFocused(place: describe(index, position: position))), kind: .history), at: index)
    }

    /// `spell`: the focused or selected place's name, letter by letter, through the
    /// synthesiser's own spelling.
    func spell() -> Announcement {
        guard let (index, _) = currentPlace else {
            return Announcement(say(.spellNothing), kind: .error, earcon: .error)
        }
        let name = places.all[index].name
        let prefix = say(.spellPrefix(name: name))
        let shown = name.map { $0 == " " ? say(.spellSpace) : String($0) }.joined(separator: " ")
        return Announcement(
            say(.spellAnswer(prefix: prefix, letters: shown)), kind: .place,
            form: .spelled(prefix: prefix, letters: name))
    }
}
