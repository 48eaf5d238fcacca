import Words

/// The values of a feature that are more than a string: an id (a string or a number), and a
/// Point's coordinates, read and checked.
extension GeoJSONLoader {
    /// An id: a string or a number (kept as written), or null.
    static func idValue(_ scanner: inout JSONScanner, field: @autoclosure () -> String) throws(PlacesFile
        .Problem) -> (text: String, at: Int)?
    {
        let at = scanner.position
        switch scanner.peek() {
        case UInt8(ascii: "\""):
            return (try scanner.string(field: field()), at)
        case let byte? where byte == UInt8(ascii: "-") || JSONScanner.isDigit(byte):
            _ = try scanner.number(field: field())
            return (
                String(decoding: UnsafeBufferPointer(rebasing: scanner.bytes[at..<scanner.position]), as: UTF8.self), at
            )
        case UInt8(ascii: "n"):
            try scanner.literal(field: field())
            return nil
        default:
            throw scanner.problem(at: at, field: field(), scanner.expected(Phrase(.placesFileWhatStringOrNumber)))
        }
    }

    /// A Point's coordinates, or where and why the value is not a position (which is fine for a
    /// line or a polygon: the problem is made only if the feature turns out to be a Point).
    struct Position {
        var longitude: (value: Double, at: Int, end: Int) = (0, 0, 0)
        var latitude: (value: Double, at: Int, end: Int) = (0, 0, 0)
        var count = 0
        var wrong: (at: Int, message: Phrase)?
    }

    /// Reads a coordinates value: a position is [longitude, latitude] or [longitude, latitude,
    /// altitude]; anything else is skipped after checking that it is well formed JSON.
    static func position(_ scanner: inout JSONScanner, field: @autoclosure () -> String) throws(PlacesFile
        .Problem) -> Position
    {
        var result = Position()
        let start = scanner.position
        guard scanner.peek() == UInt8(ascii: "[") else {
            result.wrong = (start, scanner.expected(Phrase(.placesFileWhatPosition)))
            try scanner.skipValue(field: field())
            return result
        }
        scanner.position += 1
        if !scanner.closesAtOnce(UInt8(ascii: "]")) {
            repeat {
                let at = scanner.position
                if let byte = scanner.peek(), byte == UInt8(ascii: "-") || JSONScanner.isDigit(byte) {
                    let value = try scanner.number(field: field())
                    if result.count == 0 { result.longitude = (value, at, scanner.position) }
                    if result.count == 1 { result.latitude = (value, at, scanner.position) }
                    result.count += 1
                } else {
                    if result.wrong == nil { result.wrong = (at, scanner.expected(Phrase(.placesFileWhatNumber))) }
                    try scanner.skipValue(field: field())
                }
            } while try scanner.more(UInt8(ascii: "]"), field: field())
        }
        if result.wrong == nil && !(2...3).contains(result.count) {
            result.wrong = (
                start,
                Phrase.placesFileExpected(
                    what: Phrase(.placesFileWhatPosition),
                    found: Phrase.placesFileFoundNumbers(count: String(result.count), plural: result.count))
            )
        }
        return result
    }
}
