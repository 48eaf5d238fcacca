import Foundation

/// The text of a file a person wrote (a script, a config file, a PO file of words, a tasks file,
/// a `.nvtest` test): decoded once, in one way, for every reader. A UTF-8 byte-order mark is not
/// text; Latin-1 and Windows-1252 are converted when asked; a byte that is not UTF-8 is refused
/// with its `FILE:LINE:COLUMN`, never turned into U+FFFD (which a synthesiser reads as noise).
/// Lines are numbered from 1, each without its `\n` or `\r\n`.
public struct TextFile: Sendable {
    /// The file's name as errors give it (the path the user typed).
    public let name: String
    /// The text, without a byte-order mark.
    public let text: String

    /// One line of the file: its number from 1 and its text without the line break.
    public struct Line: Equatable, Sendable {
        public var number: Int
        public var text: Substring
    }

    /// The bytes were not text in the encoding: where the first bad byte is, and which byte.
    public struct NotText: Error, Equatable, Sendable {
        public var location: SourceLocation
        public var byte: UInt8

        /// The byte as people write it: "0xE9".
        public var byteText: String {
            let hex = String(byte, radix: 16, uppercase: true)
            return "0x" + (hex.count == 1 ? "0" + hex : hex)
        }
    }

    /// The text of the bytes `data` of the file `name`, read in `encoding`.
    public init(decoding data: Data, name: String, encoding: TextEncoding = .utf8) throws(NotText) {
        let utf8 = encoding.utf8Data(data)
        if let offset = TextEncoding.firstInvalidUTF8(utf8) {
            throw utf8.withUnsafeBytes { raw in
                let bytes = raw.bindMemory(to: UInt8.self)
                return NotText(location: SourceLocation(file: name, in: bytes, at: offset), byte: bytes[offset])
            }
        }
        self.init(text: String(decoding: utf8, as: UTF8.self), name: name)
    }

    /// Text already decoded (a test's string, a catalog built in): only the byte-order mark goes.
    public init(text: String, name: String) {
        self.name = name
        self.text = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
    }

    /// The lines, numbered from 1, each without `\n` or `\r\n`; the empty "line" after a final
    /// line break is not one.
    public var lines: [Line] {
        // Split on the byte: a String sees "\r\n" as one character, which is not "\n".
        var lines: [Line] = []
        let bytes = text.utf8
        var start = bytes.startIndex
        var index = start
        func add(upTo end: String.Index) {
            var last = end
            if last > start, bytes[bytes.index(before: last)] == 0x0D { last = bytes.index(before: last) }
            lines.append(Line(number: lines.count + 1, text: text[start..<last]))
        }
        while index < bytes.endIndex {
            if bytes[index] == 0x0A {
                add(upTo: index)
                start = bytes.index(after: index)
            }
            index = bytes.index(after: index)
        }
        if start < bytes.endIndex { add(upTo: bytes.endIndex) }
        return lines
    }

    /// `FILE:LINE` of line `number`, for an error about a whole line.
    public func location(line number: Int, column: Int? = nil) -> SourceLocation {
        SourceLocation(file: name, line: number, column: column)
    }
}

extension TextFile.NotText {
    /// Where it is, as a message about it says it: the file, the line, and the column (1 when
    /// only the line is known).
    public var at: (file: String, line: String, column: String) {
        (location.file, String(location.line), String(location.column ?? 1))
    }
}
