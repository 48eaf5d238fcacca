import Foundation
import PlaceData

/// What the TPV reports of a gpsd say, in order and in time: a position to follow, no fix yet
/// (once), a fix lost (once), fixes that stopped coming (once), and jumps no walker makes (a fix
/// 100 km away a second later) held back until a second report agrees. Pure: fed each report
/// with the time it came, and the time now and then (`tick`), it answers what the session is to
/// hear; it reads no clock.
public struct GpsdTracker: Equatable, Sendable {
    public enum Event: Equatable, Sendable {
        /// A position: where, the course when moving, the speed, gpsd's own accuracy (metres; nil
        /// when it gives none) and its mode (2: a 2D fix, 3: a 3D fix).
        case position(Coordinate, course: Double?, speed: Double?, accuracy: Double?, mode: Int)
        /// No fix yet (said once): gpsd reported none, or none came within `stall` seconds of
        /// following it.
        case waiting
        /// The fix was lost (said once; the last position stays): gpsd reported no fix, or the
        /// connection ended.
        case lost
        /// Fixes stopped coming (said once): no report with a fix for more than `stall` seconds
        /// after one, while gpsd said nothing of losing it (a gpsd stopped, its socket open).
        case silent
    }

    /// The last position followed.
    public private(set) var last: Coordinate?
    /// When the last fix followed came, in seconds on the caller's clock.
    public private(set) var lastFixTime: Double?
    /// Whether the fix is lost now.
    public private(set) var isLost = false
    /// Whether fixes stopped coming, and that was said.
    public private(set) var isSilent = false
    /// Whether "no fix yet" was said.
    public private(set) var saidWaiting = false
    /// When following began, on the caller's clock.
    public let started: Double
    /// A far position waiting for a second report near it.
    private var doubtful: Coordinate?
    /// Reports skipped: malformed, out of range, or held back.
    public private(set) var skipped = 0

    /// A move further than this between two reports is doubted until confirmed, in metres.
    public static let jump = 10_000.0
    /// Two reports within this distance of each other confirm a jump, in metres.
    public static let agreement = 200.0
    /// How long without a fix, in seconds, before the GPS is said to be silent (after a fix), or
    /// to have none yet (after following began).
    public static let stall = 3.0

    /// A tracker of a gpsd followed from `started` (seconds on the caller's clock).
    public init(started: Double = 0) {
        self.started = started
    }

    /// The event of one TPV that came at `time`, if any.
    public mutating func feed(_ tpv: GpsdMessage.TPV, at time: Double) -> Event? {
        guard tpv.hasFix, let latitude = tpv.latitude, let longitude = tpv.longitude else {
            guard tpv.mode <= 1 else {
                skipped += 1
                return nil
            }
            // A report without a fix before any: none yet. After one: the fix is lost.
            guard last != nil else {
                guard !saidWaiting else { return nil }
                saidWaiting = true
                return .waiting
            }
            guard !isLost else { return nil }
            isLost = true
            isSilent = false
            return .lost
        }
        let point = Coordinate(latitude: latitude, longitude: longitude)
        if let last, last.distance(to: point) > Self.jump {
            guard let doubtful, doubtful.distance(to: point) <= Self.agreement else {
                doubtful = point
                skipped += 1
                return nil
            }
        }
        doubtful = nil
        last = point
        lastFixTime = time
        isLost = false
        isSilent = false
        let course = tpv.track.flatMap { (0...360).contains($0) ? $0 : nil }
        let speed = tpv.speed.flatMap { $0 >= 0 ? $0 : nil }
        let accuracy = tpv.accuracy.flatMap { $0 >= 0 ? $0 : nil }
        return .position(point, course: course, speed: speed, accuracy: accuracy, mode: tpv.mode)
    }

    /// The time is `time` and nothing came since the last call: no fix yet `stall` seconds
    /// after following began, or none for more than `stall` seconds after the last (said once,
    /// unless the fix was said to be lost).
    public mutating func tick(at time: Double) -> Event? {
        guard let lastFixTime else {
            guard !saidWaiting, time - started >= Self.stall else { return nil }
            saidWaiting = true
            return .waiting
        }
        guard !isLost, !isSilent, time - lastFixTime > Self.stall else { return nil }
        isSilent = true
        return .silent
    }

    /// The connection went: nothing more is known until it is back.
    public mutating func disconnected() -> Event? {
        guard last != nil, !isLost else { return nil }
        isLost = true
        isSilent = false
        return .lost
    }
}

/// Where gpsd answers: `gpsd` (localhost:2947) or `gpsd:HOST:PORT`.
public struct GpsdAddress: Equatable, Sendable, CustomStringConvertible {
    public var host: String
    public var port: Int

    public static let standard = GpsdAddress(host: "localhost", port: 2947)

    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// `gpsd`, `gpsd:HOST`, `gpsd:HOST:PORT` (any case); nil for anything else.
    public init?(parsing text: String) {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: ":", omittingEmptySubsequences: false)
        guard let first = parts.first, first.lowercased() == "gpsd", parts.count <= 3 else { return nil }
        host = parts.count >= 2 && !parts[1].isEmpty ? String(parts[1]) : Self.standard.host
        guard host.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" }) else { return nil }
        if parts.count == 3 {
            guard let port = Int(parts[2]), (1...65535).contains(port) else { return nil }
            self.port = port
        } else {
            port = Self.standard.port
        }
    }

    public var description: String { "\(host):\(port)" }
}
