import Foundation
import PlaceData
import Testing

@testable import PlaceStore

/// Files that are not what an import or a store should be: each refused with the file's name
/// and what is wrong, as data (exit 65 in the program), and nothing written.
@Suite("Bad input to an import or a store")
struct BadInputTests {
    func refusal(_ body: () throws(StoreProblem) -> Void) -> StoreProblem? {
        do throws(StoreProblem) {
            try body()
            return nil
        } catch {
            return error
        }
    }

    @Test func aTruncatedExtractIsRefusedAndNothingIsLeft() throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: StoreFixtures.helsinki))
        let cut = StoreFixtures.path("cut.osm.pbf")
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: cut))
        let folder = StoreFixtures.path("cut")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let output = folder + "/cut.places"
        let problem = try #require(
            refusal { () throws(StoreProblem) in _ = try PlaceImport.importOSM(cut, format: "pbf", into: output) })
        #expect(problem.cause == .badData)
        #expect(problem.file == cut)
        #expect(problem.description.hasPrefix("\(cut): not a readable OpenStreetMap file ("))
        #expect(problem.description.contains("unexpected EOF"))
        #expect(!FileManager.default.fileExists(atPath: output))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test(arguments: [("text.osm.pbf", "pbf"), ("text.osm", "osm")])
    func aFileThatIsNotOpenStreetMapIsRefused(_ name: String, _ format: String) throws {
        let file = StoreFixtures.path(name)
        try Data("{\"type\": \"FeatureCollection\", \"features\": []}\n".utf8).write(to: URL(fileURLWithPath: file))
        let output = StoreFixtures.path("text.places")
        let problem = try #require(
            refusal { () throws(StoreProblem) in _ = try PlaceImport.importOSM(file, format: format, into: output) })
        #expect(problem.cause == .badData)
        #expect(problem.description.hasPrefix("\(file): not a readable OpenStreetMap file ("))
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test func anExtractWithNoPlacesIsRefused() throws {
        let file = StoreFixtures.path("none.osm.pbf")
        _ = try StoreFixtures.python([
            StoreFixtures.folder.appendingPathComponent("generate-extract.py").path, "0", file,
        ])
        let output = StoreFixtures.path("none.places")
        let problem = try #require(
            refusal { () throws(StoreProblem) in _ = try PlaceImport.importOSM(file, format: "pbf", into: output) })
        #expect(problem.cause == .badData)
        #expect(
            problem.description
                == "\(file): no places people walk to (named shops, cafés, stations and the like).")
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test func aMissingExtractIsNoInput() throws {
        let missing = StoreFixtures.path("missing.osm.pbf")
        let problem = try #require(
            refusal { () throws(StoreProblem) in
                _ = try PlaceImport.importOSM(missing, format: "pbf", into: StoreFixtures.path("x.places"))
            })
        #expect(problem.cause == .noInput)
        #expect(problem.description == "\(missing): cannot open it: No such file or directory.")
    }

    /// A copy of the Helsinki store with `user_version` changed: an older version (2: places in
    /// an R*Tree, before the cells of version 3; 3: a trigram index without positions; 5: no
    /// walking network; 6: no stops' lines; 7: no parks' outlines; 8: no mark of a spelled
    /// umlaut in the index), a newer one, or 0 (what an import that never finished leaves).
    @Test(arguments: [
        (2, "a place store of version 2, and this program reads version 9: import it again"),
        (3, "a place store of version 3, and this program reads version 9: import it again"),
        (5, "a place store of version 5, and this program reads version 9: import it again"),
        (6, "a place store of version 6, and this program reads version 9: import it again"),
        (7, "a place store of version 7, and this program reads version 9: import it again"),
        (8, "a place store of version 8, and this program reads version 9: import it again"),
        (10, "a place store of version 10, and this program reads version 9: import it again"),
        (0, "an unfinished place store (its import did not complete): import it again"),
    ])
    func aStoreOfAnotherVersionIsRefused(_ version: Int, _ message: String) throws {
        let copy = StoreFixtures.path("version.places")
        try FileManager.default.copyItem(atPath: StoreFixtures.helsinkiStore.path, toPath: copy)
        try StoreFixtures.setPragma(copy, "user_version", version)
        let problem = try #require(refusal { () throws(StoreProblem) in _ = try PlaceStore.open(path: copy) })
        #expect(problem.cause == .badData)
        #expect(problem.description == "\(copy): \(message).")
    }

    @Test func anotherSQLiteFileOrAnythingElseIsNotAStore() throws {
        let other = StoreFixtures.path("other.sqlite")
        _ = try StoreFixtures.python([
            "-c", "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute('CREATE TABLE t(x)'); c.commit()",
            other,
        ])
        #expect(PlaceStore.looksLikeStore(other))
        let problem = try #require(refusal { () throws(StoreProblem) in _ = try PlaceStore.open(path: other) })
        #expect(problem.description == "\(other): not a nearby-voice place store (make one with nearby-voice import).")
        let text = StoreFixtures.path("text.places")
        try Data("SQLite format 3\u{0}and then nothing of a database".utf8).write(to: URL(fileURLWithPath: text))
        let broken = try #require(refusal { () throws(StoreProblem) in _ = try PlaceStore.open(path: text) })
        #expect(broken.cause == .badData)
        #expect(broken.description.hasPrefix("\(text): "))
    }

    @Test func aStoreInAFolderThatIsNotThereCannotBeWritten() throws {
        let output = StoreFixtures.path("missing") + "/h.places"
        let problem = try #require(
            refusal { () throws(StoreProblem) in
                _ = try PlaceImport.importOSM(StoreFixtures.helsinki, format: "pbf", into: output)
            })
        #expect(problem.cause == .cannotWrite)
        #expect(problem.description == "\(output): cannot write the place store: No such file or directory.")
    }

    @Test func aStoreOpensReadOnlyAndAnotherImportReplacesItWhole() throws {
        let output = StoreFixtures.path("twice.places")
        _ = try PlaceImport.importOSM(StoreFixtures.helsinki, format: "pbf", into: output)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: output)
        let first = try PlaceStore.open(path: output)
        let places = [
            Place(id: "a", name: "Only one", kind: "Café", symbol: "mappin", latitude: 60.17, longitude: 24.94)
        ]
        _ = try PlaceImport.importPlaces(places, source: "JSON", from: "x.json", into: output)
        // The first session still reads its own file; a new one opens the new store.
        #expect(first.count == 1_576)
        #expect(StoreFixtures.all(first).count == 1_576)
        let second = try PlaceStore.open(path: output)
        #expect(second.count == 1)
        #expect(second.source == "JSON")
        #expect(StoreFixtures.all(second) == places)
    }
}
