extension POFile {
    /// Parses PO text. A leading byte-order mark is skipped.
    ///
    /// Read as gettext reads it, byte by byte over the UTF-8: every character the format gives
    /// a meaning (quotes, backslashes, `#`, the keywords, spaces and tabs) is ASCII, so a line
    /// is cut and a string unescaped without decoding characters; only the values become
    /// Strings. The built-in catalogs are parsed at every start (issue 27): measured in one
    /// process on the busy 2-core machine (load 14 to 18), 3.0 to 3.2 ms of CPU for the English
    /// catalog, where the reader it replaced (line by line through Foundation's
    /// `trimmingCharacters`, then Character by Character) took 31 to 32 ms.
    public static func parse(_ text: String) throws(Problem) -> POFile {
        var text = text
        let result = text.withUTF8 { bytes in
            var reader = POReader(bytes: bytes)
            return Result { () throws(Problem) in try reader.read() }
        }
        return try result.get()
    }
}

/// The reader behind `POFile.parse`: the text's UTF-8 and what is gathered line by line.
private struct POReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var entries: [POFile.Entry] = []
    var current: POFile.Entry?
    /// `#.` notes, for the entry they stand before.
    var notes: [String] = []
    /// Which string the continuation lines add to.
    var target: Target?
    /// The line of each entry, by its context and id: a second one is refused.
    var seen: [Identity: Int] = [:]

    enum Target {
        case context, id, idPlural
        case string(Int)
    }

    struct Identity: Hashable {
        var context: String?
        var id: String
    }

    typealias Problem = POFile.Problem

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    mutating func read() throws(Problem) -> POFile {
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var number = 0
        // Lines end at "\n" (a "\r" before it is not text); the empty "line" after a final line
        // break is not one.
        while start < bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != ASCII.newline { end += 1 }
            number += 1
            var last = end
            if last > start && bytes[last - 1] == ASCII.carriageReturn { last -= 1 }
            try line(trimmed(start, last), number: number)
            start = end + 1
        }
        try finish()
        return POFile(entries: entries)
    }

    /// One line, without the white space around it.
    private mutating func line(_ range: Range<Int>, number: Int) throws(Problem) {
        guard let first = range.first else {
            try finish()
            notes = []
            return
        }
        switch bytes[first] {
        case ASCII.hash:
            // A comment closes an entry's strings; `#.` notes belong to the next entry.
            if current?.strings.isEmpty == false { try finish() }
            if range.count > 1 && bytes[first + 1] == ASCII.dot {
                notes.append(string(trimmed(first + 2, range.upperBound)))
            }
        case ASCII.quote:
            guard let target else { throw Problem(line: number, message: "a string with no keyword before it") }
            let value = try literal(range, line: number)
            switch target {
            case .context: current?.context? += value
            case .id: current?.id += value
            case .idPlural: current?.idPlural? += value
            case .string(let index): current?.strings[index] += value
            }
        default:
            guard let space = range.first(where: { bytes[$0] == ASCII.space || bytes[$0] == ASCII.tab }) else {
                throw Problem(line: number, message: "expected a keyword and a string, found \(excerpt(range))")
            }
            var valueStart = space
            while valueStart < range.upperBound && (bytes[valueStart] == ASCII.space || bytes[valueStart] == ASCII.tab)
            {
                valueStart += 1
            }
            let value = try literal(valueStart..<range.upperBound, line: number)
            try keyword(first..<space, value, line: number)
        }
    }

    private mutating func keyword(_ range: Range<Int>, _ value: String, line number: Int) throws(Problem) {
        let keyword = UnsafeBufferPointer(rebasing: bytes[range])
        if keyword.elementsEqual("msgctxt".utf8) {
            if current?.strings.isEmpty == false { try finish() }
            guard current == nil else { throw Problem(line: number, message: "msgctxt after msgid") }
            current = POFile.Entry(context: value, id: "", strings: [], line: number, notes: notes)
            notes = []
            target = .context
        } else if keyword.elementsEqual("msgid".utf8) {
            if current?.strings.isEmpty == false { try finish() }
            if current == nil {
                current = POFile.Entry(context: nil, id: value, strings: [], line: number, notes: notes)
                notes = []
            } else if !(current?.id.isEmpty ?? true) || current?.idPlural != nil {
                throw Problem(line: number, message: "a second msgid in one entry")
            } else {
                current?.id = value
            }
            target = .id
        } else if keyword.elementsEqual("msgid_plural".utf8) {
            guard current != nil, current?.strings.isEmpty == true else {
                throw Problem(line: number, message: "msgid_plural without a msgid before it")
            }
            current?.idPlural = value
            target = .idPlural
        } else {
            try translation(keyword, range, value, line: number)
        }
    }

    /// `msgstr`, or `msgstr[N]` of a plural entry.
    private mutating func translation(
        _ keyword: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ value: String, line number: Int
    ) throws(Problem) {
        let unknown = Problem(line: number, message: "unknown keyword \(excerpt(range))")
        guard keyword.starts(with: "msgstr".utf8) else { throw unknown }
        guard current != nil else { throw Problem(line: number, message: "msgstr without a msgid before it") }
        let index: Int
        if keyword.count == 6 {
            guard current?.idPlural == nil else {
                throw Problem(line: number, message: "a plural entry takes msgstr[0], msgstr[1]…, not msgstr")
            }
            index = 0
        } else {
            guard keyword.starts(with: "msgstr[".utf8), keyword.last == ASCII.closingBracket,
                let parsed = Int(string(range.lowerBound + 7..<range.upperBound - 1))
            else { throw unknown }
            guard current?.idPlural != nil else {
                throw Problem(line: number, message: "msgstr[\(parsed)] needs a msgid_plural")
            }
            guard parsed == current?.strings.count else {
                throw Problem(line: number, message: "msgstr[\(parsed)] is out of order")
            }
            index = parsed
        }
        current?.strings.append(value)
        target = .string(index)
    }

    /// Ends the entry being read: checked, and kept.
    private mutating func finish() throws(Problem) {
        guard let entry = current else { return }
        guard !entry.strings.isEmpty else {
            throw Problem(line: entry.line, message: "the entry has no msgstr")
        }
        if entry.idPlural == nil && entry.strings.count != 1 {
            throw Problem(line: entry.line, message: "msgstr[N] needs a msgid_plural")
        }
        let identity = Identity(context: entry.context, id: entry.id)
        if let first = seen[identity] {
            let name = entry.context.map { "msgctxt \"\($0)\"" } ?? "msgid \"\(entry.id)\""
            throw Problem(line: entry.line, message: "\(name) is defined twice (first at line \(first))")
        }
        seen[identity] = entry.line
        entries.append(entry)
        current = nil
        target = nil
    }

    /// A C string literal: `"…"` with `\n`, `\t`, `\"`, `\\` escapes, nothing after it.
    private func literal(_ range: Range<Int>, line: Int) throws(Problem) -> String {
        guard let open = range.first, bytes[open] == ASCII.quote else {
            throw Problem(line: line, message: "expected a string in double quotes, found \(excerpt(range))")
        }
        // Unescaped text is taken a run at a time; `unescaped` is needed only after an escape.
        var unescaped: [UInt8]?
        var run = open + 1
        var index = run
        while index < range.upperBound {
            switch bytes[index] {
            case ASCII.quote:
                guard index + 1 == range.upperBound else {
                    throw Problem(line: line, message: "text after the closing quote")
                }
                guard var unescaped else { return string(run..<index) }
                unescaped.append(contentsOf: bytes[run..<index])
                return String(decoding: unescaped, as: UTF8.self)
            case ASCII.backslash:
                guard index + 1 < range.upperBound else { break }
                let replacement: UInt8
                switch bytes[index + 1] {
                case ASCII.letterN: replacement = ASCII.newline
                case ASCII.letterT: replacement = ASCII.tab
                case ASCII.quote: replacement = ASCII.quote
                case ASCII.backslash: replacement = ASCII.backslash
                default:
                    let other = string(index + 1..<range.upperBound).first.map { String($0) } ?? ""
                    throw Problem(line: line, message: "unknown escape \\\(other)")
                }
                if unescaped == nil { unescaped = [] }
                unescaped?.append(contentsOf: bytes[run..<index])
                unescaped?.append(replacement)
                index += 2
                run = index
                continue
            default: break
            }
            index += 1
        }
        throw Problem(line: line, message: "a string without its closing quote")
    }

    /// The bytes in `range` as a String: the text is UTF-8 and every cut is at an ASCII byte.
    private func string(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// At most 30 characters of the text in `range`, for a message.
    private func excerpt(_ range: Range<Int>) -> String {
        let text = string(range)
        return text.count > 30 ? "\(text.prefix(30))…" : text
    }

    /// `start..<end` without the white space at either end: spaces, tabs and the other
    /// characters of Unicode's Zs (as Foundation's `CharacterSet.whitespaces`).
    private func trimmed(_ start: Int, _ end: Int) -> Range<Int> {
        var lower = start
        var upper = end
        while lower < upper, let length = spaceLength(at: lower, before: upper) { lower += length }
        while upper > lower, let length = spaceLength(endingAt: upper, after: lower) { upper -= length }
        return lower..<upper
    }

    /// The length of the white-space character that starts at `index`, if one does.
    private func spaceLength(at index: Int, before end: Int) -> Int? {
        for length in 1...3 where index + length <= end && isSpace(index..<index + length) { return length }
        return nil
    }

    /// The length of the white-space character that ends at `end`, if one does.
    private func spaceLength(endingAt end: Int, after start: Int) -> Int? {
        for length in 1...3 where end - length >= start && isSpace(end - length..<end) { return length }
        return nil
    }

    /// Whether the bytes are one white-space character: U+0009, U+0020, U+00A0, U+1680,
    /// U+2000 to U+200A, U+202F, U+205F or U+3000.
    private func isSpace(_ range: Range<Int>) -> Bool {
        let b = bytes
        let i = range.lowerBound
        switch range.count {
        case 1: return b[i] == ASCII.space || b[i] == ASCII.tab
        case 2: return b[i] == 0xC2 && b[i + 1] == 0xA0
        default:
            switch (b[i], b[i + 1], b[i + 2]) {
            case (0xE1, 0x9A, 0x80), (0xE2, 0x80, 0xAF), (0xE2, 0x81, 0x9F), (0xE3, 0x80, 0x80): return true
            case (0xE2, 0x80, let last): return (0x80...0x8A).contains(last)
            default: return false
            }
        }
    }
}

/// The ASCII bytes the PO format gives a meaning.
private enum ASCII {
    static let tab = UInt8(ascii: "\t")
    static let newline = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")
    static let space = UInt8(ascii: " ")
    static let quote = UInt8(ascii: "\"")
    static let hash = UInt8(ascii: "#")
    static let dot = UInt8(ascii: ".")
    static let backslash = UInt8(ascii: "\\")
    static let closingBracket = UInt8(ascii: "]")
    static let letterN = UInt8(ascii: "n")
    static let letterT = UInt8(ascii: "t")
}
