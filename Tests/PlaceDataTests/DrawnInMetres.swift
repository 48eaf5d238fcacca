import Foundation

@testable import PlaceData

/// Small networks drawn by eye, in metres east and north of a point in central Helsinki, as the
/// footway and route tests draw them.
enum DrawnInMetres {
    static let origin = Coordinate(latitude: 60.1690, longitude: 24.9450)

    /// The point `east` and `north` metres from the origin.
    static func point(_ east: Double, _ north: Double) -> Coordinate {
        Coordinate(
            latitude: origin.latitude + north / 111_195,
            longitude: origin.longitude + east / (111_195 * cos(origin.latitude * .pi / 180)))
    }
}
