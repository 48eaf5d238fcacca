import Foundation
import PlaceData
import Testing

@testable import PlaceStore

/// The walking network built and stored by an import (`NetworkBuilder`, docs/place-store.md "The
/// walking network"), on a small extract written here, with the faults the issue names: a way
/// with a missing node, a way crossing itself, roundabouts of one node, an intersection of 12
/// ways, a street name of 500 characters. Each is imported or left out and counted, never a crash.
@Suite("The walking network in the store")
struct NetworkStoreTests {
    static let longName = String(repeating: "Pitkäkatu ", count: 50)

    /// Aleksanterinkatu (1-2-3) crosses Mikonkatu (4-2-5) at 2, a crossing; Kaivokatu (3-6)
    /// goes on from 3. Way 303 (7-99-8-9) misses node 99; way 304 (10-11-12-13-11-14) crosses
    /// itself at 11; ways 305 (15) and 306 (16, 16) are roundabouts of one node; ways 310-321
    /// meet at 20; way 330 (40-41) has a name of 500 characters.
    static var extract: String {
        var nodes = [
            (1, 60.0, 25.0), (2, 60.0, 25.001), (3, 60.0, 25.002), (4, 59.999, 25.001), (5, 60.001, 25.001),
            (6, 60.0, 25.003), (7, 60.01, 25.0), (8, 60.01, 25.001), (9, 60.01, 25.002), (10, 60.02, 25.0),
            (11, 60.02, 25.001), (12, 60.021, 25.002), (13, 60.021, 25.0), (14, 60.019, 25.002),
            (15, 60.03, 25.0), (16, 60.03, 25.001), (20, 60.04, 25.0), (40, 60.05, 25.0), (41, 60.05, 25.001),
        ]
        for spoke in 0..<12 {
            let angle = Double(spoke) * .pi / 6
            nodes.append((21 + spoke, 60.04 + 0.0005 * cos(angle), 25.0 + 0.001 * sin(angle)))
        }
        var xml = "<?xml version='1.0' encoding='UTF-8'?>\n<osm version=\"0.6\">\n"
        for (id, latitude, longitude) in nodes {
            let tags =
                id == 2
                ? "<tag k=\"highway\" v=\"crossing\"/><tag k=\"crossing\" v=\"traffic_signals\"/><tag k=\"traffic_signals:sound\" v=\"yes\"/>"
                : ""
            xml += "<node id=\"\(id)\" version=\"1\" lat=\"\(latitude)\" lon=\"\(longitude)\">\(tags)</node>\n"
        }
        xml +=
            "<node id=\"50\" version=\"1\" lat=\"60.0\" lon=\"25.0\"><tag k=\"name\" v=\"Kiosk\"/><tag k=\"shop\" v=\"kiosk\"/></node>\n"
        func way(_ id: Int, _ refs: [Int], _ tags: [(String, String)]) {
            xml += "<way id=\"\(id)\" version=\"1\">"
            xml += refs.map { "<nd ref=\"\($0)\"/>" }.joined()
            xml += tags.map { "<tag k=\"\($0.0)\" v=\"\($0.1)\"/>" }.joined()
            xml += "</way>\n"
        }
        way(300, [1, 2, 3], [("highway", "residential"), ("name", "Aleksanterinkatu")])
        way(301, [4, 2, 5], [("highway", "tertiary"), ("name", "Mikonkatu"), ("ref", "12")])
        way(302, [3, 6], [("highway", "residential"), ("name", "Kaivokatu")])
        way(303, [7, 99, 8, 9], [("highway", "footway")])
        way(304, [10, 11, 12, 13, 11, 14], [("highway", "path"), ("name", "Kiemura")])
        way(305, [15], [("highway", "residential"), ("junction", "roundabout")])
        way(306, [16, 16], [("highway", "residential"), ("junction", "roundabout")])
        for spoke in 0..<12 { way(310 + spoke, [20, 21 + spoke], [("highway", "footway")]) }
        way(330, [40, 41], [("highway", "pedestrian"), ("name", longName)])
        return xml + "</osm>\n"
    }

    static let imported: (store: PlaceStore, counts: PlaceImport.Counts) = {
        let file = StoreFixtures.path("network.osm")
        try! extract.write(toFile: file, atomically: true, encoding: .utf8)
        let output = StoreFixtures.path("network.places")
        let counts = try! PlaceImport.importOSM(file, format: "osm", into: output)!
        return (try! PlaceStore.open(path: output), counts)
    }()

    func vertex(node: Int64) throws -> NetworkVertex {
        try #require(Self.imported.store.vertices(intersectionsOnly: false).first { $0.node == node })
    }

    @Test func theFaultsAreImportedOrLeftOutAndCounted() throws {
        let counts = Self.imported.counts.network
        #expect(counts.walkableWays == 20)
        // The two roundabouts of one node give no edge.
        #expect(counts.waysWithoutEdge == 2)
        #expect(counts.waysWithMissingNodes == 1)
        #expect(counts.waysCrossingThemselves == 1)
        #expect(counts.namesCleaned == 1)
        #expect(counts.largestDegree == 12)
        #expect(counts.crossings == 1)
        #expect(Self.imported.counts.places == 1)
    }

