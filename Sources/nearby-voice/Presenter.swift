import Announcer
import Foundation
import NearbyCore
import PlaceData

/// Sends every announcement to where it goes: numbered, cleaned of control characters, onto
/// the screen (or the transcript on standard output), into the transcript file, and to speech.
/// With live speech the transcript waits for each announcement's fate (heard whole, cut off or
/// dropped) and writes it in order once known; a signal that ends the session writes those
/// still waiting (`endBySignal`), from the thread that took it.
///
/// Unchecked Sendable: the transcript and the entries waiting for it are touched from that
/// thread too, always holding `lock`; the rest is the main thread's alone.
final class Presenter: @unchecked Sendable {
    /// Guards `awaitingSpeech` and the transcript's writes. Never held while speech is waited
    /// for, so that a signal's thread takes it at once.
    private let lock = NSLock()
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
    /// The utterances handed to live speech whose end has not been settled yet.
    private var unsettled = Set<Int>()

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

    /// Called when live speech reports an utterance's end, on its thread: set by
    /// `wakeOnSpeechEnd`, and kept for a speaker that replaces this one.
    private var speechEnded: (@Sendable () -> Void)?

    /// Calls `action` each time speech reports what became of an utterance (on speech's
    /// thread): the session's wake-up for a callout waiting for speech.
    func wakeOnSpeechEnd(_ action: @escaping @Sendable () -> Void) {
        speechEnded = action
        speech?.outcomes.whenReported(action)
    }

    /// Announces one answer to input line `line` (0 for none); returns its number.
    @discardableResult
    func announce(_ announcement: Announcement, line: Int, input: String) throws(OutputFileError) -> Int {
        seq += 1
        var clean = announcement
        clean.text = SafeText.clean(announcement.text, limit: SafeText.answerLength)
        clean.display = announcement.display.map { SafeText.clean($0, keepingNewlines: true, limit: 100_000) }
        clean.parts = announcement.parts.map { Announcement.Part(SafeText.clean($0.text), bearing: $0.bearing) }
        if case .spelled(let prefix, let letters) = announcement.form {
            clean.form = .spelled(prefix: SafeText.clean(prefix), letters: SafeText.clean(letters))
        }
        let entry = TranscriptEntry(seq: seq, line: line, input: SafeText.clean(input), announcement: clean)
        // What only the eye sees, with visuals off: kept in the JSON Lines transcript alone, in
        // its place among the rest, with no speech to wait for.
        if clean.isVisualOnly {
            lock.lock()
            defer { lock.unlock() }
            if isLive && transcript != nil {
                var settled = entry
                settled.outcome = .spoken
                awaitingSpeech.append(settled)
            } else {
                try transcript?.write(entry)
            }
            return seq
        }
        if isLive && transcript != nil { lock.withLock { awaitingSpeech.append(entry) } }
        if isLive { lock.withLock { _ = unsettled.insert(seq) } }
        speech?.enqueue(
            Utterance(
                seq: seq, text: clean.text, priority: clean.priority, earcon: clean.earcon, form: clean.form,
                bearing: clean.bearing, parts: clean.parts))
        display?(clean.display.map { decorate($0, clean.pictureRows) } ?? clean.text)
        if !isLive {
            lock.lock()
            defer { lock.unlock() }
            try transcript?.write(entry)
        }
        observer?(entry)
        return seq
    }

    /// Speaks through `speaker` from now on: the one speaking until now says what it holds (the
    /// answer to `set speech-backend` too) and its outcomes are settled; then `speaker` takes
    /// the announcements that follow.
    func replaceSpeech(with speaker: (any Speaker)?) throws(OutputFileError) {
        speech?.finish()
        lock.lock()
        defer { lock.unlock() }
        try settleLocked(speech?.outcomes.drain() ?? [])
        unsettled.removeAll()
        speech = speaker
        if let speechEnded { speaker?.outcomes.whenReported(speechEnded) }
        if !isLive {
            for entry in awaitingSpeech { try transcript?.write(entry) }
            awaitingSpeech.removeAll()
        }
    }

    /// Takes what speech reported so far and marks and writes the entries it completes; returns
    /// the reports. Taken holding `lock`, so that a signal's thread finds every report either
    /// settled here or still in speech's log.
    func settleSpeech() throws(OutputFileError) -> [SpeechReport] {
        lock.lock()
        defer { lock.unlock() }
        let reports = speech?.outcomes.drain() ?? []
        try settleLocked(reports)
        return reports
    }

    /// Marks the entries whose speech has ended and writes those now complete, in order.
    func settle(_ reports: [SpeechReport]) throws(OutputFileError) {
        lock.lock()
        defer { lock.unlock() }
        try settleLocked(reports)
    }

    /// Whether live speech has something to say still: an utterance handed to it whose end has
    /// not been settled (`settleSpeech`). A callout waits for this to be false
    /// (`Session.releaseCallouts`), so that it is measured when it can be heard.
    var isSpeechBusy: Bool { isLive && lock.withLock { !unsettled.isEmpty } }

    /// Writes a callout that expired while it waited for speech (`NearbyState.freshened`) into
    /// the transcript as never heard (`dropped`, `expired`), in its place among the rest; it is
    /// neither said nor shown. Returns its number.
    @discardableResult
    func expire(_ announcement: Announcement) throws(OutputFileError) -> Int {
        seq += 1
        var clean = announcement
        clean.text = SafeText.clean(announcement.text, limit: SafeText.answerLength)
        var entry = TranscriptEntry(seq: seq, line: 0, input: "", announcement: clean, outcome: .dropped)
        entry.expired = true
        lock.lock()
        defer { lock.unlock() }
        if isLive && transcript != nil { awaitingSpeech.append(entry) } else { try transcript?.write(entry) }
        observer?(entry)
        return seq
    }

    /// `settle`, holding `lock`.
    private func settleLocked(_ reports: [SpeechReport]) throws(OutputFileError) {
        for report in reports { unsettled.remove(report.seq) }
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
        lock.lock()
        defer { lock.unlock() }
        let last = speech?.outcomes.drain() ?? []
        try settleLocked(last)
        for entry in awaitingSpeech { try transcript?.write(entry) }
        awaitingSpeech.removeAll()
        transcript?.close()
        if let error = speech?.wavError { throw error }
        return last
    }

    /// A signal ends the session (piped input or a script): speech stops, and every entry still
    /// waiting for its speech is written, in order, with what became of it: cut off where it
    /// was, or dropped when it was never heard. Called from the signal's thread, which then
    /// ends the process: `lock` is kept, so nothing more is written after these lines.
    func endBySignal() {
        lock.lock()
        guard !awaitingSpeech.isEmpty, let speech else { return }
        speech.stop()
        // The worker reports the utterance it cut off within a chunk (5 ms); what is still
        // unreported after a quarter of a second is taken as never heard.
        let deadline = ContinuousClock.now + .milliseconds(250)
        while awaitingSpeech.contains(where: { $0.outcome == nil }) && ContinuousClock.now < deadline {
            for report in speech.outcomes.drain() {
                if let index = awaitingSpeech.firstIndex(where: { $0.seq == report.seq }) {
                    awaitingSpeech[index].outcome = report.outcome
                }
            }
            Thread.sleep(forTimeInterval: 0.005)
        }
        for var entry in awaitingSpeech {
            if entry.outcome == nil { entry.outcome = .dropped }
            try? transcript?.write(entry)
        }
        awaitingSpeech.removeAll()
    }
}
