/// One thing said to the user: plain data, made by the core and spoken by the Announcer.
public struct Announcement: Equatable, Sendable {
    public var text: String
    public var priority: Priority
    public var kind: Kind
    /// A short sound to play before the words, where the screen would give a haptic or a bonk.
    public var earcon: Earcon?
    /// What the screen shows instead of `text`, when that differs (the map picture); never spoken.
    public var display: String?

    public init(
        _ text: String, priority: Priority = .assertive, kind: Kind, earcon: Earcon? = nil, display: String? = nil
    ) {
        self.text = text
        self.priority = priority
        self.kind = kind
        self.earcon = earcon
        self.display = display
    }

    /// How an announcement competes with speech in progress, in screen readers' words.
    public enum Priority: String, Sendable, CaseIterable {
        /// Answers what was just typed: interrupts speech and drops queued polite speech.
        case assertive
        /// Waits its turn.
        case polite
        /// Only the latest is spoken (as-you-type counts).
        case status
    }

    /// What an announcement is about, as the JSON Lines transcript names it.
    public enum Kind: String, Sendable, CaseIterable {
        case results, place, selection, detent, screen, camera, walk, location, settings, history,
            help, error, notice
        /// A usability study's task: its words, "Task done.", a skip.
        case task
    }

    /// The short sounds that stand for the seed's haptics and VoiceOver's boundary sounds.
    public enum Earcon: String, Sendable, CaseIterable {
        case snap, end
        case noResults = "no-results"
        case error
    }
}
