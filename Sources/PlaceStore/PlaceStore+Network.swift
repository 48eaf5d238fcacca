import Foundation
import PlaceData

/// The walking network's prepared statements, kept for the store's life.
final class NetworkStatements {
    let cellRows: SQLiteStatement
    let vertexPoints: SQLiteStatement
    let vertex: SQLiteStatement
    let edgesOfVertex: SQLiteStatement
    let edgesInBox: SQLiteStatement
    let edgeRowsInBox: SQLiteStatement
    let edgesWithEndsOfVertex: SQLiteStatement
    let edge: SQLiteStatement
    let crossing: SQLiteStatement
    let crossingsInsideEdgesInBox: SQLiteStatement
    /// The edges whose boxes meet a box, with what a route needs of each and its ends alone
    /// (`PlaceStore+Route`): a route's piece is read a hundred times wider than a corner's.
    let routeEdgesInBox: SQLiteStatement
    /// The edges whose boxes meet a box, and `edgesOfVertex`, with the rows of both ends' vertices joined
    /// (`endColumns`): `network(around:radius:)` reads a piece in a query a corner, not a
    /// query a vertex as well.

    static let vertexColumns = "id, node, latitude, longitude, degree, flags, names, kinds"
    static let edgeColumns = """
        e.id, e.a, e.b, e.points, e.length, w.osm_id, w.name, w.ref, w.kind, w.sidewalk, w.footway, w.flags
        """
    /// The edge's columns, then each end's vertex columns: an edge with its ends in one row.
    static let edgeWithEndsColumns = [edgeColumns, vertexColumns(of: "va"), vertexColumns(of: "vb")].joined(
        separator: ", ")

    /// `vertexColumns` of the table called `alias` in a join.
    static func vertexColumns(of alias: String) -> String {
        vertexColumns.split(separator: ",").map { "\(alias)." + $0.trimmingCharacters(in: .whitespaces) }
            .joined(separator: ", ")
    }
    /// Where an edge row's ends begin (`edgeWithEndsColumns`).
    static let fromColumn: Int32 = 12
    static let toColumn: Int32 = 20
    static let crossingColumns = """
        node, latitude, longitude, vertex, on_way, crossing, signals, tactile_paving, button_operated, sound,
        traffic_signals
        """

