/// A small XML tag scanner: enough of XML for GPX (tags and their attributes, character data and
/// CDATA, entities; comments, declarations and processing instructions skipped), counting lines
/// as it goes and giving the byte offset of each tag, so that a reader can say the line and the
/// column of what is wrong. It does not check that tags nest: a reader that cares keeps its own
/// stack of open elements. Pure: bytes in, tags out.
public struct XMLScanner {
    /// One tag: `<name a="1">`, `</name>` or `<name/>`.
    public struct Tag: Sendable {
        /// The name without its namespace prefix: "trkpt" for `<gpx:trkpt>`.
        public var name: String
        /// The namespace prefix, when there is one: "gpx" for `<gpx:trkpt>`.
        public var prefix: String?
        public var isEnd: Bool
        public var selfCloses: Bool
        /// The attributes by their names as written (`xmlns:nv`), values with entities replaced.
        public var attributes: [String: String]
        /// The line (from 1) and the byte offset of the tag's `<`.
        public var line: Int
        public var offset: Int
        /// The byte offset of the first character that is not white space in the text before the
        /// tag (since the tag before it), when there is such text.
        public var textBefore: Int?
    }

    /// What is wrong with the markup: where (line from 1, byte offset) and what.
    public struct Problem: Error, Equatable, Sendable {
        public var line: Int
        public var offset: Int
        public var reason: Reason

        public enum Reason: Equatable, Sendable {
            /// A tag, comment, CDATA section or declaration that never ends: "<trkpt", "<!--",
            /// "CDATA", "<!".
            case unclosed(String)
        }
    }

    public let bytes: [UInt8]
    private var index = 0
    /// The line the scanner is on, from 1.
    public private(set) var line = 1
    /// The byte offset the scanner is at.
    public var offset: Int { index }

    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Moves on to byte `offset` (at or after where the scanner is), counting the lines passed:
    /// for a reader that read what comes next from `bytes` itself.
    public mutating func skip(to offset: Int) {
        move(to: min(max(offset, index), bytes.count))
    }

    /// Moves to byte `to`, counting the lines passed.
    private mutating func move(to target: Int) {
        line += bytes.withUnsafeBufferPointer { Self.lineFeeds(in: $0, from: index, to: target) }
        index = target
    }

    /// How many line feeds bytes `from..<to` hold: eight bytes at a time (a reader that read a
    /// megabyte itself moves past it at once).
    private static func lineFeeds(in bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int {
        var feeds = 0
        var at = from
        if let base = bytes.baseAddress {
            let ones: UInt64 = 0x0101_0101_0101_0101
            let low7 = ones &* 0x7F
            while at + 8 <= to {
                // Each byte that is a line feed becomes 0, then its high bit the only one clear.
                let word = UnsafeRawPointer(base + at).loadUnaligned(as: UInt64.self) ^ (ones &* 0x0A)
                let nonzero = ((word & low7) &+ low7) | word
                // One bit a line feed, at the bottom of its byte; the multiplication sums the
                // eight bytes into the top one.
                feeds += Int(truncatingIfNeeded: (((~nonzero & (ones &* 0x80)) >> 7) &* ones) >> 56)
                at += 8
            }
        }
        while at < to {
            if bytes[at] == 0x0A { feeds += 1 }
            at += 1
        }
        return feeds
    }

    private func starts(with needle: StaticString) -> Bool { Self.matches(needle, in: bytes, at: index) }

    /// Whether `needle` is at byte `at` of `bytes`.
    private static func matches(_ needle: StaticString, in bytes: [UInt8], at: Int) -> Bool {
        let count = needle.utf8CodeUnitCount
        guard at + count <= bytes.count else { return false }
        return needle.withUTF8Buffer { needle in
            var offset = 0
            while offset < count {
                if bytes[at + offset] != needle[offset] { return false }
                offset += 1
            }
            return true
        }
    }

    /// Skips to just after `end` (looked for from where the scanner is); false, at the end of
    /// the text, when the text ends first.
    private mutating func skip(past end: StaticString) -> Bool {
        var at = index
        while at < bytes.count {
            if Self.matches(end, in: bytes, at: at) {
                move(to: at + end.utf8CodeUnitCount)
                return true
            }
            at += 1
        }
        move(to: bytes.count)
        return false
    }

    /// The next element tag, skipping text, comments, CDATA, declarations and instructions.
    public mutating func nextTag() throws(Problem) -> Tag? {
        var textBefore: Int?
        while index < bytes.count {
            // The text up to the next `<`, its first byte that is not white space noted.
            let (next, text, feeds) = bytes.withUnsafeBufferPointer { bytes in
                var at = index
                var text: Int?
                var feeds = 0
                while at < bytes.count {
                    let byte = bytes[at]
                    if byte == UInt8(ascii: "<") { break }
                    if byte == 0x0A { feeds += 1 }
                    if text == nil && !Self.isSpace(byte) { text = at }
                    at += 1
                }
                return (at, text, feeds)
            }
            if textBefore == nil { textBefore = text }
            line += feeds
            index = next
            guard index < bytes.count else { break }
            let start = line
            let startIndex = index
            if starts(with: "<!--") {
                guard skip(past: "-->") else {
                    throw Problem(line: start, offset: startIndex, reason: .unclosed("<!--"))
                }
                continue
            }
            if starts(with: "<![CDATA[") {
                if textBefore == nil { textBefore = index }
                guard skip(past: "]]>") else {
                    throw Problem(line: start, offset: startIndex, reason: .unclosed("CDATA"))
                }
                continue
            }
            if starts(with: "<?") || starts(with: "<!") {
                guard skip(past: ">") else { throw Problem(line: start, offset: startIndex, reason: .unclosed("<!")) }
                continue
            }
            let bodyStart = index + 1
            // The tag's end: the first `>` outside a quoted value.
            let (end, bodyFeeds) = bytes.withUnsafeBufferPointer { bytes in
                var at = bodyStart
                var quote: UInt8 = 0
                var feeds = 0
                while at < bytes.count {
                    let byte = bytes[at]
                    if quote != 0 {
                        if byte == quote { quote = 0 }
                    } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                        quote = byte
                    } else if byte == UInt8(ascii: ">") {
                        break
                    }
                    if byte == 0x0A { feeds += 1 }
                    at += 1
                }
                return (at, feeds)
            }
            line += bodyFeeds
            index = end
            let body = bytes[bodyStart..<end]
            guard index < bytes.count else {
                let name = String(decoding: body.prefix { !Self.isSpace($0) }, as: UTF8.self)
                throw Problem(line: start, offset: startIndex, reason: .unclosed("<" + String(name.prefix(20))))
            }
            index += 1
            var tag = Self.tag(body, line: start, offset: startIndex)
            tag.textBefore = textBefore
            return tag
        }
        return nil
    }

