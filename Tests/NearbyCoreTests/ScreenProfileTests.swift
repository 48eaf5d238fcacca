import PlaceData
import Testing

@testable import NearbyCore

/// The two seeds' screens (`screen nearby|map-search`) and the keyboard (`keyboard-height`):
/// the detents' heights, the list's order, where selecting puts the sheet, and the sheet's
/// frame above the keyboard.
@Suite("The Nearby and Map Search screens, and the keyboard")
struct ScreenProfileTests {
    @Test(arguments: [
        // (screen, screen height, resting, half, full)
        (Settings.Screen.nearby, 844.0, 75.96, 422.0, 793.36),
        (.nearby, 600, 54, 300, 564),
        (.nearby, 2000, 180, 1000, 1880),
        (.mapSearch, 844, 76, 422, 790),
        (.mapSearch, 600, 76, 300, 546),
        (.mapSearch, 2000, 76, 1000, 1946),
    ])
    func detentHeights(_ screen: Settings.Screen, _ height: Double, _ resting: Double, _ half: Double, _ full: Double) {
        let geometry = SheetGeometry(screenHeight: height, screen: screen)
        #expect(abs(geometry.height(of: .resting) - resting) < 1e-9)
        #expect(abs(geometry.height(of: .half) - half) < 1e-9)
        #expect(abs(geometry.height(of: .full) - full) < 1e-9)
    }

    @Test func underNearbyEveryDetentIsTheSameFractionOfAnyScreen() {
        for height in stride(from: 200.0, through: 4000, by: 100) {
            let geometry = SheetGeometry(screenHeight: height, screen: .nearby)
            #expect(abs(geometry.height(of: .resting) / height - SheetGeometry.restingFraction) < 1e-12)
            #expect(abs(geometry.height(of: .half) / height - SheetGeometry.halfFraction) < 1e-12)
            #expect(abs(geometry.height(of: .full) / height - SheetGeometry.fullFraction) < 1e-12)
        }
    }

    @Test func theMapSearchSheetIsNeverDismissedByADrag() {
        var settings = Settings()
        settings.screen = .mapSearch
        settings.dismissible = true
        var state = NearbyState(settings: settings)
        _ = state.reduce(.detentChosen(.resting))
        _ = state.reduce(.sheetDragged(translation: 500, velocity: 3000))
        #expect(state.sheet.isPresented && state.sheet.detent == .resting)
    }

    @Test func theFrameEndsAtTheKeyboardAndKeepsItsTop() {
        let geometry = SheetGeometry(screenHeight: 844)
        #expect(abs(geometry.frameHeight(of: .full, keyboard: 336) - 457.36) < 1e-9)
        #expect(geometry.frameHeight(of: .full, keyboard: nil) == geometry.height(of: .full))
        #expect(geometry.frameHeight(of: .full, keyboard: 1000) == 0)
        var state = NearbyState()
        #expect(state.visibleRows == 10)
        _ = state.reduce(.searchFocused)
        #expect(state.keyboardHeight == 336 && state.visibleRows == 4)
        _ = state.reduce(.searchDismissed)
        #expect(state.keyboardHeight == nil && state.visibleRows == 10)
    }

    @Test func loweringTheSheetPutsTheKeyboardAway() {
        for action in [Action.handleDecremented, .detentChosen(.half), .handleActivated, .dimmedMapTapped] {
            var state = NearbyState()
            _ = state.reduce(.queryEntered("cafe"))
            #expect(state.isSearching)
            _ = state.reduce(action)
            #expect(!state.isSearching && state.keyboardHeight == nil, "\(action)")
        }
    }

    @Test func theMapBehindTheKeyboardDoesNotMove() {
        var state = NearbyState()
        _ = state.reduce(.detentChosen(.full))
        let without = MapPicture(state: state, columns: 60, rows: 30).text.components(separatedBy: "\n")
        _ = state.reduce(.searchFocused)
        let with = MapPicture(state: state, columns: 60, rows: 30).text.components(separatedBy: "\n")
        // 336 of 844 points: the bottom 12 of 30 rows are the keyboard, its name on the first.
        let keyboardTop = 30 - 12
        #expect(with[keyboardTop].contains("= Keyboard ="))
        #expect(Array(with[..<keyboardTop]) == Array(without[..<keyboardTop]))
        #expect(with.contains { $0.contains("the keyboard covers the bottom rows and the map behind does not move") })
        #expect(!without.contains { $0.contains("Keyboard") })
    }

    @Test func theMapSearchListKeepsThePlacesOwnOrderAndNearbyIsNearestFirst() {
        var settings = Settings()
        settings.screen = .mapSearch
        var state = NearbyState(settings: settings)
        #expect(state.shownPlaces.map(\.id) == BuiltInPlaces.lisbon.map(\.id))
        _ = state.reduce(.settingChanged(.screen, value: "nearby"))
        let distances = state.shownPlaces.map { state.settings.origin.distance(to: $0.coordinate) }
        #expect(distances == distances.sorted())
        #expect(state.shownPlaces.count == BuiltInPlaces.lisbon.count)
    }

    @Test func theCameraCentresTheSelectedPlaceInTheRowsTheSheetLeavesFree() {
        // 000's safeAreaPadding: the resting height, else half the map.
        var settings = Settings()
        settings.screen = .mapSearch
        var state = NearbyState(settings: settings)
        for detent in [Detent.half, .resting] {
            _ = state.reduce(.detentChosen(detent))
            _ = state.reduce(.placeSelected(.name("Harbor Coffee")))
            let rows = MapPicture(state: state, columns: 60, rows: 30).text.components(separatedBy: "\n").prefix(30)
            let pin = rows.firstIndex { $0.contains("*") }
            let free = detent == .half ? 15 : 30 - 3
            #expect(pin.map { $0 < free } == true, "\(detent): the pin is on row \(String(describing: pin))")
        }
    }

    @Test func selectingPutsTheSheetWhereEachSeedDoes() {
        for (screen, detent) in [(Settings.Screen.nearby, Detent.full), (.mapSearch, .half)] {
            for start in Detent.allCases {
                var settings = Settings()
                settings.screen = screen
                var state = NearbyState(settings: settings)
                _ = state.reduce(.detentChosen(start))
                _ = state.reduce(.placeSelected(.position(1)))
                #expect(state.sheet.detent == detent, "\(screen) from \(start)")
                // By its name: a marker on the map, which leaves the Map Search Sheet where it
                // is while the map answers touches (up through half height).
                _ = state.reduce(.detentChosen(start))
                _ = state.reduce(.placeSelected(.name("Harbor Coffee")))
                let pinned: Detent = screen == .nearby ? .full : start == .full ? .half : start
                #expect(state.sheet.detent == pinned, "\(screen) by name from \(start)")
                #expect(state.detailsShown == (screen == .nearby))
                #expect(state.selection == "coffee")
            }
        }
    }
}
