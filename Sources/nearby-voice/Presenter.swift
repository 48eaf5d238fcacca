import Announcer
import Foundation
import NearbyCore
import PlaceData

/// Sends every announcement to where it goes: numbered, cleaned of control characters, onto
/// the screen (or the transcript on standard output), into the transcript file, and to speech.
/// With live speech the transcript waits for each announcement's fate (heard whole, cut off or
/// dropped) and writes it in order once known.
final class Presenter {
    private(set) var seq = 0
    /// The screen: each announcement's text (or picture), one line each; nil when the
    /// transcript itself goes to standard output.
    private let display: ((String) -> Void)?
    private let transcript: TranscriptWriter?
    /// What speaks; `set speech-backend` replaces it.
    private(set) var speech: (any Speaker)?
    /// Sees every entry as it is announced (the test runner collects them).
    private let observer: ((TranscriptEntry) -> Void)?
    /// Dresses a picture for the screen (colour), given how many of its first lines are the
    /// picture itself, without changing what the transcript keeps.
    private let decorate: (String, Int) -> String
    /// Entries written to the transcript once their speech has ended (live speech only).
    private var awaitingSpeech: [TranscriptEntry] = []

    init(
        display: ((String) -> Void)?, transcript: TranscriptWriter?, speech: (any Speaker)?,
        observer: ((TranscriptEntry) -> Void)? = nil, decorate: @escaping (String, Int) -> String = { text, _ in text }
    ) {
        self.display = display
        self.decorate = decorate
        self.transcript = transcript
        self.speech = speech
        self.observer = observer
    }

    private var isLive: Bool { speech?.mode == .live }

    /// Announces one answer to input line `line` (0 for none); returns its number.
    @discardableResult
    func announce(_ announcement: Announcement, line: Int, input: String) throws(OutputFileError) -> Int {
        seq += 1
        var clean = announcement
        clean.text = SafeText.clean(announcement.text, limit: 20_000)
        clean.display = announcement.display.map { SafeText.clean($0, keepingNewlines: true, limit: 100_000) }
        if case .spelled(let prefix, let letters) = announcement.form {
            clean.form = .spelled(prefix: SafeText.clean(prefix), letters: SafeText.clean(letters))
        }
        let entry = TranscriptEntry(seq: seq, line: line, input: SafeText.clean(input), announcement: clean)
        // What only the eye sees, with visuals off: kept in the JSON Lines transcript alone, in
        // its place among the rest, with no speech to wait for.
        if clean.isVisualOnly {
            if isLive && transcript != nil {
                var settled = entry
                settled.outcome = .spoken
                awaitingSpeech.append(settled)
            } else {
                try transcript?.write(entry)
            }
            return seq
        }
        if isLive && transcript != nil { awaitingSpeech.append(entry) }
        speech?.enqueue(
            Utterance(seq: seq, text: clean.text, priority: clean.priority, earcon: clean.earcon, form: clean.form))
        display?(clean.display.map { decorate($0, clean.pictureRows) } ?? clean.text)
        if !isLive { try transcript?.write(entry) }
        observer?(entry)
        return seq
    }

    /// Speaks through `speaker` from now on: the one speaking until now says what it holds (the
    /// answer to `set speech-backend` too) and its outcomes are settled; then `speaker` takes
    /// the announcements that follow.
    func replaceSpeech(with speaker: (any Speaker)?) throws(OutputFileError) {
        speech?.finish()
        try settle(speech?.outcomes.drain() ?? [])
        speech = speaker
        if !isLive {
            for entry in awaitingSpeech { try transcript?.write(entry) }
            awaitingSpeech.removeAll()
        }
    }

    /// Marks the entries whose speech has ended and writes those now complete, in order.
    func settle(_ reports: [SpeechReport]) throws(OutputFileError) {
        guard !awaitingSpeech.isEmpty else { return }
        for report in reports {
            if let index = awaitingSpeech.firstIndex(where: { $0.seq == report.seq }) {
                awaitingSpeech[index].outcome = report.outcome
            }
        }
        while let first = awaitingSpeech.first, first.outcome != nil {
            try transcript?.write(first)
            awaitingSpeech.removeFirst()
        }
    }

    /// Waits for speech to finish, writes what the transcript still holds, closes the files.
    /// Returns the last reports of speech.
    @discardableResult
    func finish() throws(OutputFileError) -> [SpeechReport] {
        speech?.finish()
        let last = speech?.outcomes.drain() ?? []
        try settle(last)
        for entry in awaitingSpeech { try transcript?.write(entry) }
        awaitingSpeech.removeAll()
        transcript?.close()
        if let error = speech?.wavError { throw error }
        return last
    }
}
