import Foundation

/// The plane tangent to the Earth at a point, in metres east and north of it: distances to
/// segments within a few hundred metres, exact enough there, with the scale worked out once a
/// point (a search over many segments from one point pays the cosine once).
public struct TangentPlane: Sendable {
    public let origin: Coordinate
    /// Metres a degree of latitude, and of longitude at `origin`.
    private let north: Double
    private let east: Double

    public init(at origin: Coordinate) {
        self.origin = origin
        north = 6_371_008.8 * .pi / 180
        east = cos(origin.latitude * .pi / 180) * north
    }

    /// Metres from the origin to the segment `a`-`b`, and the fraction of the way from `a` to
    /// `b` of its nearest point.
    public func project(onto a: Coordinate, _ b: Coordinate) -> (distance: Double, fraction: Double) {
        let ax = (a.longitude - origin.longitude) * east
        let ay = (a.latitude - origin.latitude) * north
        let bx = (b.longitude - origin.longitude) * east
        let by = (b.latitude - origin.latitude) * north
        let dx = bx - ax
        let dy = by - ay
        let length = dx * dx + dy * dy
        let t = length > 0 ? max(0, min(1, -(ax * dx + ay * dy) / length)) : 0
        let x = ax + t * dx
        let y = ay + t * dy
        return ((x * x + y * y).squareRoot(), t)
    }
}
