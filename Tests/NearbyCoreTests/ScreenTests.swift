import Testing

@testable import NearbyCore

@Suite("The Nearby screen: filters, camera, selection and the search field, exact state and words")
struct ScreenTests {
    @Test func aFilterCombinesWithTheQueryAndDeselects() {
        var state = NearbyState()
        _ = state.reduce(.queryEntered("riverside"))
        _ = state.reduce(.placeSelected(.position(1)))
        let park = state.places.all.firstIndex { $0.id == "park" }!
        expectReduce(
            &state, .filterChosen("park"),
            [
                Announcement(
                    "Filter Park, selected. 1 place matches \"riverside\" in Park: Riverside Garden, Park, 495 metres south-east, 6 minute walk.",
                    kind: .results),
                // Visuals are off by default: the camera's move is in the JSON Lines transcript only.
                Announcement("Map zooms out to the 1 match in Park.", priority: .polite, kind: .camera).visualOnly,
            ]
        ) {
            $0.kindFilter = "Park"
            $0.selection = nil
            // The focus on the first match, as after `find`.
            $0.focus = 0
            $0.camera = .showingAll
            $0.refreshShown()
        }
        #expect(Array(state.shown) == [park])
        expectReduce(
            &state, .filtersRequested, [Announcement("Filters: All 2; Park 1, selected; Pharmacy 1.", kind: .results)])
    }

    @Test func aNewQueryDeselectsAndTheCameraReturnsToEveryMatch() {
        var settings = Settings()
        settings.reduceMotion = true
        var state = NearbyState(settings: settings)
        _ = state.reduce(.placeSelected(.name("harbor")))
        #expect(state.camera == .closeUp(placeID: "coffee", altitude: 1500))
        expectReduce(
            &state, .queryEntered("bakery"),
            [
                Announcement(
                    "3 places match \"bakery\". First, Custard Corner, Bakery, 240 metres north-west, 3 minute walk.",
                    kind: .results),
                Announcement("Map shows all 3 matches.", priority: .polite, kind: .camera).visualOnly,
            ]
        ) {
            $0.query = "bakery"
            $0.isSearching = true
            $0.selection = nil
            $0.focus = 0  // on the first result
            $0.focusDetent = .full
            $0.camera = .showingAll
            $0.refreshShown()
        }
    }

    @Test func closeDeselectsAndLeavesTheCameraWhereItIs() {
        var state = NearbyState()
        _ = state.reduce(.placeSelected(.position(2)))
        expectReduce(
            &state, .selectionCleared,
            [
                Announcement("Farmácia Central deselected. Details closed.", kind: .selection)
            ]
        ) {
            $0.selection = nil
        }
        expectReduce(&state, .selectionCleared, [Announcement("Nothing is selected.", kind: .error, earcon: .error)])
    }

    @Test func theListIsReachedOnlyAsTheDetentShowsIt() {
        var state = NearbyState()
        // Half height: the rail of the four nearest, then the rest is one step up.
        for position in 1...4 {
            _ = state.reduce(.nextFocused)
            #expect(state.focus == position - 1)
        }
        expectReduce(
            &state, .nextFocused,
            [
                Announcement(
                    "End of the nearest places. 17 more places one step up: type up.", kind: .place, earcon: .end)
            ])
        _ = state.reduce(.handleDecremented)
        expectReduce(
            &state, .nextFocused,
            [
                Announcement(
                    "The list is hidden while the sheet rests at the bottom. Type up to show it.", kind: .place,
                    earcon: .end)
            ])
    }

    @Test func walkTellsTheSelectedPlacesChip() {
        var state = NearbyState()
        expectReduce(
            &state, .walkRequested,
            [
                Announcement(
                    "Nothing is selected. Select a place first, for example: select 1.", kind: .error, earcon: .error)
            ])
        _ = state.reduce(.placeSelected(.name("tram stop")))
        expectReduce(
            &state, .walkRequested, [Announcement("Tram Stop Diner: 10 minute walk, 805 metres east.", kind: .walk)])
    }

    @Test func headingGivesRelativeDirectionsAndImperialUnitsFeet() {
        var settings = Settings()
        settings.heading = 90
        settings.units = .imperial
        let state = NearbyState(settings: settings)
        let coffee = state.places.all.firstIndex { $0.id == "coffee" }!
        #expect(state.describe(coffee) == "Harbor Coffee, Café, 940 feet behind, 4 minute walk")
    }
}
