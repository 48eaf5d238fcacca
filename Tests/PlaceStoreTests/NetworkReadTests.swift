import Foundation
import Testing

@testable import PlaceStore

/// The walking network's reading through libosmium (cosmium.cpp): which ways a pedestrian can
/// use, with their nodes in order and the tags kept, and the crossing nodes with their facts, on
/// a small extract written here (OpenStreetMap XML).
@Suite("Walkable ways and crossings as libosmium reads them")
struct NetworkReadTests {
    static let extract = """
        <?xml version='1.0' encoding='UTF-8'?>
        <osm version="0.6" generator="nearby-voice tests">
          <node id="1" version="1" lat="60.0" lon="25.0"/>
          <node id="2" version="1" lat="60.0" lon="25.001"/>
          <node id="3" version="1" lat="60.0" lon="25.002">
            <tag k="highway" v="crossing"/><tag k="crossing" v="traffic_signals"/>
            <tag k="crossing:signals" v="yes"/><tag k="tactile_paving" v="yes"/>
            <tag k="button_operated" v="yes"/><tag k="traffic_signals:sound" v="yes"/>
          </node>
          <node id="4" version="1" lat="60.001" lon="25.002"/>
          <node id="5" version="1" lat="60.002" lon="25.002"/>
          <node id="6" version="1" lat="60.002" lon="25.003">
            <tag k="highway" v="traffic_signals"/><tag k="crossing" v="marked"/>
          </node>
          <node id="7" version="1" lat="60.003" lon="25.003">
            <tag k="highway" v="crossing"/><tag k="crossing" v="no"/>
          </node>
          <node id="8" version="1" lat="60.004" lon="25.003"><tag k="highway" v="traffic_signals"/></node>
          <node id="9" version="1" lat="60.005" lon="25.003"><tag k="crossing" v="unmarked"/></node>
          <way id="200" version="1"><nd ref="1"/><nd ref="2"/><nd ref="3"/>
            <tag k="highway" v="residential"/><tag k="name" v="Aleksanterinkatu"/><tag k="oneway" v="yes"/>
          </way>
          <way id="201" version="1"><nd ref="3"/><nd ref="4"/>
            <tag k="highway" v="footway"/><tag k="footway" v="sidewalk"/>
          </way>
          <way id="202" version="1"><nd ref="4"/><nd ref="5"/><tag k="highway" v="motorway"/></way>
          <way id="203" version="1"><nd ref="4"/><nd ref="5"/>
            <tag k="highway" v="service"/><tag k="access" v="private"/>
          </way>
          <way id="204" version="1"><nd ref="4"/><nd ref="5"/>
            <tag k="highway" v="service"/><tag k="access" v="private"/><tag k="foot" v="yes"/>
          </way>
          <way id="205" version="1"><nd ref="5"/><nd ref="6"/><tag k="highway" v="cycleway"/><tag k="foot" v="no"/></way>
          <way id="206" version="1"><nd ref="5"/><nd ref="6"/><tag k="highway" v="construction"/></way>
          <way id="207" version="1"><nd ref="5"/><nd ref="99"/><nd ref="6"/><nd ref="5"/>
            <tag k="highway" v="primary"/><tag k="junction" v="roundabout"/><tag k="ref" v="1"/>
            <tag k="sidewalk" v="both"/>
          </way>
          <way id="208" version="1"><nd ref="1"/><nd ref="4"/><tag k="building" v="yes"/></way>
          <way id="209" version="1"><nd ref="5"/><nd ref="6"/><tag k="highway" v="cycleway"/></way>
          <way id="210" version="1"><nd ref="5"/><nd ref="6"/>
            <tag k="highway" v="path"/><tag k="access" v="no"/><tag k="foot" v="designated"/>
          </way>
          <way id="211" version="1"><nd ref="5"/><nd ref="6"/><tag k="highway" v="proposed"/></way>
          <way id="212" version="1"><nd ref="5"/><nd ref="6"/><tag k="highway" v="motorway_link"/></way>
        </osm>
        """

    func read() throws -> (ways: [OSMCalls.Walkway], crossings: [OSMCalls.Crossing], counts: OSMCalls.Counts) {
        let file = StoreFixtures.path("network.osm")
        try Self.extract.write(toFile: file, atomically: true, encoding: .utf8)
        var ways: [OSMCalls.Walkway] = []
        var crossings: [OSMCalls.Crossing] = []
        let counts = try OSMCalls.read(
            file, format: "osm", place: { _ in }, street: { _ in }, walkway: { ways.append($0) },
            crossing: { crossings.append($0) })
        return (ways, crossings, counts)
    }

    @Test func onlyTheWaysAPedestrianCanUseAreRead() throws {
        let (ways, _, counts) = try read()
        // Not the motorway (and its link), the private service road, the cycleway closed to
        // walkers, the ways under construction or proposed, the building.
        #expect(ways.map(\.id) == [200, 201, 204, 207, 209, 210])
        #expect(counts.walkways == 6)
    }

    @Test func aWayKeepsItsNodesInOrderAndItsTags() throws {
        let ways = Dictionary(uniqueKeysWithValues: try read().ways.map { ($0.id, $0) })
        let street = try #require(ways[200])
        #expect(street.nodes == [1, 2, 3])
        #expect(street.points.map { $0?.longitude } == [25.0, 25.001, 25.002])
        #expect(street.name == "Aleksanterinkatu" && street.kind == "residential" && street.oneway)
        #expect(!street.roundabout && street.ref.isEmpty)
        let sidewalk = try #require(ways[201])
        #expect(sidewalk.name.isEmpty && sidewalk.footway == "sidewalk" && sidewalk.kind == "footway")
        // The roundabout's node 99 is not in the extract: kept, without a location.
        let roundabout = try #require(ways[207])
        #expect(roundabout.nodes == [5, 99, 6, 5])
        #expect(roundabout.points.map { $0 == nil } == [false, true, false, false])
        #expect(roundabout.roundabout && !roundabout.oneway && roundabout.ref == "1" && roundabout.sidewalk == "both")
    }

    @Test func crossingsKeepTheirFacts() throws {
        let (_, crossings, counts) = try read()
        // Not `crossing=no`, nor traffic signals without a crossing.
        #expect(crossings.map(\.id) == [3, 6, 9])
        #expect(counts.crossings == 3)
        #expect(
            crossings[0]
                == OSMCalls.Crossing(
                    id: 3, latitude: 60, longitude: 25.002, crossing: "traffic_signals", signals: "yes",
                    tactilePaving: "yes", buttonOperated: "yes", sound: "yes", trafficSignals: false))
        #expect(crossings[1].crossing == "marked" && crossings[1].trafficSignals && crossings[1].sound.isEmpty)
        #expect(crossings[2].crossing == "unmarked" && !crossings[2].trafficSignals)
    }

    @Test func withoutTheNetworksCallbacksNothingOfItIsRead() throws {
        let file = StoreFixtures.path("network.osm")
        try Self.extract.write(toFile: file, atomically: true, encoding: .utf8)
        let counts = try OSMCalls.read(file, format: "osm", place: { _ in }, street: { _ in })
        #expect(counts.walkways == 0 && counts.crossings == 0 && counts.ways == 13)
    }
}
