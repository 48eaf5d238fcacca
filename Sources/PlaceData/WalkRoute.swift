import Foundation

/// The shortest walk between two points over a piece of the walking network, as
/// `StreetNetwork.route(from:to:avoidSteps:)` plans it: its length, its line, and the stretches
/// along one road each (legs) with the turn onto each. Plain values, no words: how a leg and a
/// turn are said is the core's and the catalogs' business. The rules are in docs/position.md
/// ("Walking routes").
public struct WalkRoute: Equatable, Sendable {
    /// Metres walked, from the origin's point on the network to the destination's.
    public var length: Double
    /// The line walked, from the origin's point on its edge to the destination's.
    public var points: [Coordinate]
    /// The stretches along one road each, in order; none when the two ends are one point.
    public var legs: [Leg]
    /// The OpenStreetMap nodes of the vertices passed, in order (none when both ends lie on one
    /// edge and the walk stays on it).
    public var nodes: [Int64]
    /// Metres from the origin asked for to the point of the network the walk starts from, and
    /// from the destination to the point it ends at (a place set back from its street, a
    /// position off the mapped ways): the route does not walk them.
    public var originGap = 0.0
    public var destinationGap = 0.0

    public init(length: Double, points: [Coordinate], legs: [Leg], nodes: [Int64]) {
        self.length = length
        self.points = points
        self.legs = legs
        self.nodes = nodes
    }

    /// The bearing the walk sets off at, in degrees clockwise from north ("head north along
    /// Mikonkatu"); nil when there is no walk.
    public var bearing: Double? { legs.first?.bearing }

    /// A maximal stretch of the route along one road: consecutive edges of one label are one leg.
    public struct Leg: Equatable, Sendable {
        /// The road it goes along.
        public var label: Label
        /// Metres along it.
        public var length: Double
        /// The turn onto it at its start; nil for the first leg, which has none.
        public var turn: Turn?
        /// The relative angle of that turn in degrees, -180 to 180, positive to the right: the
        /// way it leaves its start against the way the previous leg arrived there. Nil for the
        /// first leg.
        public var angle: Double?
        /// Where it begins: the origin's point, or the turn point.
        public var start: Coordinate
        /// The bearing it leaves its start at, in degrees clockwise from north (towards its point
        /// about `WalkRoute.reach` metres along).
        public var bearing: Double

        public init(
            label: Label, length: Double, turn: Turn?, angle: Double?, start: Coordinate, bearing: Double
        ) {
            self.label = label
            self.length = length
            self.turn = turn
            self.angle = angle
            self.start = start
            self.bearing = bearing
        }
    }

    /// What a leg goes along: a road by its label (`Road.label`: its name, the road a sidewalk
    /// follows, its ref), else a way by its kind (`highway` value), a crossing or a sidewalk told
    /// by its `footway` value, for the wording to say as "a footpath", "a crossing", "steps".
    public enum Label: Hashable, Sendable {
        case named(String)
        case unnamed(kind: String, footway: StreetNetwork.Road.Footway?)

        /// The name, when it is a named road.
        public var name: String? {
            if case .named(let name) = self { return name }
            return nil
        }
    }

    /// The turn onto a leg, by the relative angle between the way the route arrives at the turn
    /// point and the way it leaves it: ahead under 30 degrees, slight to 60, a turn to 135,
    /// sharp beyond.
    public enum Turn: String, CaseIterable, Sendable {
        case ahead
        case slightLeft
        case slightRight
        case left
        case right
        case sharpLeft
        case sharpRight

        /// The turn of a relative angle in degrees, positive to the right (any angle, taken
        /// modulo 360).
        public init(angle: Double) {
            let relative = WalkRoute.relative(angle)
            let size = abs(relative)
            let right = relative > 0
            switch size {
            case ..<WalkRoute.aheadAngle: self = .ahead
            case ..<WalkRoute.slightAngle: self = right ? .slightRight : .slightLeft
            case ...WalkRoute.turnAngle: self = right ? .right : .left
            default: self = right ? .sharpRight : .sharpLeft
            }
        }
    }

    /// Under this many degrees a turn is ahead.
    public static let aheadAngle = 30.0
    /// Under this many degrees (and not ahead) a turn is slight.
    public static let slightAngle = 60.0
    /// Up to this many degrees (and not slight) a turn is a plain left or right; beyond, sharp.
    public static let turnAngle = 135.0
    /// How far along a leg its direction is taken, in metres: a short first segment (a kerb, a
    /// corner's rounding) says little of where a road goes (as `StreetNetwork.bearing(leaving:)`).
    public static let reach = 15.0

    /// An angle in degrees brought into -180 (excluded) to 180.
    static func relative(_ angle: Double) -> Double {
        var relative = angle.truncatingRemainder(dividingBy: 360)
        if relative > 180 { relative -= 360 }
        if relative <= -180 { relative += 360 }
        return relative
    }
}

extension StreetNetwork {
    /// The shortest walk from `origin` to `destination` over this piece of the network, or nil
    /// when none joins them here (or the piece has no edge to stand on).
    ///
    /// Each end is taken to the nearest point of the nearest edge (at a corner, the corner: of
    /// edges as near, one ending there), and walked from there along its edge to either end
    /// (both ends on one edge: straight along it, or round by the network if that is shorter).
    /// Every edge is walked both ways (a one-way street is one way for cars only); `highway=steps`
    /// is left out with `avoidSteps` (neither walked nor stood on). A* over the vertices, with
    /// the great-circle distance to the destination as its estimate, which never exceeds the
    /// walk, so that the walk found is the shortest.
    public func route(from origin: Coordinate, to destination: Coordinate, avoidSteps: Bool = false) -> WalkRoute? {
        let usable: (Int) -> Bool = { !avoidSteps || self.edges[$0].road.kind != "steps" }
        guard let start = snap(origin, where: usable), let end = snap(destination, where: usable) else { return nil }
        guard let path = shortestPath(from: start, to: end, avoidSteps: avoidSteps) else { return nil }
        return assemble(path, from: start, to: end)
    }

    /// The walk along the vertices `through` (indices, in order), each two joined by the
    /// shortest edge between them (of two as long, the `preferred`); nil when two of them are not joined by an edge. For a path
    /// found elsewhere (an independent planner's), told as `route` tells its own.
    func route(through vertices: [Int]) -> WalkRoute? {
        guard let first = vertices.first, let last = vertices.last else { return nil }
        var steps: [Path.Step] = []
        for (a, b) in zip(vertices, vertices.dropFirst()) {
            let joining = edges(at: a).filter { otherEnd(of: $0, from: a) == b }
            guard
                let edge = joining.min(by: {
                    let (first, second) = (edges[$0].length, edges[$1].length)
                    return abs(first - second) <= Self.parallelTie ? preferred($0, over: $1) : first < second
                })
            else { return nil }
            steps.append(Path.Step(edge: edge, forward: edges[edge].from == a))
        }
        guard let head = steps.first, let tail = steps.last else {
            return WalkRoute(length: 0, points: [self.vertices[first].coordinate], legs: [], nodes: [])
        }
        let start = Snap(
            edge: head.edge, along: head.forward ? 0 : edges[head.edge].length, point: self.vertices[first].coordinate)
        let end = Snap(
            edge: tail.edge, along: tail.forward ? edges[tail.edge].length : 0, point: self.vertices[last].coordinate)
        let length = steps.reduce(0) { $0 + edges[$1.edge].length }
        return assemble(Path(steps: steps, length: length, ends: (first, last)), from: start, to: end)
    }
}
