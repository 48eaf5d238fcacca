import Testing

@testable import NearbyCore

@Suite("The sheet's detents: every transition, exact state and announcements")
struct DetentTests {
    let hint = " Adjustable: type up or down to move it."

    @Test func startsAtHalfHeight() {
        let state = NearbyState()
        #expect(state.sheet.detent == .half)
        #expect(state.sheet.isPresented)
    }

    @Test func upAndDownStepLikeAnAdjustableElementWithTheHintOnlyTheFirstTime() {
        var state = NearbyState()
        expectReduce(&state, .handleIncremented, [.detent("Sheet, full height, 3 of 3.\(hint)")]) {
            $0.sheet.detent = .full
            $0.sheet.hasHeardHandleHint = true
        }
        expectReduce(&state, .handleIncremented, [.detent("Already at full height.", earcon: .end)])
        expectReduce(&state, .handleDecremented, [.detent("Sheet, half height, 2 of 3.")]) { $0.sheet.detent = .half }
        expectReduce(&state, .handleDecremented, [.detent("Sheet, resting at the bottom, 1 of 3.")]) {
            $0.sheet.detent = .resting
        }
        expectReduce(&state, .handleDecremented, [.detent("Already resting at the bottom.", earcon: .end)])
        expectReduce(&state, .handleIncremented, [.detent("Sheet, half height, 2 of 3.")]) { $0.sheet.detent = .half }
    }

    @Test func verboseAlwaysGivesTheHintAndTerseNever() {
        var settings = Settings()
        settings.verbosity = .verbose
        var verbose = NearbyState(settings: settings)
        _ = verbose.reduce(.handleDecremented)
        #expect(verbose.reduce(.handleIncremented).announcements == [.detent("Sheet, half height, 2 of 3.\(hint)")])
        settings.verbosity = .terse
        var terse = NearbyState(settings: settings)
        #expect(terse.reduce(.handleIncremented).announcements == [.detent("Sheet, full height, 3 of 3.")])
    }

    @Test func handleTapCyclesTheDetents() {
        var state = NearbyState()
        state.sheet.hasHeardHandleHint = true
        expectReduce(&state, .handleActivated, [.detent("Sheet, full height, 3 of 3.")]) { $0.sheet.detent = .full }
        expectReduce(&state, .handleActivated, [.detent("Sheet, resting at the bottom, 1 of 3.")]) {
            $0.sheet.detent = .resting
        }
        expectReduce(&state, .handleActivated, [.detent("Sheet, half height, 2 of 3.")]) { $0.sheet.detent = .half }
    }

    @Test func backTapsTheDimmedMapOnlyAtFullHeight() {
        var state = NearbyState()
        state.sheet.hasHeardHandleHint = true
        expectReduce(
            &state, .dimmedMapTapped,
            [.error("The back command works only at full height. The sheet is at half height.")])
        state.sheet.detent = .full
        state.isSearching = true
        expectReduce(&state, .dimmedMapTapped, [.detent("Sheet, half height, 2 of 3.")]) {
            $0.sheet.detent = .half
            $0.isSearching = false
        }
        state.sheet.detent = .resting
        expectReduce(
            &state, .dimmedMapTapped,
            [.error("The back command works only at full height. The sheet is resting at the bottom.")])
    }

    @Test(arguments: Detent.allCases)
    func detentCommandMovesTheSheetProgrammatically(_ target: Detent) {
        var state = NearbyState()
        state.sheet.hasHeardHandleHint = true
        if target == .half {
            expectReduce(&state, .detentChosen(.half), [Announcement("Sheet already at half height.", kind: .detent)])
        } else {
            expectReduce(
                &state, .detentChosen(target),
                [.detent("Sheet, \(target.spoken(state.words)), \(target.position) of 3.")]
            ) {
                $0.sheet.detent = target
            }
        }
    }

    @Test func findRaisesTheSheetAsTheKeyboardDoes() {
        var state = NearbyState()
        expectReduce(
            &state, .searchFocused,
            [Announcement("Search places, search field, editing. Sheet at full height.", kind: .screen)]
        ) {
            $0.isSearching = true
            $0.sheet.detent = .full
        }
        expectReduce(
            &state, .searchDismissed,
            [
                Announcement(
                    "Search field closed. Sheet stays at full height. Keyboard hidden. Places 1 to 10 of 21.",
                    kind: .screen)
            ]
        ) {
            $0.isSearching = false
        }
    }

    @Test func selectingOpensTheDetailAtFullHeightAndFliesTheCamera() {
        var state = NearbyState()
        let coffee = state.places.all.firstIndex { $0.id == "coffee" }!
        let position = state.shown.firstIndex(of: coffee)!
        expectReduce(
            &state, .placeSelected(.name("harbor coffee")),
            [
                Announcement("Selected, Harbor Coffee, Café, 285 metres west, 4 minute walk.", kind: .selection),
                // The sheet's rise is heard, as every detent change is, visuals on or off.
                Announcement("Details at full height.", priority: .polite, kind: .detent, earcon: .snap),
                Announcement("Map flies to Harbor Coffee, 1.5 kilometres above.", priority: .polite, kind: .camera)
                    .visualOnly,
                Announcement("Over its pin, a chip says 4 minute walk.", priority: .polite, kind: .selection)
                    .visualOnly,
            ]
        ) {
            $0.selection = "coffee"
            $0.focus = position
            $0.focusDetent = .full
            $0.sheet.detent = .full
            $0.camera = .closeUp(placeID: "coffee", altitude: 1500)
        }
        // Now selected, it is read with the selected trait.
        #expect(state.describe(coffee) == "Selected, Harbor Coffee, Café, 285 metres west, 4 minute walk")
    }

    @Test(arguments: [
        // (start, translation, velocity, dismissible, rest)
        (Detent.half, -300.0, 0.0, false, SheetGeometry.Rest.detent(.full)),
        (.half, -100, 0, false, .detent(.half)),
        (.half, -100, -800, false, .detent(.full)),
        (.half, 100, 0, false, .detent(.half)),
        (.half, 200, 0, false, .detent(.resting)),
        (.half, 300, 0, false, .detent(.resting)),
        (.resting, 60, 0, true, .dismissed),
        (.resting, 60, 0, false, .detent(.resting)),
        (.full, 100, 2000, false, .detent(.resting)),
        (.full, 100, 2000, true, .dismissed),
        (.full, 100, 0, true, .detent(.full)),
        (.full, 300, 3000, true, .dismissed),
    ])
    func dragProjectsAndSnaps(
        _ start: Detent, _ translation: Double, _ velocity: Double, _ dismissible: Bool, _ rest: SheetGeometry.Rest
    ) {
        let geometry = SheetGeometry(screenHeight: 844)
        #expect(
            geometry.settle(from: start, translation: translation, velocity: velocity, dismissible: dismissible) == rest
        )
    }

    @Test func dragDismissesOnlyWhereAllowedAndTheHandleBringsTheSheetBack() {
        var settings = Settings()
        settings.dismissible = true
        var state = NearbyState(settings: settings)
        state.sheet.hasHeardHandleHint = true
        state.sheet.detent = .resting
        expectReduce(
            &state, .sheetDragged(translation: 60, velocity: 0),
            [.detent("Sheet dismissed. Type handle to bring it back.")]
        ) {
            $0.sheet.isPresented = false
        }
        expectReduce(&state, .nextFocused, [.error("The sheet is dismissed. Type handle to bring it back.")])
        expectReduce(&state, .handleActivated, [.detent("Sheet, resting at the bottom, 1 of 3.")]) {
            $0.sheet.isPresented = true
        }
    }
}
