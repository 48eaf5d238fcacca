import CSQLite
import Foundation

/// An SQLite status that is not success: its result code and SQLite's own message
/// (`sqlite3_errmsg`).
struct SQLiteError: Error, CustomStringConvertible {
    var code: Int32
    var message: String

    /// The file is not a database, or is damaged.
    var isNotADatabase: Bool { code & 0xFF == SQLITE_NOTADB || code & 0xFF == SQLITE_CORRUPT }

    var description: String { message }
}

/// One SQLite connection, used from one thread at a time. Every SQLite call of the project is
/// in this file.
final class SQLiteDatabase {
    private let handle: OpaquePointer

    /// Opens `path` (`sqlite3_open_v2`): read-only, or read-write and created when missing.
    init(path: String, readOnly: Bool) throws(SQLiteError) {
        _ = Self.configured
        var handle: OpaquePointer?
        let flags = readOnly ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        let status = sqlite3_open_v2(path, &handle, flags | SQLITE_OPEN_NOMUTEX, nil)
        guard status == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(status))
            sqlite3_close(handle)
            throw SQLiteError(code: status, message: message)
        }
        self.handle = handle
        sqlite3_extended_result_codes(handle, 1)
        begin = Self.prepared(handle, "BEGIN")
        commit = Self.prepared(handle, "COMMIT")
    }

    deinit {
        sqlite3_finalize(begin)
        sqlite3_finalize(commit)
        sqlite3_close_v2(handle)
    }

    /// SQLite configured once, before its first connection (`CSQLite_countNoMemory`).
    static let configured: Int32 = CSQLite_countNoMemory()

    /// Runs SQL without results (`sqlite3_exec`).
    func execute(_ sql: String) throws(SQLiteError) {
        let status = sqlite3_exec(handle, sql, nil, nil, nil)
        guard status == SQLITE_OK else { throw error(status) }
    }

    /// Runs `body`'s statements in one read transaction (`BEGIN` to `COMMIT`), unless one is
    /// open. Each statement outside a transaction is a transaction of its own: SQLite locks the
    /// file and looks for a journal to roll back (fcntl, stat) at each, and a window's nearest
    /// part (`read`) runs two hundred of them: at 10M places, a third of its time.
    func reading(_ body: () -> Void) {
        guard sqlite3_get_autocommit(handle) != 0, let begin, let commit else { return body() }
        let began = sqlite3_step(begin) == SQLITE_DONE
        sqlite3_reset(begin)
        body()
        guard began else { return }
        sqlite3_step(commit)
        sqlite3_reset(commit)
    }

    /// `BEGIN` and `COMMIT`, prepared once (compiled at each `sqlite3_exec`, they cost a small
    /// query as much as its own reads: a walk's position report runs dozens); nil when they
    /// could not be, and then `reading` runs its statements as they come.
    private let begin: OpaquePointer?
    private let commit: OpaquePointer?

    private static func prepared(_ handle: OpaquePointer, _ sql: String) -> OpaquePointer? {
        var statement: OpaquePointer?
        let status = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard status == SQLITE_OK else {
            sqlite3_finalize(statement)
            return nil
        }
        return statement
    }

    /// What the connection's reads wait for at each row: an answer read on another thread
    /// (`ReadPause`). Set before the connection is handed to the thread that reads with it.
    var pause: ReadPause?

    /// Whether a transaction is open (`BEGIN` without its `COMMIT`).
    var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// A statement prepared once, to be bound, stepped and reset many times.
    func prepare(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        var statement: OpaquePointer?
        let status = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard status == SQLITE_OK, let statement else { throw error(status) }
        return SQLiteStatement(statement, database: self)
    }

    func error(_ status: Int32) -> SQLiteError {
        SQLiteError(code: status, message: String(cString: sqlite3_errmsg(handle)))
    }

    /// Defines the SQL function `name(key)` of one integer argument: `lookup`'s text for the key,
    /// NULL when it has none (`sqlite3_create_function_v2`, deterministic). The connection holds
    /// `lookup` until `forget(_:)` or until it closes.
    func define(_ name: String, _ lookup: SQLiteTextLookup) throws(SQLiteError) {
        let status = sqlite3_create_function_v2(
            handle, name, 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, Unmanaged.passRetained(lookup).toOpaque(),
            { context, _, arguments in
                guard let context, let lookup = sqlite3_user_data(context), let argument = arguments?[0] else {
                    return
                }
                let texts = Unmanaged<SQLiteTextLookup>.fromOpaque(lookup).takeUnretainedValue()
                guard let (start, count) = texts.text(sqlite3_value_int64(argument)) else {
                    sqlite3_result_null(context)
                    return
                }
                // The text stays in `lookup`'s buffer while the function is defined: no copy.
                sqlite3_result_text(context, start, Int32(count), nil)
            }, nil, nil, { lookup in lookup.map { Unmanaged<SQLiteTextLookup>.fromOpaque($0).release() } })
        guard status == SQLITE_OK else { throw error(status) }
    }

    /// Removes the SQL function `name` that `define` made; the connection lets go of its lookup.
    func forget(_ name: String) {
        sqlite3_create_function_v2(handle, name, 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nil, nil, nil, nil, nil)
    }

    /// The first column of the first row of `sql` as an integer, or nil when there is none.
    func integer(_ sql: String) throws(SQLiteError) -> Int64? {
        let statement = try prepare(sql)
        return try statement.step() ? statement.int64(0) : nil
    }
}

