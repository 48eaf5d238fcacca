import Foundation
import PlaceData
import Testing

@testable import PlaceStore

/// The import against an independent reader: pyosmium (libosmium's Python binding, Debian's
/// python3-pyosmium) reads the same real extract with the same rule, written again in Python
/// (Tests/Fixtures/osm/independent-reader.py), and every place it finds must be in the store
/// with the same name, kind and position to 1e-6 degrees, and nothing else; each stop of public
/// transport once, however many objects map it, with the same lines.
@Suite("The Helsinki import against pyosmium")
struct IndependentReaderTests {
    struct Expected: Decodable {
        var id: String
        var name: String
        var key: String
        var value: String
        var lat: Double
        var lon: Double
        var lines: [String]
    }

    @Test func everyPlacePyosmiumFindsIsInTheStoreAndNothingElse() throws {
        let script = StoreFixtures.folder.appendingPathComponent("independent-reader.py").path
        let lines = try StoreFixtures.python([script, StoreFixtures.helsinki]).split(separator: "\n")
        let expected = try lines.map { try JSONDecoder().decode(Expected.self, from: Data($0.utf8)) }
        let store = try PlaceStore.open(path: StoreFixtures.helsinkiStore.path)
        let stored = Dictionary(uniqueKeysWithValues: StoreFixtures.all(store).map { ($0.id, $0) })
        // The extract's figures: 1,576 places pyosmium finds (nodes, ways and 5 multipolygon
        // relations), all in the store; of them 76 bus stops, 18 tram stops and 3 stations, 59 of
        // those with the lines of the extract's route relations (the 36 merged parts of stops,
        // platforms and poles, are not places of their own).
        #expect(expected.count == 1_576)
        #expect(expected.filter { $0.value == "bus_stop" }.count == 76)
        #expect(expected.filter { $0.value == "tram_stop" }.count == 18)
        #expect(expected.filter { !$0.lines.isEmpty }.count == 59)
        #expect(expected.filter { $0.id.hasPrefix("way/") }.count > 50)
        #expect(expected.filter { $0.id.hasPrefix("relation/") }.count == 5)
        #expect(store.count == expected.count)
        #expect(stored.count == expected.count)
        var wrong: [String] = []
        for place in expected {
            guard let found = stored[place.id] else {
                wrong.append("\(place.id) \(place.name): missing")
                continue
            }
            let kind = OSMTagging.kind(key: place.key, value: place.value)
            if found.name != place.name { wrong.append("\(place.id): name \(found.name), pyosmium \(place.name)") }
            if found.kind != kind { wrong.append("\(place.id): kind \(found.kind), pyosmium's tag gives \(kind)") }
            let lines = found.facts.lines.map { TransitLines(text: $0).lines.map { "\($0.mode.rawValue) \($0.ref)" } }
            if (lines ?? []).sorted() != place.lines {
                wrong.append("\(place.id): lines \(lines ?? []), pyosmium \(place.lines)")
            }
            if abs(found.coordinate.latitude - place.lat) > 1e-6 || abs(found.coordinate.longitude - place.lon) > 1e-6 {
                wrong.append("\(place.id): at \(found.coordinate), pyosmium \(place.lat),\(place.lon)")
            }
        }
        let extra = Set(stored.keys).subtracting(expected.map(\.id))
        #expect(wrong.isEmpty, "\(wrong.prefix(20))")
        #expect(extra.isEmpty, "\(extra.prefix(20))")
    }

    @Test func theImportsCountsAreThoseOfTheFile() throws {
        let counts = StoreFixtures.helsinkiStore.counts
        #expect(counts.places == 1_576)
        #expect(counts.relations == 620)
        #expect(counts.relationsWithoutLocation == 0)
        #expect(counts.streets > 500)
        #expect(counts.nearestStreets > 0)
        let store = try PlaceStore.open(path: StoreFixtures.helsinkiStore.path)
        #expect(store.source == "OpenStreetMap")
        #expect(store.streetCount == counts.streets)
    }
}

/// The same extract written again as OpenStreetMap XML (by pyosmium) imports the same places:
/// libosmium's XML reader, through the same C interface, gives what its PBF reader gives.
@Suite("The Helsinki extract as XML")
struct XMLImportTests {
    @Test func theXMLCopyImportsTheSamePlaces() throws {
        let xml = StoreFixtures.path("Helsinki.osm")
        _ = try StoreFixtures.python([
            "-c",
            """
            from sys import argv
            from osmium import SimpleHandler, SimpleWriter
            writer = SimpleWriter(argv[2])
            class Copy(SimpleHandler):
                def node(self, n): writer.add_node(n)
                def way(self, w): writer.add_way(w)
                def relation(self, r): writer.add_relation(r)
            Copy().apply_file(argv[1])
            writer.close()
            """,
            StoreFixtures.helsinki, xml,
        ])
        let output = StoreFixtures.path("xml.places")
        let counts = try #require(try PlaceImport.importOSM(xml, format: "osm", into: output))
        #expect(counts == StoreFixtures.helsinkiStore.counts)
        let fromXML = StoreFixtures.all(try PlaceStore.open(path: output))
        let fromPBF = StoreFixtures.all(try PlaceStore.open(path: StoreFixtures.helsinkiStore.path))
        #expect(fromXML == fromPBF)
    }
}
