import Announcer
import Foundation
import NearbyCore
import PlaceData
import ShellParsing
import StudyReport
import Words

/// What a session writes to its timed log (`--log FILE`), event by event: nothing without one.
/// A write that fails stops the session with 74; `words` are the session's words of the moment,
/// for that message.
struct StudyRecorder {
    /// The timed log, if any.
    let log: StudyLog?

    /// Writes one event to the log, if there is one; a failure stops the session with 74.
    func record(_ event: LogEvent, words: Catalog) throws(Failure) {
        guard let log else { return }
        do { try log.write(event) } catch {
            var failure = OutputFileError(path: log.path, reason: error.reason)
            failure.atWrite = true
            throw Failure(.cannotWrite, failure.text(words))
        }
    }

    /// A line of input, numbered from 1, and where it came from.
    func recordInput(number: Int, line: String, source: String, words: Catalog) throws(Failure) {
        guard log != nil else { return }
        try record(
            .input(
                // Without the space completion leaves at the end, as the history keeps it.
                number: number, line: SafeText.clean(line).trimmingCharacters(in: .whitespaces), source: source,
                command: Self.commandName(line, words: words)),
            words: words)
    }

    /// An announcement said (or shown) as number `seq`, answering input line `line`.
    func recordAnnouncement(_ announcement: Announcement, seq: Int, line: Int, words: Catalog) throws(Failure) {
        guard log != nil else { return }
        try record(
            .announcement(
                seq: seq, line: line, kind: announcement.kind.rawValue, priority: announcement.priority.rawValue,
                text: SafeText.clean(announcement.text, limit: SafeText.answerLength),
                words: LogEvent.wordCount(announcement.text)),
            words: words)
    }

    /// What became of a usability study's tasks.
    func recordStudy(_ events: [StudyEvent], study: Study?, words: Catalog) throws(Failure) {
        guard let study else { return }
        for event in events {
            let what: LogEvent.TaskChange
            switch event {
            case .begun: what = .begun
            case .done: what = .done
            case .skipped: what = .skipped
            }
            try record(
                .task(number: event.number, what: what, words: study.tasks[event.number - 1].words), words: words)
        }
    }

    /// What live speech did with each announcement, with when it was heard.
    func recordSpeech(_ reports: [SpeechReport], words: Catalog) throws(Failure) {
        guard let log else { return }
        for report in reports {
            let end: LogEvent.SpeechEnd
            switch report.outcome {
            case .spoken: end = .spoken
            case .interrupted: end = .interrupted
            case .dropped: end = .dropped
            case .failed: end = .failed
            }
            let timing = report.timing
            try record(
                .speech(
                    seq: report.seq, outcome: end, begun: timing?.begun.map { log.seconds(at: $0) },
                    ended: timing.map { log.seconds(at: $0.ended) }, heard: timing?.heardSeconds ?? 0),
                words: words)
        }
    }

    /// The command a line's first word names, by its English name, for the log.
    static func commandName(_ line: String, words: Catalog) -> String? {
        let trimmed = SafeText.clean(line, limit: 400).trimmingCharacters(in: .whitespaces)
        guard let first = trimmed.split(whereSeparator: { $0 == " " || $0 == "\t" }).first else { return nil }
        return Command(word: String(first), words: words)?.name
    }
}