    /// The text up to the next `<`, as written (entities not replaced), with the line it began on.
    public mutating func textUntilTag() -> (String, Int) {
        let start = line
        let startIndex = index
        let end = bytes.withUnsafeBufferPointer { bytes in
            var at = index
            while at < bytes.count && bytes[at] != UInt8(ascii: "<") { at += 1 }
            return at
        }
        move(to: end)
        return (String(decoding: bytes[startIndex..<index], as: UTF8.self), start)
    }

    /// The character data up to the next tag, comments skipped and CDATA sections taken as they
    /// are, with entities replaced (`XMLText.unescaped`): the content of `<name>…</name>`.
    public mutating func characterData() throws(Problem) -> String {
        var text = ""
        while index < bytes.count {
            if bytes[index] != UInt8(ascii: "<") {
                let (part, _) = textUntilTag()
                text += XMLText.unescaped(part)
            } else if starts(with: "<![CDATA[") {
                let start = (line, index)
                index += 9
                let from = index
                guard skip(past: "]]>") else {
                    throw Problem(line: start.0, offset: start.1, reason: .unclosed("CDATA"))
                }
                text += String(decoding: bytes[from..<(index - 3)], as: UTF8.self)
            } else if starts(with: "<!--") {
                let start = (line, index)
                guard skip(past: "-->") else {
                    throw Problem(line: start.0, offset: start.1, reason: .unclosed("<!--"))
                }
            } else {
                break
            }
        }
        return text
    }

    /// The line and the column (in characters, from 1) of byte `offset` of the scanned bytes.
    public func lineAndColumn(at offset: Int) -> (line: Int, column: Int) {
        bytes.withUnsafeBufferPointer { SourceLocation.lineAndColumn(in: $0, at: offset) }
    }

    /// Whether `byte` is XML's white space: space, tab, line feed or carriage return.
    public static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    private static func tag(_ body: ArraySlice<UInt8>, line: Int, offset: Int) -> Tag {
        var body = body
        let isEnd = body.first == UInt8(ascii: "/")
        if isEnd { body = body.dropFirst() }
        let selfCloses = body.last == UInt8(ascii: "/")
        if selfCloses { body = body.dropLast() }
        let nameBytes = body.prefix { !isSpace($0) }
        var name: String
        var prefix: String?
        // A namespace prefix (`gpx:trkpt`) is not part of the name: what follows the last colon
        // (a character of its own) is. Found in the bytes when the colon's neighbours are ASCII
        // (it is then a character of its own, as in every name seen); else among the characters.
        let colon = nameBytes.lastIndex(of: UInt8(ascii: ":"))
        if let colon, colon == nameBytes.startIndex || nameBytes[colon - 1] < 0x80,
            colon + 1 == nameBytes.endIndex || nameBytes[colon + 1] < 0x80
        {
            prefix = String(decoding: nameBytes[..<colon], as: UTF8.self)
            name = String(decoding: nameBytes[(colon + 1)...], as: UTF8.self)
        } else {
            name = String(decoding: nameBytes, as: UTF8.self)
            if colon != nil, let colon = name.lastIndex(of: ":") {
                prefix = String(name[..<colon])
                name = String(name[name.index(after: colon)...])
            }
        }
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
            let text = String(decoding: value, as: UTF8.self)
            attributes[String(decoding: key, as: UTF8.self)] =
                value.contains(UInt8(ascii: "&")) ? XMLText.unescaped(text) : text
        }
        return Tag(
            name: name, prefix: prefix, isEnd: isEnd, selfCloses: selfCloses, attributes: attributes, line: line,
            offset: offset)
    }
}
