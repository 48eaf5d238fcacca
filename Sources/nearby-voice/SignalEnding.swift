import Foundation
import StudyReport
import SystemCalls

/// The signals that end a session, SIGTERM and SIGHUP, and with a log the thread that writes
/// its `end` line when one comes.
enum SignalEnding {
    /// The signals that end a session; with a log, its `end` line is written first.
    static let signals = [SIGTERM, SIGHUP]

    /// Piped input and scripts end at once on SIGTERM and SIGHUP, killed by the signal, but
    /// first complete what was decided: `NearbyVoice.run` blocks them before any thread
    /// starts, so every thread inherits the block, and here one thread of its own waits for
    /// them. It runs `settle` (the transcript's lines still waiting for their speech), writes
    /// the log's `end` line, then the signal takes its default action. (A handler would run in
    /// whichever thread the kernel picks; under ThreadSanitizer, that is deferred while the
    /// thread waits in read(2) for the next line, so the session never ended.)
    static func install(writingTo log: StudyLog?, settle: @escaping @Sendable () -> Void) {
        let waiter = Thread {
            let number = ProcessSignal.waitForAny(signals)
            settle()
            try? log?.write(.end(reason: "signal", signal: name(number)))
            ProcessSignal.endBy(number)
        }
        waiter.name = "signal ending"
        waiter.start()
    }

    /// The signal's name, as the log writes it.
    static func name(_ number: Int32) -> String {
        switch number {
        case SIGTERM: "SIGTERM"
        case SIGHUP: "SIGHUP"
        case SIGINT: "SIGINT"
        default: "signal \(number)"
        }
    }
}
