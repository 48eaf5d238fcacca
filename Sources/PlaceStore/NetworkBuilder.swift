import PlaceData

/// The walking network of an extract, built from its walkable ways (`OSMCalls.Walkway`) as the
/// import reads them: the rules are in docs/place-store.md ("The walking network").
///
/// A way's nodes are taken in order, a node repeated at once counted once; a node missing from
/// the extract cuts the way into pieces (no segment is made across the gap), and a piece of one
/// node is dropped. A node is a **vertex** when it ends a piece, or when the pieces of all ways
/// pass through it twice or more (two ways meeting, or one way crossing itself). An **edge** is
/// the stretch of a piece between two vertices. A vertex's **degree** is how many edge ends it
/// holds (a loop's two); it is an **intersection** when its degree is 3 or more or its edges
/// carry two or more different names, a **dead end** when its degree is 1, and on a
/// **roundabout** when one of its edges is `junction=roundabout`.
struct NetworkBuilder {
    /// A walkable way's facts, shared by its edges: the way as read, its name and ref cleaned,
    /// without its nodes (the edges hold their stretches).
    typealias Way = OSMCalls.Walkway

    struct Vertex {
        var node: Int64
        var latitude: Double
        var longitude: Double
        var degree = 0
        var isRoundabout = false
        var isCrossing = false
        /// The different names of its edges, and the kinds of its unnamed edges, sorted.
        var names: [String] = []
        var unnamedKinds: [String] = []

        var isIntersection: Bool { degree >= 3 || names.count >= 2 }
        var isDeadEnd: Bool { degree == 1 }
    }

    struct Edge {
        /// Indices into `vertices` and `ways`.
        var from: Int
        var to: Int
        var way: Int
        var points: [(latitude: Double, longitude: Double)]
        /// Metres along its points.
        var length: Double
    }

    private(set) var ways: [Way] = []
    private(set) var vertices: [Vertex] = []
    private(set) var edges: [Edge] = []
    private(set) var crossings: [OSMCalls.Crossing] = []
    /// For each crossing: the vertex it is (an index into `vertices`), and whether a walkable
    /// way passes through it.
    private(set) var crossingVertices: [Int?] = []
    private(set) var crossingsOnWays: [Bool] = []
    private(set) var counts = NetworkCounts()

    /// The pieces read so far: their nodes and locations, flattened, each piece a range of them
    /// with its way.
    private var nodes: [Int64] = []
    private var points: [(latitude: Double, longitude: Double)] = []
    private var pieces: [(range: Range<Int>, way: Int)] = []
    /// How many times the pieces pass through each node.
    private var passes: [Int64: Int32] = [:]

    /// Adds a walkable way.
    mutating func add(_ walkway: OSMCalls.Walkway) {
        counts.walkableWays += 1
        var name = ""
        if !walkway.name.isEmpty {
            name = OSMTagging.cleaned(walkway.name) ?? ""
            if name != walkway.name { counts.namesCleaned += 1 }
        }
        var way = walkway
        (way.name, way.ref, way.nodes, way.points) = (name, OSMTagging.cleaned(walkway.ref) ?? "", [], [])
        var start = nodes.count
        var missing = false
        var kept = false
        var seen = Set<Int64>()
        var crossesItself = false
        func endPiece() {
            if nodes.count - start >= 2 {
                pieces.append((start..<nodes.count, ways.count))
                kept = true
            } else {
                nodes.removeSubrange(start...)
                points.removeSubrange(start...)
            }
            start = nodes.count
        }
        for (node, point) in zip(walkway.nodes, walkway.points) {
            guard let point else {
                missing = true
                endPiece()
                continue
            }
            if nodes.count > start, nodes[nodes.count - 1] == node { continue }
            if !seen.insert(node).inserted { crossesItself = true }
            nodes.append(node)
            points.append(point)
        }
        endPiece()
        if missing { counts.waysWithMissingNodes += 1 }
        if crossesItself { counts.waysCrossingThemselves += 1 }
        guard kept else {
            counts.waysWithoutEdge += 1
            return
        }
        for piece in pieces.reversed() {
            guard piece.way == ways.count else { break }
            for index in piece.range { passes[nodes[index], default: 0] += 1 }
        }
        ways.append(way)
    }

