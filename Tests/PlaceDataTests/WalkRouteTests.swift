import Foundation
import Testing

@testable import PlaceData

/// The walking route planner (`StreetNetwork.route`): small networks drawn in metres east and
/// north of a point in Helsinki, where the shortest walk and its turns can be seen by eye, and
/// random grids where A* must agree with a plain Dijkstra.
@Suite("Walking routes: the shortest walk, its legs and its turns")
struct WalkRouteTests {
    static let origin = DrawnInMetres.origin
    static func point(_ east: Double, _ north: Double) -> Coordinate { DrawnInMetres.point(east, north) }

    /// A network of the vertices at `corners` (metres east and north) and the edges between them
    /// (straight, or through `via` points), each of its road.
    static func network(
        _ corners: [(Double, Double)],
        _ ways: [(from: Int, to: Int, road: StreetNetwork.Road, via: [(Double, Double)])]
    ) -> StreetNetwork {
        let vertices = corners.enumerated().map {
            StreetNetwork.Vertex(id: Int64($0.offset + 1), coordinate: point($0.element.0, $0.element.1))
        }
        let edges = ways.map { way in
            StreetNetwork.Edge(
                from: way.from, to: way.to, road: way.road,
                points: [vertices[way.from].coordinate] + way.via.map { point($0.0, $0.1) }
                    + [vertices[way.to].coordinate])
        }
        return StreetNetwork(vertices: vertices, edges: edges)
    }

    static func street(_ name: String, kind: String = "residential") -> StreetNetwork.Road {
        StreetNetwork.Road(name: name, kind: kind)
    }

    /// Mikonkatu east from (0, 0) to (100, 0), then Aleksanterinkatu north to (100, 100) and on
    /// to (100, 200), and a footpath west from (100, 100) to (0, 100).
    static let corner = network(
        [(0, 0), (100, 0), (100, 100), (100, 200), (0, 100)],
        [
            (0, 1, Self.street("Mikonkatu"), []), (1, 2, Self.street("Aleksanterinkatu"), []),
            (2, 3, Self.street("Aleksanterinkatu"), []), (4, 2, StreetNetwork.Road(kind: "footway"), []),
        ])

    @Test("A walk round a corner: its length, its line, a leg a street, the turn left onto the second")
    func aroundACorner() throws {
        let route = try #require(Self.corner.route(from: Self.point(10, 3), to: Self.point(98, 190)))
        #expect(abs(route.length - 280) < 0.5)
        #expect(abs(route.points.first!.distance(to: Self.point(10, 0))) < 0.1)
        #expect(abs(route.points.last!.distance(to: Self.point(100, 190))) < 0.1)
        #expect(abs(StreetNetwork.length(of: route.points) - route.length) < 0.01)
        #expect(route.legs.map(\.label) == [.named("Mikonkatu"), .named("Aleksanterinkatu")])
        #expect(abs(route.legs[0].length - 90) < 0.5)
        // The two edges of Aleksanterinkatu are one leg.
        #expect(abs(route.legs[1].length - 190) < 0.5)
        #expect(route.legs[0].turn == nil)
        #expect(route.legs[1].turn == .left)
        #expect(abs(route.legs[1].angle! + 90) < 0.5)
        #expect(route.legs[1].start.distance(to: Self.point(100, 0)) < 0.1)
        #expect(abs(route.bearing! - 90) < 0.5)
        #expect(route.nodes == [2, 3])
    }

    @Test("Round the corner the other way, and onto a footpath: right, then a sharp left onto an unnamed way")
    func rightThenSharp() throws {
        // North down Aleksanterinkatu's first edge backwards: from (100, 150) south, then west.
        let route = try #require(Self.corner.route(from: Self.point(100, 150), to: Self.point(50, 100)))
        #expect(abs(route.length - 100) < 0.5)
        #expect(route.legs.map(\.label) == [.named("Aleksanterinkatu"), .unnamed(kind: "footway", footway: nil)])
        #expect(route.legs[1].turn == .right)
        #expect(abs(route.bearing! - 180) < 0.5)
        let back = try #require(Self.corner.route(from: Self.point(50, 0), to: Self.point(50, 100)))
        // East along Mikonkatu, north, then back west along the footpath: a left, then a left.
        #expect(back.legs.map(\.turn) == [nil, .left, .left])
    }

