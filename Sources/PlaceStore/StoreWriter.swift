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
    /// The writes made while the file is read, on a thread of their own, and the batch of them
    /// being gathered.
    private var staging: StagingWriter?
    private var batch: [StagingWriter.Row] = []
    private var kinds: [String: Int64] = [:]
    /// How many places each cell holds, for `cells`.
    private var cellCounts: [Int64: Int64] = [:]
    private(set) var streets = StreetIndex()
    private(set) var placeCount = 0
    private(set) var streetCount = 0
    private(set) var parkCount = 0
    /// The places without an address street, to be given the nearest one at the end.
    private var streetless: [(id: Int64, latitude: Double, longitude: Double)] = []
    private var nearestStreets: NearestStreetSearch?

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
                \(StoreSchema.parkTables)
                CREATE TABLE stage.places(id INTEGER PRIMARY KEY, cell INTEGER NOT NULL, \(StoreSchema.writtenColumns));
                \(Self.bulkIndexing)
                """)
            staging = try StagingWriter(database)
        } catch {
            abandon()
            throw StoreProblem.writing(output, error)
        }
    }

    /// How the trigram index is filled in bulk: its words are gathered in memory up to
    /// `hashsize` bytes (1 MB by default) before each is written out as a segment, and no segments
    /// are merged on the way (`automerge` 0): the one `optimize` at the end merges them all once.
    /// At 10M places, 61 s of processor time with FTS5's defaults (52.5 s to insert, 8.6 s to
    /// merge). Both settings are taken out of the index's configuration before the store is
    /// complete, so that its readers see FTS5's defaults, as before.
    static let bulkIndexing = """
        INSERT INTO places_words(places_words, rank) VALUES ('automerge', 0);
        INSERT INTO places_words(places_words, rank) VALUES ('hashsize', \(64 << 20));
        """

    /// Adds a place, with its names in other languages (by language code). `ident`, when given,
    /// is `StoreSchema.ident(place.id)` already made (from an OpenStreetMap object's number).
    func add(_ place: Place, names: [String: String] = [:], ident: Int64? = nil) throws(StoreProblem) {
        guard staging != nil else { return }
        let kind: Int64
        if let known = kinds[place.kind] {
            kind = known
        } else {
            // Numbered as SQLite would number them, in the order they come.
            kind = Int64(kinds.count + 1)
            kinds[place.kind] = kind
            try send(.kind(id: kind, name: place.kind))
        }
        let forms = TextFolding.searchForms(place.name)
        let facts = place.facts
        let latitude = place.coordinate.latitude
        let longitude = place.coordinate.longitude
        var number = ident
        if number == nil, case .integer(let parsed) = StoreSchema.ident(place.id) { number = parsed }
        let cell = Cell.key(latitude: latitude, longitude: longitude)
        cellCounts[cell, default: 0] += 1
        try send(
            .place(
                StagingWriter.Place(
                    cell: cell, latitude: latitude,
                    longitude: longitude, kind: kind, name: place.name, ident: number, id: place.id,
                    symbol: place.symbol == "mappin" ? nil : place.symbol, searchKey: forms[0],
                    umlautKey: forms.count > 1 ? forms[1] : nil, facts: facts, names: names,
                    details: StoreSchema.details(place.details))))
        placeCount += 1
        if facts.street == nil {
            streetless.append((Int64(placeCount), latitude, longitude))
        }
    }

    /// Adds a named street.
    func addStreet(osmID: Int64, name: String, points: [(latitude: Double, longitude: Double)]) throws(StoreProblem) {
        guard staging != nil, !points.isEmpty else { return }
        let latitudes = points.map(\.latitude)
        let longitudes = points.map(\.longitude)
        let box = BoundingBox(
            south: latitudes.min()!, north: latitudes.max()!, west: longitudes.min()!, east: longitudes.max()!)
        try send(.street(osmID: osmID, name: name, points: StreetIndex.bytes(points), box: box))
        streets.add(name: name, points: points)
        streetCount += 1
    }

    /// Adds a park's outline: `id` is its place's id ("way/N", "relation/N"), `rings` its outer
    /// rings, each closed.
    func addPark(id: String, name: String, rings: [[(latitude: Double, longitude: Double)]]) throws(StoreProblem) {
        let points = rings.joined()
        guard staging != nil, !points.isEmpty else { return }
        let box = BoundingBox(
            south: points.map(\.latitude).min()!, north: points.map(\.latitude).max()!,
            west: points.map(\.longitude).min()!, east: points.map(\.longitude).max()!)
        var ident: Int64?
        if case .integer(let number) = StoreSchema.ident(id) { ident = number }
        try send(.park(ident: ident, id: id, name: name, rings: ParkOutline.bytes(rings), box: box))
        parkCount += 1
    }

    /// Gathers `row` into the batch, and hands a full batch to the staging thread; throws when
    /// a write there has failed.
    private func send(_ row: StagingWriter.Row) throws(StoreProblem) {
        guard let staging else { return }
        if let failed = staging.failed { throw StoreProblem.writing(output, failed) }
        if batch.isEmpty { batch.reserveCapacity(StagingWriter.batchSize) }
        batch.append(row)
        if batch.count >= StagingWriter.batchSize {
            staging.send(batch)
            batch = []
        }
    }

    /// Writes what the staging thread still has, and ends it: before this connection is used
    /// for anything else.
    func flush() throws(StoreProblem) {
        guard let staging else { return }
        if !batch.isEmpty { staging.send(batch) }
        batch = []
        self.staging = nil
        do throws(SQLiteError) { try staging.drain() } catch { throw StoreProblem.writing(output, error) }
    }

    /// Starts looking for the nearest named street (within `StreetIndex.reach`) of each place
    /// without an address street, on threads of their own (one a core), once every street has
    /// been added: `finish` gives the places the streets found, marked as the nearest, as it
    /// copies them into `places`. Meanwhile this connection can write the network.
    func startNearestStreets() {
        guard !streets.isEmpty, !streetless.isEmpty, nearestStreets == nil else { return }
        let search = NearestStreetSearch(places: placeCount)
        let (streets, places) = (streets, streetless)
        let parts = max(1, min(ProcessInfo.processInfo.activeProcessorCount, places.count / 10_000))
        for part in 0..<parts {
            let range = places.count * part / parts..<places.count * (part + 1) / parts
            DispatchQueue.global().async(group: search.group) { search.find(places[range], in: streets) }
        }
        nearestStreets = search
        streetless = []
    }

    /// How many places `finish` gave their nearest street.
    private(set) var nearestStreetCount = 0

    /// The nearest street of each place (its number in `streets`, -1 for none or a place with
    /// an address street), filled by disjoint parts on several threads.
    private final class NearestStreetSearch: @unchecked Sendable {
        let group = DispatchGroup()
        private let numbers: UnsafeMutableBufferPointer<Int32>

        init(places: Int) {
            numbers = .allocate(capacity: places)
            numbers.initialize(repeating: -1)
        }

        deinit { numbers.deallocate() }

        func find(_ places: ArraySlice<(id: Int64, latitude: Double, longitude: Double)>, in streets: StreetIndex) {
            for place in places {
                let point = Coordinate(latitude: place.latitude, longitude: place.longitude)
                if let found = streets.nearestStreet(to: point, within: StreetIndex.reach) {
                    numbers[Int(place.id - 1)] = found.street
                }
            }
        }

        /// The numbers, once every part is done.
        func result() -> [Int32] {
            group.wait()
            return Array(numbers)
        }
    }

    /// Writes `meta` and the schema's version, commits, flushes the file to the disk and renames
    /// it over `output`.
    func finish(meta: [String: String]) throws(StoreProblem) {
        try flush()
        guard let database else { return }
        do throws(SQLiteError) {
            var all = meta
            all["places"] = String(placeCount)
            all["streets"] = String(streetCount)
            all["parks"] = String(parkCount)
            // The places in the order of their cells, numbered from 1 in it, those without an
            // address street given the nearest one found (`nearest_street(id)`); each cell's
            // first and last row.
            let numbers = nearestStreets?.result() ?? []
            nearestStreets = nil
            nearestStreetCount = numbers.count { $0 >= 0 }
            try database.define("nearest_street", SQLiteTextLookup(texts: streets.names, numbers: numbers))
            let copied = StoreSchema.writtenColumns.split(separator: ",").map { column in
                switch column.trimmingCharacters(in: .whitespacesAndNewlines) {
                case "street": "coalesce(street, nearest_street(id))"
                case "street_is_nearest":
                    "CASE WHEN street IS NULL AND nearest_street(id) IS NOT NULL THEN 1 ELSE street_is_nearest END"
                case let name: name
                }
            }
            try database.execute(
                """
                INSERT INTO places(\(StoreSchema.writtenColumns)) SELECT \(copied.joined(separator: ", "))
                FROM stage.places ORDER BY cell, id;
                """)
            database.forget("nearest_street")
            // Each cell's rows follow the rows of the cells numbered before it.
            let cell = try database.prepare("INSERT INTO cells(cell, first, last) VALUES (?1, ?2, ?3)")
            var total: Int64 = 0
            for (key, count) in cellCounts.sorted(by: { $0.key < $1.key }) {
                cell.reset()
                try cell.set(1, key)
                try cell.set(2, total + 1)
                total += count
                try cell.set(3, total)
                try cell.run()
            }
            cellCounts = [:]
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
            // word of one or two letters finds its trigrams among the index's terms. Then the
            // mark of a key that spells "ae", "oe" or "ue" (`StoreSchema.spelledUmlautMark`).
            try database.execute(
                """
                INSERT INTO places_words(rowid, keys) SELECT id, CAST(search_key AS TEXT) || '  '
                || coalesce(CAST(umlaut_key AS TEXT) || '  ', '')
                || CASE WHEN instr(search_key, X'6165') OR instr(search_key, X'6F65') OR instr(search_key, X'7565')
                THEN '\(StoreSchema.spelledUmlautMark)' ELSE '' END FROM places;
                """)
            try database.execute("INSERT INTO places_words(places_words) VALUES ('optimize');")
            try database.execute(
                """
                INSERT INTO places_terms SELECT term, doc FROM temp.places_vocab;
                DELETE FROM places_words_config WHERE k IN ('automerge', 'hashsize');
                """)
            let insert = try database.prepare("INSERT INTO meta(key, value) VALUES (?1, ?2)")
            for (key, value) in all.sorted(by: { $0.key < $1.key }) { try insert.run([.text(key), .text(value)]) }
            try database.execute("PRAGMA user_version = \(StoreSchema.version); COMMIT;")
        } catch {
            abandon()
            throw StoreProblem.writing(output, error)
        }
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
        // The staging thread's writes end before the connection closes.
        try? staging?.drain()
        staging = nil
        batch = []
        database = nil
        try? FileSystem.remove(temporary)
    }
}
