import Foundation

/// A piece of the walking network: the ways a pedestrian can use, cut into edges at their
/// vertices (the nodes two or more ways share, and the ways' ends). The place store reads it
/// about a point; the core decides from it which street the user is on and which corner comes
/// next. Plain values: the store fills it, the core only reads it.
public struct StreetNetwork: Equatable, Sendable {
    /// The way an edge belongs to, as a listener is told of it.
    public struct Road: Hashable, Sendable {
        /// Its `name`, when it has one.
        public var name: String?
        /// Its `ref` ("E12"), when it has one.
        public var ref: String?
        /// Its `highway` value: `residential`, `footway`, `steps`…
        public var kind: String
        /// Its `footway` value, for a footway drawn as a sidewalk or a crossing.
        public var footway: Footway?
        /// For a sidewalk or a crossing, the name of the road it follows or crosses, as
        /// `pairingSidewalks()` found it.
        public var follows: String?
        /// Whether it is part of a roundabout (`junction=roundabout`).
        public var isRoundabout: Bool

        /// What a footway is drawn as (`footway=sidewalk|crossing`).
        public enum Footway: String, Sendable {
            case sidewalk
            case crossing
        }

        public init(
            name: String? = nil, ref: String? = nil, kind: String, footway: Footway? = nil, follows: String? = nil,
            isRoundabout: Bool = false
        ) {
            self.name = name
            self.ref = ref
            self.kind = kind
            self.footway = footway
            self.follows = follows
            self.isRoundabout = isRoundabout
        }

        /// What a road is called when two roads are told apart: its name, else the road a
        /// sidewalk follows, else its ref; nil for a way with none of them (said by its kind). A
        /// crossing is not the road it crosses: it has no label but its own name.
        public var label: String? {
            if let name, !name.isEmpty { return name }
            if footway == .sidewalk, let follows, !follows.isEmpty { return follows }
            if let ref, !ref.isEmpty { return ref }
            return nil
        }

        /// Whether it is a road a sidewalk can follow and a crossing cross: named (or numbered),
        /// and not itself a footpath.
        var isCarriageway: Bool {
            footway == nil && !Self.pathKinds.contains(kind) && (name?.isEmpty == false || ref?.isEmpty == false)
        }

        /// The `highway` kinds of ways for feet or bicycles, which no sidewalk follows.
        static let pathKinds: Set<String> = ["footway", "path", "steps", "cycleway", "bridleway", "corridor", "track"]
    }

    /// What a crossing node says of itself (`highway=crossing`, `crossing=*` and its facts).
    public struct Crossing: Hashable, Sendable {
        /// `crossing=traffic_signals`, `crossing:signals=yes` or `highway=traffic_signals`.
        public var signals: Bool
        /// `traffic_signals:sound=yes`.
        public var sound: Bool
        /// `tactile_paving=yes`.
        public var tactilePaving: Bool
        /// `button_operated=yes`.
        public var button: Bool
        /// `crossing=marked|zebra|uncontrolled` (or `crossing:markings` other than `no`).
        public var marked: Bool

        public init(
            signals: Bool = false, sound: Bool = false, tactilePaving: Bool = false, button: Bool = false,
            marked: Bool = false
        ) {
            self.signals = signals
            self.sound = sound
            self.tactilePaving = tactilePaving
            self.button = button
            self.marked = marked
        }
    }

    /// A node where ways meet or end.
    public struct Vertex: Equatable, Sendable {
        /// The OpenStreetMap node's id.
        public var id: Int64
        public var coordinate: Coordinate
        /// Its facts when it is a crossing.
        public var crossing: Crossing?
        /// What it is in the whole network, when the reader knows (a place store does): a
        /// piece read about a point may hold only some of a vertex's edges.
        public var kind: VertexKind?

        public init(id: Int64, coordinate: Coordinate, crossing: Crossing? = nil, kind: VertexKind? = nil) {
            self.id = id
            self.coordinate = coordinate
            self.crossing = crossing
            self.kind = kind
        }
    }

    /// A crossing node inside an edge (not a vertex): a place to cross the road the edge is
    /// part of, where no footway across it is mapped.
    public struct CrossingPoint: Equatable, Sendable {
        /// The OpenStreetMap node's id.
        public var id: Int64
        public var coordinate: Coordinate
        /// Metres along the edge from its `from` end.
        public var along: Double
        public var crossing: Crossing

        public init(id: Int64, coordinate: Coordinate, along: Double, crossing: Crossing) {
            self.id = id
            self.coordinate = coordinate
            self.along = along
            self.crossing = crossing
        }
    }

    /// A piece of one way between two vertices, with its shape.
    public struct Edge: Equatable, Sendable {
        /// Its ends, as indices into `vertices`.
        public var from: Int
        public var to: Int
        public var road: Road
        /// Its shape from `from` to `to`, both ends included.
        public var points: [Coordinate]
        /// The crossing nodes between its ends, in order from `from`.
        public var crossings: [CrossingPoint]

        public init(from: Int, to: Int, road: Road, points: [Coordinate], crossings: [CrossingPoint] = []) {
            self.from = from
            self.to = to
            self.road = road
            self.points = points
            self.crossings = crossings
        }

        /// Its length in metres, along its shape.
        public var length: Double {
            zip(points, points.dropFirst()).reduce(0) { $0 + $1.0.distance(to: $1.1) }
        }
    }

    public var vertices: [Vertex]
    public var edges: [Edge]
    /// The edges at each vertex, by index: built once.
    private var incident: [[Int]]

    public init(vertices: [Vertex] = [], edges: [Edge] = []) {
        self.vertices = vertices
        self.edges = edges
        var incident = Array(repeating: [Int](), count: vertices.count)
        for (index, edge) in edges.enumerated() {
            incident[edge.from].append(index)
            if edge.to != edge.from { incident[edge.to].append(index) }
        }
        self.incident = incident
    }

