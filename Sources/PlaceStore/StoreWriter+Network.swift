extension StoreWriter {
    /// Writes the walking network (`StoreSchema.networkTables`), before `finish`: the ways, the
    /// vertices in the order of their cells, the edges in the order of their first vertex, the
    /// crossings, then the edges' indexes.
    func addNetwork(_ network: NetworkBuilder) throws(StoreProblem) {
        try flush()
        guard let database else { return }
        do throws(SQLiteError) {
            let way = try database.prepare(
                "INSERT INTO ways(id, osm_id, name, ref, kind, flags, sidewalk, footway) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)"
            )
            for (index, item) in network.ways.enumerated() {
                let flags =
                    (item.oneway ? StoreSchema.WayFlag.oneway : 0)
                    | (item.roundabout ? StoreSchema.WayFlag.roundabout : 0)
                try way.run([
                    .integer(Int64(index + 1)), .integer(item.id), .optional(item.name.isEmpty ? nil : item.name),
                    .optional(item.ref.isEmpty ? nil : item.ref), .text(item.kind), .integer(flags),
                    .optional(item.sidewalk.isEmpty ? nil : item.sidewalk),
                    .optional(item.footway.isEmpty ? nil : item.footway),
                ])
            }
            // The vertices in the order of their cells, numbered from 1 in it.
            let cells = network.vertices.map { Cell.key(latitude: $0.latitude, longitude: $0.longitude) }
            let order = network.vertices.indices.sorted {
                (cells[$0], network.vertices[$0].node) < (cells[$1], network.vertices[$1].node)
            }
            var row = [Int64](repeating: 0, count: order.count)
            for (position, index) in order.enumerated() { row[index] = Int64(position + 1) }
            let vertex = try database.prepare(
                """
                INSERT INTO vertices(id, node, latitude, longitude, degree, flags, names, kinds)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
                """)
            let cell = try database.prepare("INSERT INTO vertex_cells(cell, first, last) VALUES (?1, ?2, ?3)")
            let separator = String(StoreSchema.listSeparator)
            var run: (cell: Int64, first: Int64)?
            for index in order {
                let item = network.vertices[index]
                var flags: Int64 = 0
                if item.isIntersection { flags |= StoreSchema.VertexFlag.intersection }
                if item.isDeadEnd { flags |= StoreSchema.VertexFlag.deadEnd }
                if item.isRoundabout { flags |= StoreSchema.VertexFlag.roundabout }
                if item.isCrossing { flags |= StoreSchema.VertexFlag.crossing }
                try vertex.run([
                    .integer(row[index]), .integer(item.node), .real(item.latitude), .real(item.longitude),
                    .integer(Int64(item.degree)), .integer(flags),
                    .optional(item.names.isEmpty ? nil : item.names.joined(separator: separator)),
                    .optional(item.unnamedKinds.isEmpty ? nil : item.unnamedKinds.joined(separator: separator)),
                ])
                if let current = run, current.cell != cells[index] {
                    try cell.run([.integer(current.cell), .integer(current.first), .integer(row[index] - 1)])
                    run = nil
                }
                if run == nil { run = (cells[index], row[index]) }
            }
            if let current = run {
                try cell.run([.integer(current.cell), .integer(current.first), .integer(Int64(order.count))])
            }
            let edge = try database.prepare(
                "INSERT INTO edges(id, a, b, way, length, points) VALUES (?1, ?2, ?3, ?4, ?5, ?6)")
            let box = try database.prepare("INSERT INTO edges_index VALUES (?1, ?2, ?3, ?4, ?5)")
            let edges = network.edges.sorted {
                (min(row[$0.from], row[$0.to]), max(row[$0.from], row[$0.to]))
                    < (min(row[$1.from], row[$1.to]), max(row[$1.from], row[$1.to]))
            }
            for (index, item) in edges.enumerated() {
                let id = Int64(index + 1)
                try edge.run([
                    .integer(id), .integer(row[item.from]), .integer(row[item.to]), .integer(Int64(item.way + 1)),
                    .real(item.length), .blob(StreetIndex.bytes(item.points)),
                ])
                let latitudes = item.points.map(\.latitude)
                let longitudes = item.points.map(\.longitude)
                try box.run([
                    .integer(id), .real(latitudes.min()!), .real(latitudes.max()!), .real(longitudes.min()!),
                    .real(longitudes.max()!),
                ])
            }
            let crossing = try database.prepare(
                """
                INSERT OR IGNORE INTO crossings(node, latitude, longitude, vertex, on_way, crossing, signals,
                tactile_paving, button_operated, sound, traffic_signals)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)
                """)
            for (index, item) in network.crossings.enumerated() {
                func text(_ value: String) -> SQLiteValue { value.isEmpty ? .null : .text(value) }
                try crossing.run([
                    .integer(item.id), .real(item.latitude), .real(item.longitude),
                    network.crossingVertices[index].map { .integer(row[$0]) } ?? .null,
                    .integer(network.crossingsOnWays[index] ? 1 : 0), text(item.crossing), text(item.signals),
                    text(item.tactilePaving), text(item.buttonOperated), text(item.sound),
                    .integer(item.trafficSignals ? 1 : 0),
                ])
            }
            try database.execute(StoreSchema.networkIndexes)
        } catch {
            throw StoreProblem.writing(output, error)
        }
    }
}
