import Foundation
import PlaceData

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
        var scanner = Scanner(Array(text.utf8))
        var trackPoints: [Point] = []
        var routePoints: [Point] = []
        var sawGPX = false
        /// The point being read, its tag and its line, until its end tag.
        var open: (point: Point, tag: String, line: Int)?
        while let tag = try scanner.nextTag() {
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

    private static func point(_ tag: Scanner.Tag) throws(Problem) -> Point {
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

/// A small XML tag scanner: enough of XML for GPX's points (tags, attributes, comments, CDATA
/// and processing instructions skipped), counting lines for errors.
struct Scanner {
    struct Tag {
        var name: String
        var isEnd: Bool
        var selfCloses: Bool
        var attributes: [String: String]
        var line: Int
    }

    private let bytes: [UInt8]
    private var index = 0
    private(set) var line = 1

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    private mutating func advance() {
        if bytes[index] == UInt8(ascii: "\n") { line += 1 }
        index += 1
    }

    private func starts(with text: String) -> Bool {
        let needle = Array(text.utf8)
        return index + needle.count <= bytes.count && Array(bytes[index..<(index + needle.count)]) == needle
    }

    /// Skips to just after `end`; false when the text ends first.
    private mutating func skip(past end: String) -> Bool {
        while index < bytes.count {
            if starts(with: end) {
                for _ in 0..<end.utf8.count { advance() }
                return true
            }
            advance()
        }
        return false
    }

    /// The next element tag, skipping text, comments, CDATA, declarations and instructions.
    mutating func nextTag() throws(GPXRoute.Problem) -> Tag? {
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else {
                advance()
                continue
            }
            let start = line
            if starts(with: "<!--") {
                guard skip(past: "-->") else { throw .init(line: start, reason: .unclosed("<!--")) }
                continue
            }
            if starts(with: "<![CDATA[") {
                guard skip(past: "]]>") else { throw .init(line: start, reason: .unclosed("CDATA")) }
                continue
            }
            if starts(with: "<?") || starts(with: "<!") {
                guard skip(past: ">") else { throw .init(line: start, reason: .unclosed("<!")) }
                continue
            }
            advance()
            var body: [UInt8] = []
            var quote: UInt8?
            while index < bytes.count {
                let byte = bytes[index]
                if let open = quote {
                    if byte == open { quote = nil }
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    quote = byte
                } else if byte == UInt8(ascii: ">") {
                    break
                }
                body.append(byte)
                advance()
            }
            guard index < bytes.count else {
                let name = String(decoding: body.prefix { !Self.isSpace($0) }, as: UTF8.self)
                throw .init(line: start, reason: .unclosed("<" + String(name.prefix(20))))
            }
            advance()
            return Self.tag(body, line: start)
        }
        return nil
    }

    /// The text up to the next `<`, with the line it began on.
    mutating func textUntilTag() -> (String, Int) {
        let start = line
        var text: [UInt8] = []
        while index < bytes.count && bytes[index] != UInt8(ascii: "<") {
            text.append(bytes[index])
            advance()
        }
        return (String(decoding: text, as: UTF8.self), start)
    }

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    private static func tag(_ body: [UInt8], line: Int) -> Tag {
        var body = body[...]
        let isEnd = body.first == UInt8(ascii: "/")
        if isEnd { body = body.dropFirst() }
        let selfCloses = body.last == UInt8(ascii: "/")
        if selfCloses { body = body.dropLast() }
        let nameBytes = body.prefix { !isSpace($0) }
        var name = String(decoding: nameBytes, as: UTF8.self)
        // A namespace prefix (`gpx:trkpt`) is not part of the name.
        if let colon = name.lastIndex(of: ":") { name = String(name[name.index(after: colon)...]) }
        var attributes: [String: String] = [:]
        var rest = body.dropFirst(nameBytes.count)
        while true {
            rest = rest.drop(while: isSpace)
            let key = rest.prefix { $0 != UInt8(ascii: "=") && !isSpace($0) }
            guard !key.isEmpty else { break }
            rest = rest.dropFirst(key.count).drop(while: isSpace)
            guard rest.first == UInt8(ascii: "=") else { break }
            rest = rest.dropFirst().drop(while: isSpace)
            guard let quote = rest.first, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { break }
            rest = rest.dropFirst()
            let value = rest.prefix { $0 != quote }
            rest = rest.dropFirst(value.count + 1)
            attributes[String(decoding: key, as: UTF8.self)] = String(decoding: value, as: UTF8.self)
        }
        return Tag(name: name, isEnd: isEnd, selfCloses: selfCloses, attributes: attributes, line: line)
    }
}
