import NearbyCore
import TextFormats

/// One line of the transcript: an announcement with what caused it.
public struct TranscriptEntry: Equatable, Sendable {
    /// Counts announcements from 1.
    public var seq: Int
    /// The input line (from 1) the announcement answers; 0 when no line caused it.
    public var line: Int
    /// That line as typed.
    public var input: String
    public var announcement: Announcement
    /// Set when the announcement was cut off, or never spoken.
    public var outcome: SpeechOutcome?
    /// A callout that expired while it waited for speech: decided, never said.
    public var expired = false

    public init(seq: Int, line: Int, input: String, announcement: Announcement, outcome: SpeechOutcome? = nil) {
        self.seq = seq
        self.line = line
        self.input = input
        self.announcement = announcement
        self.outcome = outcome
    }

    /// The JSON Lines form: `{"seq":4,"line":2,"input":"up","priority":"assertive","kind":"detent","text":"…"}`.
    public var jsonLine: String {
        var json = "{\"seq\":\(seq),\"line\":\(line),\"input\":\(JSONText.quoted(input))"
        json += ",\"priority\":\"\(announcement.priority.rawValue)\",\"kind\":\"\(announcement.kind.rawValue)\""
        json += ",\"text\":\(JSONText.quoted(announcement.text))"
        if let earcon = announcement.earcon { json += ",\"earcon\":\"\(earcon.rawValue)\"" }
        if let display = announcement.display { json += ",\"display\":\(JSONText.quoted(display))" }
        // Not said or shown: visuals are off, and only the transcript keeps the screen's state.
        if announcement.isVisualOnly { json += ",\"visual\":true" }
        if case .spelled = announcement.form { json += ",\"spelled\":true" }
        // Heard from a place (spatial on): degrees relative to the heading; `around` in parts.
        if let bearing = announcement.bearing { json += ",\"bearing\":\(Self.degrees(bearing))" }
        if !announcement.parts.isEmpty {
            let parts = announcement.parts.map { part in
                "{\"text\":\(JSONText.quoted(part.text))"
                    + (part.bearing.map { ",\"bearing\":\(Self.degrees($0))" } ?? "") + "}"
            }
            json += ",\"parts\":[" + parts.joined(separator: ",") + "]"
        }
        // A callout said again when speech reached it: the words it was decided with.
        if let decided = announcement.decided { json += ",\"decided\":\(JSONText.quoted(decided))" }
        if expired { json += ",\"expired\":true" }
        switch outcome {
        case .interrupted(let heard): json += ",\"interrupted\":true,\"heard_ms\":\(heard)"
        case .dropped: json += ",\"dropped\":true"
        case .failed(let reason): json += ",\"failed\":true,\"reason\":\(JSONText.quoted(reason))"
        case .spoken, nil: break
        }
        return json + "}"
    }

    /// A bearing as the transcript gives it: whole degrees.
    static func degrees(_ bearing: Double) -> String { String(Int(bearing.rounded())) }
}
