import Foundation
import PlaceData

extension PlaceStore {
    /// The least margin about a route's ends, in metres.
    public static let routeMargin = 300.0
    /// The margin as a share of the distance between the ends.
    public static let routeMarginShare = 0.25

    /// The piece of the walking network a walk from `origin` to `destination` is planned over:
    /// the box of both ends widened on every side by a quarter of their distance, at least
    /// `routeMargin` metres, times `widening` (a walk rarely strays further from the straight
    /// line; a river or a railway with one bridge may make it). Every edge whose box meets it
    /// (the R*Tree of the edges' boxes, as `network(in:)` reads a box), with its road and its
    /// ends' nodes and positions alone: no vertex's kind, no crossing's facts, no sidewalk paired
    /// (the route pairs its own). Empty when the store has no network.
    public func network(forRouteFrom origin: Coordinate, to destination: Coordinate, widening: Double = 1)
        -> PlaceData.StreetNetwork
    {
        let box = Self.routeBox(from: origin, to: destination, widening: widening)
        var index: [Int64: Int] = [:]
        var vertices: [PlaceData.StreetNetwork.Vertex] = []
        var edges: [PlaceData.StreetNetwork.Edge] = []
        // The vertex of the store's `id` (its node and position in the row from `column`), by its
        // index in the piece.
        func vertex(_ id: Int64, _ row: SQLiteStatement, _ column: Int32) -> Int {
            if let known = index[id] { return known }
            index[id] = vertices.count
            vertices.append(
                PlaceData.StreetNetwork.Vertex(
                    id: row.int64(column),
                    coordinate: Coordinate(latitude: row.double(column + 1), longitude: row.double(column + 2))))
            return vertices.count - 1
        }
        locked {
            try? network.routeEdgesInBox.forEachRow([box.south, box.north, box.west, box.east].map { .real($0) }) {
                row in
                let from = vertex(row.int64(0), row, 8)
                let to = vertex(row.int64(1), row, 11)
                let name = row.text(3) ?? ""
                let ref = row.text(4) ?? ""
                let road = PlaceData.StreetNetwork.Road(
                    name: name.isEmpty ? nil : name, ref: ref.isEmpty ? nil : ref, kind: row.text(5) ?? "",
                    footway: PlaceData.StreetNetwork.Road.Footway(rawValue: row.text(6) ?? ""),
                    isRoundabout: row.int64(7) & StoreSchema.WayFlag.roundabout != 0)
                let points = StreetIndex.points(row.bytes(2)).map {
                    Coordinate(latitude: $0.latitude, longitude: $0.longitude)
                }
                edges.append(PlaceData.StreetNetwork.Edge(from: from, to: to, road: road, points: points))
            }
        }
        return PlaceData.StreetNetwork(vertices: vertices, edges: edges)
    }

    /// The box `network(forRouteFrom:to:widening:)` reads.
    public static func routeBox(from origin: Coordinate, to destination: Coordinate, widening: Double = 1)
        -> BoundingBox
    {
        let margin = max(routeMargin, routeMarginShare * origin.distance(to: destination)) * widening
        let north = margin / 111_195
        let east = north / max(0.01, cos(max(abs(origin.latitude), abs(destination.latitude)) * .pi / 180))
        return BoundingBox(
            south: min(origin.latitude, destination.latitude) - north,
            north: max(origin.latitude, destination.latitude) + north,
            west: min(origin.longitude, destination.longitude) - east,
            east: max(origin.longitude, destination.longitude) + east)
    }

    /// The shortest walk from `origin` to `destination` over the store's walking network
    /// (`StreetNetwork.route`), read about both ends (`network(forRouteFrom:to:)`); when none is
    /// found there, read once more with the margin doubled (ends in a park far from any way: the
    /// first piece may hold none). Nil when that finds none either, or the store has no network.
    public func walkRoute(from origin: Coordinate, to destination: Coordinate, avoidSteps: Bool = false)
        -> WalkRoute?
    {
        for widening in [1.0, 2.0] {
            let piece = network(forRouteFrom: origin, to: destination, widening: widening)
            if let route = piece.route(from: origin, to: destination, avoidSteps: avoidSteps) { return route }
        }
        return nil
    }
}
