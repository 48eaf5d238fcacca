import Foundation

/// Sidewalks and crossings told by the road they belong to, and crossing nodes inside edges:
/// what a piece of the network needs after it is read, so that a walker on a sidewalk hears the
/// street's name and one walking along a road hears where it can be crossed. The rules are in
/// docs/position.md ("Sidewalks and crossings").
extension StreetNetwork {
    /// How far from a sidewalk's middle its road may be, in metres: a sidewalk is drawn a few
    /// metres from the road's centre line, beyond a verge or a row of parked cars at most.
    public static let sidewalkReach = 20.0
    /// How far a sidewalk's direction may be from its road's, in degrees (either way along it).
    public static let sidewalkAngle = 30.0

    /// The network with each unnamed sidewalk (`footway=sidewalk`) paired with the road it
    /// follows, and each unnamed crossing (`footway=crossing`) with the road it crosses: the
    /// data says it is a sidewalk or a crossing; which road is the nearest named road within
    /// `sidewalkReach` metres of the sidewalk's middle running within `sidewalkAngle` degrees
    /// of it, and for a crossing, the named road that meets it at one of its ends most nearly square to
    /// it (more than 45 degrees from it; of two as square, the first label in order), else the
    /// one nearest its middle within 5 metres. A footway with a name of its own keeps it.
    public func pairingFootways() -> StreetNetwork {
        let roads = edges.indices.filter { edges[$0].road.isCarriageway }
        guard !roads.isEmpty else { return self }
        var paired = edges
        for index in edges.indices {
            let edge = edges[index]
            guard let footway = edge.road.footway, edge.road.name?.isEmpty != false,
                let middle = edge.middle
            else { continue }
            switch footway {
            case .sidewalk:
                paired[index].road.follows = road(followedBy: middle, among: roads)
            case .crossing:
                // The road most nearly square to it at its ends; of two as square, the first
                // label in order.
                let meeting = [edge.from, edge.to].flatMap { end in
                    self.edges(at: end).compactMap { other -> (angle: Double, label: String)? in
                        guard edges[other].road.isCarriageway, let label = edges[other].road.label else { return nil }
                        let angle = Self.angleBetweenLines(bearing(leaving: end, along: other), middle.bearing)
                        return angle > 45 ? (angle, label) : nil
                    }
                }
                let square = meeting.max { ($0.angle, $1.label) < ($1.angle, $0.label) }
                paired[index].road.follows =
                    square?.label ?? nearestRoad(to: middle.point, among: roads, within: 5) { _ in true }
            }
        }
        return StreetNetwork(vertices: vertices, edges: paired)
    }

    /// The label of the road among `roads` (edge indices) a sidewalk whose middle is `middle`
    /// follows: the nearest within `sidewalkReach` metres of it running within `sidewalkAngle`
    /// degrees of it. The planner pairs the sidewalks of a route alone with it.
    func road(followedBy middle: (point: Coordinate, bearing: Double), among roads: [Int]) -> String? {
        nearestRoad(to: middle.point, among: roads, within: Self.sidewalkReach) {
            Self.angleBetweenLines($0, middle.bearing) <= Self.sidewalkAngle
        }
    }

    /// The label of the road among `roads` (edge indices) nearest `point` within `reach`
    /// metres, at a segment whose bearing `accepts` takes.
    private func nearestRoad(
        to point: Coordinate, among roads: [Int], within reach: Double, accepts: (Double) -> Bool
    ) -> String? {
        var best: (label: String, distance: Double)?
        let plane = TangentPlane(at: point)
        for road in roads {
            let edge = edges[road]
            for (a, b) in zip(edge.points, edge.points.dropFirst()) {
                let distance = plane.project(onto: a, b).distance
                guard distance <= reach, distance < best?.distance ?? .infinity, a != b, accepts(a.bearing(to: b)),
                    let label = edge.road.label
                else { continue }
                best = (label, distance)
            }
        }
        return best?.label
    }

    /// The angle between two lines of these bearings, whichever way along each: 0 to 90 degrees.
    static func angleBetweenLines(_ first: Double, _ second: Double) -> Double {
        var angle = abs(first - second).truncatingRemainder(dividingBy: 180)
        if angle > 90 { angle = 180 - angle }
        return angle
    }

    /// The network with each crossing node of `crossings` that lies inside an edge (on one of
    /// its points, not at an end) kept on that edge, in order along it. A crossing on no edge's
    /// point is left out.
    public func placingCrossings(_ crossings: [(id: Int64, coordinate: Coordinate, crossing: Crossing)])
        -> StreetNetwork
    {
        guard !crossings.isEmpty else { return self }
        // Each inner point of each edge by its position, to a millionth of a degree finer than
        // the store keeps.
        func key(_ point: Coordinate) -> [Int64] {
            [Int64((point.latitude * 1e7).rounded()), Int64((point.longitude * 1e7).rounded())]
        }
        var inner: [[Int64]: (edge: Int, along: Double)] = [:]
        for (index, edge) in edges.enumerated() where edge.points.count > 2 {
            var walked = 0.0
            for (offset, point) in edge.points.enumerated() {
                if offset > 0 { walked += edge.points[offset - 1].distance(to: point) }
                guard offset > 0, offset < edge.points.count - 1 else { continue }
                inner[key(point)] = inner[key(point)] ?? (index, walked)
            }
        }
        var placed = edges
        for crossing in crossings {
            guard let spot = inner[key(crossing.coordinate)] else { continue }
            placed[spot.edge].crossings.append(
                CrossingPoint(
                    id: crossing.id, coordinate: crossing.coordinate, along: spot.along, crossing: crossing.crossing))
        }
        for index in placed.indices where placed[index].crossings.count > 1 {
            placed[index].crossings.sort { $0.along < $1.along }
        }
        return StreetNetwork(vertices: vertices, edges: placed)
    }

    /// Every crossing of the network: its vertices that are crossings, and the crossing nodes
    /// inside its edges (as `map` marks them).
    public var crossingPoints: [Coordinate] {
        vertices.filter { $0.crossing != nil }.map(\.coordinate) + edges.flatMap { $0.crossings.map(\.coordinate) }
    }
}

extension StreetNetwork.Edge {
    /// The point halfway along its shape and the bearing of its segment there.
    var middle: (point: Coordinate, bearing: Double)? {
        let half = length / 2
        var walked = 0.0
        for (a, b) in zip(points, points.dropFirst()) {
            let step = a.distance(to: b)
            if walked + step >= half, step > 0 {
                let fraction = (half - walked) / step
                let point = Coordinate(
                    latitude: a.latitude + (b.latitude - a.latitude) * fraction,
                    longitude: a.longitude + (b.longitude - a.longitude) * fraction)
                return (point, a.bearing(to: b))
            }
            walked += step
        }
        return nil
    }
}
