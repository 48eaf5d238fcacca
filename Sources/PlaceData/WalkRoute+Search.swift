import Foundation

/// Where a route's end stands on the network: a point of an edge.
struct Snap {
    /// The edge, by index.
    var edge: Int
    /// Metres along it from its `from` end (along its shape, as `Edge.length` measures it).
    var along: Double
    /// The point itself.
    var point: Coordinate
    /// Metres from the point it was asked for to this one.
    var distance = 0.0
}

/// The shortest path between two snapped ends, as the search found it: the whole edges walked
/// between the vertex the origin's edge leads to and the one the destination's edge is reached
/// from, or none when the walk stays on one edge.
struct Path {
    struct Step {
        var edge: Int
        /// Whether it is walked from its `from` end to its `to` end.
        var forward: Bool
    }

    var steps: [Step]
    var length: Double
    /// The first and last vertices passed; nil when the walk goes straight along one edge.
    var ends: (origin: Int, destination: Int)?
}

extension StreetNetwork {
    /// The nearest point to `point` of the edges `usable` takes, on the plane tangent at
    /// `point`. Of points as near (within a centimetre), one at an end of its edge wins: a
    /// point at a corner stands at the corner, not on a bridge passing over it. Only the edge
    /// taken is measured along its shape.
    func snap(_ point: Coordinate, where usable: (Int) -> Bool) -> Snap? {
        let plane = TangentPlane(at: point)
        var best: (edge: Int, segment: Int, fraction: Double, distance: Double, atEnd: Bool)?
        for index in edges.indices where usable(index) {
            let shape = edges[index].points
            guard shape.count >= 2 else { continue }
            for offset in 1..<shape.count {
                let (distance, fraction) = plane.project(onto: shape[offset - 1], shape[offset])
                if let known = best, distance > known.distance + Self.snapTie { continue }
                let atEnd = (offset == 1 && fraction == 0) || (offset == shape.count - 1 && fraction == 1)
                if let known = best, distance >= known.distance - Self.snapTie, known.atEnd || !atEnd { continue }
                best = (index, offset, fraction, distance, atEnd)
            }
        }
        guard let best else { return nil }
        let shape = edges[best.edge].points
        let (a, b) = (shape[best.segment - 1], shape[best.segment])
        let before = Self.length(of: Array(shape[..<best.segment]))
        return Snap(
            edge: best.edge, along: before + best.fraction * a.distance(to: b),
            point: Self.between(a, b, best.fraction), distance: best.distance)
    }

    /// Points nearer each other than this, in metres, are as near when snapping.
    static let snapTie = 0.01

