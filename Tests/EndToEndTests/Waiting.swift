import Foundation

/// Waits for an event, never for a fixed time: asks `condition` every `interval` seconds until
/// it holds, and gives up after `timeout` seconds; whether it held. On a quiet machine it
/// returns as soon as the event has happened; under a sanitizer, or on a machine busy with other
/// work, it waits as long as the event takes, up to the deadline.
@discardableResult
func waitUntil(
    timeout: Double = Sanitizer.patience, every interval: Double = 0.02, _ condition: () throws -> Bool
) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while try !condition() {
        guard Date() < deadline else { return false }
        Thread.sleep(forTimeInterval: interval)
    }
    return true
}

/// The size of the file at `path` in bytes (0 when there is none yet).
func fileSize(_ path: String) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
}