/// A prepared statement (`sqlite3_stmt`), finalised when it goes.
final class SQLiteStatement {
    private let handle: OpaquePointer
    private let database: SQLiteDatabase

    fileprivate init(_ handle: OpaquePointer, database: SQLiteDatabase) {
        self.handle = handle
        self.database = database
    }

    deinit { sqlite3_finalize(handle) }

    /// Binds values to the parameters, 1 on: text, doubles, integers, byte arrays (as blobs),
    /// nil as NULL. Resets the statement first.
    func bind(_ values: [SQLiteValue]) throws(SQLiteError) {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let status: Int32
            switch value {
            case .null: status = sqlite3_bind_null(handle, index)
            case .integer(let number): status = sqlite3_bind_int64(handle, index, number)
            case .real(let number): status = sqlite3_bind_double(handle, index, number)
            case .text(let text): status = sqlite3_bind_text(handle, index, text, -1, CSQLite_transient())
            case .blob(let bytes):
                // An empty blob is still a blob, not NULL.
                status =
                    bytes.isEmpty
                    ? sqlite3_bind_zeroblob(handle, index, 0)
                    : bytes.withUnsafeBytes { raw in
                        sqlite3_bind_blob(handle, index, raw.baseAddress, Int32(raw.count), CSQLite_transient())
                    }
            }
            guard status == SQLITE_OK else { throw database.error(status) }
        }
    }

    /// Readies the statement for new values, each bound by `set` (`sqlite3_reset`): for an
    /// insert made millions of times, without an array of values a row. A parameter not set
    /// again keeps its value.
    func reset() { sqlite3_reset(handle) }

    /// Binds parameter `index` (1 on) to an integer.
    func set(_ index: Int32, _ number: Int64) throws(SQLiteError) {
        try check(sqlite3_bind_int64(handle, index, number))
    }

    func set(_ index: Int32, _ number: Double) throws(SQLiteError) {
        try check(sqlite3_bind_double(handle, index, number))
    }

    /// Binds parameter `index` to text, or NULL for nil (SQLite copies it).
    func set(_ index: Int32, _ text: String?) throws(SQLiteError) {
        guard let text else { return try check(sqlite3_bind_null(handle, index)) }
        // An empty text is still text, not NULL (as a nil pointer would make it).
        let status =
            text.isEmpty
            ? sqlite3_bind_text(handle, index, "", 0, CSQLite_transient())
            : text.utf8.withContiguousStorageIfAvailable { bytes in
                bytes.withMemoryRebound(to: CChar.self) { bytes in
                    sqlite3_bind_text(handle, index, bytes.baseAddress, Int32(bytes.count), CSQLite_transient())
                }
            } ?? sqlite3_bind_text(handle, index, text, -1, CSQLite_transient())
        try check(status)
    }

    /// Binds parameter `index` to a blob (an empty one is still a blob), or NULL for nil.
    func set(_ index: Int32, blob bytes: [UInt8]?) throws(SQLiteError) {
        guard let bytes else { return try check(sqlite3_bind_null(handle, index)) }
        let status =
            bytes.isEmpty
            ? sqlite3_bind_zeroblob(handle, index, 0)
            : bytes.withUnsafeBytes { raw in
                sqlite3_bind_blob(handle, index, raw.baseAddress, Int32(raw.count), CSQLite_transient())
            }
        try check(status)
    }

    /// Steps to the end with the values set (an insert, an update).
    func run() throws(SQLiteError) {
        while try step() {}
    }

    private func check(_ status: Int32) throws(SQLiteError) {
        guard status == SQLITE_OK else { throw database.error(status) }
    }

    /// Steps once (`sqlite3_step`): true with a row to read, false when done.
    func step() throws(SQLiteError) -> Bool {
        database.pause?.wait()
        let status = sqlite3_step(handle)
        switch status {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw database.error(status)
        }
    }

    /// Binds `values` and steps to the end (an insert, an update).
    func run(_ values: [SQLiteValue]) throws(SQLiteError) {
        try bind(values)
        while try step() {}
    }

    /// Binds `values` and calls `body` for each row.
    func forEachRow(_ values: [SQLiteValue], _ body: (SQLiteStatement) -> Void) throws(SQLiteError) {
        try bind(values)
        while try step() { body(self) }
        sqlite3_reset(handle)
    }

    /// Binds two integers (a range of rows, of cells) and calls `body` for each row: the same as
    /// `forEachRow([.integer(first), .integer(last)])` without an array a call, for the queries
    /// made a cell at a time.
    func forEachRow(_ first: Int64, _ last: Int64, _ body: (SQLiteStatement) -> Void) {
        sqlite3_reset(handle)
        sqlite3_bind_int64(handle, 1, first)
        sqlite3_bind_int64(handle, 2, last)
        let pause = database.pause
        while sqlite3_step(handle) == SQLITE_ROW {
            pause?.wait()
            body(self)
        }
        sqlite3_reset(handle)
    }

    func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }
    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }
    func isInteger(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_INTEGER }
    func double(_ column: Int32) -> Double { sqlite3_column_double(handle, column) }

    /// The column as text, nil when NULL.
    func text(_ column: Int32) -> String? {
        guard let pointer = sqlite3_column_text(handle, column) else { return nil }
        return String(
            decoding: UnsafeRawBufferPointer(start: pointer, count: Int(sqlite3_column_bytes(handle, column))),
            as: UTF8.self)
    }

    /// The column's bytes (a blob or text), empty when NULL.
    func bytes(_ column: Int32) -> UnsafeRawBufferPointer {
        let pointer = sqlite3_column_blob(handle, column)
        let count = Int(sqlite3_column_bytes(handle, column))
        guard let pointer, count > 0 else {
            return UnsafeRawBufferPointer(start: nil, count: 0)
        }
        return UnsafeRawBufferPointer(start: pointer, count: count)
    }
}

