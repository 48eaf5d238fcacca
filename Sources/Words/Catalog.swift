/// Every word the program says, for one language: templates looked up by key, with named
/// fields and plural forms. The built-in catalogs are PO files compiled into the binary; a
/// designer's PO file can override any subset of them (`--strings`).
public struct Catalog: Equatable, Sendable {
    public internal(set) var language: Language
    public let plural: PluralRule
    /// The templates of each key: one, or one for each plural form.
    private(set) var entries: [String: [Template]]
    /// The English source text of each key, with the notes for translators, in file order.
    let sources: [POFile.Entry]
    /// Where each key's source is in `sources`: a key is looked up for every entry read, which
    /// a scan of `sources` made quadratic in the entries (issue 27).
    let sourceIndex: [String: Int]
    /// The override file, if one was applied.
    public private(set) var overrides: String?

    /// A catalog file that cannot be used: where, and what is wrong.
    public struct Problem: Error, Equatable, Sendable, CustomStringConvertible {
        public var file: String
        public var line: Int?
        public var message: String

        public init(file: String, line: Int?, message: String) {
            self.file = file
            self.line = line
            self.message = message
        }

        /// "FILE:LINE: message."
        public var description: String {
            let end = message.last.map { ".?!".contains($0) } == true ? "" : "."
            return "\(file)\(line.map { ":\($0)" } ?? ""): \(message)\(end)"
        }
    }

    /// The built-in catalog of `language`.
    public static func builtIn(_ language: Language) -> Catalog {
        BuiltInCatalogs.catalog(language)
    }

    init(
        language: Language, plural: PluralRule, entries: [String: [Template]], sources: [POFile.Entry],
        sourceIndex: [String: Int]? = nil
    ) {
        self.language = language
        self.plural = plural
        self.entries = entries
        self.sources = sources
        self.sourceIndex =
            sourceIndex
            ?? Dictionary(
                sources.enumerated().compactMap { index, entry in entry.context.map { ($0, index) } },
                uniquingKeysWith: { first, _ in first })
    }

    /// The English source of `key`.
    func source(of key: String) -> POFile.Entry? { sourceIndex[key].map { sources[$0] } }

    /// Makes a catalog of `language` from a complete PO file, checked against the English one.
    static func complete(
        _ language: Language, from file: POFile, name: String, english: Catalog?
    ) throws(Problem) -> Catalog {
        let (plural, sources) = try pluralAndSources(of: file, name: name, english: english)
        var catalog = Catalog(
            language: language, plural: plural, entries: [:], sources: sources, sourceIndex: english?.sourceIndex)
        catalog.entries.reserveCapacity(sources.count)
        for entry in file.entries where !entry.isHeader {
            try catalog.take(entry, file: name, allowingEmpty: false)
        }
        if let missing = catalog.sources.first(where: { catalog.entries[$0.context ?? ""] == nil }) {
            throw Problem(file: name, line: nil, message: "no entry for \(missing.context ?? missing.id)")
        }
        return catalog
    }

    /// A whole catalog file's plural rule (its header's `Plural-Forms`), and the English
    /// sources it is made against: English is its own source; every other language has
    /// English's.
    private static func pluralAndSources(
        of file: POFile, name: String, english: Catalog?
    ) throws(Problem) -> (PluralRule, [POFile.Entry]) {
        let plural: PluralRule
        do { plural = try PluralRule(file.header["Plural-Forms"] ?? "") } catch {
            throw Problem(file: name, line: file.entries.first(where: \.isHeader)?.line, message: error.message)
        }
        return (plural, english?.sources ?? file.entries.filter { !$0.isHeader })
    }

