import Foundation
import PlaceData
import Words

/// A place store: places in one SQLite file, in the order of a grid of cells (`Cell`), with the
/// program's own folded search keys, made by `nearby-voice import` (`StoreWriter`) and opened read-only, so
/// that any number of sessions can share one. Opening costs the same at any size: nothing is
/// read until asked. Queries may come from any thread, one at a time.
public final class PlaceStore: @unchecked Sendable {
    /// The path it was opened at.
    public let path: String
    /// Where the places came from: "OpenStreetMap", or the format of the file ("GeoJSON").
    public let source: String
    /// The file the places were imported from, its size and modification time, as the import
    /// saw them (the cache compares them).
    public let sourceFile: String?
    public let sourceSize: Int64?
    public let sourceModified: Int64?
    /// How many places it holds.
    public let count: Int
    /// How many named streets it holds.
    public let streetCount: Int
    /// How many parks' outlines it holds.
    public let parkCount: Int

    /// The mean position of its places (the start of a session given no position), and the
    /// box that holds them all; nil in a store without places.
    public let centre: Coordinate?
    let bounds: BoundingBox?

    let database: SQLiteDatabase
    private let lock = NSLock()
    /// The kinds by their id, and their search forms.
    let kinds: [Int64: String]
    let kindForms: [Int64: [[UInt8]]]
    let kindIDs: [String: Int64]
    private let cellRows: SQLiteStatement
    let cellsInRun: SQLiteStatement
    let pointsInRange: SQLiteStatement
    /// The kinds of a range of rows, each once, and the rows' coordinates with their kind
    /// (`countAndKinds`).
    let kindsInRange: SQLiteStatement
    let pointKindsInRange: SQLiteStatement
    let placesInRange: SQLiteStatement
    let termPlaces: SQLiteStatement
    private let streetsInBox: SQLiteStatement
    let parksInBox: SQLiteStatement
    /// The walking network's queries (PlaceStore+Network.swift).
    let network: NetworkStatements
    private var languageColumn: Int32?

    /// The language whose names (`name:LANG`) the places are given where they have one; nil,
    /// or a language the store keeps no names in, for their own names.
    public var language: String? {
        get {
            lock.lock()
            defer { lock.unlock() }
            return languageColumn.map { StoreSchema.languages[Int($0) - 16] }
        }
        set {
            lock.lock()
            defer { lock.unlock() }
            languageColumn = newValue.flatMap { StoreSchema.languages.firstIndex(of: $0) }.map { Int32($0 + 16) }
        }
    }

