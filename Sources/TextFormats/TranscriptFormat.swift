/// How a transcript is written (`--format`): the words said (or the picture shown), one line
/// an announcement, or JSON Lines, every field of each announcement.
public enum TranscriptFormat: String, Sendable, CaseIterable {
    case text, jsonl
}
