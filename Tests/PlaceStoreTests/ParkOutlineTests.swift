import Foundation
import PlaceData
import Testing

@testable import PlaceStore

/// Parks' outlines from a small extract written here (OpenStreetMap XML), each park testing one
/// part of the rule (cosmium.h's `cosmium_park`): a closed way whole in the extract; a
/// multipolygon whose outer ways join end to end, one of them the other way round, into one ring;
/// one of two rings; inner ways left out; and, not kept but counted, a way not closed, a way with
/// a node outside the extract, a relation with an outer way outside it, outer ways that do not
/// close. A park without a name, or a garden, is no park's outline at all.
@Suite("Parks' outlines, joined from their ways")
struct ParkOutlineTests {
    /// Nodes 1-4 are a box's corners, 5-8 a smaller box inside it, 11-14 a box to the east.
    static let extract = """
        <?xml version='1.0' encoding='UTF-8'?>
        <osm version="0.6" generator="nearby-voice tests">
          <node id="1" version="1" lat="60.0" lon="25.0"/>
          <node id="2" version="1" lat="60.0" lon="25.004"/>
          <node id="3" version="1" lat="60.002" lon="25.004"/>
          <node id="4" version="1" lat="60.002" lon="25.0"/>
          <node id="5" version="1" lat="60.0005" lon="25.001"/>
          <node id="6" version="1" lat="60.0005" lon="25.002"/>
          <node id="7" version="1" lat="60.001" lon="25.002"/>
          <node id="8" version="1" lat="60.001" lon="25.001"/>
          <node id="11" version="1" lat="60.0" lon="25.01"/>
          <node id="12" version="1" lat="60.0" lon="25.012"/>
          <node id="13" version="1" lat="60.001" lon="25.012"/>
          <node id="14" version="1" lat="60.001" lon="25.01"/>
          <way id="100" version="1"><nd ref="1"/><nd ref="2"/><nd ref="3"/></way>
          <way id="101" version="1"><nd ref="1"/><nd ref="4"/><nd ref="3"/></way>
          <way id="102" version="1"><nd ref="5"/><nd ref="6"/><nd ref="7"/><nd ref="8"/><nd ref="5"/></way>
          <way id="103" version="1"><nd ref="11"/><nd ref="12"/><nd ref="13"/><nd ref="14"/><nd ref="11"/></way>
          <way id="104" version="1"><nd ref="11"/><nd ref="12"/><nd ref="13"/></way>
          <way id="200" version="1">
            <nd ref="11"/><nd ref="12"/><nd ref="13"/><nd ref="14"/><nd ref="11"/>
            <tag k="leisure" v="park"/><tag k="name" v="Puistikko"/>
          </way>
          <way id="201" version="1">
            <nd ref="1"/><nd ref="2"/><nd ref="3"/>
            <tag k="leisure" v="park"/><tag k="name" v="Open"/>
          </way>
          <way id="202" version="1">
            <nd ref="1"/><nd ref="2"/><nd ref="99"/><nd ref="1"/>
            <tag k="leisure" v="park"/><tag k="name" v="Half Outside"/>
          </way>
          <way id="203" version="1">
            <nd ref="5"/><nd ref="6"/><nd ref="7"/><nd ref="5"/><tag k="leisure" v="park"/>
          </way>
          <way id="204" version="1">
            <nd ref="5"/><nd ref="6"/><nd ref="7"/><nd ref="5"/><tag k="leisure" v="garden"/><tag k="name" v="Garden"/>
          </way>
          <relation id="1" version="1">
            <member type="way" ref="100" role="outer"/><member type="way" ref="101" role=""/>
            <member type="way" ref="102" role="inner"/>
            <tag k="type" v="multipolygon"/><tag k="leisure" v="park"/><tag k="name" v="Puisto"/>
          </relation>
          <relation id="2" version="1">
            <member type="way" ref="100" role="outer"/><member type="way" ref="101" role="outer"/>
            <member type="way" ref="103" role="outer"/>
            <tag k="type" v="multipolygon"/><tag k="leisure" v="park"/><tag k="name" v="Kaksi"/>
          </relation>
          <relation id="3" version="1">
            <member type="way" ref="100" role="outer"/><member type="way" ref="101" role="outer"/>
            <member type="way" ref="999" role="outer"/>
            <tag k="type" v="multipolygon"/><tag k="leisure" v="park"/><tag k="name" v="Missing Way"/>
          </relation>
          <relation id="4" version="1">
            <member type="way" ref="100" role="outer"/><member type="way" ref="104" role="outer"/>
            <tag k="type" v="multipolygon"/><tag k="leisure" v="park"/><tag k="name" v="Not Closed"/>
          </relation>
          <relation id="5" version="1">
            <member type="way" ref="103" role="outer"/>
            <tag k="type" v="boundary"/><tag k="leisure" v="park"/><tag k="name" v="Boundary"/>
          </relation>
        </osm>
        """

    static func imported() throws -> (counts: PlaceImport.Counts, parks: [String: ParkOutline]) {
        let file = StoreFixtures.path("parks.osm")
        try extract.write(toFile: file, atomically: true, encoding: .utf8)
        let output = StoreFixtures.path("parks.places")
        let counts = try #require(try PlaceImport.importOSM(file, format: "osm", into: output))
        let store = try PlaceStore.open(path: output)
        let parks = store.parks(in: BoundingBox(south: 59, north: 61, west: 24, east: 26))
        return (counts, Dictionary(uniqueKeysWithValues: parks.map { ($0.id, $0) }))
    }

    static func at(_ latitude: Double, _ longitude: Double) -> Coordinate {
        Coordinate(latitude: latitude, longitude: longitude)
    }

    @Test func onlyWholeOutlinesAreKeptAndTheRestCounted() throws {
        let (counts, parks) = try Self.imported()
        #expect(Set(parks.keys) == ["way/200", "relation/1", "relation/2"])
        // Open, Half Outside, Missing Way, Not Closed.
        #expect(counts.parks == 3)
        #expect(counts.parksWithoutOutline == 4)
        #expect(parks["way/200"]?.name == "Puistikko")
        #expect(
            parks["way/200"]?.rings == [
                [
                    Self.at(60, 25.01), Self.at(60, 25.012), Self.at(60.001, 25.012), Self.at(60.001, 25.01),
                    Self.at(60, 25.01),
                ]
            ])
    }

    @Test func outerWaysJoinEndToEndAndInnerWaysAreLeftOut() throws {
        let (_, parks) = try Self.imported()
        // Way 100 (1, 2, 3), then way 101 turned round (3, 4, 1): one closed ring, no inner way.
        #expect(
            parks["relation/1"]?.rings == [
                [Self.at(60, 25), Self.at(60, 25.004), Self.at(60.002, 25.004), Self.at(60.002, 25), Self.at(60, 25)]
            ])
        // Two rings: the box of ways 100 and 101, and way 103's box to the east.
        let two = try #require(parks["relation/2"])
        #expect(two.name == "Kaksi")
        #expect(two.rings.map(\.count) == [5, 5])
        #expect(two.rings[1].first == Self.at(60, 25.01))
    }
}
