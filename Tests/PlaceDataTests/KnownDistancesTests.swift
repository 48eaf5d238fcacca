import Testing

@testable import PlaceData

/// A store's window is measured on the thread that reads it: the session takes in the
/// distances from the point it was read about, and measures afresh from any other.
@Suite("Places: distances measured ahead")
struct KnownDistancesTests {
    let origin = Coordinate(latitude: 38.7115, longitude: -9.139)
    let elsewhere = Coordinate(latitude: 38.72, longitude: -9.15)

    @Test("Measured ahead from a point, they are those of that point; from another, measured afresh")
    func measuredAheadOrAfresh() {
        var places = Places(BuiltInPlaces.lisbon)
        let fresh = places.distances(from: origin)
        #expect(places.knownDistances == nil)
        #expect(close(fresh, places.all.map { origin.distance(to: $0.coordinate) }))
        places.measureDistances(from: origin)
        #expect(places.knownDistances?.origin == origin)
        #expect(places.distances(from: origin) == fresh)
        let other = places.distances(from: elsewhere)
        #expect(close(other, places.all.map { elsewhere.distance(to: $0.coordinate) }))
        #expect(other != fresh)
    }

    /// Measured many at once, each distance is `distance(to:)`'s to a micrometre: from a metre
    /// away to the other side of the Earth, across the antimeridian, at the poles.
    @Test("Many at once, each distance is the haversine's to a micrometre")
    func manyAtOnceAsOne() {
        let points = [
            Coordinate(latitude: 38.7115, longitude: -9.139), Coordinate(latitude: 38.71151, longitude: -9.13901),
            Coordinate(latitude: 60.17, longitude: 24.94), Coordinate(latitude: -33.86, longitude: 151.21),
            Coordinate(latitude: 0, longitude: 179.9999), Coordinate(latitude: 0, longitude: -179.9999),
            Coordinate(latitude: 90, longitude: 0), Coordinate(latitude: -89.9, longitude: 45),
        ]
        let angles = HalfAngles(points)
        for origin in points + [Coordinate(latitude: 38.7115, longitude: -9.139)] {
            #expect(close(origin.distances(angles), points.map { origin.distance(to: $0) }))
        }
    }

    func close(_ these: [Double], _ those: [Double]) -> Bool {
        these.count == those.count && zip(these, those).allSatisfy { abs($0 - $1) < 1e-6 }
    }

    @Test("Distances measured ahead make no difference to equality")
    func equalityIgnoresThem() {
        var measured = Places(BuiltInPlaces.lisbon)
        measured.measureDistances(from: origin)
        #expect(measured == Places(BuiltInPlaces.lisbon))
    }
}
