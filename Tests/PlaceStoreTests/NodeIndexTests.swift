import Foundation
import PlaceData
import Testing

@testable import PlaceStore

/// The node index in a file gives the store the index in memory gives, byte for byte; an
/// extract whose node ids are spread as a country's are in the planet imports right, checked
/// against pyosmium; the index's file is never seen in the store's folder.
@Suite("The node-location index: in memory, in a sparse file, in a dense file")
struct NodeIndexTests {
    static let generator = StoreFixtures.folder.appendingPathComponent("generate-extract.py").path

    /// A generated extract with planet-spread ids (`generate-extract.py N OUT spread`), once.
    static let spread: String = {
        let path = StoreFixtures.path("spread.osm.pbf")
        _ = try! StoreFixtures.python([generator, "50000", path, "spread"])
        return path
    }()

    /// Imports `extract` with the node index `index` into a new store in a folder of its own;
    /// the store's path, its counts and what else the folder holds afterwards.
    static func imported(_ extract: String, index: (String) -> OSMCalls.NodeIndexKind) throws -> (
        store: String, counts: PlaceImport.Counts, others: [String]
    ) {
        let folder = StoreFixtures.path("index")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let store = "\(folder)/places.store"
        let counts = try #require(try PlaceImport.importOSM(extract, format: "pbf", into: store, index: index(folder)))
        let others = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0 != "places.store" }
        return (store, counts, others)
    }

    static func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    @Test func helsinkiInASparseFileIsTheStoreOfTheIndexInMemory() throws {
        let memory = try Self.imported(StoreFixtures.helsinki) { _ in .memory }
        let file = try Self.imported(StoreFixtures.helsinki) { .sparseFile(folder: $0) }
        #expect(memory.counts.nodeIndexBytes == 0)
        // The file's first growth: a million 16-byte entries, its blocks reserved.
        #expect(file.counts.nodeIndexBytes >= 16 << 20)
        var counts = file.counts
        counts.nodeIndexBytes = 0
        #expect(counts == memory.counts)
        #expect(memory.counts.places == 1_576)
        #expect(try Self.bytes(file.store) == Self.bytes(memory.store))
        #expect(file.others.isEmpty, "\(file.others)")
    }

    @Test func spreadIdsImportTheSameWithEveryIndexAndAsPyosmiumReadsThem() throws {
        let memory = try Self.imported(Self.spread) { _ in .memory }
        let file = try Self.imported(Self.spread) { .sparseFile(folder: $0) }
        #expect(try Self.bytes(file.store) == Self.bytes(memory.store))
        #expect(file.others.isEmpty, "\(file.others)")
        // Ways' places and streets need their nodes' locations from the index.
        let places = StoreFixtures.all(try PlaceStore.open(path: file.store))
        #expect(places.filter { $0.id.hasPrefix("way/") }.count > 50)
        #expect(file.counts.streets > 200)
        #expect(file.counts.waysWithoutLocation == 0)

        // The places, against pyosmium's reading (independent-reader.py).
        let reader = StoreFixtures.folder.appendingPathComponent("independent-reader.py").path
        let expected = try StoreFixtures.python([reader, Self.spread]).split(separator: "\n").map {
            try JSONDecoder().decode(IndependentReaderTests.Expected.self, from: Data($0.utf8))
        }
        let stored = Dictionary(uniqueKeysWithValues: places.map { ($0.id, $0) })
        #expect(expected.count == places.count)
        var wrong: [String] = []
        for place in expected {
            guard let found = stored[place.id] else {
                wrong.append("\(place.id): missing")
                continue
            }
            if found.name != place.name { wrong.append("\(place.id): name \(found.name), pyosmium \(place.name)") }
            if abs(found.coordinate.latitude - place.lat) > 1e-6 || abs(found.coordinate.longitude - place.lon) > 1e-6 {
                wrong.append("\(place.id): at \(found.coordinate), pyosmium \(place.lat),\(place.lon)")
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(20))")

        // The streets, point for point, against pyosmium's (independent-streets.py).
        struct Streets: Decodable {
            var expected: Int
            var stored: Int
            var wrong: [String]
        }
        let script = StoreFixtures.folder.appendingPathComponent("independent-streets.py").path
        let streets = try JSONDecoder().decode(
            Streets.self, from: Data(try StoreFixtures.python([script, Self.spread, file.store]).utf8))
        #expect(streets.expected == file.counts.streets)
        #expect(streets.stored == streets.expected)
        #expect(streets.wrong.isEmpty, "\(streets.wrong)")
    }

    /// The dense array is only for the planet (8 bytes × the largest id): here an extract of
    /// ids from 1 (`generate-extract.py 2000 OUT`), the same store as in memory.
    @Test func aDenseFileGivesTheStoreOfTheIndexInMemory() throws {
        let extract = StoreFixtures.path("dense-ids.osm.pbf")
        _ = try StoreFixtures.python([Self.generator, "2000", extract])
        let memory = try Self.imported(extract) { _ in .memory }
        let dense = try Self.imported(extract) { .denseFile(folder: $0) }
        #expect(memory.counts.places == 2_000)
        #expect(memory.counts.streets == 20)
        #expect(dense.counts.nodeIndexBytes >= 8 << 20)
        #expect(try Self.bytes(dense.store) == Self.bytes(memory.store))
        #expect(dense.others.isEmpty, "\(dense.others)")
    }

    @Test(
        arguments: [
            (0, "memory"), (100 << 20, "memory"), ((256 << 20) - 1, "memory"), (256 << 20, "sparse"),
            (30_000_000_000, "sparse"), (59_999_999_999, "sparse"), (60_000_000_000, "dense"),
            (85_000_000_000, "dense"),
        ] as [(UInt64, String)])
    func autoChoosesByTheExtractsBytes(_ bytes: UInt64, _ expected: String) {
        let kind = NodeIndex.auto.kind(forExtractBytes: bytes, folder: "/x")
        switch kind {
        case .memory: #expect(expected == "memory")
        case .sparseFile(let folder): #expect(expected == "sparse" && folder == "/x")
        case .denseFile(let folder): #expect(expected == "dense" && folder == "/x")
        }
        #expect(NodeIndex.memory.kind(forExtractBytes: bytes, folder: "/x") == .memory)
        #expect(NodeIndex.file.kind(forExtractBytes: bytes, folder: "/x") == .sparseFile(folder: "/x"))
    }

    @Test func theIndexFileGoesBesideTheStore() {
        #expect(NodeIndex.folder(forStore: "/data/fi.places") == "/data")
        #expect(NodeIndex.folder(forStore: "fi.places") == ".")
        #expect(NodeIndex.folder(forStore: "/fi.places") == "/")
        #expect(NodeIndex.folder(forStore: "a/b/fi.places") == "a/b")
    }
}
