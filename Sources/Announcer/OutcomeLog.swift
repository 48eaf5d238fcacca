import Foundation

/// What became of each utterance, reported by the speech worker and collected by the session
/// on its own thread. A report carries its timing with it and is taken once (`drain`):
/// nothing is kept beside it for a reader who may never come, so a session that drains after
/// every command holds only what is new.
public final class OutcomeLog: @unchecked Sendable {
    private let lock = NSLock()
    private var reports: [SpeechReport] = []
    private var notices: [SpeechNotice] = []
    /// Called after each report, on the worker's thread: the session's wake-up, so that a
    /// callout waiting for speech to end is measured and said at once (`whenReported`).
    private var reported: (@Sendable () -> Void)?

    public init() {}

    /// Calls `action` (on the speech worker's thread) after each report from now on.
    public func whenReported(_ action: @escaping @Sendable () -> Void) {
        lock.withLock { reported = action }
    }

    /// Called by the worker: what became of utterance `seq`, and, when it was live, when it was
    /// heard and for how long.
    public func add(_ seq: Int, _ outcome: SpeechOutcome, timing: SpeechTiming? = nil) {
        let action = lock.withLock {
            reports.append(SpeechReport(seq: seq, outcome: outcome, timing: timing))
            return reported
        }
        action?()
    }

    /// Called by the worker when something not about one utterance failed.
    func add(_ notice: SpeechNotice) {
        lock.withLock { notices.append(notice) }
    }

    /// Takes the notices reported so far.
    public func drainNotices() -> [SpeechNotice] {
        lock.withLock {
            defer { notices.removeAll() }
            return notices
        }
    }

    /// Takes everything reported so far.
    public func drain() -> [SpeechReport] {
        lock.withLock {
            defer { reports.removeAll() }
            return reports
        }
    }

    /// How many reports and notices wait to be taken.
    var waiting: Int { lock.withLock { reports.count + notices.count } }
}
