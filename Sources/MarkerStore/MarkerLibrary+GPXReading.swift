import Foundation
import PlaceData
import Position
import TextFormats

extension MarkerLibrary {
    /// Reads any GPX 1.0 or 1.1 file, ours or another program's (OsmAnd, Organic Maps,
    /// Soundscape, gpxpy): each `<wpt>` a marker, each `<rte>` a route of its `<rtept>`, and the
    /// named points of tracks (`<trkpt>` with a `<name>`) markers too; unnamed track points,
    /// metadata and other programs' extensions are skipped. A point's name is its `<name>` (empty
    /// when it has none), its note its `<desc>` or else its `<cmt>`, both without the white space
    /// around them; a point with no `<time>` takes `undatedTime`. The file must be well formed
    /// as far as this reader sees (one root `<gpx>`, tags that end and nest); an unknown entity is
    /// kept as written. `file` names the file in a problem's location.
    public static func read(gpx text: String, file: String = "", undatedTime: Double = 0) throws(GPXLibraryProblem)
        -> MarkerLibrary
    {
        try read(bytes: Array(text.utf8), file: file, undatedTime: undatedTime)
    }

    /// `read(gpx:file:undatedTime:)` of a file's bytes, which must be UTF-8 (a byte-order mark
    /// is skipped): a byte that is not is the problem `notText`.
    public static func read(bytes: [UInt8], file: String, undatedTime: Double) throws(GPXLibraryProblem)
        -> MarkerLibrary
    {
        if let bad = bytes.withUnsafeBufferPointer({ TextEncoding.firstInvalidUTF8($0) }) {
            let (line, column) = bytes.withUnsafeBufferPointer { SourceLocation.lineAndColumn(in: $0, at: bad) }
            throw GPXLibraryProblem(
                location: SourceLocation(file: file, line: line, column: column), reason: .notText(bytes[bad]))
        }
        var reader = GPXLibraryReader(bytes: bytes, file: file, undatedTime: undatedTime)
        return try reader.read()
    }
}

/// The state of one read: the elements open, the point and the route being read, and what is
/// read so far.
struct GPXLibraryReader {
    var scanner: XMLScanner
    let file: String
    let undatedTime: Double
    var library = MarkerLibrary()
    /// The open elements, outermost first: local name and the tag's offset.
    var open: [(name: String, offset: Int)] = []
    /// Whether the root element has been seen, and whether it has ended.
    var rootEnded = false
    /// The prefixes the root binds to our namespace (`nv`).
    var ourPrefixes: Set<String> = []
    /// The point being read (`wpt`, `rtept` or `trkpt`) and whether it had a name.
    var point: (marker: Marker, element: String, named: Bool, comment: String?)?
    /// The route being read and whether its time was given.
    var route: (route: MarkedRoute, timed: Bool, comment: String?)?
    /// Whether waypoints as our writer writes them are read on the short path (off: the
    /// general reader alone, which tests compare it with).
    var readsOwnWaypoints = true
    /// How many waypoints the short path read (for its tests).
    var ownWaypointsRead = 0

    init(bytes: [UInt8], file: String, undatedTime: Double) {
        scanner = XMLScanner(bytes)
        self.file = file
        self.undatedTime = undatedTime
    }

    func problem(at offset: Int, _ reason: GPXLibraryProblem.Reason) -> GPXLibraryProblem {
        let (line, column) = scanner.lineAndColumn(at: offset)
        return GPXLibraryProblem(location: SourceLocation(file: file, line: line, column: column), reason: reason)
    }

    mutating func read() throws(GPXLibraryProblem) -> MarkerLibrary {
        while let tag = try nextTag() {
            if let text = tag.textBefore, open.isEmpty { throw problem(at: text, .notXML) }
            if rootEnded { throw problem(at: tag.offset, .notXML) }
            if tag.isEnd {
                try end(tag)
            } else {
                if open.isEmpty {
                    guard tag.name == "gpx" else { throw problem(at: tag.offset, .notGPX(root: tag.name)) }
                    for (key, value) in tag.attributes where value == MarkerLibrary.namespace && key.hasPrefix("xmlns:")
                    {
                        ourPrefixes.insert(String(key.dropFirst(6)))
                    }
                }
                try start(tag)
                if tag.selfCloses {
                    try end(tag)
                } else {
                    open.append((tag.name, tag.offset))
                    try readText(of: tag)
                }
            }
            // Inside the root: the waypoints that follow, when written as this program writes
            // them, are read on a shorter path (GPXLibraryReader+OwnWaypoints.swift).
            if readsOwnWaypoints && open.count == 1 && point == nil && route == nil { readOwnWaypoints() }
        }
        let end = scanner.bytes.count
        if let last = open.last { throw problem(at: end, .endsInside(last.name)) }
        guard rootEnded else {
            // No element at all: text only, or nothing.
            let text = scanner.bytes.firstIndex { !XMLScanner.isSpace($0) }
            throw problem(at: text ?? 0, text == nil ? .notGPX(root: "") : .notXML)
        }
        return library
    }

    mutating func nextTag() throws(GPXLibraryProblem) -> XMLScanner.Tag? {
        do throws(XMLScanner.Problem) { return try scanner.nextTag() } catch {
            switch error.reason {
            case .unclosed(let what): throw problem(at: error.offset, .unclosed(what))
            }
        }
    }

    /// The parent of the element just opened (the one before the last open), or of a new one.
    func parent(_ depth: Int = 0) -> String? {
        let index = open.count - 1 - depth
        return index >= 0 ? open[index].name : nil
    }