    /// This catalog with the entries of `file` in place of its own; `name` names the file in
    /// problems. An empty `msgstr` keeps the built-in words, as gettext does.
    public func overriding(with file: POFile, name: String) throws(Problem) -> Catalog {
        var catalog = self
        if let forms = file.header["Plural-Forms"], !forms.isEmpty {
            let line = file.entries.first(where: \.isHeader)?.line
            let rule: PluralRule
            do { rule = try PluralRule(forms) } catch { throw Problem(file: name, line: line, message: error.message) }
            guard rule.count == plural.count else {
                throw Problem(
                    file: name, line: line,
                    message: "Plural-Forms has \(rule.count) forms, but \(language.code) has \(plural.count)")
            }
        }
        for entry in file.entries where !entry.isHeader {
            try catalog.take(entry, file: name, allowingEmpty: true)
        }
        catalog.overrides = name
        return catalog
    }

    /// Checks one entry against the English source of its key and takes its templates.
    private mutating func take(_ entry: POFile.Entry, file: String, allowingEmpty: Bool) throws(Problem) {
        func problem(_ message: String) -> Problem { Problem(file: file, line: entry.line, message: message) }
        guard let key = entry.context else {
            throw problem("an entry without msgctxt: each entry is found by its msgctxt, such as \"place.row\"")
        }
        guard let source = source(of: key) else {
            let hint =
                DidYouMean.nearest(to: key, among: sources.compactMap(\.context)).map { ". Did you mean \($0)?" } ?? ""
            throw problem("unknown key \(key)\(hint)")
        }
        let isPlural = source.idPlural != nil
        if isPlural != (entry.idPlural != nil) {
            throw problem(
                isPlural
                    ? "\(key) has plural forms: give msgid_plural and msgstr[0] to msgstr[\(plural.count - 1)]"
                    : "\(key) has no plural forms: give msgstr alone")
        }
        if isPlural && entry.strings.count != plural.count {
            throw problem(
                "\(key) takes \(plural.count) plural forms (msgstr[0] to msgstr[\(plural.count - 1)]), not \(entry.strings.count)"
            )
        }
        if entry.strings.allSatisfy(\.isEmpty) {
            if allowingEmpty { return }
            throw problem("\(key) has no words")
        }
        let allowed = Set(Template(source.id).fields + (source.idPlural.map { Template($0).fields } ?? []))
        var templates: [Template] = []
        for string in entry.strings {
            let template = Template(string)
            // Any template may name a command by its word in this language: {command-find}.
            let sourceIndex = self.sourceIndex
            let isCommandWord = { (field: String) in
                field.hasPrefix(Self.commandField) && sourceIndex[Self.commandKey(field).rawValue] != nil
            }
            if let unknown = template.fields.first(where: { !allowed.contains($0) && !isCommandWord($0) }) {
                let takes = allowed.sorted().map { "{\($0)}" }
                throw problem(
                    "{\(unknown)} is not a field of \(key); it takes "
                        + (takes.isEmpty ? "no fields" : takes.joined(separator: ", ")))
            }
            templates.append(template)
        }
        entries[key] = templates
    }

    /// Whether the catalog has `key`: always, for a generated key; a family's key is checked
    /// by its table's tests.
    public func has(_ key: Key) -> Bool { entries[key.rawValue] != nil }

    /// Every key, in the order of the English catalog.
    public var keys: [Key] { sources.compactMap(\.context).map(Key.init) }

    /// The fields `key` takes, from its English source.
    public func fields(of key: Key) -> [String] {
        guard let source = source(of: key.rawValue) else { return [] }
        var fields = Template(source.id).fields
        for field in source.idPlural.map({ Template($0).fields }) ?? [] where !fields.contains(field) {
            fields.append(field)
        }
        return fields
    }

    /// The words of a key that takes no fields (its `{command-NAME}` fields aside, which the
    /// catalog fills in). A key with fields is said as a `Phrase`, through its constructor.
    public func text(_ key: Key) -> String { text(key, [:], count: nil) }

