import Foundation
import StudyReport
import SystemCalls

/// The session's timed log (`--log FILE`): one JSON line an event, written whole with write(2)
/// as it happens, so that the file is readable while the session runs and a killed session
/// leaves whole lines. Times are seconds since the session began, on the monotonic clock.
/// The file is created mode 0600 (it holds what a tester typed); one that already exists is
/// written in place and given that mode.
final class StudyLog: @unchecked Sendable {
    let path: String
    let began: ContinuousClock.Instant
    private let fd: FileDescriptor
    /// Guards the file and the last time written: a signal's `end` comes from another thread.
    /// A pthread mutex, which ThreadSanitizer sees (`Synchronization.Mutex` is a futex it cannot).
    private let lock = NSLock()
    private var last = 0.0
    private var closed = false

    init(path: String, began: ContinuousClock.Instant = .now) throws(SystemError) {
        self.path = path
        self.began = began
        fd = try FileDescriptor.open(path, .writeTruncating, permissions: 0o600)
        try fd.restrictToOwner(path: path)
    }

    /// Seconds since the session began, in milliseconds.
    func seconds(at instant: ContinuousClock.Instant = .now) -> Double {
        let elapsed = began.duration(to: instant)
        let value = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return (max(0, value) * 1000).rounded(.down) / 1000
    }

    /// Writes one event, stamped now (never earlier than the line before it).
    func write(_ event: LogEvent) throws(SystemError) {
        let now = seconds()
        lock.lock()
        defer { lock.unlock() }
        guard !closed else { return }
        let t = max(now, last)
        last = t
        try fd.writeAll(Array((LogRecord(t: t, event).jsonLine + "\n").utf8), path: path)
        if case .end = event {
            closed = true
            fd.close()
        }
    }
}