    public static func == (lhs: StreetNetwork, rhs: StreetNetwork) -> Bool {
        lhs.vertices == rhs.vertices && lhs.edges == rhs.edges
    }

    public var isEmpty: Bool { edges.isEmpty }

    /// The edges that meet at `vertex`.
    public func edges(at vertex: Int) -> [Int] { incident[vertex] }

    /// The vertex at the other end of `edge` from `vertex`.
    public func otherEnd(of edge: Int, from vertex: Int) -> Int {
        edges[edge].from == vertex ? edges[edge].to : edges[edge].from
    }

    /// What kind of decision point a vertex is, by the rule of docs/position.md: where roads
    /// of two different names meet, or three or more edges of any name or none, it is an
    /// intersection (a roundabout's when one of them is a roundabout); where one edge ends, a
    /// dead end.
    public enum VertexKind: Equatable, Sendable {
        case intersection
        case roundabout
        case deadEnd
        /// A way's node where the same road goes on (or two unnamed ways of one kind meet).
        case through
    }

    /// What `vertex` is to a walker: as the reader said, else from the edges here.
    public func kind(of vertex: Int) -> VertexKind {
        if let known = vertices[vertex].kind { return known }
        let meeting = incident[vertex]
        if meeting.count <= 1 { return .deadEnd }
        let roads = meeting.map { edges[$0].road }
        let names = Set(roads.compactMap(\.name).filter { !$0.isEmpty })
        guard meeting.count >= 3 || names.count >= 2 else { return .through }
        return roads.contains(where: \.isRoundabout) ? .roundabout : .intersection
    }

    /// Where a point lies against the network: the nearest edge, how far it is, and how far
    /// along the edge (metres from its `from` end) the nearest point of it is.
    public struct Placement: Equatable, Sendable {
        public var edge: Int
        public var distance: Double
        public var along: Double
        /// The bearing of the edge's segment there, from `from` towards `to`.
        public var bearing: Double
    }

    /// The edge nearest `point` within `radius` metres, at a segment `accepts` takes (given the
    /// edge and the segment's bearing): distances on a plane tangent at the point, exact enough
    /// within a few hundred metres. Given a direction of `travel`, of segments as near as each
    /// other (within half a metre: at a node, every way there is 0 m away) the one whose end
    /// the point has come furthest along towards is taken: standing on a corner, you are on the
    /// way you came by, not yet on the one you may go on by.
    public func placement(
        of point: Coordinate, within radius: Double = .infinity, travel: Double? = nil,
        where accepts: (_ edge: Edge, _ bearing: Double) -> Bool = { _, _ in true }
    ) -> Placement? {
        var best: (placement: Placement, progress: Double)?
        let plane = TangentPlane(at: point)
        for (index, edge) in edges.enumerated() {
            var walked = 0.0
            for (a, b) in zip(edge.points, edge.points.dropFirst()) {
                let (distance, fraction) = plane.project(onto: a, b)
                let segment = a.distance(to: b)
                let bearing = segment > 0 ? a.bearing(to: b) : 0
                defer { walked += segment }
                guard distance <= radius, accepts(edge, bearing) else { continue }
                let progress = travel.map { Self.isAlong(bearing, $0) ? fraction : 1 - fraction } ?? 0
                if let known = best {
                    let nearer = distance < known.placement.distance - Self.tie
                    let asNear = abs(distance - known.placement.distance) <= Self.tie
                    guard
                        nearer
                            || (asNear
                                && (progress > known.progress || travel == nil && distance < known.placement.distance))
                    else { continue }
                }
                best = (
                    Placement(edge: index, distance: distance, along: walked + fraction * segment, bearing: bearing),
                    progress
                )
            }
        }
        return best?.placement
    }

    /// Segments nearer each other than this, in metres, are as near.
    static let tie = 0.5

    /// Whether a segment of `bearing` runs with `travel` (within 90 degrees) rather than against it.
    static func isAlong(_ bearing: Double, _ travel: Double) -> Bool {
        var angle = (bearing - travel).truncatingRemainder(dividingBy: 360)
        if angle < 0 { angle += 360 }
        return angle <= 90 || angle >= 270
    }

    /// Metres from `point` to the segment `a`-`b`, and the fraction of the way from `a` to `b`
    /// of its nearest point, on the plane tangent at `point`.
    public static func project(_ point: Coordinate, onto a: Coordinate, _ b: Coordinate) -> (Double, Double) {
        TangentPlane(at: point).project(onto: a, b)
    }

    /// The bearing at which `edge` leaves `vertex`: towards its point about `reach` metres
    /// along (a short first segment says little of where a road goes).
    public func bearing(leaving vertex: Int, along edge: Int, reach: Double = 15) -> Double {
        let shape = edges[edge].from == vertex ? edges[edge].points : edges[edge].points.reversed()
        guard let start = shape.first else { return 0 }
        var walked = 0.0
        for (a, b) in zip(shape, shape.dropFirst()) {
            walked += a.distance(to: b)
            if walked >= reach { return start.bearing(to: b) }
        }
        return start.bearing(to: shape.last ?? start)
    }
}

/// A street or an intersection a name gave (`set at Mannerheimintie`, `set at Aleksanterinkatu
/// and Mikonkatu`): its names as the data spells them (one, or the two that meet) and the point
/// taken.
public struct NamedStreet: Equatable, Sendable {
    public var names: [String]
    public var coordinate: Coordinate

    public init(names: [String], coordinate: Coordinate) {
        self.names = names
        self.coordinate = coordinate
    }

    /// Whether it is the meeting of two streets.
    public var isIntersection: Bool { names.count > 1 }
}