    @Test("Both ends on one edge: straight along it, unless the network is shorter round")
    func oneEdge() throws {
        let route = try #require(Self.corner.route(from: Self.point(10, 0), to: Self.point(60, 1)))
        #expect(abs(route.length - 50) < 0.1)
        #expect(route.nodes.isEmpty)
        #expect(route.legs.count == 1)
        #expect(abs(route.bearing! - 90) < 0.5)
        let backwards = try #require(Self.corner.route(from: Self.point(60, 0), to: Self.point(10, 0)))
        #expect(abs(backwards.bearing! - 270) < 0.5)
        // A way bending 300 metres north between two corners 20 metres apart, joined by a short
        // street too: from near one end of the bend to near the other, the short street is shorter.
        let bend = Self.network(
            [(0, 0), (20, 0)],
            [(0, 1, Self.street("Mutka"), [(0, 150), (20, 150)]), (0, 1, Self.street("Oikotie"), [])])
        let round = try #require(bend.route(from: Self.point(-1, 10), to: Self.point(21, 10)))
        #expect(abs(round.length - 40) < 0.5)
        #expect(round.legs.map(\.label) == [.named("Mutka"), .named("Oikotie"), .named("Mutka")])
        #expect(round.nodes == [1, 2])
    }

    @Test("Steps are walked unless avoided; a network in two pieces has no route")
    func stepsAndComponents() throws {
        let hill = Self.network(
            [(0, 0), (100, 0), (50, 200)],
            [
                (0, 1, StreetNetwork.Road(name: "Portaat", kind: "steps"), []),
                (0, 2, Self.street("Kiertotie"), []), (2, 1, Self.street("Kiertotie"), []),
            ])
        let steps = try #require(hill.route(from: Self.point(0, 0), to: Self.point(100, 0)))
        #expect(abs(steps.length - 100) < 0.5)
        let avoiding = try #require(hill.route(from: Self.point(0, 0), to: Self.point(100, 0), avoidSteps: true))
        #expect(abs(avoiding.length - 2 * (50.0 * 50 + 200 * 200).squareRoot()) < 0.5)
        #expect(avoiding.legs.map(\.label) == [.named("Kiertotie")])
        let apart = Self.network(
            [(0, 0), (100, 0), (0, 500), (100, 500)],
            [(0, 1, Self.street("Yksi"), []), (2, 3, Self.street("Kaksi"), [])])
        #expect(apart.route(from: Self.point(10, 0), to: Self.point(10, 500)) == nil)
        #expect(StreetNetwork().route(from: Self.point(0, 0), to: Self.point(1, 1)) == nil)
    }

    @Test("A point at a corner stands at the corner, not on a way passing over it")
    func snapAtCorner() throws {
        // A bridge from (50, -50) to (50, 50) passes over the corner (50, 0) of two streets
        // without meeting them.
        let bridge = Self.network(
            [(0, 0), (50, 0), (100, 0), (50, -50), (50, 50)],
            [
                (3, 4, Self.street("Silta"), []), (0, 1, Self.street("Ala"), []), (1, 2, Self.street("Ala"), []),
            ])
        let snap = try #require(bridge.snap(Self.point(50, 0)) { _ in true })
        #expect(snap.edge != 0)
        let route = try #require(bridge.route(from: Self.point(50, 0), to: Self.point(100, 0)))
        #expect(abs(route.length - 50) < 0.1)
        #expect(route.legs.map(\.label) == [.named("Ala")])
    }

    @Test("A sidewalk on the route is called by the road it follows; a crossing by its kind")
    func sidewalks() throws {
        let street = Self.network(
            [(0, 0), (200, 0), (0, 8), (100, 8), (200, 8), (100, 20)],
            [
                (0, 1, Self.street("Mikonkatu"), []),
                (2, 3, StreetNetwork.Road(kind: "footway", footway: .sidewalk), []),
                (3, 4, StreetNetwork.Road(kind: "footway", footway: .sidewalk), []),
                (3, 5, StreetNetwork.Road(kind: "footway", footway: .crossing), []),
            ])
        let route = try #require(street.route(from: Self.point(0, 9), to: Self.point(100, 20)))
        #expect(route.legs.map(\.label) == [.named("Mikonkatu"), .unnamed(kind: "footway", footway: .crossing)])
        #expect(route.legs[1].turn == .left)
    }

    @Test(
        "Turns by their angle",
        arguments: [
            (0.0, WalkRoute.Turn.ahead), (29.9, .ahead), (-29.9, .ahead), (30, .slightRight), (-45, .slightLeft),
            (60, .right), (-90, .left), (135, .right), (-135, .left), (135.1, .sharpRight), (-170, .sharpLeft),
            (180, .sharpRight), (335, .ahead), (330, .slightLeft), (270, .left), (-300, .right),
        ])
    func turns(angle: Double, turn: WalkRoute.Turn) {
        #expect(WalkRoute.Turn(angle: angle) == turn)
    }

    @Test("The heap gives its keys back least first")
    func heap() {
        var random = TestRandom(state: 7)
        var heap = RouteHeap()
        var keys: [Double] = []
        for index in 0..<500 {
            let key = Double.random(in: 0..<1_000, using: &random)
            keys.append(key)
            heap.push(Int32(index), key: key)
        }
        var popped: [Double] = []
        while let entry = heap.pop() { popped.append(entry.key) }
        #expect(popped == keys.sorted())
    }

