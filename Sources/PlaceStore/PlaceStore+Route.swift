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
    /// line; a river or a railway with one bridge may make it). Read as `network(in:)` reads a
    /// box: every edge whose box meets it, with its vertices.
    public func network(forRouteFrom origin: Coordinate, to destination: Coordinate, widening: Double = 1)
        -> PlaceData.StreetNetwork
    {
        network(in: Self.routeBox(from: origin, to: destination, widening: widening))
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
    /// found there, read once more with the margin doubled. Nil when that finds none either, or
    /// the store has no network.
    public func walkRoute(from origin: Coordinate, to destination: Coordinate, avoidSteps: Bool = false)
        -> WalkRoute?
    {
        for widening in [1.0, 2.0] {
            let piece = network(forRouteFrom: origin, to: destination, widening: widening)
            if piece.isEmpty { return nil }
            if let route = piece.route(from: origin, to: destination, avoidSteps: avoidSteps) { return route }
        }
        return nil
    }
}
