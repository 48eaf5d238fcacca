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
        let moved = state.apply(
            .windowMoved(Places([Self.place("c", "Kahvila Uusi", 60.2), Self.place("d", "Kauppa", 60.2)])))
        #expect(moved.announcements.isEmpty)
        #expect(state.query == "kahvila")
        #expect(state.shownPlaces.map(\.id) == ["c"])
    }

    /// A window arriving is a report of the shell's, no command: a `find` line being typed goes
    /// on being typed (the sheet stays up for the keyboard, nothing is said), and the next
    /// command still puts the screen back as it was before typing began.
    @Test func aWindowArrivingWhileASearchIsTypedKeepsTheTyping() {
        var state = NearbyState(places: [Self.place("a", "Kahvila Alku", 60.17), Self.place("b", "Baari", 60.171)])
        let resting = (state.sheet.detent, state.sheet.isPresented)
        _ = state.reduce(.queryTyped("kahv"))
        #expect(state.isSearching)
        #expect(state.sheet.detent == .full)
        let moved = state.apply(
            .windowMoved(Places([Self.place("c", "Kahvila Uusi", 60.2), Self.place("d", "Kauppa", 60.2)])))
        #expect(moved.announcements.isEmpty)
        #expect(state.isSearching)
        #expect(state.sheet.detent == .full)
        #expect(state.beforeTyping != nil)
        #expect(state.shownPlaces.map(\.id) == ["c"])
        // A command, unlike the report, gives the typing up: the sheet falls back, and says so.
        let read = state.reduce(.readRequested)
        #expect(read.announcements.first?.kind == .detent)
        #expect((state.sheet.detent, state.sheet.isPresented) == resting)
        #expect(!state.isSearching)
    }
}
