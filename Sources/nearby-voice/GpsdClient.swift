import Foundation
import NearbyCore
import PlaceData
import Position
import Synchronization
import SystemCalls

/// Follows a gpsd over its JSON protocol on a thread of its own: asks it to watch, reads its
/// lines (each parsed as untrusted input: `GpsdMessage`), and posts what `GpsdTracker` makes of
/// them and of the time, told it at every wake (at least every 200 ms, whether gpsd sends
/// anything or not: a gpsd stopped with its socket open is heard as silent). A connection that
/// ends is said as a lost fix (once) and made again with backoff (1 s, doubling to 30 s);
/// nothing here ever waits on the main thread.
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
            var tracker = GpsdTracker(started: SteadyClock.seconds)
            var socket: FileDescriptor? = connected
            var backoff = 1.0
            while !stopped.load(ordering: .relaxed) {
                guard let open = socket else {
                    // Waits in short steps, so that a stop is heard at once.
                    let until = ContinuousClock.now + .milliseconds(Int64(backoff * 1000))
                    while ContinuousClock.now < until && !stopped.load(ordering: .relaxed) {
                        Thread.sleep(forTimeInterval: 0.05)
                        if let event = tracker.tick(at: SteadyClock.seconds) { Self.post(event, sources: sources) }
                    }
                    backoff = min(backoff * 2, Self.longestBackoff)
                    if stopped.load(ordering: .relaxed) { break }
                    socket = Self.connect(address)
                    continue
                }
                read(open, tracker: &tracker, sources: sources)
                open.close()
                socket = nil
                if let event = tracker.disconnected() { Self.post(event, sources: sources) }
                backoff = 1
            }
            socket?.close()
        }
        thread.name = "gpsd"
        thread.start()
    }

    /// Reads lines until the connection ends or the client is stopped.
    private func read(_ socket: FileDescriptor, tracker: inout GpsdTracker, sources: PositionSources) {
        var pending: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !stopped.load(ordering: .relaxed) {
            let ready = try? FileDescriptor.waitForInput([socket], milliseconds: 200)
            // The time, whatever came: no fix for too long is news too.
            let now = SteadyClock.seconds
            if let event = tracker.tick(at: now) { Self.post(event, sources: sources) }
            guard ready?[0] == true else { continue }
            let count =
                (try? buffer.withUnsafeMutableBytes { (raw) throws(SystemError) in try socket.read(into: raw) }) ?? 0
            guard count > 0 else { return }
            pending += buffer[0..<count]
            while let newline = pending.firstIndex(of: 10) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                guard case .tpv(let tpv) = GpsdMessage.parse(line), let event = tracker.feed(tpv, at: now) else {
                    continue
                }
                Self.post(event, sources: sources)
            }
            // A line longer than any gpsd sends is not gpsd: it is dropped.
            if pending.count > GpsdMessage.lineLimit { pending = [] }
        }
    }

    /// Posts what the tracker made of a report or of the time, as the core's `Report`.
    private static func post(_ event: GpsdTracker.Event, sources: PositionSources) {
        switch event {
        case .waiting: sources.post(.waitingForFix)
        case .lost: sources.post(.fixLost)
        case .silent: sources.post(.gpsSilent)
        case .position(let point, let course, let speed, let accuracy, let mode):
            sources.post(
                .positionReported(
                    PositionReport(
                        coordinate: point, course: course, speed: speed, accuracy: accuracy, fixMode: mode,
                        time: SteadyClock.seconds)))
        }
    }

    func stop() { stopped.store(true, ordering: .relaxed) }
}
