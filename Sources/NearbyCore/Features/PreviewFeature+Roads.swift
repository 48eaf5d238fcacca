import PlaceData
import Words

/// Street preview's roads: where a step stops, how the roads of a corner are numbered, which
/// road `go` takes (by number, side, name, or the planned route's next step), and why it takes
/// none (`PreviewFeature.swift`).
extension NearbyState {
    /// The roads that leave `vertex`, numbered clockwise from ahead of `facing`.
    func numberedRoads(_ network: StreetNetwork, at vertex: Int, facing: Double) -> [Int] {
        network.edges(at: vertex).sorted {
            roadOrder(network.bearing(leaving: vertex, along: $0), facing: facing)
                < roadOrder(network.bearing(leaving: vertex, along: $1), facing: facing)
        }
    }

    /// Whether a vertex is where preview stops: a corner worth a word, or a dead end.
    func isPreviewStop(_ network: StreetNetwork, vertex: Int) -> Bool {
        network.kind(of: vertex) == .deadEnd || isNamedCorner(network, vertex: vertex)
    }

    /// The order roads are numbered in: clockwise from ahead (within 30 degrees of ahead first).
    func roadOrder(_ bearing: Double, facing: Double) -> Double {
        (Self.relative(bearing, to: facing) + 360 + 30).truncatingRemainder(dividingBy: 360)
    }

    /// `edge`'s shape walked from `vertex`.
    func orientedPoints(_ network: StreetNetwork, edge: Int, from vertex: Int) -> [Coordinate] {
        network.edges[edge].from == vertex ? network.edges[edge].points : network.edges[edge].points.reversed()
    }

    /// The road `choice` names among `roads` (in their numbered order), nil when none.
    func chosenRoad(
        _ choice: RoadChoice, among roads: [Int], in network: StreetNetwork, at vertex: Int, facing: Double
    ) -> Int? {
        func angle(_ edge: Int) -> Double { Self.relative(network.bearing(leaving: vertex, along: edge), to: facing) }
        switch choice {
        case .number(let number):
            return roads.indices.contains(number - 1) ? roads[number - 1] : nil
        case .onward:
            // With a route planned through here, its next step.
            if let bearing = routeBearing(from: network.vertices[vertex].coordinate) {
                let along = roads.filter {
                    abs(Self.relative(network.bearing(leaving: vertex, along: $0), to: bearing)) <= 45
                }
                if let best = along.min(by: {
                    abs(Self.relative(network.bearing(leaving: vertex, along: $0), to: bearing))
                        < abs(Self.relative(network.bearing(leaving: vertex, along: $1), to: bearing))
                }) {
                    return best
                }
            }
            // The one road within 30 degrees of ahead; else the one road of the half ahead.
            let ahead = roads.filter { abs(angle($0)) <= 30 }
            if ahead.count == 1 { return ahead[0] }
            let forward = roads.filter { abs(angle($0)) < 90 }
            return ahead.isEmpty && forward.count == 1 ? forward[0] : nil
        case .side(let side):
            let target: Double =
                switch side {
                case .left: -90
                case .right: 90
                case .ahead: 0
                }
            let sector = roads.filter { abs(Self.relative(angle($0), to: target)) <= 60 }
            return sector.min { abs(Self.relative(angle($0), to: target)) < abs(Self.relative(angle($1), to: target)) }
        case .name(let name):
            let wanted = TextFolding.fold(name)
            let named = roads.filter { TextFolding.fold(streetName(network.edges[$0].road)) == wanted }
                .sorted { abs(angle($0)) < abs(angle($1)) }
            let begun = roads.filter { TextFolding.fold(streetName(network.edges[$0].road)).hasPrefix(wanted) }
                .sorted { abs(angle($0)) < abs(angle($1)) }
            return named.first ?? begun.first
        case .back:
            return nil
        }
    }

    /// Why `go` could not take `choice` here.
    func roadProblem(_ choice: RoadChoice, count: Int) -> Phrase {
        switch choice {
        case .number(let number): .goNoRoadNumber(number: grouped(number), count: grouped(count), plural: count)
        case .onward: count <= 1 ? Phrase(.goDeadEnd) : .goWhich(count: grouped(count))
        case .side: .goNoRoadThatWay(count: grouped(count))
        case .name(let name): .goNoRoadNamed(name: Self.echo(name, words), count: grouped(count))
        case .back: Phrase(.goNoStepBack)
        }
    }

    /// How far from a preview's corner a planned route may pass and still be followed by `go`:
    /// a route on a sidewalk passes a corner of the road's centre line this far off, in metres.
    public static let routeReach = 25.0

    /// The way the route planned leaves `point`, when it passes within `routeReach` of it and goes on
    /// (the bearing 15 m further along it); nil otherwise.
    func routeBearing(from point: Coordinate) -> Double? {
        guard let points = plannedRoute?.route.points, points.count >= 2,
            let nearest = points.indices.min(by: { points[$0].distance(to: point) < points[$1].distance(to: point) }),
            points[nearest].distance(to: point) <= Self.routeReach, nearest < points.count - 1
        else { return nil }
        var walked = 0.0
        for index in (nearest + 1)..<points.count {
            walked += points[index - 1].distance(to: points[index])
            if walked >= 15 || index == points.count - 1 { return point.bearing(to: points[index]) }
        }
        return nil
    }
}