    /// The shortest path between two snapped ends: A* over the vertices, each edge walked either
    /// way at its length along its shape (worked out once, when the search first reaches it),
    /// the estimate the great-circle distance to the destination's point; steps left out with
    /// `avoidSteps`. Nil when none joins them.
    func shortestPath(from start: Snap, to end: Snap, avoidSteps: Bool) -> Path? {
        let count = vertices.count
        var lengths = [Double](repeating: -1, count: edges.count)
        func length(_ edge: Int) -> Double {
            if lengths[edge] < 0 { lengths[edge] = edges[edge].length }
            return lengths[edge]
        }
        // The best walk known to each vertex, the edge it came by (-1: from the origin's point),
        // and whether it is settled.
        var walked = [Double](repeating: .infinity, count: count)
        var via = [Int32](repeating: -1, count: count)
        var settled = [Bool](repeating: false, count: count)
        var estimates = [Double](repeating: -1, count: count)
        // The destination's ends, and what is left to walk from each to its point.
        let target = edges[end.edge]
        let targetLength = length(end.edge)
        let toTarget = (from: end.along, to: targetLength - end.along)
        let goal = Estimate(to: end.point)
        func estimate(_ vertex: Int) -> Double {
            if estimates[vertex] < 0 { estimates[vertex] = goal.metres(from: vertices[vertex].coordinate) }
            return estimates[vertex]
        }
        var heap = RouteHeap(capacity: 1_024)
        // Straight along one edge when both ends are on it.
        var best = start.edge == end.edge ? abs(start.along - end.along) : .infinity
        var reached = -1
        let origin = edges[start.edge]
        let originLength = length(start.edge)
        for (vertex, distance) in [(origin.from, start.along), (origin.to, originLength - start.along)]
        where distance < walked[vertex] {
            walked[vertex] = distance
            heap.push(Int32(vertex), key: distance + estimate(vertex))
        }
        while let entry = heap.pop() {
            if entry.key >= best { break }
            let vertex = Int(entry.vertex)
            if settled[vertex] { continue }
            settled[vertex] = true
            let here = walked[vertex]
            // The destination's edge from this end.
            if vertex == target.from, here + toTarget.from < best {
                (best, reached) = (here + toTarget.from, vertex)
            }
            if vertex == target.to, here + toTarget.to < best { (best, reached) = (here + toTarget.to, vertex) }
            for edge in self.edges(at: vertex) {
                let next = otherEnd(of: edge, from: vertex)
                guard next != vertex, !settled[next] else { continue }
                if avoidSteps, edges[edge].road.kind == "steps" { continue }
                let distance = here + length(edge)
                var better = distance < walked[next]
                // Of parallel edges from here as long, the preferred (ways drawn over each other).
                if abs(distance - walked[next]) <= Self.parallelTie, via[next] >= 0, Int(via[next]) != edge,
                    otherEnd(of: Int(via[next]), from: next) == vertex
                {
                    better = preferred(edge, over: Int(via[next]))
                }
                guard better else { continue }
                via[next] = Int32(edge)
                guard distance < walked[next] else { continue }
                walked[next] = distance
                heap.push(Int32(next), key: distance + estimate(next))
            }
        }
        guard best.isFinite else { return nil }
        guard reached >= 0 else { return Path(steps: [], length: best, ends: nil) }
        var steps: [Path.Step] = []
        var vertex = reached
        while via[vertex] >= 0 {
            let edge = Int(via[vertex])
            let previous = otherEnd(of: edge, from: vertex)
            steps.append(Path.Step(edge: edge, forward: edges[edge].from == previous))
            vertex = previous
        }
        return Path(steps: steps.reversed(), length: best, ends: (vertex, reached))
    }

    /// Edges whose lengths differ by less than this, in metres, are as long.
    static let parallelTie = 0.001

    /// Of two edges joining the same two vertices and as long (two ways drawn over the same
    /// nodes: a street and the square it crosses), whether `edge` is walked rather than `other`:
    /// a road with a name (else a ref, unless it is a sidewalk) before one without; of two, the
    /// name first in order; of two the same, the first edge. A rule, so that the route is the
    /// same whatever order the piece was read in.
    func preferred(_ edge: Int, over other: Int) -> Bool {
        let (mine, theirs) = (preferenceName(edges[edge].road), preferenceName(edges[other].road))
        switch (mine, theirs) {
        case (.some(let mine), .some(let theirs)) where mine != theirs: return mine < theirs
        case (.some, nil): return true
        case (nil, .some): return false
        default: return edge < other
        }
    }

    /// The name a road is preferred by: its name, else its ref unless it is a sidewalk.
    private func preferenceName(_ road: Road) -> String? {
        if let name = road.name, !name.isEmpty { return name }
        if road.footway != .sidewalk, let ref = road.ref, !ref.isEmpty { return ref }
        return nil
    }

    /// The great-circle distance to a point, its trigonometry done once: a lower bound of any
    /// walk there along edges measured segment by segment on the same sphere. A thousandth is
    /// taken off, so that rounding (and a point of an edge placed between its shape's points in
    /// degrees) never makes it more than the walk.
    struct Estimate {
        let latitude: Double
        let longitude: Double
        let cosine: Double

        init(to point: Coordinate) {
            latitude = point.latitude * .pi / 180
            longitude = point.longitude * .pi / 180
            cosine = cos(latitude)
        }

        func metres(from point: Coordinate) -> Double {
            let lat = point.latitude * .pi / 180
            let dLat = latitude - lat
            let dLon = longitude - point.longitude * .pi / 180
            let a = sin(dLat / 2) * sin(dLat / 2) + cos(lat) * cosine * sin(dLon / 2) * sin(dLon / 2)
            return 2 * Coordinate.earthRadius * asin(min(1, a.squareRoot())) * 0.999
        }
    }
}
