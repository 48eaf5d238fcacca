import Announcer
import Foundation
import NearbyCore

/// Sends every announcement to where it goes: numbered, cleaned of control characters, onto
/// the screen (or the transcript on standard output), into the transcript file, and to speech.
final class Presenter {
    private(set) var seq = 0
    /// The screen: each announcement's text (or picture), one line each; nil when the
    /// transcript itself goes to standard output.
    private let display: ((String) -> Void)?
    private let transcript: TranscriptWriter?
    let speech: SpeechOutput?

    init(display: ((String) -> Void)?, transcript: TranscriptWriter?, speech: SpeechOutput?) {
        self.display = display
        self.transcript = transcript
        self.speech = speech
    }

    /// Announces one answer to input line `line` (0 for none).
    func announce(_ announcement: Announcement, line: Int, input: String) throws(OutputFileError) {
        seq += 1
        var clean = announcement
        clean.text = SafeText.clean(announcement.text, limit: 20_000)
        clean.display = announcement.display.map { SafeText.clean($0, keepingNewlines: true, limit: 100_000) }
        let entry = TranscriptEntry(seq: seq, line: line, input: SafeText.clean(input), announcement: clean)
        speech?.enqueue(Utterance(seq: seq, text: clean.text, priority: clean.priority, earcon: clean.earcon))
        display?(clean.display ?? clean.text)
        try transcript?.write(entry)
    }

    /// Waits for speech to finish and closes the files.
    func finish() throws(OutputFileError) {
        speech?.finish()
        transcript?.close()
        if let error = speech?.wavError { throw error }
    }
}
