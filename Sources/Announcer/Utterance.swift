import NearbyCore

/// One announcement on its way to the speaker, numbered as the transcript numbers it.
public struct Utterance: Equatable, Sendable {
    public var seq: Int
    public var text: String
    public var priority: Announcement.Priority
    public var earcon: Announcement.Earcon?
    /// Said as words, or spelled letter by letter.
    public var form: Announcement.Form
    /// Where it is heard from (degrees relative to the heading), when spatial audio is on.
    public var bearing: Double?
    /// `around` in parts, each from its own bearing; empty: `text` whole.
    public var parts: [Announcement.Part]

    public init(
        seq: Int, text: String, priority: Announcement.Priority, earcon: Announcement.Earcon? = nil,
        form: Announcement.Form = .words, bearing: Double? = nil, parts: [Announcement.Part] = []
    ) {
        self.bearing = bearing
        self.parts = parts
        self.seq = seq
        self.text = text
        self.priority = priority
        self.earcon = earcon
        self.form = form
    }
}

/// What became of an utterance.
public enum SpeechOutcome: Equatable, Sendable {
    case spoken
    /// Cut off after `heardMilliseconds` of it had played.
    case interrupted(heardMilliseconds: Int)
    /// Never spoken: a later announcement took its place.
    case dropped
    /// Not spoken, or not whole: the synthesiser failed, with its message.
    case failed(reason: String)
}

/// Something the speech worker could not do that is not about one utterance.
public enum SpeechNotice: Equatable, Sendable {
    /// A voice change failed (espeak-ng's message): speech goes on in the voice it had.
    case voiceNotSet(voice: String, reason: String, kept: String)
}

/// When an utterance was heard live: its first sound written to the device, its last (or the
/// moment it was cut off), on the monotonic clock, and the seconds of sound written.
public struct SpeechTiming: Equatable, Sendable {
    public var begun: ContinuousClock.Instant?
    public var ended: ContinuousClock.Instant
    public var heardSeconds: Double

    public init(begun: ContinuousClock.Instant?, ended: ContinuousClock.Instant, heardSeconds: Double) {
        self.begun = begun
        self.ended = ended
        self.heardSeconds = heardSeconds
    }
}

/// What became of one utterance, and when it was heard if it was live: one report of the
/// speech worker, taken once by the session.
public struct SpeechReport: Equatable, Sendable {
    /// The utterance's number (the announcement's).
    public var seq: Int
    public var outcome: SpeechOutcome
    /// When it was heard; nil when it was not live (or never reached the device).
    public var timing: SpeechTiming?

    public init(seq: Int, outcome: SpeechOutcome, timing: SpeechTiming? = nil) {
        self.seq = seq
        self.outcome = outcome
        self.timing = timing
    }
}
