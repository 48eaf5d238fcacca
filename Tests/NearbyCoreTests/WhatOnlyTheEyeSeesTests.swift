import PlaceData
import Testing

@testable import NearbyCore

/// What only the eye sees of the seeds (issue 28's items 3, 5, 6, 7 and 8): how a release
/// settles, the snap heard once a snap, the map behind an opaque sheet, the walk-time chip, the
/// pins' names and symbols, and the streets and parks of OpenStreetMap, in words and in `map`.
@Suite("What only the eye sees: release motion, one snap, the chip, the map's labels and ground")
struct WhatOnlyTheEyeSeesTests {
    static func state(visuals: Bool = true, reduceMotion: Bool = false, reduceTransparency: Bool = false)
        -> NearbyState
    {
        var settings = Settings()
        settings.visuals = visuals
        settings.reduceMotion = reduceMotion
        settings.reduceTransparency = reduceTransparency
        // A fling to the bottom settles there, as these tests hear it: not dismissed.
        settings.dismissible = false
        return NearbyState(settings: settings)
    }

    /// The seed's "soft haptic per snap": every move of the sheet, by a drag, the handle, the
    /// search or a selection, is one snap earcon, whatever `visuals` says; a command that moves
    /// nothing has none.
    @Test(arguments: [false, true])
    func theSnapSoundsOncePerSnap(visuals: Bool) {
        var state = Self.state(visuals: visuals)
        func snaps(_ action: Action) -> Int {
            state.reduce(action).announcements.filter { $0.earcon == .snap }.count
        }
        #expect(snaps(.sheetDragged(translation: 100, velocity: 2000)) == 1)  // a fling to the bottom
        #expect(snaps(.sheetDragged(translation: -300, velocity: 0)) == 1)  // a slow release to half
        #expect(snaps(.sheetDragged(translation: 50, velocity: 0)) == 1)  // springs back: a snap too
        #expect(snaps(.placeSelected(.position(2))) == 1)  // select raises the sheet to full
        #expect(state.sheet.detent == .full)
        #expect(snaps(.placeSelected(.position(3))) == 0)  // already at full: no snap
        #expect(snaps(.handleDecremented) == 1)
        #expect(snaps(.queryEntered("cafe")) == 1)  // the keyboard raises it
        #expect(snaps(.handleIncremented) == 0)  // already at full: the end sound instead
    }