    @Test func twoNamedRoadsCrossingMakeAnIntersectionNamedByBoth() throws {
        let corner = try vertex(node: 2)
        #expect(corner.isIntersection && corner.degree == 4 && corner.isCrossing)
        #expect(corner.names == ["Aleksanterinkatu", "Mikonkatu"])
        #expect(corner.unnamedKinds.isEmpty)
        let edges = Self.imported.store.edges(of: corner.id)
        #expect(edges.count == 4)
        #expect(Set(edges.map(\.name)) == ["Aleksanterinkatu", "Mikonkatu"])
        let mikonkatu = try #require(edges.first { $0.name == "Mikonkatu" })
        #expect(mikonkatu.kind == "tertiary" && mikonkatu.ref == "12" && mikonkatu.wayID == 301)
        // 0.001° of latitude: 111 metres.
        #expect(abs(mikonkatu.length - 111.2) < 0.5)
        let crossing = try #require(Self.imported.store.crossing(at: 2))
        #expect(crossing.crossing == "traffic_signals" && crossing.sound == "yes" && crossing.vertex == corner.id)
    }

    @Test func aStreetChangingNameIsAnIntersectionOfTwoEdges() throws {
        let change = try vertex(node: 3)
        #expect(change.degree == 2 && change.isIntersection && !change.isDeadEnd)
        #expect(change.names == ["Aleksanterinkatu", "Kaivokatu"])
        let end = try vertex(node: 6)
        #expect(end.isDeadEnd && !end.isIntersection)
    }

    @Test func aMissingNodeCutsTheWayAndTheLonePieceIsDropped() throws {
        let nodes = Set(Self.imported.store.vertices(intersectionsOnly: false).map(\.node))
        #expect(nodes.isSuperset(of: [8, 9]))
        #expect(!nodes.contains(7) && !nodes.contains(99))
    }

    @Test func aWayCrossingItselfMeetsItselfThere() throws {
        let knot = try vertex(node: 11)
        #expect(knot.degree == 4 && knot.isIntersection && knot.names == ["Kiemura"])
        let edges = Self.imported.store.edges(of: knot.id)
        // In from 10, the loop 11-12-13-11 (once, both ends here), out to 14.
        #expect(edges.count == 3)
        #expect(edges.contains { $0.from == knot.id && $0.to == knot.id && $0.points.count == 4 })
    }

    @Test func twelveWaysAtOneNode() throws {
        let hub = try vertex(node: 20)
        #expect(hub.degree == 12 && hub.isIntersection && hub.names.isEmpty && hub.unnamedKinds == ["footway"])
        #expect(Self.imported.store.edges(of: hub.id).count == 12)
    }

    @Test func aNameOf500CharactersIsCutAsPlaceNamesAre() throws {
        let end = try vertex(node: 40)
        let name = try #require(end.names.first)
        // Cut with an ellipsis, as a place's name is (PlaceBuilder.cleaned).
        #expect(name.count <= 201 && name.hasSuffix("…"))
        #expect(Self.longName.hasPrefix(name.dropLast()))
    }

    @Test func theNearestIntersectionsAndEdge() throws {
        let store = Self.imported.store
        let nearest = store.nearestIntersections(
            to: Coordinate(latitude: 60.0001, longitude: 25.0012), limit: 2)
        #expect(nearest.map(\.vertex.node) == [2, 3])
        #expect(abs(nearest[0].distance - 15.6) < 0.5)
        // Far from every intersection: none within the radius.
        #expect(store.nearestIntersections(to: Coordinate(latitude: 61, longitude: 25), within: 1_000).isEmpty)
        let edge = try #require(store.nearestEdge(to: Coordinate(latitude: 60.0002, longitude: 25.0025)))
        #expect(edge.edge.name == "Kaivokatu")
        #expect(abs(edge.distance - 22.2) < 0.5)
        #expect(store.nearestEdge(to: Coordinate(latitude: 61, longitude: 25)) == nil)
    }

    /// `map`'s piece: the edges whose box meets the box, their vertices and crossings, and no more
    /// (the piece about a point adds every edge of its corners).
    @Test func theNetworkInABoxIsItsEdgesAndTheirEnds() throws {
        let store = Self.imported.store
        // West of Mikonkatu's line (25.001), on Aleksanterinkatu's first edge (1-2).
        let box = BoundingBox(south: 59.9995, north: 60.0005, west: 25.0002, east: 25.0008)
        let piece = store.network(in: box)
        #expect(piece.edges.map(\.road.name) == ["Aleksanterinkatu"])
        #expect(Set(piece.vertices.map(\.id)) == [1, 2])
        let crossing = try #require(piece.vertices.first { $0.id == 2 }?.crossing)
        #expect(crossing.signals && crossing.sound)
        #expect(piece.vertices.first { $0.id == 1 }?.crossing == nil)
        // About a point the corner at 2 brings all its roads.
        let around = store.network(around: Coordinate(latitude: 60.0, longitude: 25.0005), radius: 20)
        #expect(Set(around.edges.map(\.road.name)) == ["Aleksanterinkatu", "Mikonkatu"])
        #expect(store.network(in: BoundingBox(south: 61, north: 61.001, west: 25, east: 25.001)).isEmpty)
    }
}
