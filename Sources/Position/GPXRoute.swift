import Foundation
import PlaceData
import TextFormats

/// A GPX track read for walking: its points (`trkpt`, or `rtept` in a file with no track) in
/// order, each with its time when the file gives one. Pure: the caller reads the file.
///
/// Only what a walk needs is read: the `lat` and `lon` of each point and its `<time>`. The rest
/// of GPX (names, elevations, extensions) is skipped. What is wrong is said with the line.
public struct GPXRoute: Equatable, Sendable {
    public struct Point: Equatable, Sendable {
        public var coordinate: Coordinate
        /// Seconds since 1970 (UTC), when the point has a `<time>`.
        public var time: Double?

        public init(coordinate: Coordinate, time: Double? = nil) {
            self.coordinate = coordinate
            self.time = time
        }
    }

    public var points: [Point]

    public init(points: [Point]) { self.points = points }

    /// What is wrong with a GPX file: the line (from 1) and what.
    public struct Problem: Error, Equatable, Sendable {
        public var line: Int
        public var reason: Reason

        public enum Reason: Equatable, Sendable {
            /// No `<gpx` element: not a GPX file.
            case notGPX
            /// A point whose `lat` or `lon` is missing or not a number in range; the attribute.
            case badCoordinate(String)
            /// A `<time>` that is not an ISO 8601 date and time.
            case badTime(String)
            /// A tag that never ends (`<trkpt` with no `>`), or a point never closed.
            case unclosed(String)
            /// No track or route point at all.
            case noPoints
        }
    }

    /// Parses the text of a GPX file.
    public static func parse(_ text: String) throws(Problem) -> GPXRoute {
        var scanner = XMLScanner(Array(text.utf8))
        var trackPoints: [Point] = []
        var routePoints: [Point] = []
        var sawGPX = false
        /// The point being read, its tag and its line, until its end tag.
        var open: (point: Point, tag: String, line: Int)?
        while let tag = try nextTag(&scanner) {
            if tag.name == "gpx" && !tag.isEnd { sawGPX = true }
            if (tag.name == "trkpt" || tag.name == "rtept") && !tag.isEnd {
                guard sawGPX else { throw Problem(line: tag.line, reason: .notGPX) }
                if let open { throw Problem(line: open.line, reason: .unclosed(open.tag)) }
                let point = try Self.point(tag)
                if tag.selfCloses {
                    if tag.name == "trkpt" { trackPoints.append(point) } else { routePoints.append(point) }
                } else {
                    open = (point, tag.name, tag.line)
                }
            } else if tag.name == "time" && !tag.isEnd, open != nil, !tag.selfCloses {
                let (value, line) = scanner.textUntilTag()
                let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
                guard let seconds = ISOTime.seconds(trimmed) else {
                    throw Problem(line: line, reason: .badTime(String(trimmed.prefix(40))))
                }
                open?.point.time = seconds
            } else if tag.isEnd, let current = open, tag.name == current.tag {
                if current.tag == "trkpt" {
                    trackPoints.append(current.point)
                } else {
                    routePoints.append(current.point)
                }
                open = nil
            }
        }
        if let open { throw Problem(line: open.line, reason: .unclosed(open.tag)) }
        guard sawGPX else { throw Problem(line: 1, reason: .notGPX) }
        let points = trackPoints.isEmpty ? routePoints : trackPoints
        guard !points.isEmpty else { throw Problem(line: scanner.line, reason: .noPoints) }
        return GPXRoute(points: points)
    }

    /// The scanner's next tag, its problem (a tag never ended) said as the route's.
    private static func nextTag(_ scanner: inout XMLScanner) throws(Problem) -> XMLScanner.Tag? {
        do throws(XMLScanner.Problem) { return try scanner.nextTag() } catch {
            switch error.reason {
            case .unclosed(let what): throw Problem(line: error.line, reason: .unclosed(what))
            }
        }
    }

    private static func point(_ tag: XMLScanner.Tag) throws(Problem) -> Point {
        func number(_ name: String, _ range: ClosedRange<Double>) throws(Problem) -> Double {
            guard let text = tag.attributes[name], let value = Double(text.trimmingCharacters(in: .whitespaces)),
                value.isFinite, range.contains(value)
            else { throw Problem(line: tag.line, reason: .badCoordinate(name)) }
            return value
        }
        let latitude = try number("lat", -90...90)
        let longitude = try number("lon", -180...180)
        return Point(coordinate: Coordinate(latitude: latitude, longitude: longitude))
    }
}
