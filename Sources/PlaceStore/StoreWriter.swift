import Foundation
import PlaceData
import SystemCalls
import Words

/// Writes a new place store: into a file beside the one asked for (".NAME.PID-RANDOM.partial"), which
/// is renamed over it only when complete, flushed to the disk. A file an import left unfinished
/// never opens as a store: its schema version (`PRAGMA user_version`) is written last, in the
/// same transaction as everything else.
final class StoreWriter {
    let output: String
    let temporary: String
    private(set) var database: SQLiteDatabase?
    private var statements: Statements?
    private var kinds: [String: Int64] = [:]
    private(set) var streets = StreetIndex()
    private(set) var placeCount = 0
    private(set) var streetCount = 0
    /// The places without an address street, to be given the nearest one at the end.
    private var streetless: [(id: Int64, latitude: Double, longitude: Double)] = []

    private struct Statements {
        let place: SQLiteStatement
        let kind: SQLiteStatement
        let street: SQLiteStatement
        let streetIndex: SQLiteStatement
    }

    /// Starts a store that will be at `output`.
    init(output: String) throws(StoreProblem) {
        self.output = output
        let slash = output.lastIndex(of: "/")
        let folder = slash.map { String(output[...$0]) } ?? ""
        let name = slash.map { String(output[output.index(after: $0)...]) } ?? output
        // The process and a random number: two imports into one store, even in one process (the
        // scenarios side by side), never share the unfinished file.
        let random = String(UInt32.random(in: 0...UInt32.max), radix: 36)
        temporary = folder + "." + name + ".\(ProcessInfo.processInfo.processIdentifier)-\(random).partial"
        let directory = folder.isEmpty ? "." : folder
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isFolder), isFolder.boolValue else {
            throw StoreProblem(
                .cannotWrite, file: output, Phrase.storeCannotWrite(reason: "No such file or directory"))
        }
        guard FileManager.default.isWritableFile(atPath: directory) else {
            throw StoreProblem(.cannotWrite, file: output, Phrase.storeCannotWrite(reason: "Permission denied"))
        }
        try? FileSystem.remove(temporary)
        do throws(SQLiteError) {
            let database = try SQLiteDatabase(path: temporary, readOnly: false)
            self.database = database
            // The places are written into a staging table of a private temporary database
            // (SQLite deletes its file when it closes, however the process ends), then copied
            // into `places` in the order of their cells at the end (`finish`).
            try database.execute(
                """
                PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA locking_mode = EXCLUSIVE;
                PRAGMA cache_size = -65536; PRAGMA application_id = \(StoreSchema.applicationID);
                ATTACH DATABASE '' AS stage;
                PRAGMA stage.journal_mode = OFF; PRAGMA stage.synchronous = OFF; PRAGMA stage.cache_size = -65536;
                BEGIN;
                \(StoreSchema.tables)
                \(StoreSchema.networkTables)
                CREATE TABLE stage.places(id INTEGER PRIMARY KEY, cell INTEGER NOT NULL, \(StoreSchema.writtenColumns));
                """)
            statements = Statements(
                place: try database.prepare(
                    """
                    INSERT INTO stage.places(cell, \(StoreSchema.writtenColumns)) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7,
                    ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21)
                    """),
                kind: try database.prepare("INSERT INTO kinds(kind) VALUES (?1)"),
                street: try database.prepare("INSERT INTO streets(osm_id, name, points) VALUES (?1, ?2, ?3)"),
                streetIndex: try database.prepare(
                    "INSERT INTO streets_index VALUES (last_insert_rowid(), ?1, ?2, ?3, ?4)"))
        } catch {
            abandon()
            throw StoreProblem.writing(output, error)
        }
    }

    /// Adds a place, with its names in other languages (by language code).
    func add(_ place: Place, names: [String: String] = [:]) throws(StoreProblem) {
        guard let statements, let database else { return }
        do throws(SQLiteError) {
            let kind: Int64
            if let known = kinds[place.kind] {
                kind = known
            } else {
                try statements.kind.run([.text(place.kind)])
                kind = try database.integer("SELECT last_insert_rowid()") ?? 0
                kinds[place.kind] = kind
            }
            let forms = TextFolding.searchForms(place.name)
            let facts = place.facts
            let latitude = place.coordinate.latitude
            let longitude = place.coordinate.longitude
            try statements.place.run([
                .integer(Cell.key(latitude: latitude, longitude: longitude)), .real(latitude), .real(longitude),
                .integer(kind), .text(place.name), StoreSchema.ident(place.id),
                place.symbol == "mappin" ? .null : .text(place.symbol), .blob(forms[0]),
                forms.count > 1 ? .blob(forms[1]) : .null, .optional(facts.street), .optional(facts.houseNumber),
                .optional(facts.city), .integer(facts.streetIsNearest ? 1 : 0), .optional(facts.openingHours),
                .optional(facts.phone), .optional(facts.website), .optional(facts.wheelchair),
                .optional(names["en"]), .optional(names["es"]), .optional(names["pt"]),
                .optional(StoreSchema.details(place.details)),
            ])
            placeCount += 1
            if facts.street == nil {
                streetless.append((Int64(placeCount), place.coordinate.latitude, place.coordinate.longitude))
            }
        } catch {
            throw StoreProblem.writing(output, error)
        }
    }

    /// Adds a named street.
    func addStreet(osmID: Int64, name: String, points: [(latitude: Double, longitude: Double)]) throws(StoreProblem) {
        guard let statements, !points.isEmpty else { return }
        do throws(SQLiteError) {
            try statements.street.run([.integer(osmID), .text(name), .blob(StreetIndex.bytes(points))])
            let latitudes = points.map(\.latitude)
            let longitudes = points.map(\.longitude)
            try statements.streetIndex.run([
                .real(latitudes.min()!), .real(latitudes.max()!), .real(longitudes.min()!), .real(longitudes.max()!),
            ])
            streets.add(name: name, points: points)
            streetCount += 1
        } catch {
            throw StoreProblem.writing(output, error)
        }
    }

    /// Gives each place without an address street its nearest named street (within
    /// `StreetIndex.reach`), marked as the nearest; returns how many were given one.
    func fillNearestStreets() throws(StoreProblem) -> Int {
        guard let database, !streets.isEmpty else { return 0 }
        var given = 0
        do throws(SQLiteError) {
            let update = try database.prepare(
                "UPDATE stage.places SET street = ?1, street_is_nearest = 1 WHERE id = ?2")
            for place in streetless {
                let point = Coordinate(latitude: place.latitude, longitude: place.longitude)
                guard let street = streets.nearest(to: point, within: StreetIndex.reach) else { continue }
                try update.run([.text(street.name), .integer(place.id)])
                given += 1
            }
        } catch {
            throw StoreProblem.writing(output, error)
        }
        streetless = []
        return given
    }

    /// Writes `meta` and the schema's version, commits, flushes the file to the disk and renames
    /// it over `output`.
    func finish(meta: [String: String]) throws(StoreProblem) {
        guard let database else { return }
        do throws(SQLiteError) {
            var all = meta
            all["places"] = String(placeCount)
            all["streets"] = String(streetCount)
            // The places in the order of their cells, numbered from 1 in it; each cell's first
            // and last row.
            try database.execute(
                """
                INSERT INTO places(\(StoreSchema.writtenColumns)) SELECT \(StoreSchema.writtenColumns)
                FROM stage.places ORDER BY cell, id;
                INSERT INTO cells(cell, first, last) SELECT cell, total - n + 1, total FROM (
                    SELECT cell, n, sum(n) OVER (ORDER BY cell) AS total FROM (
                        SELECT cell, count(*) AS n FROM stage.places GROUP BY cell));
                """)
            // The box of the places and their mean position.
            if placeCount > 0 {
                try database.prepare(
                    """
                    SELECT min(latitude), max(latitude), min(longitude), max(longitude), avg(latitude), avg(longitude)
                    FROM places
                    """
                ).forEachRow([]) { row in
                    let names = [
                        "min_latitude", "max_latitude", "min_longitude", "max_longitude", "mean_latitude",
                        "mean_longitude",
                    ]
                    for (column, name) in names.enumerated() { all[name] = String(row.double(Int32(column))) }
                }
            }
            // The search keys' trigrams, each key followed by two spaces (no key holds a space):
            // every letter and every two letters of a key begin one of its trigrams, so that a
            // word of one or two letters finds its trigrams among the index's terms.
            try database.execute(
                """
                INSERT INTO places_words(rowid, keys) SELECT id, CAST(search_key AS TEXT) || '  '
                || coalesce(CAST(umlaut_key AS TEXT) || '  ', '') FROM places;
                INSERT INTO places_words(places_words) VALUES ('optimize');
                INSERT INTO places_terms SELECT term, doc FROM temp.places_vocab;
                """)
            let insert = try database.prepare("INSERT INTO meta(key, value) VALUES (?1, ?2)")
            for (key, value) in all.sorted(by: { $0.key < $1.key }) { try insert.run([.text(key), .text(value)]) }
            try database.execute("PRAGMA user_version = \(StoreSchema.version); COMMIT;")
        } catch {
            abandon()
            throw StoreProblem.writing(output, error)
        }
        statements = nil
        self.database = nil
        do throws(SystemError) {
            let file = try FileDescriptor.open(temporary, .readOnly)
            defer { file.close() }
            try file.sync(path: temporary)
            try FileSystem.rename(temporary, to: output)
        } catch {
            abandon()
            throw StoreProblem(.cannotWrite, file: output, Phrase.storeCannotWrite(reason: error.reason))
        }
    }

    /// Closes and removes the unfinished file.
    func abandon() {
        statements = nil
        database = nil
        try? FileSystem.remove(temporary)
    }
}
