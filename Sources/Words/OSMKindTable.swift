/// The kinds of places OpenStreetMap's tags make (`amenity=cafe`, `highway=bus_stop`), with their
/// words in every language the program speaks: `po/osm-kinds.tsv`, which `scripts/kind-words`
/// generates from the iD editor's tagging schema and the binary carries as a string literal
/// (the CatalogKeys plugin), read at its first use, never at start-up. The catalogs' own
/// `osm-kind.KEY.VALUE` entries override a row's words where they are better for the ear.
struct OSMKindTable: Sendable {
    /// One kind: its tag and its words in English, Spanish, Portuguese and Brazilian Portuguese,
    /// each empty where the schema names it not.
    struct Row: Sendable {
        let key: String
        let value: String
        let words: [String]
    }

    /// The languages of a row's words, in order: the file's columns after the tag.
    static let languages: [Language] = [.english, .spanish, .portuguese, .brazilian]

    /// The keys whose values make places, each with its words for a value the schema does not
    /// name (`osm-kind-unknown.KEY`), in the order the import tries them.
    static let keys = [
        "amenity", "shop", "tourism", "leisure", "healthcare", "office", "craft", "historic", "railway",
        "public_transport", "highway",
    ]

    /// The table of the built-in file, with the built-in English catalog's overrides.
    static let builtIn = OSMKindTable(CatalogTexts.osmKinds, english: BuiltInCatalogs.english)

    let rows: [Row]
    /// Each row by its tag, "key=value".
    private let byTag: [String: Int]
    /// Each row by its English words in lower case, the schema's and the catalog's: the first
    /// row of a word wins (the file is in the import's order of keys).
    private let byEnglish: [String: Int]
    /// The English words of a value the schema does not name, around its `{value}`, by key.
    private let unknownEnglish: [(key: String, before: String, after: String)]

