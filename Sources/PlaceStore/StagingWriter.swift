import Foundation
import PlaceData
import Synchronization

/// The rows an import writes while it reads the file (the staging table's places, the kinds, the
/// streets, the parks' outlines), written by a thread of their own: the reading thread makes them (the tags, the
/// search keys) while this one hands the last batch to SQLite, on the machine's other core. One
/// writer at a time uses the connection: `StoreWriter` waits for this one (`drain`) before it
/// writes anything itself.
final class StagingWriter: @unchecked Sendable {
    /// A row to write.
    enum Row: Sendable {
        case kind(id: Int64, name: String)
        case place(Place)
        case street(osmID: Int64, name: String, points: [UInt8], box: BoundingBox)
        /// A park's outline: its `ident` (`StoreSchema.ident`: the number, or else `id`).
        case park(ident: Int64?, id: String, name: String, rings: [UInt8], box: BoundingBox)
    }

    /// A place as the staging table keeps it (`StoreSchema.writtenColumns`, after its cell).
    struct Place: Sendable {
        var cell: Int64
        var latitude: Double
        var longitude: Double
        var kind: Int64
        var name: String
        /// `StoreSchema.ident`: the number, or else the text.
        var ident: Int64?
        var id: String
        var symbol: String?
        var searchKey: [UInt8]
        var umlautKey: [UInt8]?
        var facts: PlaceData.Place.Facts
        var names: [String: String]
        var details: String?
    }

    /// Rows a batch, and batches waiting at most: a few MB in flight.
    static let batchSize = 1024
    private let room = DispatchSemaphore(value: 8)
    private let queue = DispatchQueue(label: "nearby-voice.import.staging")
    private let failure = Mutex<SQLiteError?>(nil)
    // Used on `queue` only.
    private let place: SQLiteStatement
    private let kind: SQLiteStatement
    private let street: SQLiteStatement
    private let streetIndex: SQLiteStatement
    private let park: SQLiteStatement
    private let parkIndex: SQLiteStatement

    init(_ database: SQLiteDatabase) throws(SQLiteError) {
        place = try database.prepare(
            """
            INSERT INTO stage.places(cell, \(StoreSchema.writtenColumns)) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7,
            ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21, ?22)
            """)
        kind = try database.prepare("INSERT INTO kinds(id, kind) VALUES (?1, ?2)")
        street = try database.prepare("INSERT INTO streets(osm_id, name, points) VALUES (?1, ?2, ?3)")
        streetIndex = try database.prepare("INSERT INTO streets_index VALUES (last_insert_rowid(), ?1, ?2, ?3, ?4)")
        park = try database.prepare("INSERT INTO parks(ident, name, rings) VALUES (?1, ?2, ?3)")
        parkIndex = try database.prepare("INSERT INTO parks_index VALUES (last_insert_rowid(), ?1, ?2, ?3, ?4)")
    }

    /// The first write that failed; after it nothing more is written.
    var failed: SQLiteError? { failure.withLock { $0 } }

    /// Hands `rows` to the writing thread, waiting while eight batches are still to write.
    func send(_ rows: [Row]) {
        room.wait()
        queue.async { [self] in
            defer { room.signal() }
            guard failed == nil else { return }
            do throws(SQLiteError) {
                for row in rows { try write(row) }
            } catch {
                failure.withLock { $0 = error }
            }
        }
    }

    /// Waits until every batch sent is written; throws the first write that failed.
    func drain() throws(SQLiteError) {
        queue.sync {}
        if let failed { throw failed }
    }

    /// Writes the box of the row just inserted into an R*Tree (`statement`).
    private func index(_ statement: SQLiteStatement, _ box: BoundingBox) throws(SQLiteError) {
        statement.reset()
        try statement.set(1, box.south)
        try statement.set(2, box.north)
        try statement.set(3, box.west)
        try statement.set(4, box.east)
        try statement.run()
    }

    private func write(_ row: Row) throws(SQLiteError) {
        switch row {
        case .kind(let id, let name):
            kind.reset()
            try kind.set(1, id)
            try kind.set(2, name)
            try kind.run()
        case .street(let osmID, let name, let points, let box):
            street.reset()
            try street.set(1, osmID)
            try street.set(2, name)
            try street.set(3, blob: points)
            try street.run()
            try index(streetIndex, box)
        case .park(let ident, let id, let name, let rings, let box):
            park.reset()
            if let ident { try park.set(1, ident) } else { try park.set(1, id) }
            try park.set(2, name)
            try park.set(3, blob: rings)
            try park.run()
            try index(parkIndex, box)
        case .place(let item):
            // Each value set in place (no array of values a row: millions of rows).
            let row = place
            let facts = item.facts
            row.reset()
            try row.set(1, item.cell)
            try row.set(2, item.latitude)
            try row.set(3, item.longitude)
            try row.set(4, item.kind)
            try row.set(5, item.name)
            if let ident = item.ident { try row.set(6, ident) } else { try row.set(6, item.id) }
            try row.set(7, item.symbol)
            try row.set(8, blob: item.searchKey)
            try row.set(9, blob: item.umlautKey)
            try row.set(10, facts.street)
            try row.set(11, facts.houseNumber)
            try row.set(12, facts.city)
            try row.set(13, Int64(facts.streetIsNearest ? 1 : 0))
            try row.set(14, facts.openingHours)
            try row.set(15, facts.phone)
            try row.set(16, facts.website)
            try row.set(17, facts.wheelchair)
            try row.set(18, facts.lines)
            try row.set(19, item.names["en"])
            try row.set(20, item.names["es"])
            try row.set(21, item.names["pt"])
            try row.set(22, item.details)
            try row.run()
        }
    }
}
