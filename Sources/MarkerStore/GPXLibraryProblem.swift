import TextFormats

/// What is wrong with a GPX file read as a library of markers: where (the file, the line and the
/// column, from 1) and what, as values the session words in its catalogs. `description` is for
/// logs only.
public struct GPXLibraryProblem: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file as the reader was told it (empty when only text was given), its line and column.
    public var location: SourceLocation
    public var reason: Reason

    public enum Reason: Equatable, Sendable {
        /// A byte that is not UTF-8 (the byte).
        case notText(UInt8)
        /// Text where XML has none: before the first element or after the last.
        case notXML
        /// A tag, comment or CDATA section that never ends: "<wpt", "<!--", "CDATA".
        case unclosed(String)
        /// The file ends inside an element (cut short): the element, "wpt".
        case endsInside(String)
        /// An end tag that closes another element than the one open.
        case mismatchedEnd(expected: String, found: String)
        /// XML whose first element is not `<gpx>`: that element ("html"), empty when the file
        /// has no element at all.
        case notGPX(root: String)
        /// A point whose `lat` or `lon` is missing or not a number in range: the attribute.
        case badCoordinate(String)
        /// A `<time>` that is not an ISO 8601 date and time: the first 40 characters of it.
        case badTime(String)
    }

    public init(location: SourceLocation, reason: Reason) {
        self.location = location
        self.reason = reason
    }

    /// "markers.gpx:12:5: endsInside("wpt")", for a log.
    public var description: String { "\(location): \(reason)" }
}
