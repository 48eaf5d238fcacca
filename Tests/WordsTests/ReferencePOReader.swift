import Foundation
import TextFormats
import Words

/// The PO reader the program had before issue 27, kept as the reference the byte-level one
/// (`POFile.parse`) is compared with: it read each line as Characters through Foundation's
/// `trimmingCharacters`, and took about 17 ms over the English catalog at every start.
enum ReferencePOReader {
    /// The lines, as the program cuts them (`TextFile.lines`: at "\n", a "\r" before it
    /// dropped, a byte-order mark not text, no empty line after a final line break): only the
    /// reading of each line is the old reader's.
    static func lines(_ text: String) -> [Substring] {
        TextFile(text: text, name: "").lines.map(\.text)
    }

    /// Parses PO text. A leading byte-order mark is skipped.
    static func parse(_ text: String) throws(POFile.Problem) -> POFile {
        var entries: [POFile.Entry] = []
        var current: POFile.Entry?
        var notes: [String] = []
        /// Which string the continuation lines add to: the context, the id, the plural id, or a
        /// translation by index.
        enum Target {
            case context, id, idPlural
            case string(Int)
        }
        var target: Target?
        var seenKeys: [String: Int] = [:]

        func finish() throws(POFile.Problem) {
            guard let entry = current else { return }
            guard !entry.strings.isEmpty else {
                throw POFile.Problem(line: entry.line, message: "the entry has no msgstr")
            }
            if entry.idPlural == nil && entry.strings.count != 1 {
                throw POFile.Problem(line: entry.line, message: "msgstr[N] needs a msgid_plural")
            }
            let key = (entry.context ?? "") + "\u{4}" + entry.id
            if let first = seenKeys[key] {
                let name = entry.context.map { "msgctxt \"\($0)\"" } ?? "msgid \"\(entry.id)\""
                throw POFile.Problem(line: entry.line, message: "\(name) is defined twice (first at line \(first))")
            }
            seenKeys[key] = entry.line
            entries.append(entry)
            current = nil
            target = nil
        }

        for (index, line) in lines(text).enumerated() {
            let number = index + 1
            let trimmed = line.trimmingCharacters(in: .whitespaces)
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
                guard let target else {
                    throw POFile.Problem(line: number, message: "a string with no keyword before it")
                }
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
                throw POFile.Problem(
                    line: number, message: "expected a keyword and a string, found \(excerpt(trimmed[...]))")
            }
            let keyword = String(trimmed[..<space])
            let value = try literal(trimmed[space...].drop { $0 == " " || $0 == "\t" }, line: number)
            switch keyword {
            case "msgctxt":
                if current?.strings.isEmpty == false { try finish() }
                guard current == nil else { throw POFile.Problem(line: number, message: "msgctxt after msgid") }
                current = POFile.Entry(context: value, id: "", strings: [], line: number, notes: notes)
                notes = []
                target = .context
            case "msgid":
                if current?.strings.isEmpty == false { try finish() }
                if current == nil {
                    current = POFile.Entry(context: nil, id: value, strings: [], line: number, notes: notes)
                    notes = []
                } else if !(current?.id.isEmpty ?? true) || current?.idPlural != nil {
                    throw POFile.Problem(line: number, message: "a second msgid in one entry")
                } else {
                    current?.id = value
                }
                target = .id
            case "msgid_plural":
                guard current != nil, current?.strings.isEmpty == true else {
                    throw POFile.Problem(line: number, message: "msgid_plural without a msgid before it")
                }
                current?.idPlural = value
                target = .idPlural
            default:
                guard keyword.hasPrefix("msgstr") else {
                    throw POFile.Problem(line: number, message: "unknown keyword \(excerpt(keyword[...]))")
                }
                guard current != nil else {
                    throw POFile.Problem(line: number, message: "msgstr without a msgid before it")
                }
                let index: Int
                if keyword == "msgstr" {
                    guard current?.idPlural == nil else {
                        throw POFile.Problem(
                            line: number, message: "a plural entry takes msgstr[0], msgstr[1]…, not msgstr")
                    }
                    index = 0
                } else {
                    guard keyword.hasPrefix("msgstr["), keyword.hasSuffix("]"),
                        let parsed = Int(keyword.dropFirst(7).dropLast())
                    else { throw POFile.Problem(line: number, message: "unknown keyword \(excerpt(keyword[...]))") }
                    guard current?.idPlural != nil else {
                        throw POFile.Problem(line: number, message: "msgstr[\(parsed)] needs a msgid_plural")
                    }
                    guard parsed == current?.strings.count else {
                        throw POFile.Problem(line: number, message: "msgstr[\(parsed)] is out of order")
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
    static func literal(_ text: Substring, line: Int) throws(POFile.Problem) -> String {
        guard text.first == "\"" else {
            throw POFile.Problem(line: line, message: "expected a string in double quotes, found \(excerpt(text))")
        }
        var result = ""
        var index = text.index(after: text.startIndex)
        while index < text.endIndex {
            let character = text[index]
            if character == "\"" {
                let rest = text[text.index(after: index)...].trimmingCharacters(in: .whitespaces)
                guard rest.isEmpty else { throw POFile.Problem(line: line, message: "text after the closing quote") }
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
                case let other: throw POFile.Problem(line: line, message: "unknown escape \\\(other)")
                }
            } else {
                result.append(character)
            }
            index = text.index(after: index)
        }
        throw POFile.Problem(line: line, message: "a string without its closing quote")
    }

    static func excerpt(_ text: Substring) -> String {
        text.count > 30 ? "\(text.prefix(30))…" : String(text)
    }
}
