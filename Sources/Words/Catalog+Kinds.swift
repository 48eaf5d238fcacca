/// The words of OpenStreetMap's kinds of places (`OSMKindTable`) in a catalog's language.
extension Catalog {
    /// The kind a tag makes, in this catalog's language: the catalog's override
    /// (`osm-kind.amenity.cafe`: "Café"), else the tagging schema's words ("Parada de autobús"),
    /// else, for a value the schema does not name, the value in words with its key's noun
    /// (`osm-kind-unknown.shop`: "Bag shop", "Tienda (bag)"). Of a list (`cafe;bar`) the first
    /// counts; `yes` names the key's own kind (`office=yes` is "Office"; `amenity=yes`, which the
    /// schema does not name, "Amenity").
    public func kindWord(key: String, value: String) -> String {
        let first = value.split(separator: ";", maxSplits: 1).first.map { $0.trimmingSpaces } ?? ""
        let value = first.lowercased()
        if let row = OSMKindTable.builtIn.row(key: key, value: value) { return kindWord(of: row) }
        return unknownKindWord(key: key, value: value)
    }

    /// The words of a value the schema does not name: its key's noun with the value in words.
    private func unknownKindWord(key: String, value: String) -> String {
        // A key's own kind that the schema does not name (`amenity=yes`) is the key in words.
        guard value != "yes", !value.isEmpty else { return Self.capitalisingFirst(OSMKindTable.valueWords(key)) }
        let unknown = Key(family: "osm-kind-unknown", key)
        let words = OSMKindTable.valueWords(value)
        guard has(unknown), !words.isEmpty else { return Self.capitalisingFirst(words) }
        return Self.capitalisingFirst(text(Phrase(family: unknown, fields: ["value": words])))
    }

    /// The words of a row of the kinds' table: the catalog's override, else the schema's, else
    /// those of a value the schema does not name.
    func kindWord(of row: OSMKindTable.Row) -> String {
        let override = Key(family: "osm-kind", row.key, row.value)
        if has(override) { return text(override) }
        if let words = OSMKindTable.builtIn.words(of: row, in: language) {
            return language == .pseudo ? "⟦" + Self.accented(words) + "⟧" : words
        }
        return unknownKindWord(key: row.key, value: row.value)
    }

    /// A place's kind as the place store keeps it (English: "Café", "Bag shop") in this
    /// catalog's language ("Cafetería", "Tienda (bag)"); any other kind (a file's own) as it is.
    public func kindWord(_ kind: String) -> String {
        // Asked for every kind at every refresh: a built-in catalog's words are looked up whole.
        if overrides == nil, let word = BuiltInKindWords.words(in: language)[kind.lowercased()] { return word }
        // The pseudo-locale says a kind the schema does not name as the data it is.
        guard let tag = OSMKindTable.builtIn.tag(ofEnglish: kind), language != .pseudo else { return kind }
        return kindWord(key: tag.key, value: tag.value)
    }

    /// A place's kind in every built-in language ("Bakery", "Panadería", "Padaria", "Padaria"),
    /// for what a listener types whatever the session's language; the kind alone when it is no
    /// kind of OpenStreetMap's.
    public static func kindWordsInEveryLanguage(_ kind: String) -> [String] {
        let folded = kind.lowercased()
        if BuiltInKindWords.words(in: .english)[folded] != nil {
            return OSMKindTable.languages.map { BuiltInKindWords.words(in: $0)[folded]! }
        }
        guard let tag = OSMKindTable.builtIn.tag(ofEnglish: kind) else { return [kind] }
        return OSMKindTable.languages.map { BuiltInCatalogs.catalog($0).kindWord(key: tag.key, value: tag.value) }
    }

    /// The text with its first letter in capitals: "bag shop" is "Bag shop".
    static func capitalisingFirst(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() }
}

/// The words of every row of the kinds' table in each built-in catalog, by the row's English words
/// in lower case (the schema's and the override's), made at the first use of each language.
private enum BuiltInKindWords {
    static let english = make(.english)
    static let spanish = make(.spanish)
    static let portuguese = make(.portuguese)
    static let brazilian = make(.brazilian)
    static let pseudo = make(.pseudo)

    static func words(in language: Language) -> [String: String] {
        switch language {
        case .english: english
        case .spanish: spanish
        case .portuguese: portuguese
        case .brazilian: brazilian
        case .pseudo: pseudo
        }
    }

    /// Each English name of a row in lower case (its words as the store keeps them, the
    /// schema's, and its value in words, as stores imported before the schema keep it), with the
    /// row it names: the first row of a name, as `OSMKindTable.tag(ofEnglish:)` has it.
    private static let names: [(name: String, row: Int)] = {
        let table = OSMKindTable.builtIn
        var names: [(name: String, row: Int)] = []
        var seen: Set<String> = []
        for (index, row) in table.rows.enumerated() {
            let english = Catalog.builtIn(.english).kindWord(of: row).lowercased()
            let spellings = [english, row.words.first?.lowercased() ?? "", OSMKindTable.legacyWords(row.value)]
            for name in spellings where !name.isEmpty && !seen.contains(name) {
                guard let tag = table.tag(ofEnglish: name), tag == (row.key, row.value) else { continue }
                seen.insert(name)
                names.append((name, index))
            }
        }
        return names
    }()

    private static func make(_ language: Language) -> [String: String] {
        let rows = OSMKindTable.builtIn.rows
        let catalog = Catalog.builtIn(language)
        var words: [String: String] = [:]
        words.reserveCapacity(names.count)
        for (name, row) in names { words[name] = catalog.kindWord(of: rows[row]) }
        return words
    }
}

extension Substring {
    /// Without spaces at either end.
    var trimmingSpaces: String {
        var scalars = unicodeScalars
        while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}
