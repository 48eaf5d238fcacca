import Foundation
import Glibc
import Synchronization

let rate = 22_050
let chunkSamples = 110  // 5 ms
let chunkSeconds = Double(chunkSamples) / Double(rate)
/// A chunk is loud when a sample in it is above this.
let loud: Int16 = 600

func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

/// The sink's monitor, read in real time on a thread of its own.
final class Monitor: @unchecked Sendable {
    /// Each 5 ms chunk in the order heard: when it arrived, whether it was loud, and its peak.
    private let events = Mutex<[(time: Double, loud: Bool, peak: Int)]>([])
    private let process = Process()

    init() throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/parec")
        process.arguments = [
            "--device=nearby.monitor", "--latency-msec=5", "--format=s16le", "--rate=\(rate)", "--channels=1", "--raw",
        ]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let descriptor = pipe.fileHandleForReading.fileDescriptor
        let thread = Thread { [self] in
            var pending: [Int16] = []
            var buffer = [Int16](repeating: 0, count: chunkSamples)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count <= 0 { return }
                let arrived = now()
                pending += buffer.prefix(count / 2)
                while pending.count >= chunkSamples {
                    let peak = pending.prefix(chunkSamples).map { abs(Int($0)) }.max() ?? 0
                    pending.removeFirst(chunkSamples)
                    events.withLock { $0.append((arrived, peak > Int(loud), peak)) }
                }
            }
        }
        thread.start()
    }

    /// The arrival of the first loud chunk after `start`.
    func firstLoud(after start: Double, timeout: Double = 5) -> Double? {
        firstAbove(Int(loud), after: start, timeout: timeout)
    }

    /// The arrival of the first chunk after `start` whose peak is above `level`.
    func firstAbove(_ level: Int, after start: Double, timeout: Double = 5) -> Double? {
        let end = now() + timeout
        while now() < end {
            if let found = events.withLock({ $0.first { $0.time >= start && $0.peak > level } }) { return found.time }
            usleep(1000)
        }
        return nil
    }

    /// The highest peak of the chunks that arrived from `start` to `end`.
    func peak(from start: Double, to end: Double) -> Int {
        events.withLock { $0.filter { $0.time >= start && $0.time <= end }.map(\.peak).max() ?? 0 }
    }

    /// The arrival of the first chunk after `start` that begins `span` seconds of quiet; nil
    /// when none came within `timeout`.
    func quiet(after start: Double, span: Double = 0.3, timeout: Double = 5) -> Double? {
        let needed = Int((span / chunkSeconds).rounded())
        let end = now() + timeout
        while now() < end {
            let recent = events.withLock { $0.filter { $0.time >= start } }
            var run = 0
            var first = 0.0
            for event in recent {
                if event.loud {
                    run = 0
                } else {
                    if run == 0 { first = event.time }
                    run += 1
                    if run >= needed { return first }
                }
            }
            usleep(5000)
        }
        return nil
    }

    /// Waits until the newest `span` seconds of chunks were all loud and the newest has just
    /// arrived: the middle of a word, where a pause between words cannot pass for silence.
    /// False when that did not happen within `timeout`.
    func loudNow(for span: Double = 0.03, timeout: Double = 3) -> Bool {
        let needed = max(1, Int((span / chunkSeconds).rounded()))
        let end = now() + timeout
        while now() < end {
            let tail = events.withLock { Array($0.suffix(needed)) }
            if tail.count == needed, tail.allSatisfy(\.loud), let last = tail.last, now() - last.time < 0.006 {
                return true
            }
            usleep(500)
        }
        return false
    }

    /// From `start` to `end`: the arrival of the first chunk from which on no chunk's peak is
    /// above `level` (the end of the last sound above it), or `end` when the last chunk was.
    func silentAbove(_ level: Int, from start: Double, to end: Double) -> Double {
        let window = events.withLock { $0.filter { $0.time >= start && $0.time <= end } }
        var silentFrom: Double? = nil
        for event in window {
            if event.peak > level {
                silentFrom = nil
            } else if silentFrom == nil {
                silentFrom = event.time
            }
        }
        return silentFrom ?? end
    }

    /// From the first loud chunk after `start` to the end of the last one before `end`,
    /// counted in samples heard (chunks arrive in bunches: their arrival times would not do).
    func soundSpan(from start: Double, to end: Double) -> Double? {
        let loud = events.withLock { events in
            events.indices.filter { events[$0].loud && events[$0].time >= start && events[$0].time <= end }
        }
        guard let first = loud.first, let last = loud.last else { return nil }
        return Double((last - first + 1) * chunkSamples) / Double(rate)
    }

    /// Waits for `span` seconds of quiet, so that a trial starts in silence.
    func waitForQuiet(span: Double = 0.3) { _ = quiet(after: now(), span: span, timeout: 20) }

    func close() { process.terminate() }
}
