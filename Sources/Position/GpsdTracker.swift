import Foundation
import PlaceData

/// What the TPV reports of a gpsd say, in order: a position to follow, a fix lost (once), and
/// jumps no walker makes (a fix 100 km away a second later) held back until a second report
/// agrees. Pure: fed each report, it answers what the session is to hear.
public struct GpsdTracker: Equatable, Sendable {
    public enum Event: Equatable, Sendable {
        /// A position: where, the course when moving, the speed and the accuracy (metres).
        case position(Coordinate, course: Double?, speed: Double?, accuracy: Double?)
        /// The fix was lost (said once; the last position stays).
        case lost
    }

    /// The last position followed.
    public private(set) var last: Coordinate?
    /// Whether the fix is lost now.
    public private(set) var isLost = false
    /// A far position waiting for a second report near it.
    private var doubtful: Coordinate?
    /// Reports skipped: malformed, out of range, or held back.
    public private(set) var skipped = 0

    /// A move further than this between two reports is doubted until confirmed, in metres.
    public static let jump = 10_000.0
    /// Two reports within this distance of each other confirm a jump, in metres.
    public static let agreement = 200.0

    public init() {}

    /// The event of one TPV, if any.
    public mutating func feed(_ tpv: GpsdMessage.TPV) -> Event? {
        guard tpv.hasFix, let latitude = tpv.latitude, let longitude = tpv.longitude else {
            // A report without a fix after one with a fix: the fix is lost.
            guard tpv.mode <= 1, last != nil, !isLost else {
                if tpv.mode >= 2 { skipped += 1 }
                return nil
            }
            isLost = true
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
        isLost = false
        let course = tpv.track.flatMap { (0...360).contains($0) ? $0 : nil }
        let speed = tpv.speed.flatMap { $0 >= 0 ? $0 : nil }
        return .position(point, course: course, speed: speed, accuracy: tpv.accuracy)
    }

    /// The connection went: nothing more is known until it is back.
    public mutating func disconnected() -> Event? {
        guard last != nil, !isLost else { return nil }
        isLost = true
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
