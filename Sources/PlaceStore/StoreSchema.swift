import PlaceData

/// The place store's tables, in one SQLite file. `PRAGMA user_version` holds the schema's
/// version, written last by an import: a file with another version (or 0, an import that never
/// finished) is refused with "import it again".
enum StoreSchema {
    /// The version this program writes and reads.
    static let version: Int64 = 9

    /// What `application_id` holds: "NVps" (nearby-voice place store), to tell the file from
    /// other SQLite databases.
    static let applicationID: Int64 = 0x4E56_7073

    /// The index's mark of a place whose key spells "ae", "oe" or "ue" (not an umlaut: the key
    /// without umlauts holds the letters): three quotation marks, a trigram no key holds, since
    /// folding drops them. A word typed with an umlaut, "Göthe", is looked for as "gothe" and as
    /// "goethe"; every place that holds "goethe" but not "gothe" spells "oe" in its key (the
    /// key with umlauts as "oe" differs from the key only where the name has an umlaut, so a
    /// name whose umlauts gave "goethe" gives "gothe" in its key), and so "goethe" is looked
    /// for among the marked places alone (when "gothe" holds none of the pairs and does not
    /// begin with "e": `SearchPlan.spellsUmlautsAlone`). Without the mark, "goethe" named every
    /// place with an ö and an e about it: at 10M places of made-up names, "Lokövä Jäsäsa" read
    /// 89 ms of the index's lists, 28 ms with it.
    static let spelledUmlautMark = "\"\"\""

    /// Every table. `places` is in the order of a grid of cells (`Cell`): the rows of a cell are
    /// neighbours, and so are the cells of a strip of latitude, so that the places in a box are
    /// one range of row ids a strip (version 3 on; an R*Tree before, 64 bytes a place). `cells`
    /// gives each cell that holds places its first and last row. `places` keeps the exact
    /// coordinates first (a range is read for them alone before any place is made) and the
    /// search keys: the name folded and joined as the in-memory search folds it
    /// (`TextFolding.searchForms`), and its form with umlauts as "ae", "oe", "ue" when it holds
    /// one. `streets` keeps each named street's points as little-endian Float64 pairs (latitude,
    /// longitude). `places_words` indexes the search keys by their trigrams (FTS5's trigram
    /// tokenizer, contentless, with their positions: version 4), so that a search of the whole
    /// store reads only the places whose keys hold a word (its trigrams as a phrase), and checks
    /// those against the keys themselves. Without positions (version 3) the index named every
    /// place holding the trigrams apart too: at 10M places, a word of a few common syllables had
    /// more of those than could be checked in time. `ident` is an OpenStreetMap id as a number
    /// (a node's as it is, a way's negative: 4 bytes where "node/1234567" took 12; version 5),
    /// any other place's id as text. Each key is followed by two spaces there, so that a word of
    /// one or two letters finds the trigrams that begin with it among the index's terms:
    /// `places_terms`, each with the number of places that hold it, copied from FTS5's own
    /// `fts5vocab` at the end of an import (which counts a term's places by reading them all:
    /// 0.2 s for a word of two letters at 10M places; version 5). The walking network's tables
    /// are `networkTables` (version 6). A stop's lines are in `lines` (version 7). The parks'
    /// outlines are `parkTables` (version 8). A place whose key spells "ae", "oe" or "ue" holds
    /// `spelledUmlautMark` after its keys in the index (version 9): a word typed with an umlaut
    /// looks for its "ae" form only among them (`SearchPlan`).
    static let tables = """
        CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
        CREATE TABLE kinds(id INTEGER PRIMARY KEY, kind TEXT NOT NULL UNIQUE);
        CREATE TABLE places(
            id INTEGER PRIMARY KEY,
            latitude REAL NOT NULL,
            longitude REAL NOT NULL,
            kind INTEGER NOT NULL REFERENCES kinds(id),
            name TEXT NOT NULL,
            ident NOT NULL,
            symbol TEXT,
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
            lines TEXT,
            name_en TEXT,
            name_es TEXT,
            name_pt TEXT,
            details TEXT
        );
        CREATE TABLE cells(cell INTEGER PRIMARY KEY, first INTEGER NOT NULL, last INTEGER NOT NULL);
        CREATE VIRTUAL TABLE places_words USING fts5(
            keys, content='', columnsize=0, tokenize='trigram case_sensitive 1');
        CREATE VIRTUAL TABLE temp.places_vocab USING fts5vocab(main, places_words, 'row');
        CREATE TABLE places_terms(term TEXT PRIMARY KEY, doc INTEGER NOT NULL) WITHOUT ROWID;
        CREATE TABLE streets(id INTEGER PRIMARY KEY, osm_id INTEGER, name TEXT NOT NULL, points BLOB NOT NULL);
        CREATE VIRTUAL TABLE streets_index USING rtree(id, min_latitude, max_latitude, min_longitude, max_longitude);
        """

    /// The columns of `places` a writer fills, in order (all but `id`).
    static let writtenColumns = """
        latitude, longitude, kind, name, ident, symbol, search_key, umlaut_key, street, house_number, city,
        street_is_nearest, opening_hours, phone, website, wheelchair, lines, name_en, name_es, name_pt, details
        """

    /// The columns a place is read back from, in `PlaceStore.place(_:)`'s order.
    static let placeColumns = """
        id, latitude, longitude, kind, name, ident, symbol, street, house_number, city, street_is_nearest,
        opening_hours, phone, website, wheelchair, details, name_en, name_es, name_pt, lines
        """

    /// The languages whose names (`name:LANG`) a store keeps, in `placeColumns`' order from its
    /// column 16.
    static let languages = ["en", "es", "pt"]

    /// A place's id as `places.ident` keeps it: "node/N" and "way/N" as numbers when the number
    /// reads back the same, else the text.
    static func ident(_ id: String) -> SQLiteValue {
        for (prefix, sign) in [("node/", Int64(1)), ("way/", Int64(-1))] where id.hasPrefix(prefix) {
            let digits = id.dropFirst(prefix.count)
            if let number = Int64(digits), number > 0, String(number) == digits { return .integer(sign * number) }
        }
        return .text(id)
    }

    /// A place's id from `places.ident` (column `column` of `row`).
    static func ident(_ row: SQLiteStatement, _ column: Int32) -> String {
        if row.isInteger(column) {
            let number = row.int64(column)
            return number > 0 ? "node/\(number)" : "way/\(-number)"
        }
        return row.text(column) ?? ""
    }

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
