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

    private mutating func advance() {
        if bytes[index] == UInt8(ascii: "\n") { line += 1 }
        index += 1
    }

    private func starts(with needle: StaticString) -> Bool {
        let count = needle.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        return needle.withUTF8Buffer { needle in
            var at = 0
            while at < count {
                if bytes[index + at] != needle[at] { return false }
                at += 1
            }
            return true
        }
    }

    /// Skips to just after `end`; false when the text ends first.
    private mutating func skip(past end: StaticString) -> Bool {
        while index < bytes.count {
            if starts(with: end) {
                for _ in 0..<end.utf8CodeUnitCount { advance() }
                return true
            }
            advance()
        }
        return false
    }

    /// The next element tag, skipping text, comments, CDATA, declarations and instructions.
    public mutating func nextTag() throws(Problem) -> Tag? {
        var textBefore: Int?
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else {
                if textBefore == nil && !Self.isSpace(bytes[index]) { textBefore = index }
                advance()
                continue
            }
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
            advance()
            let bodyStart = index
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
                advance()
            }
            let body = bytes[bodyStart..<index]
            guard index < bytes.count else {
                let name = String(decoding: body.prefix { !Self.isSpace($0) }, as: UTF8.self)
                throw Problem(line: start, offset: startIndex, reason: .unclosed("<" + String(name.prefix(20))))
            }
            advance()
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
        while index < bytes.count && bytes[index] != UInt8(ascii: "<") { advance() }
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
                for _ in 0..<9 { advance() }
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
        var name = String(decoding: nameBytes, as: UTF8.self)
        var prefix: String?
        // A namespace prefix (`gpx:trkpt`) is not part of the name.
        if let colon = name.lastIndex(of: ":") {
            prefix = String(name[..<colon])
            name = String(name[name.index(after: colon)...])
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
            attributes[String(decoding: key, as: UTF8.self)] = XMLText.unescaped(String(decoding: value, as: UTF8.self))
        }
        return Tag(
            name: name, prefix: prefix, isEnd: isEnd, selfCloses: selfCloses, attributes: attributes, line: line,
            offset: offset)
    }
}