    /// Reads the tab-separated `text` (lines of `#` are comments); an override in `english`
    /// (`osm-kind.KEY.VALUE`) adds a row for a tag the file lacks.
    init(_ text: String, english: Catalog) {
        var rows: [Row] = []
        // Split as bytes: a split of Characters finds the grapheme clusters of the whole file first.
        for line in text.utf8.split(separator: UInt8(ascii: "\n")) where line.first != UInt8(ascii: "#") {
            let cells = line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false).map {
                String(decoding: $0, as: UTF8.self)
            }
            guard cells.count == 2 + Self.languages.count else { continue }
            rows.append(Row(key: cells[0], value: cells[1], words: Array(cells[2...])))
        }
        var byTag: [String: Int] = [:]
        for (index, row) in rows.enumerated() { byTag["\(row.key)=\(row.value)"] = index }
        var englishOverrides: [Int: String] = [:]
        for entry in english.sources {
            guard let context = entry.context, context.hasPrefix(Self.overridePrefix) else { continue }
            let tag = context.dropFirst(Self.overridePrefix.count).split(separator: ".", maxSplits: 1)
            guard tag.count == 2 else { continue }
            let name = "\(tag[0])=\(tag[1])"
            if byTag[name] == nil {
                byTag[name] = rows.count
                rows.append(Row(key: String(tag[0]), value: String(tag[1]), words: [entry.id]))
            }
            englishOverrides[byTag[name]!] = entry.id
        }
        var byEnglish: [String: Int] = [:]
        for (index, row) in rows.enumerated() {
            for word in [englishOverrides[index], row.words.first].compactMap({ $0 }) where !word.isEmpty {
                let folded = word.lowercased()
                if byEnglish[folded] == nil { byEnglish[folded] = index }
            }
        }
        // A store imported before the schema's words keeps its value in words ("Bag", "Ngo"):
        // each row answers to it too, after every row's own words.
        for (index, row) in rows.enumerated() where row.value != "yes" {
            let folded = Self.legacyWords(row.value)
            if byEnglish[folded] == nil { byEnglish[folded] = index }
        }
        self.rows = rows
        self.byTag = byTag
        self.byEnglish = byEnglish
        unknownEnglish = Self.keys.compactMap { key in
            let template = english.text(Key(family: "osm-kind-unknown", key))
            guard let field = template.range(of: "{value}") else { return nil }
            return (
                key, String(template[..<field.lowerBound]).lowercased(),
                String(template[field.upperBound...]).lowercased()
            )
        }
    }

    /// A value as the kinds were said before the schema's words, in lower case: "spring board".
    static func legacyWords(_ value: String) -> String {
        String(value.lowercased().map { $0 == "_" ? " " : $0 })
    }

    /// The catalogs' overrides of a row's words: `osm-kind.amenity.cafe`.
    static let overridePrefix = "osm-kind."

    /// The row of a tag, if the schema or an override names it.
    func row(key: String, value: String) -> Row? { byTag["\(key)=\(value)"].map { rows[$0] } }

    /// The tag an English kind names: a row's words ("Café", "Bus stop"), or the English words of
    /// a value the schema does not name ("Bag shop": shop=bag); nil for any other kind (a file's
    /// own: "Tapas").
    func tag(ofEnglish kind: String) -> (key: String, value: String)? {
        let folded = kind.lowercased()
        if let index = byEnglish[folded] { return (rows[index].key, rows[index].value) }
        for (key, before, after) in unknownEnglish
        where folded.count > before.count + after.count && folded.hasPrefix(before) && folded.hasSuffix(after) {
            let value = folded.dropFirst(before.count).dropLast(after.count)
            return (key, value.split(separator: " ").joined(separator: "_"))
        }
        return nil
    }

    /// A row's words in `language`, or nil when the schema has none there: Brazilian Portuguese
    /// takes Portuguese's, and Portuguese Brazilian's; Spanish and English have no other.
    func words(of row: Row, in language: Language) -> String? {
        func column(_ language: Language) -> String? {
            guard let index = Self.languages.firstIndex(of: language), index < row.words.count else { return nil }
            return row.words[index].isEmpty ? nil : row.words[index]
        }
        switch language {
        case .english, .pseudo: return column(.english)
        case .spanish: return column(.spanish)
        case .portuguese: return column(.portuguese) ?? column(.brazilian)
        case .brazilian: return column(.brazilian) ?? column(.portuguese)
        }
    }

    /// A tag value in words: underscores read as spaces, in lower case but for a short word that
    /// is an acronym ("ngo" is "NGO", "bag" stays "bag"; `isAcronym`).
    static func valueWords(_ value: String) -> String {
        value.lowercased().split(whereSeparator: { $0 == "_" || $0 == " " })
            .map { isAcronym($0) ? $0.uppercased() : String($0) }
            .joined(separator: " ")
    }

    /// A word of 2 or 3 letters that no English word could be: without a vowel ("cd"), or
    /// beginning with two consonants that begin no English word ("ngo", "tv"). "spa", "bag" and
    /// "gym" are words.
    static func isAcronym(_ word: Substring) -> Bool {
        guard (2...3).contains(word.count), word.allSatisfy({ $0.isASCII && $0.isLetter }) else { return false }
        let vowels: Set<Character> = ["a", "e", "i", "o", "u", "y"]
        guard word.contains(where: vowels.contains) else { return true }
        let start = String(word.prefix(2))
        guard !start.contains(where: vowels.contains) else { return false }
        return !englishOnsets.contains(start)
    }

    /// The pairs of consonants English words begin with.
    private static let englishOnsets: Set<String> = [
        "bl", "br", "ch", "cl", "cr", "dr", "dw", "fl", "fr", "gl", "gr", "kl", "kn", "ph", "pl", "pr", "sc", "sh",
        "sk", "sl", "sm", "sn", "sp", "st", "sw", "th", "tr", "tw", "wh", "wr",
    ]
}