    @Test("On random grids, A*'s walk is Dijkstra's, between vertices and between points", arguments: 1...6)
    func randomGrids(seed: UInt64) throws {
        var random = TestRandom(state: seed)
        let side = 12
        var corners: [(Double, Double)] = []
        for row in 0..<side {
            for column in 0..<side {
                corners.append(
                    (
                        Double(column) * 80 + .random(in: -20...20, using: &random),
                        Double(row) * 80 + .random(in: -20...20, using: &random)
                    ))
            }
        }
        var ways: [(from: Int, to: Int, road: StreetNetwork.Road, via: [(Double, Double)])] = []
        for row in 0..<side {
            for column in 0..<side {
                let here = row * side + column
                for next in [column + 1 < side ? here + 1 : nil, row + 1 < side ? here + side : nil].compactMap({ $0 })
                where Double.random(in: 0..<1, using: &random) < 0.75 {
                    // Some ways bend out, so that a way's length is not its ends' distance.
                    let bend: [(Double, Double)] =
                        Double.random(in: 0..<1, using: &random) < 0.3
                        ? [((corners[here].0 + corners[next].0) / 2 + 25, (corners[here].1 + corners[next].1) / 2 + 25)]
                        : []
                    let kind = Double.random(in: 0..<1, using: &random) < 0.1 ? "steps" : "residential"
                    ways.append((here, next, StreetNetwork.Road(name: "Tie \(row)", kind: kind), bend))
                }
            }
        }
        let network = Self.network(corners, ways)
        for avoidSteps in [false, true] {
            let reference = Self.dijkstra(network, avoidSteps: avoidSteps)
            for _ in 0..<40 {
                let a = Int.random(in: 0..<corners.count, using: &random)
                let b = Int.random(in: 0..<corners.count, using: &random)
                // A vertex with no edge it may use is no vertex to start from: its point is
                // taken to another edge.
                let usable = { (vertex: Int) in
                    network.edges(at: vertex).contains { !avoidSteps || network.edges[$0].road.kind != "steps" }
                }
                guard usable(a), usable(b) else { continue }
                let expected = reference(a)[b]
                let route = network.route(
                    from: network.vertices[a].coordinate, to: network.vertices[b].coordinate, avoidSteps: avoidSteps)
                if expected.isFinite {
                    let found = try #require(route)
                    #expect(abs(found.length - expected) < 0.01, "\(a) to \(b)")
                    #expect(abs(found.legs.reduce(0) { $0 + $1.length } - found.length) < 0.01)
                } else {
                    #expect(route == nil, "\(a) to \(b)")
                }
            }
            // Between points: each taken to its edge, then walked to either end of it.
            for _ in 0..<40 {
                let p = Self.point(.random(in: -50...950, using: &random), .random(in: -50...950, using: &random))
                let q = Self.point(.random(in: -50...950, using: &random), .random(in: -50...950, using: &random))
                let usable = { (edge: Int) in !avoidSteps || network.edges[edge].road.kind != "steps" }
                let start = try #require(network.snap(p, where: usable))
                let end = try #require(network.snap(q, where: usable))
                let (s, e) = (network.edges[start.edge], network.edges[end.edge])
                var expected = start.edge == end.edge ? abs(start.along - end.along) : .infinity
                for (from, offset) in [(s.from, start.along), (s.to, s.length - start.along)] {
                    let walks = reference(from)
                    expected = min(
                        expected, offset + walks[e.from] + end.along, offset + walks[e.to] + e.length - end.along)
                }
                let route = network.route(from: p, to: q, avoidSteps: avoidSteps)
                #expect(abs((route?.length ?? .infinity) - expected) < 0.01 || route == nil && !expected.isFinite)
                if let route { #expect(abs(StreetNetwork.length(of: route.points) - route.length) < 0.01) }
            }
        }
    }

    /// The walk from a vertex to every vertex, by a plain Dijkstra (a linear scan for the least).
    static func dijkstra(_ network: StreetNetwork, avoidSteps: Bool) -> (Int) -> [Double] {
        { source in
            var distance = [Double](repeating: .infinity, count: network.vertices.count)
            var done = [Bool](repeating: false, count: network.vertices.count)
            distance[source] = 0
            while let next = distance.indices.filter({ !done[$0] && distance[$0].isFinite }).min(by: {
                distance[$0] < distance[$1]
            }) {
                done[next] = true
                for edge in network.edges(at: next) where !avoidSteps || network.edges[edge].road.kind != "steps" {
                    let other = network.otherEnd(of: edge, from: next)
                    distance[other] = min(distance[other], distance[next] + network.edges[edge].length)
                }
            }
            return distance
        }
    }
}
