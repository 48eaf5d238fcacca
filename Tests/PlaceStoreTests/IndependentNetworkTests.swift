import Foundation
import PlaceData
import Testing

@testable import PlaceStore

/// The walking network against an independent reader: pyosmium (Debian's python3-pyosmium)
/// builds the same graph from the Helsinki extract by the same written rules
/// (Tests/Fixtures/osm/independent-network.py), and the store's intersections must be its
/// intersections (positions to 1e-6°, road names as sets), and its crossings the crossings.
@Suite("The Helsinki walking network against pyosmium")
struct IndependentNetworkTests {
    struct Line: Decodable {
        var type: String
        var node: Int64?
        var lat: Double?
        var lon: Double?
        var names: [String]?
        var kinds: [String]?
        var degree: Int?
        var roundabout: Bool?
        var crossing: String?
        var signals: String?
        var tactilePaving: String?
        var buttonOperated: String?
        var sound: String?
        var trafficSignals: Bool?
        var vertex: Bool?
        var onWay: Bool?
        var walkableWays: Int?
        var vertices: Int?
        var edges: Int?
        var intersections: Int?
        var deadEnds: Int?
        var crossings: Int?
    }

    static let expected: [Line] = {
        let script = StoreFixtures.folder.appendingPathComponent("independent-network.py").path
        let output = try! StoreFixtures.python([script, StoreFixtures.helsinki])
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return output.split(separator: "\n").map { try! decoder.decode(Line.self, from: Data($0.utf8)) }
    }()

    @Test func theStoresIntersectionsArePyosmiumsAndNothingElse() throws {
        let expected = Dictionary(
            uniqueKeysWithValues: Self.expected.filter { $0.type == "intersection" }.map { ($0.node!, $0) })
        let store = try PlaceStore.open(path: StoreFixtures.helsinkiStore.path)
        let stored = Dictionary(uniqueKeysWithValues: store.vertices(intersectionsOnly: true).map { ($0.node, $0) })
        #expect(expected.count > 1_000)
        var wrong: [String] = []
        for (node, line) in expected {
            guard let found = stored[node] else {
                wrong.append("node/\(node) \(line.names ?? []): missing")
                continue
            }
            if abs(found.coordinate.latitude - line.lat!) > 1e-6 || abs(found.coordinate.longitude - line.lon!) > 1e-6 {
                wrong.append("node/\(node): at \(found.coordinate), pyosmium \(line.lat!),\(line.lon!)")
            }
            if Set(found.names) != Set(line.names!) {
                wrong.append("node/\(node): \(found.names), pyosmium \(line.names!)")
            }
            if Set(found.unnamedKinds) != Set(line.kinds!) {
                wrong.append("node/\(node): kinds \(found.unnamedKinds), pyosmium \(line.kinds!)")
            }
            if found.degree != line.degree! {
                wrong.append("node/\(node): degree \(found.degree), pyosmium \(line.degree!)")
            }
            if found.isRoundabout != line.roundabout! { wrong.append("node/\(node): roundabout \(found.isRoundabout)") }
        }
        let extra = Set(stored.keys).subtracting(expected.keys)
        #expect(wrong.isEmpty, "\(wrong.prefix(20))")
        #expect(extra.isEmpty, "\(extra.sorted().prefix(20))")
    }

