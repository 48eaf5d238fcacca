import Words

/// A JSON reader over UTF-8 bytes (RFC 8259) for the places loaders: it walks the text once,
/// makes a `String` only of values a loader keeps, and skips everything else after checking it
/// is well formed. Nothing is built for values it skips, which is what makes a 180 MB GeoJSON
/// file load in a second or two. Errors carry the byte offset; `PlacesFile.Problem` turns it
/// into a line and a column.
struct JSONScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    let file: String
    var position = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>, file: String) {
        self.bytes = bytes
        self.file = file
        // A byte-order mark is allowed before the text.
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { position = 3 }
    }

    /// A problem at byte `offset`, with its line and column.
    func problem(at offset: Int, field: String? = nil, _ message: Phrase) -> PlacesFile.Problem {
        PlacesFile.Problem(file: file, in: bytes, at: offset, field: field, message: message)
    }

    @inline(__always)
    mutating func skipSpace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    /// The next byte after white space, or nil at the end.
    @inline(__always)
    mutating func peek() -> UInt8? {
        skipSpace()
        return position < bytes.count ? bytes[position] : nil
    }

    /// What the text holds at the current position, for messages.
    func found() -> Phrase {
        guard position < bytes.count else { return Phrase(.placesFileFoundEnd) }
        switch bytes[position] {
        case UInt8(ascii: "{"): return Phrase(.placesFileFoundObject)
        case UInt8(ascii: "["): return Phrase(.placesFileFoundArray)
        case UInt8(ascii: "\""): return Phrase(.placesFileFoundString)
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return Phrase(.placesFileFoundBoolean)
        case UInt8(ascii: "n"): return Phrase(.placesFileFoundNull)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return Phrase(.placesFileFoundNumber)
        case 0x21...0x7E:
            return Phrase.placesFileFoundCharacter(character: String(decoding: [bytes[position]], as: UTF8.self))
        default:
            // A control byte or one that is not text by itself (a binary file) is named by value.
            let hex = String(bytes[position], radix: 16, uppercase: true)
            return Phrase.placesFileFoundByte(hex: hex.count == 1 ? "0" + hex : hex)
        }
    }

    /// "expected WHAT, found WHAT IS THERE".
    func expected(_ what: Phrase) -> Phrase {
        Phrase.placesFileExpected(what: what, found: found())
    }

    mutating func expect(_ byte: UInt8, field: @autoclosure () -> String?, _ what: Phrase) throws(PlacesFile.Problem) {
        guard peek() == byte else { throw problem(at: position, field: field(), expected(what)) }
        position += 1
        skipSpace()
    }

    /// After `{` or `[` was read: whether the container is empty (and consumed its end).
    mutating func closesAtOnce(_ end: UInt8) -> Bool {
        if peek() == end {
            position += 1
            return true
        }
        return false
    }

    /// After a member or element: true when a comma follows, false at the container's end.
    mutating func more(_ end: UInt8, field: @autoclosure () -> String?) throws(PlacesFile.Problem) -> Bool {
        switch peek() {
        case UInt8(ascii: ","):
            position += 1
            skipSpace()
            return true
        case end:
            position += 1
            return false
        default:
            let closer = end == UInt8(ascii: "}") ? "}" : "]"
            throw problem(
                at: position, field: field(), expected(Phrase.placesFileWhatCommaOr(closer: closer)))
        }
    }

    /// Reads an object key and its colon; returns the index of the key among `keys`, or nil.
    mutating func key(_ keys: [StaticString], field: @autoclosure () -> String?) throws(PlacesFile.Problem) -> Int? {
        guard peek() == UInt8(ascii: "\"") else {
            throw problem(at: position, field: field(), expected(Phrase(.placesFileWhatKey)))
        }
        let (start, end, escaped) = try stringSpan(field: field())
        var result: Int?
        if escaped {
            let text = decodeString(start, end)
            result = keys.firstIndex { $0.description == text }
        } else {
            let length = end - start
            for (offset, key) in keys.enumerated() where key.utf8CodeUnitCount == length {
                var same = true
                for i in 0..<length where key.utf8Start[i] != bytes[start + i] {
                    same = false
                    break
                }
                if same {
                    result = offset
                    break
                }
            }
        }
        try expect(UInt8(ascii: ":"), field: field(), Phrase(.placesFileWhatColon))
        return result
    }

    /// Reads a string; the position must be at its opening quote. Returns the bytes between the
    /// quotes and whether they hold escapes.
    mutating func stringSpan(field: @autoclosure () -> String?) throws(PlacesFile.Problem) -> (Int, Int, Bool) {
        let opening = position
        position += 1
        let start = position
        var escaped = false
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return (start, position - 1, escaped)
            }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                position += 1
                guard position < bytes.count else { break }
                switch bytes[position] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
                    UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    position += 1
                case UInt8(ascii: "u"):
                    guard position + 4 < bytes.count,
                        (1...4).allSatisfy({ Self.hexValue(bytes[position + $0]) != nil })
                    else { throw problem(at: position - 1, field: field(), Phrase(.placesFileUnicodeEscape)) }
                    position += 5
                default:
                    let escape = String(decoding: [bytes[position]], as: UTF8.self)
                    throw problem(
                        at: position - 1, field: field(), Phrase.placesFileUnknownEscape(character: escape))
                }
                continue
            }
            if byte < 0x20 {
                throw problem(at: position, field: field(), Phrase(.placesFileControlCharacter))
            }
            position += 1
        }
        throw problem(at: opening, field: field(), Phrase(.placesFileStringNotClosed))
    }

    @inline(__always)
    static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// The text of a string's bytes, escapes decoded (already checked by `stringSpan`).
    func decodeString(_ start: Int, _ end: Int) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(end - start)
        var i = start
        func hex4(_ at: Int) -> UInt32 {
            (0..<4).reduce(0) { $0 << 4 | Self.hexValue(bytes[at + $1])! }
        }
        while i < end {
            let byte = bytes[i]
            guard byte == UInt8(ascii: "\\") else {
                out.append(byte)
                i += 1
                continue
            }
            let code = bytes[i + 1]
            i += 2
            switch code {
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var value = hex4(i)
                i += 4
                if (0xD800..<0xDC00).contains(value), i + 5 < end, bytes[i] == UInt8(ascii: "\\"),
                    bytes[i + 1] == UInt8(ascii: "u")
                {
                    let low = hex4(i + 2)
                    if (0xDC00..<0xE000).contains(low) {
                        value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                        i += 6
                    }
                }
                let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
                out.append(contentsOf: String(scalar).utf8)
            default: out.append(code)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Reads a string value and tells whether it is `value`, without making a `String`.
    mutating func stringIs(_ value: StaticString, field: @autoclosure () -> String?) throws(PlacesFile.Problem) -> Bool
    {
        let (start, end, escaped) = try stringSpan(field: field())
        if escaped { return decodeString(start, end) == value.description }
        guard end - start == value.utf8CodeUnitCount else { return false }
        for i in 0..<(end - start) where value.utf8Start[i] != bytes[start + i] { return false }
        return true
    }

    /// Reads a string value and returns its text.
    mutating func string(field: @autoclosure () -> String?) throws(PlacesFile.Problem) -> String {
        let (start, end, escaped) = try stringSpan(field: field())
        if escaped { return decodeString(start, end) }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    /// Reads a number (the position must be at its first byte) and returns its value and text.
    mutating func number(field: @autoclosure () -> String?) throws(PlacesFile.Problem) -> Double {
        let start = position
        var mantissa: UInt64 = 0
        var digits = 0
        var scale = 0
        var negative = false
        func bad() -> PlacesFile.Problem {
            problem(at: start, field: field(), Phrase(.placesFileMalformedNumber))
        }
        if position < bytes.count && bytes[position] == UInt8(ascii: "-") {
            negative = true
            position += 1
        }
        guard position < bytes.count, Self.isDigit(bytes[position]) else { throw bad() }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
        } else {
            while position < bytes.count && Self.isDigit(bytes[position]) {
                if digits < 19 { mantissa = mantissa * 10 + UInt64(bytes[position] - 0x30) } else { scale += 1 }
                digits += 1
                position += 1
            }
        }
        if position < bytes.count && bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard position < bytes.count, Self.isDigit(bytes[position]) else { throw bad() }
            while position < bytes.count && Self.isDigit(bytes[position]) {
                if digits < 19 {
                    mantissa = mantissa * 10 + UInt64(bytes[position] - 0x30)
                    scale -= 1
                }
                if mantissa != 0 || digits > 0 { digits += 1 }
                position += 1
            }
        }
        var exponent = 0
        if position < bytes.count && (bytes[position] | 0x20) == UInt8(ascii: "e") {
            position += 1
            var negativeExponent = false
            if position < bytes.count && (bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-"))
            {
                negativeExponent = bytes[position] == UInt8(ascii: "-")
                position += 1
            }
            guard position < bytes.count, Self.isDigit(bytes[position]) else { throw bad() }
            while position < bytes.count && Self.isDigit(bytes[position]) {
                if exponent < 100_000 { exponent = exponent * 10 + Int(bytes[position] - 0x30) }
                position += 1
            }
            if negativeExponent { exponent = -exponent }
        }
        // Exact when the digits fit a double's 53 bits and the power of ten is exact (Clinger's
        // fast path); otherwise the standard library's correctly rounded conversion.
        let power = scale + exponent
        if digits <= 15 && mantissa < (1 << 53) && abs(power) <= 22 {
            var value = Double(mantissa)
            value = power < 0 ? value / Self.powersOfTen[-power] : value * Self.powersOfTen[power]
            return negative ? -value : value
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        guard let value = Double(text) else { throw bad() }
        return value
    }

    private static let powersOfTen: [Double] = (0...22).map { exponent in
        (0..<exponent).reduce(1.0) { value, _ in value * 10 }
    }

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }

    /// Reads `true`, `false` or `null`.
    mutating func literal(field: @autoclosure () -> String?) throws(PlacesFile.Problem) {
        for word in ["true", "false", "null"] as [StaticString] {
            let length = word.utf8CodeUnitCount
            if position + length <= bytes.count, (0..<length).allSatisfy({ bytes[position + $0] == word.utf8Start[$0] })
            {
                position += length
                return
            }
        }
        throw problem(at: position, field: field(), expected(Phrase(.placesFileWhatValue)))
    }

    /// Skips one value of any kind, checking that it is well formed.
    mutating func skipValue(field: @autoclosure () -> String?, depth: Int = 0) throws(PlacesFile.Problem) {
        guard depth < 512 else { throw problem(at: position, field: field(), Phrase(.placesFileNestedTooDeep)) }
        switch peek() {
        case UInt8(ascii: "{"):
            position += 1
            if closesAtOnce(UInt8(ascii: "}")) { return }
            repeat {
                _ = try key([], field: field())
                try skipValue(field: field(), depth: depth + 1)
            } while try more(UInt8(ascii: "}"), field: field())
        case UInt8(ascii: "["):
            position += 1
            if closesAtOnce(UInt8(ascii: "]")) { return }
            repeat {
                try skipValue(field: field(), depth: depth + 1)
            } while try more(UInt8(ascii: "]"), field: field())
        case UInt8(ascii: "\""):
            _ = try stringSpan(field: field())
        case let byte? where byte == UInt8(ascii: "-") || JSONScanner.isDigit(byte):
            _ = try number(field: field())
        default:
            try literal(field: field())
        }
    }

    /// Checks that nothing but white space follows the top-level value.
    mutating func expectEnd() throws(PlacesFile.Problem) {
        if peek() != nil { throw problem(at: position, Phrase.placesFileAfterEnd(found: found())) }
    }
}
