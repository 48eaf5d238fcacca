import Foundation

/// A path found, told as a route: its line, and its legs with the turn onto each.
extension StreetNetwork {
    /// The route of `path` between the snapped ends: the stretch of the origin's edge to the
    /// first vertex, the whole edges, the stretch of the destination's edge to its point (or the
    /// one stretch of an edge both ends lie on); stretches of one label merged into a leg.
    func assemble(_ path: Path, from start: Snap, to end: Snap) -> WalkRoute {
        var pieces: [(edge: Int, points: [Coordinate])] = []
        var nodes: [Int64] = []
        if let ends = path.ends {
            pieces.append((start.edge, stretch(of: start.edge, from: start.along, toward: ends.origin)))
            var vertex = ends.origin
            nodes.append(vertices[vertex].id)
            for step in path.steps {
                let shape = edges[step.edge].points
                pieces.append((step.edge, step.forward ? shape : shape.reversed()))
                vertex = otherEnd(of: step.edge, from: vertex)
                nodes.append(vertices[vertex].id)
            }
            pieces.append((end.edge, stretch(of: end.edge, from: end.along, toward: ends.destination).reversed()))
        } else {
            pieces.append((start.edge, stretch(of: start.edge, from: start.along, to: end.along)))
        }
        var points: [Coordinate] = []
        for piece in pieces {
            for point in piece.points where point != points.last { points.append(point) }
        }
        if points.isEmpty { points = [start.point] }
        let labels = labels(of: pieces.map(\.edge))
        // The legs: runs of pieces of one label, pieces of no length left out.
        var runs: [(label: WalkRoute.Label, points: [Coordinate], length: Double)] = []
        for (piece, label) in zip(pieces, labels) {
            let length = Self.length(of: piece.points)
            guard length > 0 else { continue }
            if let last = runs.last, last.label == label {
                runs[runs.count - 1].points += piece.points.dropFirst()
                runs[runs.count - 1].length += length
            } else {
                runs.append((label, piece.points, length))
            }
        }
        var legs: [WalkRoute.Leg] = []
        for (index, run) in runs.enumerated() {
            let bearing = Self.bearing(along: run.points)
            var angle: Double?
            if index > 0 {
                let arrival = (Self.bearing(along: runs[index - 1].points.reversed()) + 180)
                angle = WalkRoute.relative(bearing - arrival)
            }
            legs.append(
                WalkRoute.Leg(
                    label: run.label, length: run.length, turn: angle.map(WalkRoute.Turn.init(angle:)), angle: angle,
                    start: run.points[0], bearing: bearing))
        }
        var route = WalkRoute(length: path.length, points: points, legs: legs, nodes: nodes)
        (route.originGap, route.destinationGap) = (start.distance, end.distance)
        return route
    }

    /// The labels of `edges` as a route says them: each road's label, the road a sidewalk
    /// follows (paired here when the piece was not: the planner pairs only its own sidewalks,
    /// against the roads whose boxes come within reach), else its kind.
    func labels(of route: [Int]) -> [WalkRoute.Label] {
        var followed: [Int: String?] = [:]
        let unpaired = Set(
            route.filter {
                let road = edges[$0].road
                return road.footway == .sidewalk && road.name?.isEmpty != false && road.follows == nil
            })
        if !unpaired.isEmpty {
            let roads = edges.indices.filter { edges[$0].road.isCarriageway }
            let boxes = roads.map { Self.box(of: edges[$0].points) }
            for sidewalk in unpaired {
                guard let middle = edges[sidewalk].middle else { continue }
                let reach = BoundingBox(around: middle.point, radius: Self.sidewalkReach)
                let near = zip(roads, boxes).filter { $0.1.intersection(reach) != nil }.map(\.0)
                followed[sidewalk] = road(followedBy: middle, among: near)
            }
        }
        return route.map { edge in
            var road = edges[edge].road
            if let found = followed[edge] { road.follows = found }
            return road.label.map(WalkRoute.Label.named) ?? .unnamed(kind: road.kind, footway: road.footway)
        }
    }

    /// The points of `edge`'s shape from `along` metres to its end `vertex` (the nearer end
    /// when both ends are that vertex).
    func stretch(of edge: Int, from along: Double, toward vertex: Int) -> [Coordinate] {
        let length = edges[edge].length
        let toFrom = edges[edge].from == vertex && (edges[edge].to != vertex || along <= length - along)
        return stretch(of: edge, from: along, to: toFrom ? 0 : length)
    }

    /// The points of `edge`'s shape between `from` and `to` metres along it, in that order: the
    /// two ends placed between the shape's points, the shape's points between them kept.
    func stretch(of edge: Int, from: Double, to: Double) -> [Coordinate] {
        let shape = edges[edge].points
        let (low, high) = (min(from, to), max(from, to))
        var points: [Coordinate] = []
        var walked = 0.0
        for (a, b) in zip(shape, shape.dropFirst()) {
            let segment = a.distance(to: b)
            let fraction = { (metres: Double) in segment > 0 ? max(0, min(1, (metres - walked) / segment)) : 0 }
            if points.isEmpty, low <= walked + segment { points.append(Self.between(a, b, fraction(low))) }
            if !points.isEmpty {
                if high <= walked + segment {
                    points.append(Self.between(a, b, fraction(high)))
                    break
                }
                points.append(b)
            }
            walked += segment
        }
        if points.isEmpty, let last = shape.last { points = [last, last] }
        if points.count == 1 { points.append(points[0]) }
        return from <= to ? points : points.reversed()
    }

    /// The point `fraction` of the way from `a` to `b`, in degrees (as the tangent plane's
    /// projection places it).
    static func between(_ a: Coordinate, _ b: Coordinate, _ fraction: Double) -> Coordinate {
        if fraction == 0 { return a }
        if fraction == 1 { return b }
        return Coordinate(
            latitude: a.latitude + (b.latitude - a.latitude) * fraction,
            longitude: a.longitude + (b.longitude - a.longitude) * fraction)
    }

    /// Metres along a line.
    static func length(of points: [Coordinate]) -> Double {
        zip(points, points.dropFirst()).reduce(0) { $0 + $1.0.distance(to: $1.1) }
    }

    /// The bearing a line leaves its first point at: towards its first point `WalkRoute.reach`
    /// metres along or beyond, else its last.
    static func bearing(along points: some Collection<Coordinate>) -> Double {
        guard let start = points.first else { return 0 }
        var walked = 0.0
        var previous = start
        for point in points.dropFirst() {
            walked += previous.distance(to: point)
            previous = point
            if walked >= WalkRoute.reach { return start.bearing(to: point) }
        }
        return start.bearing(to: previous)
    }

    /// The box of a line's points.
    static func box(of points: [Coordinate]) -> BoundingBox {
        var box = BoundingBox(south: .infinity, north: -.infinity, west: .infinity, east: -.infinity)
        for point in points {
            box.south = min(box.south, point.latitude)
            box.north = max(box.north, point.latitude)
            box.west = min(box.west, point.longitude)
            box.east = max(box.east, point.longitude)
        }
        return box
    }
}
