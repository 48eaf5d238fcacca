import Announcer
import Foundation
import NearbyCore
import ShellParsing
import Words

/// Follows what speech did with each announcement: hands the outcomes to the transcript, to
/// the log, and (as actions) to the core's history marks, and says once each what went wrong
/// with speech itself. `words` are the session's words of the moment.
final class SpeechFollower {
    private let presenter: Presenter
    private let recorder: StudyRecorder
    /// The kept-announcement number (the core's count) of each announcement number said live.
    private var keptNumbers: [Int: Int] = [:]
    /// Whether the session has said that the audio device stopped working.
    private var toldDeviceLost = false
    /// Whether the session has said that spatial audio is heard centred.
    private var toldCentred = false

    init(presenter: Presenter, recorder: StudyRecorder) {
        self.presenter = presenter
        self.recorder = recorder
    }

    /// Notes history's number for announcement `seq`, when it is said live, so that what
    /// speech cuts off is marked there too.
    func follow(_ seq: Int, keptNumber: Int) {
        guard presenter.speech?.mode == .live else { return }
        keptNumbers[seq] = keptNumber
    }

    /// Hands what speech reported to the transcript and the log; returns the reports that
    /// mark in history what was cut off, dropped or failed.
    func settle(words: Catalog) throws(Failure) -> [Report] {
        tellNotices(words: words)
        guard let speech = presenter.speech else { return [] }
        guard speech.mode == .live else {
            // Rendered into the WAV file alone: nothing here waits for what speech reports, so
            // it is taken and let go, not left to pile up command after command.
            _ = speech.outcomes.drain()
            return []
        }
        tellIfDeviceLost(words: words)
        let reports: [SpeechReport]
        do { reports = try presenter.settleSpeech() } catch { throw Failure.writing(error, words) }
        try recorder.recordSpeech(reports, words: words)
        var marks: [Report] = []
        for report in reports {
            guard let number = keptNumbers.removeValue(forKey: report.seq) else { continue }
            switch report.outcome {
            case .interrupted: marks.append(.speechEnded(number: number, .interrupted))
            case .dropped: marks.append(.speechEnded(number: number, .dropped))
            case .failed: marks.append(.speechEnded(number: number, .failed))
            case .spoken: break
            }
        }
        return marks
    }

    /// Waits for speech to finish, completes the transcript and the WAV file, and logs the
    /// last outcomes.
    func finish(words: Catalog) throws(Failure) {
        let last: [SpeechReport]
        do { last = try presenter.finish() } catch { throw Failure.writing(error, words) }
        if presenter.speech?.mode == .live { try recorder.recordSpeech(last, words: words) }
    }

    /// The audio device went away mid-session: one notice, on standard error as the one at the
    /// start, and the session goes on in text.
    func tellIfDeviceLost(words: Catalog) {
        guard let speech = presenter.speech, speech.deviceLost, !toldDeviceLost else { return }
        toldDeviceLost = true
        let key = speech.backend == .dispatcher ? Key.speechDispatcherLost : Key.speechDeviceLost
        FileHandle.standardError.write(Data((words.text(key) + "\n").utf8))
    }

    /// Spatial audio is on but live speech cannot place sound (pcaudiolib's mono fallback
    /// device where no PulseAudio runs, or speech-dispatcher): said once a session, on standard
    /// error and spoken after what is queued. Returns whether it was said now.
    @discardableResult
    func tellIfCentred(spatial: Settings.Spatial, words: Catalog) -> Bool {
        guard spatial != .off, !toldCentred, let speech = presenter.speech, speech.mode == .live, !speech.placesSound
        else { return false }
        toldCentred = true
        let text = words.text(.speechSpatialCentred)
        FileHandle.standardError.write(Data((text + "\n").utf8))
        speech.enqueue(Utterance(seq: 0, text: text, priority: .polite))
        return true
    }

    /// What speech could not do, said once each on standard error, and spoken: a voice the
    /// core announced but espeak-ng could not load.
    func tellNotices(words: Catalog) {
        for notice in presenter.speech?.outcomes.drainNotices() ?? [] {
            switch notice {
            case .voiceNotSet(let voice, let reason, let kept):
                let text = words.text(.speechVoiceNotLoaded(voice: voice, reason: reason, kept: kept))
                FileHandle.standardError.write(Data((text + "\n").utf8))
                presenter.speech?.enqueue(Utterance(seq: 0, text: text, priority: .polite))
            }
        }
    }
}