    init(_ database: SQLiteDatabase) throws(SQLiteError) {
        cellRows = try database.prepare(
            "SELECT min(first), max(last) FROM vertex_cells WHERE cell BETWEEN ?1 AND ?2")
        vertexPoints = try database.prepare(
            "SELECT id, latitude, longitude, flags FROM vertices WHERE id BETWEEN ?1 AND ?2")
        vertex = try database.prepare("SELECT \(Self.vertexColumns) FROM vertices WHERE id = ?1")
        edgesOfVertex = try database.prepare(
            """
            SELECT \(Self.edgeColumns) FROM edges e JOIN ways w ON w.id = e.way WHERE e.a = ?1
            UNION ALL
            SELECT \(Self.edgeColumns) FROM edges e JOIN ways w ON w.id = e.way WHERE e.b = ?1 AND e.a != ?1
            """)
        edgesInBox = try database.prepare(
            """
            SELECT e.id, e.points FROM edges_index r JOIN edges e ON e.id = r.id
            WHERE r.max_latitude >= ?1 AND r.min_latitude <= ?2 AND r.max_longitude >= ?3 AND r.min_longitude <= ?4
            """)
        let ends = "JOIN vertices va ON va.id = e.a JOIN vertices vb ON vb.id = e.b"
        edgeRowsInBox = try database.prepare(
            """
            SELECT \(Self.edgeWithEndsColumns) FROM edges_index r JOIN edges e ON e.id = r.id
            JOIN ways w ON w.id = e.way \(ends)
            WHERE r.max_latitude >= ?1 AND r.min_latitude <= ?2 AND r.max_longitude >= ?3 AND r.min_longitude <= ?4
            """)
        edgesWithEndsOfVertex = try database.prepare(
            """
            SELECT \(Self.edgeWithEndsColumns) FROM edges e JOIN ways w ON w.id = e.way \(ends) WHERE e.a = ?1
            UNION ALL
            SELECT \(Self.edgeWithEndsColumns) FROM edges e JOIN ways w ON w.id = e.way \(ends)
            WHERE e.b = ?1 AND e.a != ?1
            """)
        edge = try database.prepare(
            "SELECT \(Self.edgeColumns) FROM edges e JOIN ways w ON w.id = e.way WHERE e.id = ?1")
        routeEdgesInBox = try database.prepare(
            """
            SELECT e.a, e.b, e.points, w.name, w.ref, w.kind, w.footway, w.flags, va.node, va.latitude, va.longitude,
            vb.node, vb.latitude, vb.longitude
            FROM edges_index r JOIN edges e ON e.id = r.id JOIN ways w ON w.id = e.way \(ends)
            WHERE r.max_latitude >= ?1 AND r.min_latitude <= ?2 AND r.max_longitude >= ?3 AND r.min_longitude <= ?4
            """)
        crossing = try database.prepare("SELECT \(Self.crossingColumns) FROM crossings WHERE node = ?1")
        // The terms of the partial index `crossings_inside` (`StoreSchema.networkIndexes`), so
        // that it is used; a store made before it had the index reads the table through.
        crossingsInsideEdgesInBox = try database.prepare(
            """
            SELECT \(Self.crossingColumns) FROM crossings
            WHERE vertex IS NULL AND on_way = 1 AND latitude BETWEEN ?1 AND ?2 AND longitude BETWEEN ?3 AND ?4
            """)
    }
}

extension PlaceStore {
    /// The nearest `limit` intersections within `radius` metres of `point`, nearest first, with
    /// their distances. Reads the vertices of the cells about the point, a range of rows a strip,
    /// in a circle four times wider each time until it holds `limit` (`StoreSchema.networkTables`).
    public func nearestIntersections(to point: Coordinate, limit: Int = 1, within radius: Double = 1_000) -> [(
        vertex: NetworkVertex, distance: Double
    )] {
        guard limit > 0 else { return [] }
        var found: [(id: Int64, distance: Double)] = []
        var reach = min(radius, 100)
        locked {
            while true {
                found = []
                for (first, last) in vertexRows(around: point, radius: reach) {
                    network.vertexPoints.forEachRow(first, last) { row in
                        guard row.int64(3) & StoreSchema.VertexFlag.intersection != 0 else { return }
                        let distance = point.distance(
                            to: Coordinate(latitude: row.double(1), longitude: row.double(2)))
                        if distance <= reach { found.append((row.int64(0), distance)) }
                    }
                }
                if found.count >= limit || reach >= radius { break }
                reach = min(radius, reach * 4)
            }
        }
        found.sort { ($0.distance, $0.id) < ($1.distance, $1.id) }
        return found.prefix(limit).compactMap { item in vertex(item.id).map { ($0, item.distance) } }
    }

    /// The vertex numbered `id`, or nil.
    public func vertex(_ id: Int64) -> NetworkVertex? {
        var vertex: NetworkVertex?
        locked { try? network.vertex.forEachRow([.integer(id)]) { vertex = Self.vertex($0) } }
        return vertex
    }

    /// The edges that meet at the vertex `id` (a loop once), each as it is stored: `from` is
    /// not necessarily `id`.
    public func edges(of id: Int64) -> [NetworkEdge] {
        var edges: [NetworkEdge] = []
        locked { try? network.edgesOfVertex.forEachRow([.integer(id)]) { edges.append(Self.edge($0)) } }
        return edges
    }