    private init(path: String, database: SQLiteDatabase) throws(StoreProblem) {
        self.path = path
        self.database = database
        do throws(SQLiteError) {
            var meta: [String: String] = [:]
            try database.prepare("SELECT key, value FROM meta").forEachRow([]) { row in
                if let key = row.text(0), let value = row.text(1) { meta[key] = value }
            }
            source = meta["source"] ?? "?"
            sourceFile = meta["source_file"]
            sourceSize = meta["source_size"].flatMap { Int64($0) }
            sourceModified = meta["source_modified"].flatMap { Int64($0) }
            count = Int(meta["places"] ?? "") ?? 0
            streetCount = Int(meta["streets"] ?? "") ?? 0
            parkCount = Int(meta["parks"] ?? "") ?? 0
            func degrees(_ key: String) -> Double? { meta[key].flatMap(Double.init) }
            if let south = degrees("min_latitude"), let north = degrees("max_latitude"),
                let west = degrees("min_longitude"), let east = degrees("max_longitude"),
                let latitude = degrees("mean_latitude"), let longitude = degrees("mean_longitude")
            {
                bounds = BoundingBox(south: south, north: north, west: west, east: east)
                centre = Coordinate(latitude: latitude, longitude: longitude)
            } else {
                (bounds, centre) = (nil, nil)
            }
            var kinds: [Int64: String] = [:]
            try database.prepare("SELECT id, kind FROM kinds").forEachRow([]) { row in
                kinds[row.int64(0)] = row.text(1) ?? ""
            }
            self.kinds = kinds
            kindForms = kinds.mapValues { TextFolding.searchForms($0) }
            kindIDs = Dictionary(kinds.map { ($0.value, $0.key) }, uniquingKeysWith: { first, _ in first })
            cellRows = try database.prepare("SELECT min(first), max(last) FROM cells WHERE cell BETWEEN ?1 AND ?2")
            cellsInRun = try database.prepare("SELECT cell, first, last FROM cells WHERE cell BETWEEN ?1 AND ?2")
            pointsInRange = try database.prepare(
                "SELECT id, latitude, longitude FROM places WHERE id BETWEEN ?1 AND ?2")
            kindsInRange = try database.prepare("SELECT DISTINCT kind FROM places WHERE id BETWEEN ?1 AND ?2")
            pointKindsInRange = try database.prepare(
                "SELECT latitude, longitude, kind FROM places WHERE id BETWEEN ?1 AND ?2")
            placesInRange = try database.prepare(
                "SELECT \(StoreSchema.placeColumns) FROM places WHERE id BETWEEN ?1 AND ?2")
            termPlaces = try database.prepare("SELECT doc FROM places_terms WHERE term = ?1")
            streetsInBox = try database.prepare(
                """
                SELECT s.name, s.points FROM streets_index r JOIN streets s ON s.id = r.id
                WHERE r.max_latitude >= ?1 AND r.min_latitude <= ?2 AND r.max_longitude >= ?3 AND r.min_longitude <= ?4
                """)
            parksInBox = try database.prepare(
                """
                SELECT p.ident, p.name, p.rings FROM parks_index r JOIN parks p ON p.id = r.id
                WHERE r.max_latitude >= ?1 AND r.min_latitude <= ?2 AND r.max_longitude >= ?3 AND r.min_longitude <= ?4
                ORDER BY p.id
                """)
            network = try NetworkStatements(database)
        } catch {
            throw Self.problem(path, error)
        }
    }

    /// Refuses a file that is not a place store, an unfinished one, or one of another version.
    private static func check(_ database: SQLiteDatabase, path: String) throws(StoreProblem) {
        let version: Int64
        let application: Int64
        do throws(SQLiteError) {
            try database.execute("PRAGMA query_only = 1; PRAGMA mmap_size = 268435456;")
            version = try database.integer("PRAGMA user_version") ?? 0
            application = try database.integer("PRAGMA application_id") ?? 0
        } catch {
            throw problem(path, error)
        }
        guard application == StoreSchema.applicationID else {
            throw StoreProblem(.badData, file: path, Phrase(.storeNotAStore))
        }
        guard version == StoreSchema.version else {
            let phrase =
                version == 0
                ? Phrase(.storeNotComplete)
                : Phrase.storeOtherVersion(found: String(version), expected: String(StoreSchema.version))
            throw StoreProblem(.badData, file: path, phrase)
        }
    }

    private static func problem(_ path: String, _ error: SQLiteError) -> StoreProblem {
        error.isNotADatabase
            ? StoreProblem(.badData, file: path, Phrase(.storeNotAStore))
            : StoreProblem(.badData, file: path, Phrase.storeCannotRead(reason: error.message))
    }

    /// Opens the store at `path`, read-only. Throws when it is missing, is not a place store,
    /// is of another version, or is what an unfinished import left.
    public static func open(path: String) throws(StoreProblem) -> PlaceStore {
        // The bench's test of itself: the store's opening done twice (`BenchSlowdown`), the
        // session's connection and the window's (`reopened`).
        try BenchSlowdown.twice { () throws(StoreProblem) in try connect(path: path) }
    }

    /// `open(path:)`, once.
    private static func connect(path: String) throws(StoreProblem) -> PlaceStore {
        guard FileManager.default.isReadableFile(atPath: path) else {
            let reason =
                FileManager.default.fileExists(atPath: path) ? "Permission denied" : "No such file or directory"
            throw StoreProblem(.noInput, file: path, Phrase.storeCannotOpen(reason: reason))
        }
        let database: SQLiteDatabase
        do throws(SQLiteError) { database = try SQLiteDatabase(path: path, readOnly: true) } catch {
            throw problem(path, error)
        }
        try check(database, path: path)
        return try PlaceStore(path: path, database: database)
    }

