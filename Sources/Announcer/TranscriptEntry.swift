import NearbyCore

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

    public init(seq: Int, line: Int, input: String, announcement: Announcement, outcome: SpeechOutcome? = nil) {
        self.seq = seq
        self.line = line
        self.input = input
        self.announcement = announcement
        self.outcome = outcome
    }

    /// The JSON Lines form: `{"seq":4,"line":2,"input":"up","priority":"assertive","kind":"detent","text":"…"}`.
    public var jsonLine: String {
        var json = "{\"seq\":\(seq),\"line\":\(line),\"input\":\(Self.quoted(input))"
        json += ",\"priority\":\"\(announcement.priority.rawValue)\",\"kind\":\"\(announcement.kind.rawValue)\""
        json += ",\"text\":\(Self.quoted(announcement.text))"
        if let earcon = announcement.earcon { json += ",\"earcon\":\"\(earcon.rawValue)\"" }
        if let display = announcement.display { json += ",\"display\":\(Self.quoted(display))" }
        // Not said or shown: visuals are off, and only the transcript keeps the screen's state.
        if announcement.isVisualOnly { json += ",\"visual\":true" }
        if case .spelled = announcement.form { json += ",\"spelled\":true" }
        switch outcome {
        case .interrupted(let heard): json += ",\"interrupted\":true,\"heard_ms\":\(heard)"
        case .dropped: json += ",\"dropped\":true"
        case .failed(let reason): json += ",\"failed\":true,\"reason\":\(Self.quoted(reason))"
        case .spoken, nil: break
        }
        return json + "}"
    }

    /// A JSON string literal: quotes, backslashes and every control character escaped.
    static func quoted(_ text: String) -> String {
        var out = "\""
        out.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}

/// How a transcript is written.
public enum TranscriptFormat: String, Sendable, CaseIterable {
    case text, jsonl
}