    /// The edge nearest `point` within `radius` metres, and its distance: the R*Tree of the
    /// edges' boxes, in a box four times wider each time until one holds an edge.
    public func nearestEdge(to point: Coordinate, within radius: Double = StreetIndex.reach) -> (
        edge: NetworkEdge, distance: Double
    )? {
        var best: (id: Int64, distance: Double)?
        var reach = min(radius, 25)
        locked {
            while true {
                try? network.edgesInBox.forEachRow(Self.degrees(around: point, radius: reach).map { .real($0) }) {
                    row in
                    let points = StreetIndex.points(row.bytes(1))
                    let pairs = points.count == 1 ? [(points[0], points[0])] : Array(zip(points, points.dropFirst()))
                    for (from, to) in pairs {
                        let distance = StreetIndex.distance(from: point, to: from, to)
                        if distance <= reach, distance < best?.distance ?? .infinity { best = (row.int64(0), distance) }
                    }
                }
                if best != nil || reach >= radius { break }
                reach = min(radius, reach * 4)
            }
        }
        guard let best else { return nil }
        var edge: NetworkEdge?
        locked { try? network.edge.forEachRow([.integer(best.id)]) { edge = Self.edge($0) } }
        return edge.map { ($0, best.distance) }
    }

    /// The crossing at the node `node`, or nil.
    public func crossing(at node: Int64) -> NetworkCrossing? {
        var crossing: NetworkCrossing?
        locked { try? network.crossing.forEachRow([.integer(node)]) { crossing = Self.crossing($0) } }
        return crossing
    }

    /// The walking network about `point`, as the core reads it: every edge whose box comes
    /// within `radius` metres, their vertices with the kind the import gave each (so that a
    /// vertex at the piece's rim keeps it), every edge of each decision point among them (so
    /// that a corner's roads are all there), and the crossings' facts, those inside edges kept
    /// on their edges; its sidewalks and crossings paired with their roads
    /// (`StreetNetwork.pairingFootways`). Empty when the store has no network.
    public func network(around point: Coordinate, radius: Double) -> PlaceData.StreetNetwork {
        BenchSlowdown.twice { network(in: BoundingBox(around: point, radius: radius), withCorners: true) }
    }

    /// The walking network in `box`, as the `map` picture draws it: every edge whose box meets
    /// it (the R*Tree of the edges' boxes), their vertices with their kinds, and the crossings'
    /// facts, those inside edges kept on their edges. Empty when the store has no network.
    public func network(in box: BoundingBox) -> PlaceData.StreetNetwork {
        network(in: box, withCorners: false)
    }

    /// The edges whose box meets `box` and their vertices; `withCorners` adds every edge of
    /// each decision point among those vertices (an intersection, a roundabout).
    private func network(in box: BoundingBox, withCorners: Bool) -> PlaceData.StreetNetwork {
        var edges: [Int64: NetworkEdge] = [:]
        var order: [Int64] = []
        var vertices: [Int64: NetworkVertex] = [:]
        var crossings: [Int64: NetworkCrossing] = [:]
        // One row an edge, its ends in it; a statement more for each corner's edges and for each
        // crossing's facts.
        locked {
            func take(_ row: SQLiteStatement) {
                let edge = Self.edge(row)
                guard edges[edge.id] == nil else { return }
                edges[edge.id] = edge
                order.append(edge.id)
                for column in [NetworkStatements.fromColumn, NetworkStatements.toColumn] {
                    let end = Self.vertex(row, from: column)
                    guard vertices[end.id] == nil else { continue }
                    vertices[end.id] = end
                    if end.isCrossing {
                        try? network.crossing.forEachRow([.integer(end.node)]) { crossings[end.id] = Self.crossing($0) }
                    }
                }
            }
            try? network.edgeRowsInBox.forEachRow(Self.degrees(box).map { .real($0) }) { take($0) }
            for id in order where withCorners {
                guard let edge = edges[id] else { continue }
                for end in [edge.from, edge.to] {
                    guard let found = vertices[end], found.isIntersection || found.isRoundabout else { continue }
                    try? network.edgesWithEndsOfVertex.forEachRow([.integer(end)]) { take($0) }
                }
            }
        }
        var index: [Int64: Int] = [:]
        var pieceVertices: [PlaceData.StreetNetwork.Vertex] = []
        for (id, found) in vertices.sorted(by: { $0.key < $1.key }) {
            index[id] = pieceVertices.count
            let kind: PlaceData.StreetNetwork.VertexKind =
                found.isDeadEnd
                ? .deadEnd
                : found.isIntersection ? (found.isRoundabout ? .roundabout : .intersection) : .through
            pieceVertices.append(
                PlaceData.StreetNetwork.Vertex(
                    id: found.node, coordinate: found.coordinate, crossing: crossings[id].map(Self.facts), kind: kind))
        }
        let pieceEdges = order.compactMap { id -> PlaceData.StreetNetwork.Edge? in
            guard let edge = edges[id], let from = index[edge.from], let to = index[edge.to] else { return nil }
            let road = PlaceData.StreetNetwork.Road(
                name: edge.name.isEmpty ? nil : edge.name, ref: edge.ref.isEmpty ? nil : edge.ref, kind: edge.kind,
                footway: PlaceData.StreetNetwork.Road.Footway(rawValue: edge.footway), isRoundabout: edge.isRoundabout)
            return PlaceData.StreetNetwork.Edge(from: from, to: to, road: road, points: edge.points)
        }
        let piece = PlaceData.StreetNetwork(vertices: pieceVertices, edges: pieceEdges)
            .placingCrossings(crossingsInside(pieceEdges))
        return withCorners ? piece.pairingFootways() : piece
    }

