import Foundation
import NearbyCore
import PlaceData
import Position
import Synchronization
import SystemCalls

/// Follows a gpsd over its JSON protocol on a thread of its own: asks it to watch, reads its
/// lines (each parsed as untrusted input: `GpsdMessage`), and posts what `GpsdTracker` makes of
/// them. A connection that ends is said as a lost fix (once) and made again with backoff (1 s,
/// doubling to 30 s); nothing here ever waits on the main thread.
final class GpsdClient: Feed, @unchecked Sendable {
    private let stopped = Atomic<Bool>(false)
    /// How long a connection may take before it is given up, in milliseconds.
    static let connectDeadline: Int32 = 2000
    /// The longest wait between attempts to reach gpsd again, in seconds.
    static let longestBackoff = 30.0

    /// Reaches gpsd at `address` once, within the deadline, and asks it to watch: the connection,
    /// or nil when nothing answers.
    static func connect(_ address: GpsdAddress) -> FileDescriptor? {
        guard
            let socket = try? FileDescriptor.connect(
                host: address.host, port: address.port, milliseconds: connectDeadline)
        else { return nil }
        do { try socket.writeAll(Array(GpsdMessage.watch.utf8)) } catch {
            socket.close()
            return nil
        }
        return socket
    }

    init(_ address: GpsdAddress, connected: FileDescriptor, sources: PositionSources) {
        let thread = Thread { [self] in
            let start = ContinuousClock.now
            var tracker = GpsdTracker()
            var socket: FileDescriptor? = connected
            var backoff = 1.0
            while !stopped.load(ordering: .relaxed) {
                guard let open = socket else {
                    // Waits in short steps, so that a stop is heard at once.
                    let until = ContinuousClock.now + .milliseconds(Int64(backoff * 1000))
                    while ContinuousClock.now < until && !stopped.load(ordering: .relaxed) {
                        Thread.sleep(forTimeInterval: 0.05)
                    }
                    backoff = min(backoff * 2, Self.longestBackoff)
                    if stopped.load(ordering: .relaxed) { break }
                    socket = Self.connect(address)
                    continue
                }
                read(open, start: start, tracker: &tracker, sources: sources)
                open.close()
                socket = nil
                if let event = tracker.disconnected() { Self.post(event, start: start, sources: sources) }
                backoff = 1
            }
            socket?.close()
        }
        thread.name = "gpsd"
        thread.start()
    }

    /// Reads lines until the connection ends or the client is stopped.
    private func read(
        _ socket: FileDescriptor, start: ContinuousClock.Instant, tracker: inout GpsdTracker,
        sources: PositionSources
    ) {
        var pending: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !stopped.load(ordering: .relaxed) {
            guard let ready = try? FileDescriptor.waitForInput([socket], milliseconds: 200) else { continue }
            guard ready[0] else { continue }
            let count =
                (try? buffer.withUnsafeMutableBytes { (raw) throws(SystemError) in try socket.read(into: raw) }) ?? 0
            guard count > 0 else { return }
            pending += buffer[0..<count]
            while let newline = pending.firstIndex(of: 10) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                guard case .tpv(let tpv) = GpsdMessage.parse(line), let event = tracker.feed(tpv) else { continue }
                Self.post(event, start: start, sources: sources)
            }
            // A line longer than any gpsd sends is not gpsd: it is dropped.
            if pending.count > GpsdMessage.lineLimit { pending = [] }
        }
    }

    private static func post(_ event: GpsdTracker.Event, start: ContinuousClock.Instant, sources: PositionSources) {
        switch event {
        case .lost: sources.post(.fixLost)
        case .position(let point, let course, let speed, let accuracy):
            let elapsed = start.duration(to: .now)
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            sources.post(
                .positionReported(
                    PositionReport(coordinate: point, course: course, speed: speed, accuracy: accuracy, time: seconds)))
        }
    }

    func stop() { stopped.store(true, ordering: .relaxed) }
}
