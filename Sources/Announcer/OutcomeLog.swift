import Foundation

/// What became of each utterance, reported by the speech worker and collected by the session
/// on its own thread.
public final class OutcomeLog: @unchecked Sendable {
    private let lock = NSLock()
    private var outcomes: [(seq: Int, outcome: SpeechOutcome)] = []
    private var notices: [SpeechNotice] = []
    private var timings: [Int: SpeechTiming] = [:]

    public init() {}

    /// Called by the worker.
    public func add(_ seq: Int, _ outcome: SpeechOutcome) {
        lock.withLock { outcomes.append((seq, outcome)) }
    }

    /// Called by the worker: when utterance `seq` was heard, and for how long.
    public func add(_ seq: Int, _ timing: SpeechTiming) {
        lock.withLock { timings[seq] = timing }
    }

    /// Takes the timing of utterance `seq`, once.
    public func takeTiming(_ seq: Int) -> SpeechTiming? {
        lock.withLock { timings.removeValue(forKey: seq) }
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
    public func drain() -> [(seq: Int, outcome: SpeechOutcome)] {
        lock.withLock {
            defer { outcomes.removeAll() }
            return outcomes
        }
    }
}
