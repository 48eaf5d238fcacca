import Foundation
import PlaceData
import Testing

@testable import PlaceStore

/// Multipolygon relations as places: a small extract written here (OpenStreetMap XML), whose
/// relations each test one part of the rule (docs/place-store.md): `type=multipolygon`, a name
/// and a place's tag; placed at the mean of the distinct node locations of the outer ways (role
/// `outer` or none), inner ways and missing nodes left out; none there, not kept but counted.
@Suite("Multipolygon relations as places")
struct RelationImportTests {
    /// Nodes 1-4 are the corners of a box; 5 and 6 lie inside it (an inner way's). Way 100 is 1,
    /// 2, 3 and way 101 is 3, 4, 1: together the box, sharing two nodes. Way 103 and node 99 are
    /// not in the extract.
    static let extract = """
        <?xml version='1.0' encoding='UTF-8'?>
        <osm version="0.6" generator="nearby-voice tests">
          <node id="1" version="1" lat="60.0" lon="25.0"/>
          <node id="2" version="1" lat="60.0" lon="25.002"/>
          <node id="3" version="1" lat="60.001" lon="25.002"/>
          <node id="4" version="1" lat="60.001" lon="25.0"/>
          <node id="5" version="1" lat="60.0004" lon="25.0004"/>
          <node id="6" version="1" lat="60.0006" lon="25.0006"/>
          <node id="10" version="1" lat="60.0002" lon="25.0002">
            <tag k="name" v="Kiosk"/><tag k="amenity" v="cafe"/>
          </node>
          <way id="100" version="1"><nd ref="1"/><nd ref="2"/><nd ref="3"/></way>
          <way id="101" version="1"><nd ref="3"/><nd ref="4"/><nd ref="1"/></way>
          <way id="102" version="1"><nd ref="5"/><nd ref="6"/><nd ref="5"/></way>
          <way id="104" version="1"><nd ref="99"/><nd ref="4"/></way>
          <relation id="1" version="1">
            <member type="way" ref="100" role="outer"/><member type="way" ref="101" role=""/>
            <member type="way" ref="102" role="inner"/><member type="way" ref="103" role="outer"/>
            <member type="node" ref="10" role="outer"/>
            <tag k="type" v="multipolygon"/><tag k="name" v="Puisto"/><tag k="leisure" v="park"/>
            <tag k="name:en" v="The Park"/><tag k="opening_hours" v="24/7"/>
          </relation>
          <relation id="2" version="1">
            <member type="way" ref="100" role="outer"/>
            <tag k="type" v="boundary"/><tag k="name" v="District"/><tag k="leisure" v="park"/>
          </relation>
          <relation id="3" version="1">
            <member type="way" ref="103" role="outer"/><member type="way" ref="102" role="inner"/>
            <tag k="type" v="multipolygon"/><tag k="name" v="Gone"/><tag k="amenity" v="school"/>
          </relation>
          <relation id="4" version="1">
            <member type="way" ref="100" role="outer"/>
            <tag k="type" v="multipolygon"/><tag k="leisure" v="park"/>
          </relation>
          <relation id="5" version="1">
            <member type="way" ref="100" role="outer"/><member type="way" ref="104" role="outer"/>
            <tag k="type" v="multipolygon"/><tag k="name" v="Tori"/><tag k="tourism" v="attraction"/>
            <tag k="addr:street" v="Eteläranta"/>
          </relation>
          <relation id="6" version="1">
            <member type="way" ref="101" role="outer"/>
            <tag k="type" v="multipolygon"/><tag k="name" v="Talo"/><tag k="building" v="yes"/>
          </relation>
        </osm>
        """

    func written() throws -> String {
        let file = StoreFixtures.path("relations.osm")
        try Self.extract.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    @Test func aNamedMultipolygonWithAPlacesTagIsAPlaceAtItsOuterWaysMean() throws {
        let file = try written()
        let output = StoreFixtures.path("relations.places")
        let counts = try #require(try PlaceImport.importOSM(file, format: "osm", into: output))
        #expect(counts.relations == 6)
        #expect(counts.relationsWithoutLocation == 1)
        #expect(counts.places == 3)
        let places = Dictionary(
            uniqueKeysWithValues: StoreFixtures.all(try PlaceStore.open(path: output)).map { ($0.id, $0) })
        #expect(Set(places.keys) == ["node/10", "relation/1", "relation/5"])
        // The box's four corners, each once: not the inner way's nodes, nor the missing way's.
        let park = try #require(places["relation/1"])
        #expect(park.name == "Puisto")
        #expect(park.kind == "Park")
        #expect(abs(park.coordinate.latitude - 60.0005) < 1e-9)
        #expect(abs(park.coordinate.longitude - 25.001) < 1e-9)
        #expect(park.facts.openingHours == "24/7")
        // Way 100's three nodes and way 104's one node in the extract (node 99 is not).
        let market = try #require(places["relation/5"])
        #expect(market.kind == "Attraction")
        #expect(abs(market.coordinate.latitude - (60.0 + 60.0 + 60.001 + 60.001) / 4) < 1e-9)
        #expect(abs(market.coordinate.longitude - (25.0 + 25.002 + 25.002 + 25.0) / 4) < 1e-9)
        #expect(market.facts.street == "Eteläranta")
        #expect(market.facts.streetIsNearest == false)
    }

    @Test func theInMemoryReadAgreesAndTheNameInALanguageIsKept() throws {
        let file = try written()
        let inMemory = try PlaceImport.readOSM(file, format: "osm").sorted { $0.id < $1.id }
        #expect(inMemory.map(\.id) == ["node/10", "relation/1", "relation/5"])
        let output = StoreFixtures.path("relations.places")
        _ = try PlaceImport.importOSM(file, format: "osm", into: output)
        let store = try PlaceStore.open(path: output)
        let stored = StoreFixtures.all(store).sorted { $0.id < $1.id }
        #expect(stored.map(\.id) == inMemory.map(\.id))
        #expect(zip(stored, inMemory).allSatisfy { $0.coordinate == $1.coordinate && $0.name == $1.name })
        // `name:en`, kept as a way's is.
        store.language = "en"
        #expect(StoreFixtures.all(store).first { $0.id == "relation/1" }?.name == "The Park")
    }
}
