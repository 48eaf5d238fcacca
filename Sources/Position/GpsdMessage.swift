import Foundation
import PlaceData

/// One line of gpsd's JSON protocol, read as untrusted input: gpsd 3.x sends `VERSION`,
/// `DEVICES`, `WATCH`, then a `TPV` (time, position, velocity) report a second per device.
/// Only what a walk needs is read; any other class is `.other`, and a line that is not a JSON
/// object with a string `class` is `.malformed` (skipped, never fatal).
public enum GpsdMessage: Equatable, Sendable {
    case version(release: String)
    case tpv(TPV)
    case other(String)
    case malformed

    /// A TPV report: `mode` 0 or 1 is no fix, 2 a 2D fix, 3 a 3D fix. The first report may
    /// lack `track` and `speed`.
    public struct TPV: Equatable, Sendable {
        public var mode: Int
        public var latitude: Double?
        public var longitude: Double?
        /// Course over ground, degrees from true north.
        public var track: Double?
        /// Speed over ground, metres a second.
        public var speed: Double?
        /// The horizontal error estimate in metres (`eph`, else the larger of `epx`, `epy`).
        public var accuracy: Double?
        /// `time`, as gpsd gives it (ISO 8601, UTC).
        public var time: String?

        public init(
            mode: Int, latitude: Double? = nil, longitude: Double? = nil, track: Double? = nil,
            speed: Double? = nil, accuracy: Double? = nil, time: String? = nil
        ) {
            self.mode = mode
            self.latitude = latitude
            self.longitude = longitude
            self.track = track
            self.speed = speed
            self.accuracy = accuracy
            self.time = time
        }

        /// Whether it is a fix with a usable position.
        public var hasFix: Bool {
            guard mode >= 2, let latitude, let longitude else { return false }
            return Coordinate(latitude: latitude, longitude: longitude).isValid
        }
    }

    /// The command that asks gpsd for JSON reports.
    public static let watch = "?WATCH={\"enable\":true,\"json\":true};\n"

    /// The longest line read: gpsd's own are under 1,500 bytes (`SKY` with many satellites).
    public static let lineLimit = 16_384

    /// Parses one line (without its newline).
    public static func parse(_ line: String) -> GpsdMessage {
        guard line.utf8.count <= lineLimit, line.first == "{",
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
            let type = object["class"] as? String
        else { return .malformed }
        func number(_ key: String) -> Double? {
            // (On Linux a JSON 1 or 0 is also `is Bool`: only a number's own type is asked.)
            guard let value = object[key] as? NSNumber, String(cString: value.objCType) != "c" else { return nil }
            let double = value.doubleValue
            return double.isFinite ? double : nil
        }
        switch type {
        case "VERSION":
            return .version(release: object["release"] as? String ?? "")
        case "TPV":
            // gpsd's modes are 0 to 3: anything else (1e300, -5, 2.5) is not gpsd.
            guard let mode = number("mode"), mode == mode.rounded(), (0...3).contains(mode) else { return .malformed }
            let accuracy = number("eph") ?? [number("epx"), number("epy")].compactMap { $0 }.max()
            return .tpv(
                TPV(
                    mode: Int(mode), latitude: number("lat"), longitude: number("lon"), track: number("track"),
                    speed: number("speed"), accuracy: accuracy, time: object["time"] as? String))
        default:
            return .other(type)
        }
    }
}
