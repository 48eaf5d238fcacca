import Foundation

/// A box of latitude and longitude, by its named edges in degrees: what the map's camera
/// shows, the place store's places and the cells a circle may reach. West is not beyond east
/// (a box does not cross the antimeridian).
public struct BoundingBox: Equatable, Sendable {
    public var south: Double
    public var north: Double
    public var west: Double
    public var east: Double

    public init(south: Double, north: Double, west: Double, east: Double) {
        self.south = south
        self.north = north
        self.west = west
        self.east = east
    }

    /// The box about a circle of `radius` metres around `centre`, a little wide; the whole range
    /// of longitudes near a pole.
    public init(around centre: Coordinate, radius: Double) {
        let degrees = radius / 111_000 * 1.01 + 1e-6
        let cosine = cos(centre.latitude * .pi / 180)
        let across = cosine > 0.01 ? degrees / cosine : 360
        self.init(
            south: centre.latitude - degrees, north: centre.latitude + degrees, west: centre.longitude - across,
            east: centre.longitude + across)
    }

    /// The part of it inside `other`, or nil when they do not meet.
    public func intersection(_ other: BoundingBox) -> BoundingBox? {
        let within = BoundingBox(
            south: max(south, other.south), north: min(north, other.north), west: max(west, other.west),
            east: min(east, other.east))
        guard within.south <= within.north, within.west <= within.east else { return nil }
        return within
    }

    /// Whether it holds all of `other`.
    public func contains(_ other: BoundingBox) -> Bool {
        south <= other.south && north >= other.north && west <= other.west && east >= other.east
    }
}