    @Test func aFlingAndASlowReleaseAreToldApartAndReduceMotionEasesOut() {
        var state = Self.state()
        let fling = state.reduce(.sheetDragged(translation: 100, velocity: 2000)).announcements
        #expect(
            fling == [
                Announcement(
                    "Sheet, resting at the bottom, 1 of 3. Adjustable: type up or down to move it.", kind: .detent,
                    earcon: .snap),
                Announcement(
                    "Flung at 2,000 points a second: a spring that starts at that speed settles the sheet resting at the bottom.",
                    priority: .polite, kind: .detent),
            ])
        let slow = state.reduce(.sheetDragged(translation: -300, velocity: 0)).announcements
        #expect(
            slow.last
                == Announcement(
                    "Released slowly: a spring settles the sheet at half height.", priority: .polite, kind: .detent))
        var reduced = Self.state(reduceMotion: true)
        let eased = reduced.reduce(.sheetDragged(translation: -10, velocity: -3000)).announcements
        #expect(
            eased.last
                == Announcement(
                    "The sheet eases out and stops at full height, with no spring.", priority: .polite, kind: .detent))
        // Visuals off: the words are for the JSON Lines transcript only, and carry no sound.
        var quiet = Self.state(visuals: false)
        let marked = quiet.reduce(.sheetDragged(translation: 100, velocity: 2000)).announcements
        #expect(marked.count == 2 && marked[1].isVisualOnly && marked[1].earcon == nil)
    }

    @Test func selectingRaisesTheWalkTimeChip() {
        var state = Self.state()
        let answers = state.reduce(.placeSelected(.position(3))).announcements
        #expect(
            answers.last
                == Announcement("Over its pin, a chip says 3 minute walk.", priority: .polite, kind: .selection))
        // At full height the sheet covers the pin; at half height the map shows it.
        _ = state.reduce(.detentChosen(.half))
        let picture = MapPicture(state: state, columns: 80, rows: 24).text
        let lines = picture.split(separator: "\n").map(String.init)
        let star = lines.firstIndex { $0.contains("*") }!
        // The chip is in the row above the selected pin, over it.
        let chipRow = lines[star - 1]
        let chip = chipRow.range(of: "[3 min]")!
        let column = lines[star].distance(from: lines[star].startIndex, to: lines[star].firstIndex(of: "*")!)
        let from = chipRow.distance(from: chipRow.startIndex, to: chip.lowerBound)
        #expect((from...(from + 6)).contains(column))
        #expect(lines[star].contains("* Sardine Grill"))
        #expect(picture.contains("Over *, the walk-time chip: Sardine Grill, 3 minute walk."))
    }

    @Test func pinsCarryTheirNamesWhereTheyFitAndTheLegendTheirSymbols() {
        let state = Self.state()
        let picture = MapPicture(state: state, columns: 100, rows: 30).text
        let lines = picture.split(separator: "\n").map(String.init)
        let legend = lines.first { $0.hasPrefix("Legend:") }!
        #expect(legend.contains("C Café (cup.and.saucer.fill)"))
        #expect(legend.contains("B Bakery (birthday.cake.fill)"))
        #expect(legend.contains("P Park (tree.fill)"))
        // Every place above the sheet is named beside its pin or numbered in the legend.
        let map = lines.prefix(30).joined(separator: "\n")
        let numbered = lines.first { $0.hasPrefix("Numbered pins:") } ?? ""
        let named = state.shown.filter { map.contains(state.places.all[$0].name) }
        #expect(named.count >= 5, "\(picture)")
        // A numbered place is not also named in the picture.
        for index in state.shown where numbered.contains(state.places.all[index].name) {
            #expect(!map.contains(state.places.all[index].name))
        }
    }

    @Test func reduceTransparencyMakesTheSheetOpaqueAndKeepsTheMapBehind() {
        for reduceMotion in [false, true] {
            var state = Self.state(reduceMotion: reduceMotion, reduceTransparency: true)
            _ = state.reduce(.handleIncremented)
            let read = state.reduce(.readRequested).announcements[0].text
            #expect(
                read.hasSuffix(
                    reduceMotion
                        ? "The map behind is dimmed." : "The map behind is dimmed, scaled down with rounded corners."))
            let picture = MapPicture(state: state, columns: 60, rows: 20).text
            #expect(
                picture.contains(
                    reduceMotion
                        ? "Note: map dimmed; sheet opaque."
                        : "Note: map dimmed, scaled down, rounded corners; sheet opaque."))
            // The scaled map's rounded corners, unless motion is reduced.
            #expect(picture.hasPrefix("(") == !reduceMotion)
        }
    }

    @Test func withTheBuiltInPlacesTheLegendSaysThereIsNoStreetData() {
        let picture = MapPicture(state: Self.state(), columns: 80, rows: 24).text
        #expect(
            picture.contains(
                "No street data: streets are drawn only for places from an OpenStreetMap extract or store."))
        // The theme's ground instead (MapGroundDrawingTests): its parks about their point, no streets.
        #expect(picture.contains("\"") && !picture.contains("Streets,"))
    }

    @Test func streetsAndParksAreDrawnAndNamedNearestFirst() {
        var state = Self.state()
        let origin = state.settings.origin
        func at(_ north: Double, _ east: Double) -> Coordinate {
            Coordinate(latitude: origin.latitude + north, longitude: origin.longitude + east)
        }
        // An east-west street through the user, a north-south one further east, one beyond the picture.
        let streets = [
            MapStreet(name: "Rua Augusta", points: [at(0, -0.01), at(0, 0.01)]),
            MapStreet(name: "Rua do Ouro", points: [at(-0.01, 0.004), at(0.01, 0.004)]),
            MapStreet(name: "Far Away Road", points: [at(1, 1), at(1.01, 1)]),
        ]
        _ = state.reduce(.handleDecremented)
        let reaction = state.apply(.mapMeasured(columns: 80, rows: 24, streets: streets))
        let picture = reaction.announcements[0].display!
        let lines = picture.split(separator: "\n").map(String.init)
        #expect(lines.contains("Streets, drawn as lines of - | / \\: Rua Augusta, Rua do Ouro."), "\(picture)")
        #expect(
            lines.contains(
                "Parks, drawn as \" about their point: Miradouro Terrace, Riverside Garden, Jardim São Pedro."),
            "\(picture)")
        #expect(lines.prefix(24).contains { $0.contains("---") })
        #expect(lines.prefix(24).filter { $0.contains("|") }.count >= 5)
        #expect(lines.prefix(24).contains { $0.contains("\"") })
        #expect(
            reaction.announcements[0].text
                == "Map drawn for a sighted collaborator: 21 places as letters, you as @. Drawn from OpenStreetMap: 2 streets and 3 parks."
        )
    }

    /// The walking network (issue 36 §5): an unnamed way drawn lighter, under the named streets
    /// and not named, and a crossing marked; the legend tells both, the summary counts streets.
    @Test func anUnnamedWayIsDrawnLighterAndACrossingIsMarked() throws {
        var state = Self.state()
        let origin = state.settings.origin
        func at(_ north: Double, _ east: Double) -> Coordinate {
            Coordinate(latitude: origin.latitude + north, longitude: origin.longitude + east)
        }
        // Rua Augusta east-west through the user, Rua do Ouro north-south to its east; a footpath
        // north-south to its west, crossing Rua Augusta; a crossing where the two streets meet.
        let streets = [
            MapStreet(name: "Rua Augusta", points: [at(0, -0.01), at(0, 0.01)]),
            MapStreet(name: "Rua do Ouro", points: [at(-0.01, 0.004), at(0.01, 0.004)]),
            MapStreet(name: nil, points: [at(-0.01, -0.004), at(0.01, -0.004)]),
        ]
        _ = state.reduce(.handleDecremented)
        let reaction = state.apply(
            .mapMeasured(columns: 80, rows: 24, streets: streets, crossings: [at(0, 0.004), at(1, 1)]))
        let picture = reaction.announcements[0].display!
        let lines = picture.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0) }
        let frame = MapPicture.Frame(state: state, columns: 80, rows: 24)
        func mark(_ point: Coordinate) throws -> Character {
            let cell = try #require(frame.cell(point))
            return cell.column < lines[cell.row].count ? lines[cell.row][cell.column] : " "
        }
        // The footpath is a line of `:`; where it meets Rua Augusta, the street is drawn over it.
        let footpath = try #require(frame.cell(at(0.0005, -0.004)))
        #expect(lines.prefix(24).filter { $0.count > footpath.column && $0[footpath.column] == ":" }.count >= 5)
        #expect(try mark(at(0, -0.004)) == "-")
        // The crossing in view is marked; the one beyond the picture is not counted.
        #expect(try mark(at(0, 0.004)) == "#")
        let text = picture.split(separator: "\n").map(String.init)
        #expect(text.contains("Streets, drawn as lines of - | / \\: Rua Augusta, Rua do Ouro."), "\(picture)")
        #expect(text.contains("Footpaths, steps and other unnamed ways, drawn as lines of :."), "\(picture)")
        #expect(text.contains("1 crossing, drawn as #."), "\(picture)")
        #expect(reaction.announcements[0].text.hasSuffix("Drawn from OpenStreetMap: 2 streets and 3 parks."))
        // Without unnamed ways or crossings, neither line is written.
        let plain = MapPicture(state: state, columns: 80, rows: 24, streets: Array(streets.prefix(2))).text
        #expect(!plain.contains("unnamed ways") && !plain.contains("crossing"))
    }

    @Test func aLineIsMarkedByItsSlopeOnTheScreen() {
        #expect(MapPicture.Canvas.mark(dx: 10, dy: 0) == "-")
        #expect(MapPicture.Canvas.mark(dx: 0, dy: 5) == "|")
        #expect(MapPicture.Canvas.mark(dx: 4, dy: -2) == "/")
        #expect(MapPicture.Canvas.mark(dx: 4, dy: 2) == "\\")
        #expect(MapPicture.Canvas.clip((-10, 5), (-5, 5), width: 80, height: 24) == nil)
        let clipped = MapPicture.Canvas.clip((-10, 5), (10, 5), width: 80, height: 24)!
        #expect(clipped.0.x == -0.5 && clipped.1.x == 10)
    }
}
