import Testing

@testable import PlaceData

@Suite("Boxes of latitude and longitude, and the words that are a point")
struct BoundingBoxTests {
    @Test("Two boxes meet in the box both hold, or not at all; a box contains what lies inside it")
    func intersectionAndContainment() {
        let lisbon = BoundingBox(south: 38.70, north: 38.72, west: -9.15, east: -9.13)
        let east = BoundingBox(south: 38.71, north: 38.73, west: -9.14, east: -9.10)
        #expect(lisbon.intersection(east) == BoundingBox(south: 38.71, north: 38.72, west: -9.14, east: -9.13))
        #expect(lisbon.intersection(BoundingBox(south: 40, north: 41, west: -9.15, east: -9.13)) == nil)
        #expect(lisbon.intersection(BoundingBox(south: 38.70, north: 38.72, west: 0, east: 1)) == nil)
        #expect(lisbon.contains(BoundingBox(south: 38.705, north: 38.715, west: -9.145, east: -9.135)))
        #expect(!lisbon.contains(east))
    }

    @Test("The box about a circle reaches its radius each way, and every longitude near a pole")
    func aroundACircle() {
        let centre = Coordinate(latitude: 38.7115, longitude: -9.139)
        let box = BoundingBox(around: centre, radius: 1000)
        #expect(centre.distance(to: Coordinate(latitude: box.north, longitude: centre.longitude)) >= 1000)
        #expect(centre.distance(to: Coordinate(latitude: centre.latitude, longitude: box.west)) >= 1000)
        #expect(box.contains(BoundingBox(south: centre.latitude, north: centre.latitude, west: -9.139, east: -9.139)))
        let pole = BoundingBox(around: Coordinate(latitude: 89.9999, longitude: 0), radius: 100)
        #expect(pole.west <= -180 && pole.east >= 180)
    }

    @Test(
        "Two numbers and a comma are a point, in range or not; anything else is words",
        arguments: [
            ("38.7115,-9.139", true, true), (" 38.7115 , -9.139 ", true, true), ("95,10", true, false),
            ("1e3,5", true, false), ("Harbor Coffee", false, false), ("38.7", false, false), ("1,2,3", false, false),
            ("gpsd:localhost:2947", false, false), ("", false, false),
        ])
    func writtenAsAPoint(text: String, isPoint: Bool, isValid: Bool) {
        #expect(Coordinate.isWrittenAsPoint(text) == isPoint)
        #expect((Coordinate(parsing: text) != nil) == isValid)
    }
}
