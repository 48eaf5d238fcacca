import Foundation
import PlaceData
import Testing

@testable import PlaceStore

/// The real extract, the scripts beside it, and temporary files that go when the process ends.
enum StoreFixtures {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/osm")
    static var helsinki: String { folder.appendingPathComponent("Helsinki.osm.pbf").path }
    /// Central Helsinki, about the middle of the extract.
    static let centre = Coordinate(latitude: 60.1687, longitude: 24.9420)

    /// A folder of this process's own, removed at exit.
    static let temporary: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "nearby-voice-store-tests-\(getpid())")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: StoreFixtures.temporary) }
        return url
    }()

    static func path(_ name: String) -> String {
        temporary.appendingPathComponent("\(UUID().uuidString.prefix(8))-\(name)").path
    }

    /// Helsinki imported once for the whole run.
    static let helsinkiStore: (path: String, counts: PlaceImport.Counts) = {
        let store = StoreFixtures.path("helsinki.places")
        let counts = try! PlaceImport.importOSM(helsinki, format: "pbf", into: store)!
        return (store, counts)
    }()

    /// Runs /usr/bin/python3 with `arguments`; its standard output, or a failure with its error.
    static func python(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let error = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw PythonFailed(message: String(decoding: error, as: UTF8.self))
        }
        return String(decoding: output, as: UTF8.self)
    }

    struct PythonFailed: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// Sets a store's `PRAGMA key = value` through Python's own sqlite3 module.
    static func setPragma(_ store: String, _ key: String, _ value: Int) throws {
        _ = try python([
            "-c",
            "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute('PRAGMA \(key) = \(value)'); c.commit()",
            store,
        ])
    }

    /// Every place of a store.
    static func all(_ store: PlaceStore) -> [Place] {
        store.search("", kind: nil, near: centre, limit: .max)
    }
}