/// A value bound to a statement's parameter.
enum SQLiteValue {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])

    /// Text, or NULL for nil.
    static func optional(_ text: String?) -> SQLiteValue { text.map { .text($0) } ?? .null }
}

/// Texts by integer key for an SQL function (`SQLiteDatabase.define`): key `k` (1 on) has text
/// number `numbers[k - 1]` of `texts`, none when that is negative or `k` is out of range. The
/// texts are kept in one buffer of UTF-8, each handed to SQLite without a copy.
final class SQLiteTextLookup: @unchecked Sendable {
    private let bytes: UnsafeMutableBufferPointer<CChar>
    private let offsets: [Int]
    private let numbers: [Int32]

    init(texts: [String], numbers: [Int32]) {
        var offsets = [0]
        for text in texts { offsets.append(offsets[offsets.count - 1] + text.utf8.count) }
        bytes = .allocate(capacity: max(1, offsets[offsets.count - 1]))
        for (index, text) in texts.enumerated() {
            for (offset, byte) in text.utf8.enumerated() { bytes[offsets[index] + offset] = CChar(bitPattern: byte) }
        }
        self.offsets = offsets
        self.numbers = numbers
    }

    deinit { bytes.deallocate() }

    /// The start and length in bytes of key `key`'s text, nil when it has none.
    func text(_ key: Int64) -> (UnsafePointer<CChar>, Int)? {
        guard key >= 1, key <= numbers.count else { return nil }
        let number = Int(numbers[Int(key - 1)])
        guard number >= 0 else { return nil }
        return (UnsafePointer(bytes.baseAddress! + offsets[number]), offsets[number + 1] - offsets[number])
    }
}