    /// Adds a crossing node.
    mutating func add(_ crossing: OSMCalls.Crossing) {
        crossings.append(crossing)
    }

    /// Makes the vertices and edges of the ways added; the pieces are freed.
    mutating func build() {
        var vertexOf: [Int64: Int] = [:]
        func isVertex(_ index: Int, in range: Range<Int>) -> Bool {
            index == range.lowerBound || index == range.upperBound - 1 || (passes[nodes[index]] ?? 0) >= 2
        }
        func vertex(_ index: Int) -> Int {
            let node = nodes[index]
            if let known = vertexOf[node] { return known }
            vertexOf[node] = vertices.count
            vertices.append(Vertex(node: node, latitude: points[index].latitude, longitude: points[index].longitude))
            return vertices.count - 1
        }
        for piece in pieces {
            var from = piece.range.lowerBound
            for index in piece.range.dropFirst() where isVertex(index, in: piece.range) {
                let line = Array(points[from...index])
                edges.append(
                    Edge(
                        from: vertex(from), to: vertex(index), way: piece.way, points: line,
                        length: Self.length(line)))
                from = index
            }
        }
        crossingVertices = crossings.map { vertexOf[$0.id] }
        crossingsOnWays = crossings.map { passes[$0.id] != nil }
        nodes = []
        points = []
        pieces = []
        passes = [:]
        var names = [Set<String>](repeating: [], count: vertices.count)
        var kinds = [Set<String>](repeating: [], count: vertices.count)
        for edge in edges {
            let way = ways[edge.way]
            for end in [edge.from, edge.to] {
                vertices[end].degree += 1
                if way.roundabout { vertices[end].isRoundabout = true }
                if way.name.isEmpty { kinds[end].insert(way.kind) } else { names[end].insert(way.name) }
            }
        }
        let crossingNodes = Set(crossings.map(\.id))
        for index in vertices.indices {
            vertices[index].names = names[index].sorted()
            vertices[index].unnamedKinds = kinds[index].sorted()
            vertices[index].isCrossing = crossingNodes.contains(vertices[index].node)
        }
        counts.vertices = vertices.count
        counts.edges = edges.count
        counts.intersections = vertices.count { $0.isIntersection }
        counts.deadEnds = vertices.count { $0.isDeadEnd }
        counts.crossings = crossings.count
        counts.largestDegree = vertices.map(\.degree).max() ?? 0
    }

    /// Metres along `points`, each step measured on the sphere (`Coordinate.distance`).
    static func length(_ points: [(latitude: Double, longitude: Double)]) -> Double {
        zip(points, points.dropFirst()).reduce(0) { total, step in
            total
                + Coordinate(latitude: step.0.latitude, longitude: step.0.longitude).distance(
                    to: Coordinate(latitude: step.1.latitude, longitude: step.1.longitude))
        }
    }
}

/// What the network was made of and what was left out or changed, for the import's report.
public struct NetworkCounts: Equatable, Sendable {
    /// Walkable ways read, and those that gave no edge (no two located nodes in a row).
    public var walkableWays = 0
    public var waysWithoutEdge = 0
    /// Ways with a node missing from the extract (cut at the gap), and ways passing through
    /// one node twice or more, not at once (crossing themselves, or closed).
    public var waysWithMissingNodes = 0
    public var waysCrossingThemselves = 0
    /// Names that cleaning changed: cut to the longest a name may be, or stripped of control
    /// and invisible characters.
    public var namesCleaned = 0
    public var vertices = 0
    public var edges = 0
    public var intersections = 0
    public var deadEnds = 0
    public var crossings = 0
    /// The most edge ends at one vertex.
    public var largestDegree = 0

    public init() {}
}
