import Foundation
import Testing

@testable import NearbyCore
@testable import PlaceData

/// Markers in the core: `mark` keeps the selected place or where you stand, said only once the
/// shell has kept it; a marker is a place (select, find, details take it), renamed by `mark NAME`;
/// `unmark` and `undo`; `markers` nearest first; imports merge duplicates; callouts say markers
/// before places.
@Suite("Markers")
struct MarkerTests {
    static func state() -> NearbyState {
        var settings = Settings()
        settings.origin = Coordinate(latitude: 60.17, longitude: 24.94)
        settings.callouts = Set(CalloutCategory.allCases)
        var state = NearbyState(
            places: [
                Place(id: "node/1", name: "Kahvila", kind: "Café", symbol: "cup", latitude: 60.1701, longitude: 24.94),
                Place(
                    id: "node/2", name: "Kirjasto", kind: "Library", symbol: "book", latitude: 60.172, longitude: 24.94),
            ], settings: settings)
        state.wallClock = 1_800_000_000
        return state
    }

    /// The change a reaction asks the shell to save, said as the shell's report says it.
    static func saved(_ state: inout NearbyState, _ reaction: Reaction) -> [String] {
        guard case .saveMarkers(let markers, _, let change) = reaction.effects.first else { return [] }
        #expect(markers == state.markers)
        #expect(reaction.announcements.isEmpty, "said only once saved")
        return state.apply(.markersSaved(change, failure: nil)).announcements.map(\.text)
    }