    @Test func theStoresCrossingsArePyosmiums() throws {
        let expected = Self.expected.filter { $0.type == "crossing" }
        let store = try PlaceStore.open(path: StoreFixtures.helsinkiStore.path)
        let stored = Dictionary(uniqueKeysWithValues: store.crossings().map { ($0.node, $0) })
        #expect(expected.count > 500)
        #expect(stored.count == expected.count)
        var wrong: [String] = []
        for line in expected {
            guard let found = stored[line.node!] else {
                wrong.append("node/\(line.node!): missing")
                continue
            }
            let facts = [found.crossing, found.signals, found.tactilePaving, found.buttonOperated, found.sound]
            let theirs = [line.crossing!, line.signals!, line.tactilePaving!, line.buttonOperated!, line.sound!]
            if facts != theirs || found.hasTrafficSignals != line.trafficSignals! {
                wrong.append("node/\(line.node!): \(facts), pyosmium \(theirs)")
            }
            if abs(found.coordinate.latitude - line.lat!) > 1e-6 || abs(found.coordinate.longitude - line.lon!) > 1e-6 {
                wrong.append("node/\(line.node!): at \(found.coordinate)")
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(20))")
    }

    /// The crossing nodes inside walkable ways (on a way, not a vertex) are the crossings the
    /// pieces of the network keep on their edges, read over the whole extract in boxes of about
    /// 500 metres, as `map` reads them.
    @Test func theCrossingsInsideWaysAreOnTheirEdges() throws {
        let inside = Set(
            Self.expected.filter { $0.type == "crossing" && $0.onWay == true && $0.vertex == false }.map { $0.node! })
        let store = try PlaceStore.open(path: StoreFixtures.helsinkiStore.path)
        let all = store.crossings()
        let south = all.map(\.coordinate.latitude).min()!
        let north = all.map(\.coordinate.latitude).max()!
        let west = all.map(\.coordinate.longitude).min()!
        let east = all.map(\.coordinate.longitude).max()!
        var placed: [Int64: Coordinate] = [:]
        var latitude = south
        while latitude <= north {
            var longitude = west
            while longitude <= east {
                let box = BoundingBox(
                    south: latitude, north: min(latitude + 0.005, north + 1e-6), west: longitude,
                    east: min(longitude + 0.01, east + 1e-6))
                for edge in store.network(in: box).edges {
                    for crossing in edge.crossings {
                        placed[crossing.id] = crossing.coordinate
                        #expect(
                            edge.points.dropFirst().dropLast().contains {
                                abs($0.latitude - crossing.coordinate.latitude) < 1e-7
                                    && abs($0.longitude - crossing.coordinate.longitude) < 1e-7
                            })
                    }
                }
                longitude += 0.01
            }
            latitude += 0.005
        }
        #expect(inside.count > 100)
        #expect(Set(placed.keys) == inside, "\(inside.symmetricDifference(placed.keys).sorted().prefix(20))")
    }

    /// The counts of central Helsinki, as both readers find them.
    @Test func theCountsArePyosmiums() throws {
        let line = try #require(Self.expected.last { $0.type == "counts" })
        let counts = StoreFixtures.helsinkiStore.counts.network
        #expect(counts.walkableWays == line.walkableWays)
        #expect(counts.vertices == line.vertices)
        #expect(counts.edges == line.edges)
        #expect(counts.intersections == line.intersections)
        #expect(counts.deadEnds == line.deadEnds)
        #expect(counts.crossings == line.crossings)
        print(
            "Helsinki network: \(counts.walkableWays) walkable ways (\(counts.waysWithoutEdge) without an edge,"
                + " \(counts.waysWithMissingNodes) missing nodes), \(counts.vertices) vertices, \(counts.edges) edges,"
                + " \(counts.intersections) intersections, \(counts.deadEnds) dead ends, \(counts.crossings) crossings,"
                + " largest degree \(counts.largestDegree), \(counts.namesCleaned) names cleaned")
    }

    /// The queries' time at Helsinki's scale, reported (the goal, ≤ 0.1 ms, is at 10M places):
    /// 2,000 points about the centre, each asking the nearest intersection, its edges, and the
    /// nearest edge.
    @Test func theQueriesAreFast() throws {
        let store = try PlaceStore.open(path: StoreFixtures.helsinkiStore.path)
        var random = SystemRandomNumberGenerator()
        let points = (0..<2_000).map { _ in
            Coordinate(
                latitude: StoreFixtures.centre.latitude + Double.random(in: -0.006...0.006, using: &random),
                longitude: StoreFixtures.centre.longitude + Double.random(in: -0.012...0.012, using: &random))
        }
        func time(_ body: (Coordinate) -> Void) -> Double {
            let start = ContinuousClock.now
            for point in points { body(point) }
            let elapsed = ContinuousClock.now - start
            return Double(elapsed.components.attoseconds) / 1e15 / Double(points.count)
                + Double(elapsed.components.seconds) * 1e3 / Double(points.count)
        }
        var found = 0
        let nearest = time { if !store.nearestIntersections(to: $0).isEmpty { found += 1 } }
        let vertices = points.compactMap { store.nearestIntersections(to: $0).first?.vertex.id }
        let start = ContinuousClock.now
        for id in vertices { _ = store.edges(of: id) }
        let edges = (ContinuousClock.now - start) / vertices.count
        let edge = time { _ = store.nearestEdge(to: $0) }
        #expect(found == points.count)
        print(
            "Helsinki network queries, mean: nearest intersection \(nearest) ms, edges of a vertex \(edges), nearest edge \(edge) ms"
        )
    }
}
