import Foundation
import TextFormats

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
            let name = line[..<colon].trimmingCharacters(in: .whitespaces)
            fields[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return fields
    }

    /// Parses PO text. A leading byte-order mark is skipped.
    public static func parse(_ text: String) throws(Problem) -> POFile {
        var entries: [Entry] = []
        var current: Entry?
        var notes: [String] = []
        /// Which string the continuation lines add to: the context, the id, the plural id, or a
        /// translation by index.
        enum Target {
            case context, id, idPlural
            case string(Int)
        }
        var target: Target?
        var seenKeys: [String: Int] = [:]

        func finish() throws(Problem) {
            guard let entry = current else { return }
            guard !entry.strings.isEmpty else {
                throw Problem(line: entry.line, message: "the entry has no msgstr")
            }
            if entry.idPlural == nil && entry.strings.count != 1 {
                throw Problem(line: entry.line, message: "msgstr[N] needs a msgid_plural")
            }
            let key = (entry.context ?? "") + "\u{4}" + entry.id
            if let first = seenKeys[key] {
                let name = entry.context.map { "msgctxt \"\($0)\"" } ?? "msgid \"\(entry.id)\""
                throw Problem(line: entry.line, message: "\(name) is defined twice (first at line \(first))")
            }
            seenKeys[key] = entry.line
            entries.append(entry)
            current = nil
            target = nil
        }

        for line in TextFile(text: text, name: "").lines {
            let number = line.number
            let trimmed = line.text.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty {
                try finish()
                notes = []
                continue
            }
            if trimmed.hasPrefix("#") {
                // A comment closes an entry's strings; `#.` notes belong to the next entry.
                if current?.strings.isEmpty == false { try finish() }
                if trimmed.hasPrefix("#.") {
                    notes.append(String(trimmed.dropFirst(2)).trimmingCharacters(in: .whitespaces))
                }
                continue
            }
            if trimmed.hasPrefix("\"") {
                guard let target else { throw Problem(line: number, message: "a string with no keyword before it") }
                let value = try literal(trimmed[...], line: number)
                switch target {
                case .context: current?.context? += value
                case .id: current?.id += value
                case .idPlural: current?.idPlural? += value
                case .string(let index): current?.strings[index] += value
                }
                continue
            }
            guard let space = trimmed.firstIndex(where: { $0 == " " || $0 == "\t" }) else {
                throw Problem(line: number, message: "expected a keyword and a string, found \(excerpt(trimmed[...]))")
            }
            let keyword = String(trimmed[..<space])
            let value = try literal(trimmed[space...].drop { $0 == " " || $0 == "\t" }, line: number)
            switch keyword {
            case "msgctxt":
                if current?.strings.isEmpty == false { try finish() }
                guard current == nil else { throw Problem(line: number, message: "msgctxt after msgid") }
                current = Entry(context: value, id: "", strings: [], line: number, notes: notes)
                notes = []
                target = .context
            case "msgid":
                if current?.strings.isEmpty == false { try finish() }
                if current == nil {
                    current = Entry(context: nil, id: value, strings: [], line: number, notes: notes)
                    notes = []
                } else if !(current?.id.isEmpty ?? true) || current?.idPlural != nil {
                    throw Problem(line: number, message: "a second msgid in one entry")
                } else {
                    current?.id = value
                }
                target = .id
            case "msgid_plural":
                guard current != nil, current?.strings.isEmpty == true else {
                    throw Problem(line: number, message: "msgid_plural without a msgid before it")
                }
                current?.idPlural = value
                target = .idPlural
            default:
                guard keyword.hasPrefix("msgstr") else {
                    throw Problem(line: number, message: "unknown keyword \(excerpt(keyword[...]))")
                }
                guard current != nil else { throw Problem(line: number, message: "msgstr without a msgid before it") }
                let index: Int
                if keyword == "msgstr" {
                    guard current?.idPlural == nil else {
                        throw Problem(line: number, message: "a plural entry takes msgstr[0], msgstr[1]…, not msgstr")
                    }
                    index = 0
                } else {
                    guard keyword.hasPrefix("msgstr["), keyword.hasSuffix("]"),
                        let parsed = Int(keyword.dropFirst(7).dropLast())
                    else { throw Problem(line: number, message: "unknown keyword \(excerpt(keyword[...]))") }
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
        }
        try finish()
        return POFile(entries: entries)
    }

    /// A C string literal: `"…"` with `\n`, `\t`, `\"`, `\\` escapes, nothing after it.
    private static func literal(_ text: Substring, line: Int) throws(Problem) -> String {
        guard text.first == "\"" else {
            throw Problem(line: line, message: "expected a string in double quotes, found \(excerpt(text))")
        }
        var result = ""
        var index = text.index(after: text.startIndex)
        while index < text.endIndex {
            let character = text[index]
            if character == "\"" {
                let rest = text[text.index(after: index)...].trimmingCharacters(in: .whitespaces)
                guard rest.isEmpty else { throw Problem(line: line, message: "text after the closing quote") }
                return result
            }
            if character == "\\" {
                index = text.index(after: index)
                guard index < text.endIndex else { break }
                switch text[index] {
                case "n": result.append("\n")
                case "t": result.append("\t")
                case "\"": result.append("\"")
                case "\\": result.append("\\")
                case let other: throw Problem(line: line, message: "unknown escape \\\(other)")
                }
            } else {
                result.append(character)
            }
            index = text.index(after: index)
        }
        throw Problem(line: line, message: "a string without its closing quote")
    }

    private static func excerpt(_ text: Substring) -> String {
        text.count > 30 ? "\(text.prefix(30))…" : String(text)
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