    @Test func aPlaceMarkedIsAPlaceSaidOnceSaved() throws {
        var state = Self.state()
        _ = state.reduce(.placeSelected(.name("Kahvila")))
        #expect(Self.saved(&state, state.reduce(.markRequested(nil))) == ["Marked Kahvila."])
        #expect(state.markers.map(\.name) == ["Kahvila"])
        #expect(state.markers.first?.placeID == "node/1")
        #expect(state.markers.first?.time == 1_800_000_000)
        // Marked again, with a name: renamed.
        #expect(
            state.reduce(.markRequested(nil)).announcements.map(\.text) == [
                "Kahvila is already a marker. Type mark and a name to rename it."
            ])
        _ = state.reduce(.selectionCleared)
        let marker = try #require(state.places.all.first { $0.id == state.markers[0].id })
        #expect(marker.kind == "Marker")
        _ = state.reduce(.placeSelected(.name(marker.name)))
        #expect(state.selection == marker.id || state.selection == "node/1")
    }

    @Test func whereYouStandWithANameThenRenamedUnmarkedAndBack() {
        var state = Self.state()
        #expect(Self.saved(&state, state.reduce(.markRequested("Front door"))) == ["Marked Front door."])
        let id = state.markers[0].id
        #expect(state.markers[0].coordinate == Coordinate(latitude: 60.17, longitude: 24.94))
        #expect(state.markers[0].placeID == nil)
        // A marker is found and selected as a place is.
        #expect(state.reduce(.queryEntered("front")).announcements.first?.text.contains("Front door, Marker") == true)
        _ = state.reduce(.placeSelected(.position(1)))
        #expect(state.selection == id)
        #expect(Self.saved(&state, state.reduce(.markRequested("Home"))) == ["Marker Front door renamed Home."])
        #expect(
            Self.saved(&state, state.reduce(.unmarkRequested)) == ["Removed marker Home. Type undo to bring it back."])
        #expect(state.markers.isEmpty)
        #expect(!state.places.all.contains { $0.id == id })
        #expect(Self.saved(&state, state.reduce(.undoRequested)) == ["Marker Home is back."])
        #expect(state.markers.map(\.name) == ["Home"])
        #expect(
            state.reduce(.undoRequested).announcements.map(\.text) == [
                "Nothing to undo: undo brings back a marker unmark removed."
            ])
        #expect(
            state.reduce(.unmarkRequested).announcements.map(\.text) == [
                "No marker is selected: select a marker, then type unmark."
            ])
    }

    @Test func markersAreListedNearestFirstAndAFailedSaveIsSaid() {
        var state = Self.state()
        #expect(
            state.reduce(.markersRequested).announcements.map(\.text) == [
                "No markers yet. Select a place and type mark, or type mark where you stand."
            ])
        _ = state.reduce(.placeSelected(.name("Kirjasto")))
        _ = Self.saved(&state, state.reduce(.markRequested(nil)))
        _ = state.reduce(.selectionCleared)
        _ = Self.saved(&state, state.reduce(.markRequested("Bench")))
        #expect(
            state.reduce(.markersRequested).announcements.map(\.text) == [
                "2 markers, nearest first: Bench, less than 5 metres; Kirjasto, 220 metres north."
            ])
        let failed = state.apply(.markersSaved(.marked(name: "Bench"), failure: "No space left on device"))
        #expect(
            failed.announcements.map(\.text) == [
                "The markers could not be saved (No space left on device); they are kept for this session only."
            ])
    }

    @Test func anImportMergesTheSameNameWithin5Metres() {
        var state = Self.state()
        _ = Self.saved(&state, state.reduce(.markRequested("Bench")))
        func marker(_ name: String, north metres: Double) -> NearbyState.MarkedPlace {
            NearbyState.MarkedPlace(
                id: "", name: name, coordinate: Coordinate(latitude: 60.17 + metres / 111_195, longitude: 24.94),
                time: 0)
        }
        let reaction = state.apply(
            .markersImported(
                path: "shared.gpx", [marker("bench", north: 4), marker("Bench", north: 7), marker("Kiosk", north: 1)],
                failure: nil))
        #expect(Self.saved(&state, reaction) == ["Imported 2 markers from shared.gpx; 1 already kept."])
        #expect(state.markers.map(\.name) == ["Bench", "Bench", "Kiosk"])
        #expect(Set(state.markers.map(\.id)).count == 3)
    }

    @Test func markersAreCalledOutBeforePlaces() {
        var state = Self.state()
        _ = state.reduce(.placeSelected(.name("Kahvila")))
        _ = state.reduce(.selectionCleared)
        // A marker 12 m north, the café 11 m north: the marker is said first.
        state.markers = []
        _ = state.apply(
            .markersLoaded(
                [
                    NearbyState.MarkedPlace(
                        id: "", name: "Gate", coordinate: Coordinate(latitude: 60.17 + 12 / 111_195, longitude: 24.94),
                        time: 0)
                ], notice: nil))
        let said = state.apply(
            .positionReported(
                PositionReport(
                    coordinate: Coordinate(latitude: 60.17 + 1 / 111_195, longitude: 24.94), course: 0, speed: 1.4,
                    time: 10))
        ).announcements.map(\.text)
        #expect(said.first?.hasPrefix("Gate") == true, "\(said)")
        #expect(CalloutCategory.of(kind: "Marker") == .markers)
        #expect(CalloutCategory.standard.contains(.markers))
    }

    /// `markers` with `count` markers named by `name`, said as the shell says it, worded as far
    /// as it can be said and in full.
    static func listed(_ count: Int, _ name: (Int) -> String) -> (
        cut: String, full: String, said: String, fully: String
    ) {
        var state = Self.state()
        let loaded = (0..<count).map { number in
            NearbyState.MarkedPlace(
                id: "", name: name(number),
                coordinate: Coordinate(
                    latitude: 60.17 + Double(number % 97) * 0.0002, longitude: 24.94 + Double(number) * 1e-5),
                time: 1_800_000_000)
        }
        _ = state.apply(.markersLoaded(loaded, notice: nil))
        let cut = state.markersPhrase().text
        let full = state.markersPhrase(inFull: true).text
        #expect(state.reduce(.markersRequested).announcements.map(\.text) == [cut])
        return (
            cut, full, SafeText.clean(cut, limit: SafeText.answerLength),
            SafeText.clean(full, limit: SafeText.answerLength)
        )
    }

    @Test("Many markers: worded only as far as they are said, and said the same")
    func manyMarkersSaidTheSame() {
        // Names of every kind of character the shell cleans: spaces, controls, zero-width ones.
        let names: [(Int) -> String] = [
            { "Marker \($0)" },
            { "Ravintola \u{200B}Äänekoski\t\($0)  " },
            { "北京烤鸭店 \u{2028}\($0)\u{0085}" },
            { "\u{200F}\u{202E}x\($0)" },
        ]
        for name in names {
            let (cut, full, said, fully) = Self.listed(3000, name)
            #expect(cut.count < full.count, "\(name(0)): worded in full")
            #expect(said == fully, "\(name(0))")
            #expect(said.hasSuffix("\u{2026}"))
        }
        // Few markers: the whole list.
        let (cut, full, _, _) = Self.listed(40, names[0])
        #expect(cut == full)
    }

    @Test("A marker named with an escape sequence: the list worded in full, said the same")
    func escapeInAName() {
        let (cut, full, said, fully) = Self.listed(3000) { $0 == 7 ? "Evil \u{1B}]0;title" : "Marker \($0)" }
        #expect(cut == full)
        #expect(said == fully)
    }

    @Test func aMarkerWhosePlaceTheDataNoLongerHoldsSaysSoAndStaysWhereItWasPut() {
        var state = Self.state()
        func marker(_ name: String, _ latitude: Double, _ placeID: String?) -> NearbyState.MarkedPlace {
            NearbyState.MarkedPlace(
                id: "", name: name, coordinate: Coordinate(latitude: latitude, longitude: 24.94), time: 0,
                placeID: placeID)
        }
        _ = state.apply(
            .markersLoaded(
                [
                    marker("Kahvila", 60.1701, "node/1"), marker("Kiosk", 60.1705, "node/9"),
                    marker("Far away", 61.5, "node/8"), marker("Door", 60.1702, nil),
                ], notice: nil))
        #expect(state.goneMarkerPlaces == ["node/9"], "gone: within the places' bounds, its id not among them")
        let listed = state.reduce(.markersRequested).announcements.map(\.text)
        #expect(listed.first?.contains("Kiosk, 55 metres north, its place gone") == true, "\(listed)")
        #expect(listed.first?.contains("Kahvila, 10 metres north;") == true, "\(listed)")
        _ = state.reduce(.placeSelected(.name("Kiosk")))
        let details = state.reduce(.detailsRequested(all: false)).announcements.map(\.text)
        #expect(
            details.first?.hasSuffix("Its place is gone from the map data; the marker stays where it was put.") == true)
        #expect(state.markers.first { $0.name == "Kiosk" }?.coordinate.latitude == 60.1705)
        // Built-in places are no OpenStreetMap data: nothing is said gone over them.
        state = NearbyState(places: BuiltInPlaces.lisbon)
        _ = state.apply(.markersLoaded([marker("Kiosk", 38.7115, "node/9")], notice: nil))
        #expect(state.goneMarkerPlaces.isEmpty)
    }
}
