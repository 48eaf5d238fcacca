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
    /// Sees every entry as it is announced (the test runner collects them).
    private let observer: ((TranscriptEntry) -> Void)?
    /// Dresses a picture for the screen (colour), without changing what the transcript keeps.
    private let decorate: (String) -> String

    init(
        display: ((String) -> Void)?, transcript: TranscriptWriter?, speech: SpeechOutput?,
        observer: ((TranscriptEntry) -> Void)? = nil, decorate: @escaping (String) -> String = { $0 }
    ) {
        self.display = display
        self.decorate = decorate
        self.transcript = transcript
        self.speech = speech
        self.observer = observer
    }

    /// Announces one answer to input line `line` (0 for none).
    func announce(_ announcement: Announcement, line: Int, input: String) throws(OutputFileError) {
        seq += 1
        var clean = announcement
        clean.text = SafeText.clean(announcement.text, limit: 20_000)
        clean.display = announcement.display.map { SafeText.clean($0, keepingNewlines: true, limit: 100_000) }
        let entry = TranscriptEntry(seq: seq, line: line, input: SafeText.clean(input), announcement: clean)
        speech?.enqueue(Utterance(seq: seq, text: clean.text, priority: clean.priority, earcon: clean.earcon))
        display?(clean.display.map(decorate) ?? clean.text)
        try transcript?.write(entry)
        observer?(entry)
    }

    /// Waits for speech to finish and closes the files.
    func finish() throws(OutputFileError) {
        speech?.finish()
        transcript?.close()
        if let error = speech?.wavError { throw error }
    }
}
