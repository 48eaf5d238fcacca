import NearbyCore

/// The queue rules of a screen reader (VoiceOver's and speech-dispatcher's): an assertive
/// announcement, the answer to what was just typed, interrupts what is speaking and replaces
/// everything still waiting, assertive, polite or status: only the newest answer is heard. A
/// polite one waits its turn; of status announcements only the latest is kept.
public struct SpeechQueue: Equatable, Sendable {
    public private(set) var pending: [Utterance] = []

    public init() {}

    /// What adding an utterance did to the speech around it.
    public struct Change: Equatable, Sendable {
        /// Whether the utterance now speaking is to be cut off.
        public var interruptsCurrent: Bool
        /// Queued utterances that will never be spoken.
        public var dropped: [Utterance]
    }

    /// Adds `utterance`, given what is speaking now.
    public mutating func add(_ utterance: Utterance, speaking current: Utterance?) -> Change {
        var change = Change(interruptsCurrent: false, dropped: [])
        switch utterance.priority {
        case .assertive:
            change.interruptsCurrent = current != nil
            change.dropped = pending
            pending.removeAll()
        case .polite:
            break
        case .status:
            change.interruptsCurrent = current?.priority == .status
            change.dropped = pending.filter { $0.priority == .status }
            pending.removeAll { $0.priority == .status }
        }
        pending.append(utterance)
        return change
    }

    /// Takes the next utterance to speak.
    public mutating func next() -> Utterance? {
        pending.isEmpty ? nil : pending.removeFirst()
    }

    /// Empties the queue (`stop`), returning what will now never be spoken.
    public mutating func removeAll() -> [Utterance] {
        defer { pending.removeAll() }
        return pending
    }
}
