import PlaceData

/// The place store's tables, in one SQLite file. `PRAGMA user_version` holds the schema's
/// version, written last by an import: a file with another version (or 0, an import that never
/// finished) is refused with "import it again".
enum StoreSchema {
    /// The version this program writes and reads.
    static let version: Int64 = 2

    /// What `application_id` holds: "NVps" (nearby-voice place store), to tell the file from
    /// other SQLite databases.
    static let applicationID: Int64 = 0x4E56_7073

    /// Every table. `places` keeps the exact coordinates (the R*Tree keeps 32-bit floats,
    /// rounded outwards) and the search keys: the name folded and joined as the in-memory
    /// search folds it (`TextFolding.searchForms`), and its form with umlauts as "ae", "oe", "ue"
    /// when it holds one. `streets` keeps each named street's points as little-endian Float64
    /// pairs (latitude, longitude). `places_words` indexes the search keys by their trigrams
    /// (FTS5's trigram tokenizer, contentless, without positions: a few bytes a place), so that
    /// a search of the whole store reads only the places holding every trigram of a word, and
    /// checks those against the keys themselves (version 2).
    static let tables = """
        CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
        CREATE TABLE kinds(id INTEGER PRIMARY KEY, kind TEXT NOT NULL UNIQUE);
        CREATE TABLE places(
            id INTEGER PRIMARY KEY,
            ident TEXT NOT NULL,
            name TEXT NOT NULL,
            kind INTEGER NOT NULL REFERENCES kinds(id),
            symbol TEXT,
            latitude REAL NOT NULL,
            longitude REAL NOT NULL,
            search_key BLOB NOT NULL,
            umlaut_key BLOB,
            street TEXT,
            house_number TEXT,
            city TEXT,
            street_is_nearest INTEGER NOT NULL DEFAULT 0,
            opening_hours TEXT,
            phone TEXT,
            website TEXT,
            wheelchair TEXT,
            name_en TEXT,
            name_es TEXT,
            name_pt TEXT,
            details TEXT
        );
        CREATE VIRTUAL TABLE places_index USING rtree(id, min_latitude, max_latitude, min_longitude, max_longitude);
        CREATE VIRTUAL TABLE places_words USING fts5(
            keys, content='', detail=none, columnsize=0, tokenize='trigram case_sensitive 1');
        CREATE TABLE streets(id INTEGER PRIMARY KEY, osm_id INTEGER, name TEXT NOT NULL, points BLOB NOT NULL);
        CREATE VIRTUAL TABLE streets_index USING rtree(id, min_latitude, max_latitude, min_longitude, max_longitude);
        """

    /// The columns a place is read back from, in `PlaceRow`'s order.
    static let placeColumns = """
        p.id, p.ident, p.name, k.kind, p.symbol, p.latitude, p.longitude, p.street, p.house_number, p.city,
        p.street_is_nearest, p.opening_hours, p.phone, p.website, p.wheelchair, p.details
        """

    /// Further fields of a place from a GeoJSON, CSV or JSON file, in one text column: label and
    /// value separated by U+001F, fields by U+001E (control characters no cleaned text holds).
    static func details(_ details: [Place.Detail]) -> String? {
        details.isEmpty ? nil : details.map { "\($0.label)\u{1F}\($0.value)" }.joined(separator: "\u{1E}")
    }

    static func details(_ text: String?) -> [Place.Detail] {
        guard let text else { return [] }
        return text.split(separator: "\u{1E}").map { field in
            let parts = field.split(separator: "\u{1F}", maxSplits: 1, omittingEmptySubsequences: false)
            return Place.Detail(label: String(parts[0]), value: parts.count > 1 ? String(parts[1]) : "")
        }
    }
}
