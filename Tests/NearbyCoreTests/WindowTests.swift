import PlaceData
import Testing

@testable import NearbyCore

/// A place store's places in memory are those about the position: `set at` asks the shell for
/// those about the new one (`Effect.moveWindow`), and `.windowMoved` puts them in place silently,
/// keeping the search.
@Suite("The window of a place store follows the position")
struct WindowTests {
    static func place(_ id: String, _ name: String, _ latitude: Double) -> Place {
        Place(id: id, name: name, kind: "Café", symbol: "cup", latitude: latitude, longitude: 24.94)
    }

    @Test func setAtAsksForTheWindowOnlyWhenPlacesCameFromAFile() {
        var state = NearbyState()
        #expect(state.reduce(.settingChanged(.at, value: "60.17,24.94")).effects == [])
        var settings = Settings()
        settings.placesFile = "helsinki.places"
        state = NearbyState(places: [Self.place("a", "Kahvila Alku", 60.17)], settings: settings)
        #expect(
            state.reduce(.settingChanged(.at, value: "60.2,24.9")).effects
                == [.moveWindow(around: Coordinate(latitude: 60.2, longitude: 24.9))])
    }

    @Test func theNewPlacesReplaceTheOldKeepingTheSearchSilently() {
        var state = NearbyState(places: [Self.place("a", "Kahvila Alku", 60.17), Self.place("b", "Baari", 60.171)])
        _ = state.reduce(.queryEntered("kahvila"))
        #expect(state.shownPlaces.map(\.id) == ["a"])
        let moved = state.reduce(
            .windowMoved(Places([Self.place("c", "Kahvila Uusi", 60.2), Self.place("d", "Kauppa", 60.2)])))
        #expect(moved.announcements.isEmpty)
        #expect(state.query == "kahvila")
        #expect(state.shownPlaces.map(\.id) == ["c"])
    }
}