    /// A start tag: a point or a route begins.
    mutating func start(_ tag: XMLScanner.Tag) throws(GPXLibraryProblem) {
        switch (tag.name, parent()) {
        case ("wpt", "gpx"), ("rtept", "rte"), ("trkpt", "trkseg"):
            let coordinate = try coordinate(tag)
            point = (Marker(name: "", coordinate: coordinate, time: undatedTime), tag.name, false, nil)
        case ("rte", "gpx"):
            route = (MarkedRoute(name: "", time: undatedTime, waypoints: []), false, nil)
        default:
            break
        }
    }

    /// The character data of an element just opened, when it is a field of a point or a route.
    mutating func readText(of tag: XMLScanner.Tag) throws(GPXLibraryProblem) {
        let owner = parent(1)
        let isPoint = point != nil && owner == point?.element
        let isRoute = route != nil && point == nil && owner == "rte"
        let inExtensions =
            owner == "extensions" && tag.prefix.map(ourPrefixes.contains) == true
            && (parent(2) == point?.element || (point == nil && parent(2) == "rte"))
        guard isPoint || isRoute || inExtensions else { return }
        let textOffset = scanner.offset
        let text: String
        do throws(XMLScanner.Problem) { text = try scanner.characterData() } catch {
            switch error.reason {
            case .unclosed(let what): throw problem(at: error.offset, .unclosed(what))
            }
        }
        let trimmed = Self.trimmed(text, newlines: true)
        switch (tag.name, isPoint, isRoute, inExtensions) {
        case ("name", true, _, _):
            point?.marker.name = trimmed
            point?.named = true
        case ("desc", true, _, _): point?.marker.note = trimmed
        case ("cmt", true, _, _): point?.comment = trimmed
        case ("time", true, _, _):
            let seconds = try time(trimmed, at: textOffset)
            point?.marker.time = seconds
        case ("place", _, _, true) where point != nil: point?.marker.placeID = trimmed
        case ("name", _, true, _): route?.route.name = trimmed
        case ("desc", _, true, _): route?.route.note = trimmed
        case ("cmt", _, true, _): route?.comment = trimmed
        case ("time", _, _, true) where point == nil:
            let seconds = try time(trimmed, at: textOffset)
            route?.route.time = seconds
            route?.timed = true
        default: break
        }
    }

    /// An end tag (or a tag that closes itself): a point or a route is complete.
    mutating func end(_ tag: XMLScanner.Tag) throws(GPXLibraryProblem) {
        if tag.isEnd {
            guard let last = open.last else { throw problem(at: tag.offset, .notXML) }
            guard last.name == tag.name else {
                throw problem(at: tag.offset, .mismatchedEnd(expected: last.name, found: tag.name))
            }
            open.removeLast()
        }
        if open.isEmpty { rootEnded = true }
        switch tag.name {
        case "wpt", "rtept", "trkpt":
            guard let current = point, current.element == tag.name else { return }
            point = nil
            var marker = current.marker
            if marker.note == nil { marker.note = current.comment }
            switch current.element {
            case "wpt": library.markers.append(marker)
            case "rtept": route?.route.waypoints.append(marker)
            default: if current.named && !marker.name.isEmpty { library.markers.append(marker) }
            }
        case "rte":
            guard let current = route, point == nil, parent() == "gpx" else { return }
            route = nil
            var made = current.route
            if made.note == nil { made.note = current.comment }
            if !current.timed, let first = made.waypoints.first { made.time = first.time }
            library.routes.append(made)
        default:
            break
        }
    }

    func coordinate(_ tag: XMLScanner.Tag) throws(GPXLibraryProblem) -> Coordinate {
        func number(_ name: String, _ range: ClosedRange<Double>) throws(GPXLibraryProblem) -> Double {
            guard let text = tag.attributes[name], let value = Double(Self.trimmed(text, newlines: false)),
                value.isFinite, range.contains(value)
            else { throw problem(at: tag.offset, .badCoordinate(name)) }
            return value
        }
        return Coordinate(latitude: try number("lat", -90...90), longitude: try number("lon", -180...180))
    }

    /// `text` without the white space around it (`newlines`: and the line breaks), as
    /// Foundation's `trimmingCharacters(in: .whitespacesAndNewlines)` (or `.whitespaces`) gives
    /// it. Most texts (names, times, coordinates) have none to trim: that is known from their
    /// first and last characters, without the trimming, which was most of a read.
    static func trimmed(_ text: String, newlines: Bool) -> String {
        let set = newlines ? Self.spacesAndNewlines : Self.spaces
        func plain(_ scalar: Unicode.Scalar) -> Bool {
            (0x21...0x7E).contains(scalar.value) || (scalar.value > 0x7E && !set.contains(scalar))
        }
        guard let firstByte = text.utf8.first, let lastByte = text.utf8.last else { return text }
        if (0x21...0x7E).contains(firstByte) && (0x21...0x7E).contains(lastByte) { return text }
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return text }
        if plain(first) && plain(last) { return text }
        return text.trimmingCharacters(in: set)
    }

    private static let spacesAndNewlines = CharacterSet.whitespacesAndNewlines
    private static let spaces = CharacterSet.whitespaces

    func time(_ text: String, at offset: Int) throws(GPXLibraryProblem) -> Double {
        guard let seconds = ISOTime.seconds(text) else { throw problem(at: offset, .badTime(String(text.prefix(40)))) }
        return seconds
    }
}
