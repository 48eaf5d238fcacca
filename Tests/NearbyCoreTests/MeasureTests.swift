import Testing
import Words

@testable import NearbyCore
@testable import PlaceData

@Suite("Distances, directions and walk times")
struct MeasureTests {
    let english = Catalog.builtIn(.english)

    @Test func greatCircleDistance() {
        // One degree of latitude is 111.2 km on a sphere of the Earth's mean radius.
        let a = Coordinate(latitude: 0, longitude: 0)
        let b = Coordinate(latitude: 1, longitude: 0)
        #expect(abs(a.distance(to: b) - 111_195) < 1)
        // Lisbon to Porto, about 274 km.
        let lisbon = Coordinate(latitude: 38.7223, longitude: -9.1393)
        let porto = Coordinate(latitude: 41.1579, longitude: -8.6291)
        #expect(abs(lisbon.distance(to: porto) - 274_000) < 2_000)
        #expect(a.distance(to: a) == 0)
    }

    @Test func bearings() {
        let origin = Coordinate(latitude: 38.7, longitude: -9.14)
        #expect(abs(origin.bearing(to: Coordinate(latitude: 38.71, longitude: -9.14)) - 0) < 0.01)
        #expect(abs(origin.bearing(to: Coordinate(latitude: 38.7, longitude: -9.13)) - 90) < 0.1)
        #expect(abs(origin.bearing(to: Coordinate(latitude: 38.69, longitude: -9.14)) - 180) < 0.01)
        #expect(abs(origin.bearing(to: Coordinate(latitude: 38.7, longitude: -9.15)) - 270) < 0.1)
    }

    @Test(arguments: [
        (0.0, "north"), (22.4, "north"), (22.6, "north-east"), (90, "east"), (135, "south-east"),
        (180, "south"), (225, "south-west"), (270, "west"), (315, "north-west"), (337.6, "north"), (359.9, "north"),
    ])
    func compassWords(_ bearing: Double, _ word: String) {
        #expect(SpokenMeasure.direction(bearing: bearing, heading: nil, english) == word)
    }

    @Test(arguments: [
        (90.0, 90.0, "ahead"), (135, 90, "ahead to the right"), (180, 90, "to the right"),
        (225, 90, "behind to the right"), (270, 90, "behind"), (315, 90, "behind to the left"),
        (0, 90, "to the left"), (45, 90, "ahead to the left"), (10, 350, "ahead"),
    ])
    func relativeWords(_ bearing: Double, _ heading: Double, _ word: String) {
        #expect(SpokenMeasure.direction(bearing: bearing, heading: heading, english) == word)
    }

    @Test(arguments: [
        (0.0, "less than 5 metres"), (3, "5 metres"), (252, "250 metres"), (253, "255 metres"),
        (996, "995 metres"), (998, "1 kilometre"), (1049, "1.05 kilometres"), (1500, "1.5 kilometres"),
        (2024, "2 kilometres"), (12_345, "12.3 kilometres"), (123_456, "123 kilometres"),
        (1_500_000, "1,500 kilometres"),
    ])
    func metricDistances(_ metres: Double, _ words: String) {
        #expect(SpokenMeasure.distance(metres, units: .metric, english) == words)
    }

    @Test(arguments: [
        (1.0, "less than 10 feet"), (30.48, "100 feet"), (152, "500 feet"), (300, "980 feet"),
        (400, "0.25 miles"), (1609.344, "1 mile"), (2414, "1.5 miles"), (20_000, "12.4 miles"),
    ])
    func imperialDistances(_ metres: Double, _ words: String) {
        #expect(SpokenMeasure.distance(metres, units: .imperial, english) == words)
    }

    @Test(arguments: [
        (0.0, 1), (1, 1), (84, 1), (84.1, 2), (285, 4), (840, 10), (841, 11),
    ])
    func walkMinutesRoundUpAtLeastOne(_ metres: Double, _ minutes: Int) {
        #expect(SpokenMeasure.walkMinutes(metres, speed: 1.4) == minutes)
    }

    @Test func walkPhrases() {
        #expect(SpokenMeasure.walk(minutes: 4, english) == "4 minute walk")
        #expect(SpokenMeasure.walk(minutes: 60, english) == "1 hour walk")
        #expect(SpokenMeasure.walk(minutes: 125, english) == "2 hour 5 minute walk")
        // Three hours is the longest said as a time; a walk of 314 hours is no walk.
        #expect(SpokenMeasure.walk(minutes: 180, english) == "3 hour walk")
        #expect(SpokenMeasure.walk(minutes: 181, english) == "too far to walk")
        #expect(SpokenMeasure.walk(minutes: 18_870, english) == "too far to walk")
    }

    @Test func coordinatesParse() {
        #expect(Coordinate(parsing: "38.7115,-9.139") == Coordinate(latitude: 38.7115, longitude: -9.139))
        #expect(Coordinate(parsing: " 38.7 , -9.1 ") == Coordinate(latitude: 38.7, longitude: -9.1))
        #expect(Coordinate(parsing: "91,0") == nil)
        #expect(Coordinate(parsing: "nan,0") == nil)
        #expect(Coordinate(parsing: "38.7") == nil)
    }
}
