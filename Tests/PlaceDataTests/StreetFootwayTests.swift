import Foundation
import Testing

@testable import PlaceData

/// Sidewalks and crossings told by their roads, and crossing nodes inside edges
/// (`StreetNetwork+Footways`): a street running east from a point, with footways beside it,
/// across it and away from it.
@Suite("Sidewalks follow their roads, crossings cross them, crossing nodes sit on their edges")
struct StreetFootwayTests {
    static let origin = DrawnInMetres.origin
    static func point(_ east: Double, _ north: Double) -> Coordinate { DrawnInMetres.point(east, north) }

    /// Mikonkatu from (0, 0) to (100, 0); the footway from `from` to `to`, drawn as `footway`.
    static func network(
        footway: StreetNetwork.Road.Footway?, name: String? = nil, from: (Double, Double), to: (Double, Double),
        roadKind: String = "residential", roadName: String? = "Mikonkatu", joined: Bool = false
    ) -> StreetNetwork {
        var vertices = [
            StreetNetwork.Vertex(id: 1, coordinate: point(0, 0)),
            StreetNetwork.Vertex(id: 2, coordinate: point(100, 0)),
            StreetNetwork.Vertex(id: 3, coordinate: point(from.0, from.1)),
        ]
        // A crossing drawn to meet the road ends at a vertex of the road's.
        let road = StreetNetwork.Road(name: roadName, kind: roadKind)
        var edges = [
            StreetNetwork.Edge(from: 0, to: 1, road: road, points: [vertices[0].coordinate, vertices[1].coordinate])
        ]
        let walkway = StreetNetwork.Road(name: name, kind: "footway", footway: footway)
        if joined {
            vertices.append(StreetNetwork.Vertex(id: 4, coordinate: point(to.0, to.1)))
            edges = [
                StreetNetwork.Edge(
                    from: 0, to: 3, road: road, points: [vertices[0].coordinate, vertices[3].coordinate]),
                StreetNetwork.Edge(
                    from: 3, to: 1, road: road, points: [vertices[3].coordinate, vertices[1].coordinate]),
                StreetNetwork.Edge(
                    from: 2, to: 3, road: walkway, points: [vertices[2].coordinate, vertices[3].coordinate]),
            ]
        } else {
            vertices.append(StreetNetwork.Vertex(id: 4, coordinate: point(to.0, to.1)))
            edges.append(
                StreetNetwork.Edge(
                    from: 2, to: 3, road: walkway, points: [vertices[2].coordinate, vertices[3].coordinate]))
        }
        return StreetNetwork(vertices: vertices, edges: edges)
    }

    @Test("A sidewalk beside a road and along it is that road; too far, or across it, it is none")
    func sidewalks() {
        let beside = Self.network(footway: .sidewalk, from: (10, 8), to: (90, 8)).pairingFootways()
        #expect(beside.edges[1].road.follows == "Mikonkatu")
        #expect(beside.edges[1].road.label == "Mikonkatu")
        // At a slant of 10 degrees, 6 metres off at its middle: still along it.
        let slanted = Self.network(footway: .sidewalk, from: (10, -1), to: (90, 13)).pairingFootways()
        #expect(slanted.edges[1].road.follows == "Mikonkatu")
        let far = Self.network(footway: .sidewalk, from: (10, 25), to: (90, 25)).pairingFootways()
        #expect(far.edges[1].road.follows == nil)
        #expect(far.edges[1].road.label == nil)
        let across = Self.network(footway: .sidewalk, from: (50, -15), to: (50, 15)).pairingFootways()
        #expect(across.edges[1].road.follows == nil)
        // A footpath (not drawn as a sidewalk) is never paired, nor a sidewalk with a name of its own.
        let path = Self.network(footway: nil, from: (10, 8), to: (90, 8)).pairingFootways()
        #expect(path.edges[1].road.follows == nil)
        let named = Self.network(footway: .sidewalk, name: "Esplanadi", from: (10, 8), to: (90, 8)).pairingFootways()
        #expect(named.edges[1].road.label == "Esplanadi")
        // No road to follow but another footpath: a footway is no carriageway.
        let besidePath = Self.network(footway: .sidewalk, from: (10, 8), to: (90, 8), roadKind: "footway")
            .pairingFootways()
        #expect(besidePath.edges[1].road.follows == nil)
    }

    @Test("A crossing meeting a road at its end crosses that road, and is not called by it")
    func crossings() {
        let joined = Self.network(footway: .crossing, from: (50, -8), to: (50, 0), joined: true).pairingFootways()
        let crossing = joined.edges[2].road
        #expect(crossing.follows == "Mikonkatu")
        #expect(crossing.label == nil, "a crossing is not the road it crosses")
        // Drawn across the road with no node shared: the road nearest its middle, within 5 metres.
        let over = Self.network(footway: .crossing, from: (50, -8), to: (50, 8)).pairingFootways()
        #expect(over.edges[1].road.follows == "Mikonkatu")
        let apart = Self.network(footway: .crossing, from: (50, 10), to: (50, 30)).pairingFootways()
        #expect(apart.edges[1].road.follows == nil)
    }

    @Test("Crossing nodes inside an edge are kept on it in order; at its ends or off it, left out")
    func crossingNodes() {
        let shape = [Self.point(0, 0), Self.point(30, 0), Self.point(60, 0), Self.point(100, 0)]
        let network = StreetNetwork(
            vertices: [
                StreetNetwork.Vertex(id: 1, coordinate: shape[0]), StreetNetwork.Vertex(id: 2, coordinate: shape[3]),
            ],
            edges: [
                StreetNetwork.Edge(
                    from: 0, to: 1, road: StreetNetwork.Road(name: "Mikonkatu", kind: "residential"), points: shape)
            ])
        let signals = StreetNetwork.Crossing(signals: true)
        let placed = network.placingCrossings([
            (id: 9, coordinate: shape[2], crossing: signals), (id: 8, coordinate: shape[1], crossing: .init()),
            (id: 7, coordinate: shape[0], crossing: .init()), (id: 6, coordinate: Self.point(45, 0), crossing: .init()),
        ])
        let kept = placed.edges[0].crossings
        #expect(kept.map(\.id) == [8, 9])
        #expect(abs(kept[0].along - 30) < 0.1)
        #expect(abs(kept[1].along - 60) < 0.1)
        #expect(kept[1].crossing == signals)
        #expect(placed.crossingPoints == [shape[1], shape[2]])
    }
}
