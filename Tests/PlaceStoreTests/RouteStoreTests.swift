import Foundation
import PlaceData
import Testing

@testable import PlaceStore

/// The store's reading for a route (`PlaceStore+Route`): the box about both ends, and a walk in
/// central Helsinki read and planned from it.
@Suite("Walking routes from the place store")
struct RouteStoreTests {
    @Test("The box holds both ends with a margin of a quarter of their distance, at least 300 m")
    func box() {
        let a = Coordinate(latitude: 60.1670, longitude: 24.9400)
        let near = Coordinate(latitude: 60.1680, longitude: 24.9420)
        let far = Coordinate(latitude: 60.2100, longitude: 24.9900)
        for (b, margin) in [(near, 300.0), (far, 0.25 * a.distance(to: far))] {
            for widening in [1.0, 2.0] {
                let box = PlaceStore.routeBox(from: a, to: b, widening: widening)
                let south = Coordinate(latitude: box.south, longitude: a.longitude)
                let west = Coordinate(latitude: a.latitude, longitude: box.west)
                #expect(abs(a.distance(to: south) - margin * widening) < 1)
                #expect(a.distance(to: west) >= margin * widening - 1)
                #expect(a.distance(to: west) <= margin * widening * 1.01)
                #expect(box.north > max(a.latitude, b.latitude))
                #expect(box.east > max(a.longitude, b.longitude))
            }
        }
    }

    @Test("A route's piece holds the edges network(in:) reads in its box, with their roads, shapes and ends")
    func piece() throws {
        let store = try PlaceStore.open(path: StoreFixtures.helsinkiStore.path)
        let from = Coordinate(latitude: 60.1705, longitude: 24.9370)
        let to = Coordinate(latitude: 60.1655, longitude: 24.9490)
        let piece = store.network(forRouteFrom: from, to: to)
        let full = store.network(in: PlaceStore.routeBox(from: from, to: to))
        #expect(piece.edges.count > 1_000)
        func described(_ network: StreetNetwork) -> [String] {
            network.edges.map { edge in
                let ends = [network.vertices[edge.from], network.vertices[edge.to]].map {
                    "\($0.id)@\($0.coordinate.latitude),\($0.coordinate.longitude)"
                }
                return
                    "\(edge.road.name ?? "") \(edge.road.ref ?? "") \(edge.road.kind) \(String(describing: edge.road.footway)) "
                    + "\(edge.road.isRoundabout) \(edge.points) \(ends)"
            }.sorted()
        }
        #expect(described(piece) == described(full))
    }

    @Test("From Kauppatori to Ravintola Aino: no shorter than the crow flies, its legs adding up")
    func kauppatoriToAino() throws {
        let store = try PlaceStore.open(path: StoreFixtures.helsinkiStore.path)
        let market = try #require(store.search("Kauppatori", kind: nil, near: StoreFixtures.centre, limit: 1).first)
        let aino = try #require(store.search("Ravintola Aino", kind: nil, near: StoreFixtures.centre, limit: 1).first)
        let route = try #require(store.walkRoute(from: market.coordinate, to: aino.coordinate))
        let crow = market.coordinate.distance(to: aino.coordinate)
        #expect(route.length >= crow - route.originGap - route.destinationGap)
        #expect(route.length < crow * 2)
        #expect(!route.legs.isEmpty)
        #expect(abs(route.legs.reduce(0) { $0 + $1.length } - route.length) < 0.01)
        #expect(route.legs.dropFirst().allSatisfy { $0.turn != nil } && route.legs.first?.turn == nil)
        #expect(route.originGap < 100 && route.destinationGap < 50)
        let words = route.legs.map { "\($0.turn.map { "\($0)" } ?? "start") \($0.label) \(Int($0.length)) m" }
        print("Kauppatori to Ravintola Aino: \(Int(route.length)) m, \(words.joined(separator: "; "))")
    }

    @Test("Without steps the walk is no shorter; ends far from every way are taken to the nearest")
    func steps() throws {
        let store = try PlaceStore.open(path: StoreFixtures.helsinkiStore.path)
        let from = Coordinate(latitude: 60.1705, longitude: 24.9370)
        let to = Coordinate(latitude: 60.1655, longitude: 24.9490)
        let any = try #require(store.walkRoute(from: from, to: to))
        let level = try #require(store.walkRoute(from: from, to: to, avoidSteps: true))
        #expect(level.length >= any.length - 0.01)
        // Far from the extract, both ends are taken to its nearest ways; a walk between them
        // is found or not, never a crash.
        _ = store.walkRoute(from: Coordinate(latitude: 60.30, longitude: 25.20), to: StoreFixtures.centre)
    }
}