    /// The words of `key` with `fields` filled in; `count` chooses the plural form of a plural
    /// key. A key the catalog lacks says so in brackets, which every scenario test would hear.
    /// Internal: field names here are unchecked strings; code says a `Phrase`.
    func text(_ key: Key, _ fields: [String: String], count: Int?) -> String {
        guard let templates = entries[key.rawValue], !templates.isEmpty else { return "⟦missing \(key)⟧" }
        let template = templates.count == 1 ? templates[0] : templates[plural.form(for: count ?? 1)]
        var values = fields
        if template.namesCommands {
            for field in template.fields where field.hasPrefix(Self.commandField) && values[field] == nil {
                values[field] = text(Self.commandKey(field))
            }
        }
        guard language == .pseudo else { return template.render(values) }
        // Each of the template's own pieces is accented and bracketed; the values between them
        // are not, so a value that holds words not from the catalog stands out.
        return template.render(values) { piece in
            piece.allSatisfy(\.isWhitespace) ? piece : "⟦" + Self.accented(piece) + "⟧"
        }
    }

    /// The catalog as a PO file: the header, then every key with its notes, its English source
    /// and its words in this language.
    public func poFile() -> POFile {
        let header = POFile.Entry(
            context: nil, id: "",
            strings: [
                """
                Project-Id-Version: nearby-voice
                PO-Revision-Date: 2026-12-01 00:00+0000
                Last-Translator: nearby-voice team
                Language-Team: nearby-voice team
                Language: \(language.code)
                MIME-Version: 1.0
                Content-Type: text/plain; charset=UTF-8
                Content-Transfer-Encoding: 8bit
                Plural-Forms: \(plural.source)

                """
            ])
        var entries = [header]
        for source in sources {
            guard let key = source.context, let templates = self.entries[key] else { continue }
            var entry = source
            entry.strings = templates.map(\.source)
            entries.append(entry)
        }
        return POFile(entries: entries)
    }

    /// Fields named `command-NAME` are filled with the command's word in the catalog's language
    /// (the key `command.NAME.word`), so that a hint always names the word that works.
    static let commandField = "command-"

    static func commandKey(_ field: String) -> Key {
        Key(family: "command", String(field.dropFirst(commandField.count)), "word")
    }

    /// The pseudo-locale's letters: each Latin letter with an accent, so that a word that did
    /// not come through the catalog stands out.
    static func accented(_ text: String) -> String {
        let map: [Character: Character] = [
            "a": "á", "b": "ƀ", "c": "ç", "d": "ð", "e": "é", "f": "ƒ", "g": "ĝ", "h": "ĥ", "i": "î", "j": "ĵ",
            "k": "ķ", "l": "ļ", "m": "ɱ", "n": "ñ", "o": "ö", "p": "þ", "q": "ǫ", "r": "ŕ", "s": "š", "t": "ţ",
            "u": "û", "v": "ṽ", "w": "ŵ", "x": "ẋ", "y": "ý", "z": "ž", "A": "Å", "B": "Ɓ", "C": "Ç", "D": "Ð",
            "E": "É", "F": "Ƒ", "G": "Ĝ", "H": "Ĥ", "I": "Î", "J": "Ĵ", "K": "Ķ", "L": "Ļ", "M": "Ṁ", "N": "Ñ",
            "O": "Ö", "P": "Þ", "Q": "Ǫ", "R": "Ŕ", "S": "Š", "T": "Ţ", "U": "Û", "V": "Ṽ", "W": "Ŵ", "X": "Ẋ",
            "Y": "Ý", "Z": "Ž",
        ]
        return String(text.map { map[$0] ?? $0 })
    }
}

extension Catalog {
    /// A built-in catalog of `language`: its entries taken as they are, without the checks
    /// `complete` makes of a file, which the tests make of every built-in catalog instead
    /// (`CatalogTests`): they took a start about 2 ms more (issue 27).
    static func unchecked(
        _ language: Language, from file: POFile, name: String, english: Catalog?
    ) throws(Problem) -> Catalog {
        let (plural, sources) = try pluralAndSources(of: file, name: name, english: english)
        var entries: [String: [Template]] = [:]
        entries.reserveCapacity(sources.count)
        for entry in file.entries {
            guard let key = entry.context else { continue }
            entries[key] = entry.strings.map(Template.init)
        }
        return Catalog(
            language: language, plural: plural, entries: entries, sources: sources, sourceIndex: english?.sourceIndex)
    }
}