    /// The same store through a connection of its own, named in the same language: for reading
    /// on another thread without waiting for this one's queries, nor they for it (a session's
    /// window is read so while its answers ask this one for streets and the window's nearest
    /// part). Nil when the file can no longer be opened, or holds another store by now (an
    /// import made again in its place).
    public func reopened() -> PlaceStore? {
        guard let other = try? Self.open(path: path), other.isSameStore(as: self) else { return nil }
        other.language = language
        return other
    }

    /// Makes this connection's reads wait at each row while `pause` is held: for a store read on
    /// a thread of its own (`reopened`), never one read on the thread that holds the pause.
    public func pausing(at pause: ReadPause) {
        locked { database.pause = pause }
    }

    /// Whether `other` was opened from the same import: the same source file, places, streets
    /// and box.
    private func isSameStore(as other: PlaceStore) -> Bool {
        source == other.source && sourceFile == other.sourceFile && sourceSize == other.sourceSize
            && sourceModified == other.sourceModified && count == other.count && streetCount == other.streetCount
            && parkCount == other.parkCount
            && centre == other.centre && bounds == other.bounds
    }

    /// Whether the file at `path` starts as an SQLite database does ("SQLite format 3\0").
    public static func looksLikeStore(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 16)) ?? Data()
        return head == Data("SQLite format 3\u{0}".utf8)
    }

    // MARK: Near (StoreNear.swift)

    /// The ranges of rows (first and last) that hold the places of the cells of a box, in
    /// order, neighbours joined. Inside `locked`.
    func rows(in box: BoundingBox) -> [(first: Int64, last: Int64)] {
        var ranges: [(first: Int64, last: Int64)] = []
        // Only the strips and columns of the store's own box.
        guard let within = bounds.flatMap(box.intersection) else { return [] }
        for run in Cell.runs(within) {
            try? cellRows.forEachRow([.integer(run.first), .integer(run.last)]) { row in
                guard !row.isNull(0) else { return }
                let first = row.int64(0)
                let last = row.int64(1)
                if let previous = ranges.last, previous.last + 1 == first {
                    ranges[ranges.count - 1].last = last
                } else {
                    ranges.append((first, last))
                }
            }
        }
        return ranges
    }

    // MARK: Search (StoreSearch.swift)

    /// Whether `haystack` holds `needle` as a run of bytes.
    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard needle.count <= haystack.count else { return false }
        if needle.isEmpty { return true }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if haystack[start..<(start + needle.count)].elementsEqual(needle) { return true }
        }
        return false
    }

    // MARK: Streets

    /// The nearest named street within `radius` metres of `point`, and how far it is.
    public func nearestStreet(to point: Coordinate, within radius: Double = StreetIndex.reach) -> (
        name: String, distance: Double
    )? {
        BenchSlowdown.twice {
            let box = BoundingBox(around: point, radius: radius)
            var index = StreetIndex()
            locked {
                try? streetsInBox.forEachRow([.real(box.south), .real(box.north), .real(box.west), .real(box.east)]) {
                    row in
                    index.add(name: row.text(0) ?? "", points: StreetIndex.points(row.bytes(1)))
                }
            }
            return index.nearest(to: point, within: radius)
        }
    }

    // MARK: Rows

    /// Runs a query's statements with the connection to itself, in one read transaction.
    func locked(_ body: () -> Void) {
        lock.lock()
        defer { lock.unlock() }
        database.reading(body)
    }

    /// A place from a row of `StoreSchema.placeColumns`, named in `language` where it can be.
    /// Inside `locked`.
    func place(_ row: SQLiteStatement) -> Place {
        let name = languageColumn.flatMap { row.text($0) } ?? row.text(4) ?? ""
        return Place(
            id: StoreSchema.ident(row, 5), name: name, kind: kinds[row.int64(3)] ?? "", symbol: row.text(6) ?? "mappin",
            latitude: row.double(1), longitude: row.double(2), details: StoreSchema.details(row.text(15)),
            facts: Place.Facts(
                street: row.text(7), houseNumber: row.text(8), city: row.text(9), streetIsNearest: row.int64(10) != 0,
                openingHours: row.text(11), phone: row.text(12), website: row.text(13), wheelchair: row.text(14),
                lines: row.text(19)))
    }
}
