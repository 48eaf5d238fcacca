import Foundation
import NearbyCore
import PlaceData
import Position
import Synchronization
import SystemCalls

/// Where the moving position comes from (a walked GPX route, a live gpsd), each on a thread of
/// its own, and the one way its reports reach the session: a queue of reports under a lock and
/// a pipe whose read end the line readers watch, so that a report wakes a waiting prompt. The
/// main thread alone reduces them (`InputLoop.takePositions`).
final class PositionSources: @unchecked Sendable {
    /// Readable when reports are waiting.
    let wake: FileDescriptor
    private let wakeWriter: FileDescriptor
    /// The reports waiting, under `lock`: an NSLock (pthread's mutex), which ThreadSanitizer
    /// sees, where it reported `Mutex`'s futex as a race between the route thread and the main.
    private var queue: [Report] = []
    private let lock = NSLock()
    /// The thread now reporting, stopped when another starts or the position is set by hand.
    private var current: Feed?
    /// A route waiting for the end of the input (`Options.routeAfterInput`).
    private var pendingRoute: RouteWalk?
    private var pendingSpeed = 1.0
    private var pendingInstant = false

    init() throws(SystemError) {
        let ends = try FileDescriptor.pipe(nonBlocking: true)
        wake = ends.read
        wakeWriter = ends.write
    }

    deinit {
        stop()
        wake.close()
        wakeWriter.close()
    }

    /// Adds a report and wakes the reader.
    func post(_ report: Report) {
        lock.withLock { queue.append(report) }
        _ = try? wakeWriter.writeAll([1])
    }

    /// Wakes the reader with no report (a route that ended).
    func nudge() { _ = try? wakeWriter.writeAll([1]) }

    /// The reports waiting, in order; the wake-up bytes are drained.
    func take() -> [Report] {
        var bytes = [UInt8](repeating: 0, count: 256)
        while drain(&bytes) > 0 {}
        return lock.withLock {
            defer { queue = [] }
            return queue
        }
    }

    /// Reads what the wake pipe holds (it never blocks): how many bytes.
    private func drain(_ bytes: inout [UInt8]) -> Int {
        var count = 0
        bytes.withUnsafeMutableBytes { buffer in count = (try? wake.read(into: buffer)) ?? 0 }
        return count
    }

    /// Whether a route is still being walked (or waits to be): the end of input waits for it.
    var isWalking: Bool {
        if pendingRoute != nil { return true }
        guard let route = current as? RoutePlayer else { return false }
        return !route.isDone
    }

    /// Walks `walk` at `speed` times its pace; `instant` posts every sample at once (the test
    /// runner's way); `afterInput` waits for `startPending`.
    func walk(_ walk: RouteWalk, speed: Double, instant: Bool, afterInput: Bool) {
        stop()
        guard !afterInput else {
            pendingRoute = walk
            pendingSpeed = speed
            pendingInstant = instant
            return
        }
        current = RoutePlayer(walk, speed: speed, instant: instant, sources: self)
    }

    /// The input ended: a route waiting for it starts.
    func startPending() {
        guard let walk = pendingRoute else { return }
        pendingRoute = nil
        current = RoutePlayer(walk, speed: pendingSpeed, instant: pendingInstant, sources: self)
    }

    /// Follows gpsd at `address` on a connection already made.
    func follow(_ address: GpsdAddress, connected: FileDescriptor) {
        stop()
        current = GpsdClient(address, connected: connected, sources: self)
    }

    /// Stops the route or gpsd being followed.
    func stop() {
        current?.stop()
        current = nil
        pendingRoute = nil
    }
}

/// One steady clock for the whole process, in seconds from its first reading: a gpsd's reports
/// are timed on it, and the session tells the core the time on it before each command and
/// report (`NearbyState.clock`), against which a fix's age is measured.
enum SteadyClock {
    private static let origin = ContinuousClock.now

    static var seconds: Double {
        let elapsed = origin.duration(to: .now)
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}

/// A thread that reports positions until stopped.
protocol Feed: AnyObject {
    func stop()
}

/// Walks a GPX route in real time (sped up by `--route-speed`), a report at each sample.
final class RoutePlayer: Feed, @unchecked Sendable {
    private let stopped = Atomic<Bool>(false)
    private let done = Atomic<Bool>(false)
    var isDone: Bool { done.load(ordering: .acquiring) }

    init(_ walk: RouteWalk, speed: Double, instant: Bool, sources: PositionSources) {
        let samples = walk.samples(every: 1)
        let length = walk.length
        let thread = Thread { [self] in
            let start = ContinuousClock.now
            for (number, sample) in samples.enumerated() {
                if !instant {
                    let due = start + .milliseconds(Int64(sample.offset / speed * 1000))
                    while ContinuousClock.now < due {
                        if stopped.load(ordering: .relaxed) { break }
                        let left = ContinuousClock.now.duration(to: due)
                        Thread.sleep(
                            forTimeInterval: min(
                                0.05, Double(left.components.attoseconds) / 1e18 + Double(left.components.seconds)))
                    }
                }
                if stopped.load(ordering: .relaxed) { break }
                let last = number == samples.count - 1
                sources.post(
                    .positionReported(
                        PositionReport(
                            coordinate: sample.coordinate, course: sample.course, speed: sample.speed,
                            time: sample.offset,
                            route: RouteProgress(walked: sample.walked, length: length, isFinished: last))))
            }
            done.store(true, ordering: .releasing)
            sources.nudge()
        }
        thread.name = "route"
        thread.start()
    }

    func stop() { stopped.store(true, ordering: .relaxed) }
}
