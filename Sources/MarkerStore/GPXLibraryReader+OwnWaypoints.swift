import PlaceData
import Position
import TextFormats

/// The markers file's waypoints read on a short path: a `<wpt>` exactly as
/// `MarkerLibrary.gpx()` writes one is read from the bytes, without the general reader's tags,
/// which took 10 ms a thousand markers (issue 40's start-up with 10,000 markers). It gives what
/// the general reader gives for the same bytes: the same unescaping, trimming, number and time
/// parsing (`MarkerLibrary+GPXReading.swift`), and OwnWaypointsTests reads files both ways. A
/// waypoint in any other form (other attributes or elements, comments, CDATA, a position out of
/// range, a time that is not one) ends the short path before it, and the general reader reads
/// it and what follows, and says what is wrong with it.
extension GPXLibraryReader {
    /// Reads the waypoints from where the scanner is, as long as each is as our writer writes
    /// it, and moves the scanner past them.
    mutating func readOwnWaypoints() {
        var at = scanner.offset
        let start = library.markers.count
        let placed = ourPrefixes.contains("nv")
        let file = scanner.bytes
        file.withUnsafeBufferPointer { bytes in
            var cursor = OwnCursor(bytes: bytes, at: at)
            guard let first = cursor.waypoint(placed: placed) else { return }
            // About 150 bytes a waypoint: room for those that may follow, made once.
            library.markers.reserveCapacity(start + 1 + (bytes.count - cursor.at) / 150)
            library.markers.append(first)
            at = cursor.at
            while let marker = cursor.waypoint(placed: placed) {
                library.markers.append(marker)
                at = cursor.at
            }
        }
        ownWaypointsRead += library.markers.count - start
        scanner.skip(to: at)
    }
}

/// Reads `<wpt>` elements as our writer writes them from a file's bytes; `at` is where the
/// next one may begin.
struct OwnCursor {
    let bytes: UnsafeBufferPointer<UInt8>
    var at: Int

    /// The next waypoint, with `at` after its end tag; nil (and `at` as it was) when the next
    /// element is not a waypoint in our writer's form. `placed`: whether `nv` is our
    /// extensions' prefix in this file.
    mutating func waypoint(placed: Bool) -> Marker? {
        var next = self
        guard let marker = next.readWaypoint(placed: placed) else { return nil }
        self = next
        return marker
    }

    private mutating func readWaypoint(placed: Bool) -> Marker? {
        skipSpaces()
        guard expect("<wpt lat=\""), let latitude = number(upTo: UInt8(ascii: "\""), -90...90), expect("\" lon=\""),
            let longitude = number(upTo: UInt8(ascii: "\""), -180...180), expect("\">")
        else { return nil }
        skipSpaces()
        guard expect("<time>"), let time = self.time(), expect("</time>") else { return nil }
        skipSpaces()
        guard expect("<name>"), let name = text(), expect("</name>") else { return nil }
        var marker = Marker(
            name: name, coordinate: Coordinate(latitude: latitude, longitude: longitude), time: time)
        skipSpaces()
        if expect("<desc>") {
            guard let note = text(), expect("</desc>") else { return nil }
            marker.note = note
            skipSpaces()
        }
        if expect("<extensions><nv:place>") {
            guard placed, let place = text(), expect("</nv:place></extensions>") else { return nil }
            marker.placeID = place
            skipSpaces()
        }
        guard expect("</wpt>") else { return nil }
        return marker
    }

    /// Skips XML's white space.
    private mutating func skipSpaces() {
        while at < bytes.count && XMLScanner.isSpace(bytes[at]) { at += 1 }
    }

    /// Whether `literal` comes next, read when it does.
    private mutating func expect(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard at + count <= bytes.count else { return false }
        let same = literal.withUTF8Buffer { literal in
            var offset = 0
            while offset < count {
                if bytes[at + offset] != literal[offset] { return false }
                offset += 1
            }
            return true
        }
        if same { at += count }
        return same
    }