    /// The crossing nodes that are no vertex but lie on a walkable way, within the box of
    /// `edges`' points (`StreetNetwork.placingCrossings` keeps those on the edges' points).
    private func crossingsInside(_ edges: [PlaceData.StreetNetwork.Edge]) -> [(
        id: Int64, coordinate: Coordinate, crossing: PlaceData.StreetNetwork.Crossing
    )] {
        let points = edges.flatMap(\.points)
        guard let first = points.first else { return [] }
        var box = [first.latitude, first.latitude, first.longitude, first.longitude]
        for point in points {
            box = [
                min(box[0], point.latitude), max(box[1], point.latitude), min(box[2], point.longitude),
                max(box[3], point.longitude),
            ]
        }
        var found: [(id: Int64, coordinate: Coordinate, crossing: PlaceData.StreetNetwork.Crossing)] = []
        locked {
            try? network.crossingsInsideEdgesInBox.forEachRow(box.map { .real($0) }) { row in
                let crossing = Self.crossing(row)
                found.append((crossing.node, crossing.coordinate, Self.facts(crossing)))
            }
        }
        return found
    }

    /// A crossing's facts as they are said: signals (`crossing=traffic_signals`,
    /// `crossing:signals=yes` or a `highway=traffic_signals` node), sound, tactile paving, a
    /// button, and markings (`crossing=marked|zebra|uncontrolled`).
    static func facts(_ crossing: NetworkCrossing) -> PlaceData.StreetNetwork.Crossing {
        PlaceData.StreetNetwork.Crossing(
            signals: crossing.crossing == "traffic_signals" || crossing.signals == "yes" || crossing.hasTrafficSignals,
            sound: crossing.sound == "yes", tactilePaving: crossing.tactilePaving == "yes",
            button: crossing.buttonOperated == "yes",
            marked: ["marked", "zebra", "uncontrolled"].contains(crossing.crossing))
    }

    /// Every vertex, or every intersection, in the store's order (for tests and tools).
    func vertices(intersectionsOnly: Bool) -> [NetworkVertex] {
        var vertices: [NetworkVertex] = []
        let filter = intersectionsOnly ? "WHERE flags & \(StoreSchema.VertexFlag.intersection) != 0" : ""
        locked {
            try? database.prepare("SELECT \(NetworkStatements.vertexColumns) FROM vertices \(filter) ORDER BY id")
                .forEachRow([]) { vertices.append(Self.vertex($0)) }
        }
        return vertices
    }

