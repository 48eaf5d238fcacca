/// A gettext PO file, read as translators' tools write it: entries of `msgctxt`, `msgid`,
/// `msgid_plural` and `msgstr` / `msgstr[N]`, each a C string literal that may go on over the
/// following lines, with `#` comments; blank lines between entries. Pure: the caller reads the
/// bytes.
public struct POFile: Equatable, Sendable {
    /// One entry: its key (`msgctxt`), source text, plural source, translations and the line
    /// its first keyword stands on.
    public struct Entry: Equatable, Sendable {
        public var context: String?
        public var id: String
        public var idPlural: String?
        /// `msgstr` alone, or `msgstr[0]`, `msgstr[1]`… in order.
        public var strings: [String]
        /// The line (from 1) of the entry's first keyword.
        public var line: Int
        /// Extracted comments (`#.`): what the entry is for and which fields it takes.
        public var notes: [String]

        public init(
            context: String?, id: String, idPlural: String? = nil, strings: [String], line: Int = 0,
            notes: [String] = []
        ) {
            self.context = context
            self.id = id
            self.idPlural = idPlural
            self.strings = strings
            self.line = line
            self.notes = notes
        }

        /// Whether it is the header (`msgid ""` without a context).
        public var isHeader: Bool { context == nil && id.isEmpty }
    }

    /// A file that is not valid PO: the line (from 1) and what is wrong.
    public struct Problem: Error, Equatable, Sendable, CustomStringConvertible {
        public var line: Int
        public var message: String

        public init(line: Int, message: String) {
            self.line = line
            self.message = message
        }

        public var description: String { "\(line): \(message)" }
    }

    public var entries: [Entry]

    public init(entries: [Entry]) { self.entries = entries }

    /// The header's fields ("Plural-Forms", "Language", …), from the `msgid ""` entry.
    public var header: [String: String] {
        guard let header = entries.first(where: \.isHeader), let text = header.strings.first else { return [:] }
        var fields: [String: String] = [:]
        for line in text.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[Self.trimmed(line[..<colon])] = Self.trimmed(line[line.index(after: colon)...])
        }
        return fields
    }

    /// The text without the white space at either end: tabs and Unicode's space separators (Zs),
    /// as Foundation's `CharacterSet.whitespaces`, whose first use costs a start a millisecond.
    static func trimmed(_ text: Substring) -> String {
        let scalars = text.unicodeScalars
        let isSpace = { (scalar: Unicode.Scalar) in
            scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator
        }
        guard let first = scalars.firstIndex(where: { !isSpace($0) }),
            let last = scalars.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(scalars[first...last])
    }

    /// The file as PO text: the header, then each entry with its notes.
    public func text() -> String {
        var out = ""
        for entry in entries {
            for note in entry.notes { out += "#. \(note)\n" }
            if let context = entry.context { out += "msgctxt \(Self.quoted(context))\n" }
            out += "msgid \(Self.quoted(entry.id))\n"
            if let plural = entry.idPlural {
                out += "msgid_plural \(Self.quoted(plural))\n"
                for (index, string) in entry.strings.enumerated() { out += "msgstr[\(index)] \(Self.quoted(string))\n" }
            } else {
                out += "msgstr \(Self.quoted(entry.strings.first ?? ""))\n"
            }
            out += "\n"
        }
        return out
    }

    /// A C string literal for `text`; a header's lines each on a line of their own.
    static func quoted(_ text: String) -> String {
        func escape(_ part: Substring) -> String {
            var out = "\""
            for character in part {
                switch character {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "\t": out += "\\t"
                default: out.append(character)
                }
            }
            return out + "\""
        }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count > 2 else { return escape(text[...]) }
        // Multi-line strings (the header) start with "" and keep one line a line, as msgmerge does.
        var parts = ["\"\""]
        for (index, line) in lines.enumerated() where !(index == lines.count - 1 && line.isEmpty) {
            parts.append(
                escape(index < lines.count - 1 ? text[line.startIndex..<text.index(after: line.endIndex)] : line))
        }
        return parts.joined(separator: "\n")
    }
}