    /// The bytes up to `end` (not read), entities replaced, as a string; nil when the text ends
    /// first.
    private mutating func raw(upTo end: UInt8) -> String? {
        let start = at
        var entity = false
        while at < bytes.count && bytes[at] != end {
            if bytes[at] == UInt8(ascii: "&") { entity = true }
            at += 1
        }
        guard at < bytes.count else { return nil }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<at]), as: UTF8.self)
        return entity ? XMLText.unescaped(text) : text
    }

    /// Character data up to the next tag, as the general reader takes a field's: entities
    /// replaced, the white space around it trimmed.
    private mutating func text() -> String? {
        raw(upTo: UInt8(ascii: "<")).map { GPXLibraryReader.trimmed($0, newlines: true) }
    }

    /// An attribute's number up to its closing quote, as the general reader reads a coordinate
    /// (`Double` of the value trimmed); a plain decimal, as we write them, without a string.
    private mutating func number(upTo quote: UInt8, _ range: ClosedRange<Double>) -> Double? {
        let start = at
        while at < bytes.count && bytes[at] != quote { at += 1 }
        guard at < bytes.count else { return nil }
        let value: Double
        if let plain = Self.decimal(bytes[start..<at]) {
            value = plain
        } else {
            at = start
            guard let text = raw(upTo: quote), let parsed = Double(GPXLibraryReader.trimmed(text, newlines: false))
            else { return nil }
            value = parsed
        }
        guard value.isFinite, range.contains(value) else { return nil }
        return value
    }

    /// `-?DIGITS.DIGITS` (or without the fraction) of at most 15 digits, as `Double` reads it:
    /// the digits as a whole number, exactly a `Double` below 2^53, divided by an exact power of
    /// ten is the one rounding of the decimal that `Double(String)` makes (Clinger's fast
    /// path). Nil for any other text.
    static func decimal(_ text: Slice<UnsafeBufferPointer<UInt8>>) -> Double? {
        var at = text.startIndex
        let negative = at < text.endIndex && text[at] == UInt8(ascii: "-")
        if negative { at += 1 }
        var mantissa: Int64 = 0
        var digits = 0
        var decimals = -1
        while at < text.endIndex {
            let byte = text[at]
            if byte == UInt8(ascii: "."), decimals < 0, digits > 0 {
                decimals = 0
            } else if byte >= 48 && byte <= 57 {
                guard digits < 15 else { return nil }
                mantissa = mantissa &* 10 &+ Int64(byte - 48)
                digits += 1
                if decimals >= 0 { decimals += 1 }
            } else {
                return nil
            }
            at += 1
        }
        guard digits > 0, decimals != 0 else { return nil }
        let value = Double(mantissa) / powersOfTen[max(decimals, 0)]
        return negative ? -value : value
    }

    /// 10^0 to 10^15, each exactly a `Double`.
    private static let powersOfTen: [Double] = (0...15).map { power in
        (0..<power).reduce(1.0) { value, _ in value * 10 }
    }

    /// A `<time>`'s seconds, as the general reader takes them (`ISOTime.seconds` of the text,
    /// entities replaced and trimmed); read from the bytes when there is nothing to replace or
    /// trim.
    private mutating func time() -> Double? {
        let start = at
        while at < bytes.count && bytes[at] != UInt8(ascii: "<") && bytes[at] != UInt8(ascii: "&") { at += 1 }
        guard at < bytes.count else { return nil }
        if bytes[at] == UInt8(ascii: "<"), at > start, (0x21...0x7E).contains(bytes[start]),
            (0x21...0x7E).contains(bytes[at - 1])
        {
            return ISOTime.seconds(bytes: UnsafeBufferPointer(rebasing: bytes[start..<at]))
        }
        at = start
        return text().flatMap(ISOTime.seconds)
    }
}