    /// Every crossing, by node.
    func crossings() -> [NetworkCrossing] {
        var crossings: [NetworkCrossing] = []
        locked {
            try? database.prepare("SELECT \(NetworkStatements.crossingColumns) FROM crossings ORDER BY node")
                .forEachRow([]) { crossings.append(Self.crossing($0)) }
        }
        return crossings
    }

    // MARK: Rows

    /// The ranges of vertex rows of the cells of the box about a circle, one a strip. Inside
    /// `locked`.
    private func vertexRows(around point: Coordinate, radius: Double) -> [(Int64, Int64)] {
        let box = Self.degrees(around: point, radius: radius)
        let west = Cell.column(box[2])
        let east = Cell.column(box[3])
        var ranges: [(Int64, Int64)] = []
        for strip in Cell.row(box[0])...Cell.row(box[1]) {
            try? network.cellRows.forEachRow([
                .integer(strip << Cell.columnBits | west), .integer(strip << Cell.columnBits | east),
            ]) { row in
                if !row.isNull(0) { ranges.append((row.int64(0), row.int64(1))) }
            }
        }
        return ranges
    }

    /// South, north, west and east of a circle, a little wide, as the statements bind them.
    private static func degrees(around point: Coordinate, radius: Double) -> [Double] {
        degrees(BoundingBox(around: point, radius: radius))
    }

    /// South, north, west and east of `box`, as the statements bind them.
    private static func degrees(_ box: BoundingBox) -> [Double] {
        [box.south, box.north, box.west, box.east]
    }

    private static func list(_ text: String?) -> [String] {
        text.map { $0.split(separator: StoreSchema.listSeparator).map(String.init) } ?? []
    }

    /// A vertex from `NetworkStatements.vertexColumns`, beginning at column `first`.
    static func vertex(_ row: SQLiteStatement, from first: Int32 = 0) -> NetworkVertex {
        let flags = row.int64(first + 5)
        return NetworkVertex(
            id: row.int64(first), node: row.int64(first + 1),
            coordinate: Coordinate(latitude: row.double(first + 2), longitude: row.double(first + 3)),
            degree: Int(row.int64(first + 4)), isIntersection: flags & StoreSchema.VertexFlag.intersection != 0,
            isDeadEnd: flags & StoreSchema.VertexFlag.deadEnd != 0,
            isRoundabout: flags & StoreSchema.VertexFlag.roundabout != 0,
            isCrossing: flags & StoreSchema.VertexFlag.crossing != 0, names: list(row.text(first + 6)),
            unnamedKinds: list(row.text(first + 7)))
    }

    private static func edge(_ row: SQLiteStatement) -> NetworkEdge {
        let flags = row.int64(11)
        return NetworkEdge(
            id: row.int64(0), from: row.int64(1), to: row.int64(2),
            points: StreetIndex.points(row.bytes(3)).map { Coordinate(latitude: $0.latitude, longitude: $0.longitude) },
            length: row.double(4), wayID: row.int64(5), name: row.text(6) ?? "", ref: row.text(7) ?? "",
            kind: row.text(8) ?? "", sidewalk: row.text(9) ?? "", footway: row.text(10) ?? "",
            isOneway: flags & StoreSchema.WayFlag.oneway != 0, isRoundabout: flags & StoreSchema.WayFlag.roundabout != 0
        )
    }

    private static func crossing(_ row: SQLiteStatement) -> NetworkCrossing {
        NetworkCrossing(
            node: row.int64(0), coordinate: Coordinate(latitude: row.double(1), longitude: row.double(2)),
            vertex: row.isNull(3) ? nil : row.int64(3), isOnWay: row.int64(4) != 0, crossing: row.text(5) ?? "",
            signals: row.text(6) ?? "", tactilePaving: row.text(7) ?? "", buttonOperated: row.text(8) ?? "",
            sound: row.text(9) ?? "", hasTrafficSignals: row.int64(10) != 0)
    }
}
