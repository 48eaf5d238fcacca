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
        let fresh = places.all.map { origin.distance(to: $0.coordinate) }
        #expect(places.knownDistances == nil)
        #expect(places.distances(from: origin) == fresh)
        places.measureDistances(from: origin)
        #expect(places.knownDistances?.origin == origin)
        #expect(places.distances(from: origin) == fresh)
        let other = places.distances(from: elsewhere)
        #expect(other == places.all.map { elsewhere.distance(to: $0.coordinate) })
        #expect(other != fresh)
    }

    @Test("Distances measured ahead make no difference to equality")
    func equalityIgnoresThem() {
        var measured = Places(BuiltInPlaces.lisbon)
        measured.measureDistances(from: origin)
        #expect(measured == Places(BuiltInPlaces.lisbon))
    }
}
