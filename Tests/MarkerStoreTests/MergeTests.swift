import PlaceData
import Testing

@testable import MarkerStore

/// An import merges what is already there: the same name (case and accents aside) within 5 m.
@Suite("Imported markers and routes merge with those already there")
struct MergeTests {
    static let kauppatori = Coordinate(latitude: 60.1675, longitude: 24.9525)

    /// `metres` north of Kauppatori (a degree of latitude is 111,195 m on this sphere).
    static func north(_ metres: Double) -> Coordinate {
        Coordinate(latitude: kauppatori.latitude + metres / 111_195.08, longitude: kauppatori.longitude)
    }

    @Test(
        "A marker of the same name within 5 m merges; 6 m apart, or another name, is added",
        arguments: [
            ("Kauppatori", 0.0, true), ("KAUPPATORI", 4.9, true), ("Kauppatóri", 4.0, true), ("kauppatori", 6.0, false),
            ("Kauppatori", 6.0, false), ("Kauppahalli", 1.0, false), ("Kauppatori", -4.9, true),
        ])
    func markerDistanceAndName(name: String, metres: Double, merges: Bool) {
        #expect(abs(Self.north(metres).distance(to: Self.kauppatori) - abs(metres)) < 0.01)
        var library = MarkerLibrary(markers: [Marker(name: "Kauppatori", coordinate: Self.kauppatori, time: 1)])
        let imported = Marker(name: name, coordinate: Self.north(metres), note: "Imported", time: 2, placeID: "node/1")
        let count = library.merge(MarkerLibrary(markers: [imported]))
        if merges {
            #expect(count == MarkerLibrary.MergeCount(markersMerged: 1))
            // The one there stays, taking the note and the place it lacked.
            #expect(
                library.markers == [
                    Marker(
                        name: "Kauppatori", coordinate: Self.kauppatori, note: "Imported", time: 1, placeID: "node/1")
                ])
        } else {
            #expect(count == MarkerLibrary.MergeCount(markersAdded: 1))
            #expect(library.markers.count == 2)
            #expect(library.markers.last == imported)
        }
    }

    @Test("A marker's own note and place are kept; duplicates within one import merge too; counts add up")
    func counts() {
        let mine = Marker(name: "Front door", coordinate: Self.kauppatori, note: "Mine", time: 1, placeID: "node/5")
        var library = MarkerLibrary(markers: [mine])
        let other = MarkerLibrary(markers: [
            Marker(name: "front door", coordinate: Self.north(2), note: "Theirs", time: 2, placeID: "node/6"),
            Marker(name: "Bench", coordinate: Self.north(50), time: 3),
            Marker(name: "Bench", coordinate: Self.north(52), time: 4),
            Marker(name: "Bench", coordinate: Self.north(60), time: 5),
        ])
        let count = library.merge(other)
        #expect(count == MarkerLibrary.MergeCount(markersAdded: 2, markersMerged: 2))
        #expect(count.added == 2 && count.merged == 2)
        #expect(library.markers == [mine, other.markers[1], other.markers[3]])
        // The same import again adds nothing.
        #expect(library.merge(other) == MarkerLibrary.MergeCount(markersMerged: 4))
    }

    @Test("A route merges when its name and every waypoint match; another waypoint or name is a new route")
    func routes() {
        let stops = [
            Marker(name: "Home", coordinate: Self.kauppatori, time: 1),
            Marker(name: "Bakery", coordinate: Self.north(100), time: 1),
        ]
        let route = MarkedRoute(name: "Morning", time: 1, waypoints: stops)
        var library = MarkerLibrary(routes: [route])
        var moved = stops
        moved[1].coordinate = Self.north(104)
        var far = stops
        far[1].coordinate = Self.north(107)
        let count = library.merge(
            MarkerLibrary(routes: [
                MarkedRoute(name: "MORNING", time: 9, waypoints: moved),
                MarkedRoute(name: "Morning", time: 9, waypoints: far),
                MarkedRoute(name: "Morning", time: 9, waypoints: Array(stops.prefix(1))),
                MarkedRoute(name: "Evening", time: 9, waypoints: stops),
            ]))
        #expect(count == MarkerLibrary.MergeCount(routesAdded: 3, routesMerged: 1))
        #expect(library.routes.map(\.name) == ["Morning", "Morning", "Morning", "Evening"])
        #expect(library.routes[0] == route)
        #expect(library.markers.isEmpty)
    }
}
