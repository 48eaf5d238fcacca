import Foundation
import Testing

@testable import NearbyCore
@testable import PlaceData
@testable import Words

/// Routes of waypoints and recording in the core (issue 40, points 2 and 3): made, changed and
/// listed, each change said once the shell has kept it; walked waypoint by waypoint with the
/// beacon's selection on the next; recorded as points the shell writes.
@Suite("Routes of waypoints")
struct WaypointRouteTests {
    /// Metres north of the origin, as a coordinate.
    static func north(_ metres: Double) -> Coordinate {
        Coordinate(latitude: 60.17 + metres / 111_195, longitude: 24.94)
    }

    /// The change a reaction asks the shell to save, applied as saved: what is said then.
    static func saved(_ state: inout NearbyState, _ reaction: Reaction) -> [String] {
        guard case .saveMarkers(let markers, let routes, let change) = reaction.effects.first else {
            Issue.record("no save: \(reaction.announcements.map(\.text))")
            return []
        }
        #expect(markers == state.markers)
        #expect(routes == state.keptRoutes)
        #expect(reaction.announcements.isEmpty, "said only once saved")
        return state.apply(.markersSaved(change, failure: nil)).announcements.map(\.text)
    }

    static func said(_ reaction: Reaction) -> [String] { reaction.announcements.map(\.text) }

    /// A position report `metres` north of the origin, walking north.
    static func walked(_ state: inout NearbyState, to metres: Double, time: Double) -> Reaction {
        state.apply(
            .positionReported(PositionReport(coordinate: north(metres), course: 0, speed: 1.4, time: time)))
    }

    @Test func aRouteIsMadeOfTheSelectedPlaceAndWhereYouStandEachSaidOnceSaved() {
        var state = MarkerTests.state()
        #expect(Self.said(state.reduce(.routesRequested)).first?.hasPrefix("No routes yet.") == true)
        #expect(
            Self.saved(&state, state.reduce(.routeNew("Errands")))
                == [
                    "Made route Errands. Select a place or marker and type route add, or route add where you stand."
                ])
        _ = state.reduce(.placeSelected(.name("Kahvila")))
        #expect(Self.saved(&state, state.reduce(.routeAdd)) == ["Added Kahvila to Errands, as waypoint 1."])
        #expect(
            Self.said(state.reduce(.routeAdd)) == ["Kahvila is already the last waypoint of Errands."],
            "the same waypoint twice in a row is refused")
        _ = state.reduce(.selectionCleared)
        #expect(Self.saved(&state, state.reduce(.routeAdd)) == ["Added Waypoint 2 to Errands, as waypoint 2."])
        #expect(state.keptRoutes.first?.waypoints.map(\.placeID) == ["node/1", nil])
        #expect(state.keptRoutes.first?.waypoints.last?.coordinate == state.settings.origin)
        #expect(
            Self.said(state.reduce(.routesRequested)) == ["1 route: Errands, 2 waypoints, 10 metres, from Kahvila."])
        #expect(
            Self.said(state.reduce(.routeRemove(3)))
                == ["Errands has 2 waypoints: route remove takes a number from 1 to 2."])
        #expect(Self.saved(&state, state.reduce(.routeRemove(1))) == ["Removed waypoint 1, Kahvila, from Errands."])
        #expect(state.keptRoutes.first?.waypoints.map(\.name) == ["Waypoint 2"])
    }

    @Test func refusalsChangeNothingAndSaySo() {
        var state = MarkerTests.state()
        #expect(Self.said(state.reduce(.routeAdd)) == ["No route to change: type route new and a name first."])
        #expect(Self.said(state.reduce(.routeSkip)).first?.hasPrefix("No route is being walked") == true)
        #expect(Self.said(state.reduce(.routeStop)).first?.hasPrefix("No route is being walked") == true)
        #expect(Self.said(state.reduce(.routeStart(nil))).first?.hasPrefix("No routes yet.") == true)
        _ = Self.saved(&state, state.reduce(.routeNew("Errands")))
        #expect(
            Self.said(state.reduce(.routeNew("errands"))) == [
                "A route called Errands is already kept; routes lists them."
            ])
        #expect(
            Self.said(state.reduce(.routeStart("Errands")))
                == ["Errands has no waypoints yet: select a place and type route add."])
        #expect(Self.said(state.reduce(.routeStart("Bakeries"))) == ["No route is called Bakeries; routes lists them."])
        #expect(state.keptRoutes.count == 1)
        #expect(state.waypointWalk == nil)
    }

    @Test func aRouteWalkedSelectsEachWaypointInTurnAndEnds() {
        var state = MarkerTests.state()
        _ = Self.saved(&state, state.reduce(.routeNew("North")))
        for (name, metres) in [("Gate", 40.0), ("Bench", 100.0), ("Pier", 160.0)] {
            _ = state.apply(.positionReported(PositionReport(coordinate: Self.north(metres), time: metres)))
            _ = Self.saved(&state, state.reduce(.markRequested(name)))
            _ = state.reduce(.selectionCleared)
            _ = state.reduce(.placeSelected(.name(name)))
            _ = Self.saved(&state, state.reduce(.routeAdd))
            _ = state.reduce(.selectionCleared)
        }
        _ = state.apply(.positionReported(PositionReport(coordinate: Self.north(0), course: 0, time: 200)))
        let start = Self.said(state.reduce(.routeStart(nil)))
        #expect(start == ["Route North, 3 waypoints. Waypoint 1 of 3, Gate, 40 metres north."])
        #expect(state.selection == "waypoint/1", "the beacon's place is the waypoint")
        #expect(state.places.all.contains { $0.id == "waypoint/1" && $0.name == "Gate" && $0.kind == "Waypoint" })
        // Walking north: Gate reached within 15 m, the beacon on Bench.
        _ = Self.walked(&state, to: 20, time: 210)
        let gate = Self.said(Self.walked(&state, to: 30, time: 220))
        #expect(gate.contains("Arrived at Gate, waypoint 1 of 3. Waypoint 2 of 3, Bench, 70 metres ahead."), "\(gate)")
        #expect(state.selection == "waypoint/2")
        #expect(!state.places.all.contains { $0.id == "waypoint/1" })
        // `route skip` past Bench; `route` says where the walk is.
        #expect(Self.said(state.reduce(.routeSkip)) == ["Skipped Bench. Waypoint 3 of 3, Pier, 130 metres ahead."])
        #expect(
            Self.said(state.reduce(.routeRequested)) == [
                "Walking route North. Waypoint 3 of 3, Pier, 130 metres ahead."
            ])
        let pier = Self.said(Self.walked(&state, to: 150, time: 300))
        #expect(pier.contains("Arrived at Pier, the end of route North."), "\(pier)")
        #expect(state.waypointWalk == nil)
        #expect(state.selection == nil)
        #expect(!state.places.all.contains { NearbyState.isWaypoint($0.id) })
        // Walked again and stopped half way.
        _ = state.reduce(.routeStart("north"))
        #expect(Self.said(state.reduce(.routeStop)) == ["Stopped route North at waypoint 1 of 3."])
        #expect(state.waypointWalk == nil)
    }

    @Test func aRouteFromAFileKeepsItsOwnNameOrANumberedOneAndNotTwice() {
        var state = MarkerTests.state()
        let route = NearbyState.KeptRoute(
            name: "Loop", time: 0,
            waypoints: [
                NearbyState.MarkedPlace(id: "", name: "A", coordinate: Self.north(10), time: 0),
                NearbyState.MarkedPlace(id: "", name: "B", coordinate: Self.north(110), time: 0),
            ])
        let made = Self.saved(&state, state.apply(.routeFileRead(path: "loop.gpx", route, failure: nil)))
        #expect(made == ["Made route Loop from loop.gpx: 2 waypoints, 100 metres. Type route start to walk it."])
        #expect(
            Self.said(state.apply(.routeFileRead(path: "loop.gpx", route, failure: nil)))
                == ["loop.gpx is already kept as route Loop."])
        var other = route
        other.waypoints.removeLast()
        _ = Self.saved(&state, state.apply(.routeFileRead(path: "loop2.gpx", other, failure: nil)))
        #expect(state.keptRoutes.map(\.name) == ["Loop", "Loop 2"])
        #expect(
            Self.said(state.apply(.routeFileRead(path: "x.gpx", nil, failure: "line 1, column 1: not a GPX file")))
                == ["Cannot make a route of x.gpx: line 1, column 1: not a GPX file."])
        #expect(Self.said(state.reduce(.routeExportRequested("Loop 2 out.gpx"))).isEmpty)
        guard
            case .exportKeptRoute(let path, let exported) = state.reduce(.routeExportRequested("Loop 2 out.gpx"))
                .effects.first
        else {
            Issue.record("no export")
            return
        }
        #expect(path == "out.gpx")
        #expect(exported.name == "Loop 2")
    }

    @Test func aRecordedWalkIsEachPositionReportAndAMarkNamesItsPoint() {
        var state = MarkerTests.state()
        #expect(Self.said(state.reduce(.recordStop)) == ["Not recording: record starts."])
        #expect(state.reduce(.recordStart("walk.gpx")).effects == [.startRecording(path: "walk.gpx")])
        #expect(
            Self.said(state.apply(.recordingStarted(path: "walk.gpx", failure: nil)))
                == [
                    "Recording your walk to walk.gpx. record stop ends it; mark names a point on it. Nothing reports your position yet: a point is written for each report of set at gpsd or --route FILE.gpx."
                ], "a position typed makes no points, and that is said")
        #expect(Self.said(state.reduce(.recordStart(nil))) == ["Already recording to walk.gpx: record stop ends it."])
        state.wallClock = 1_800_000_100
        let first = Self.walked(&state, to: 10, time: 1)
        #expect(first.effects.contains(.recordPoint(Self.north(10), time: 1_800_000_100, name: nil)))
        _ = Self.walked(&state, to: 60, time: 2)
        let mark = state.reduce(.markRequested("Corner"))
        #expect(mark.effects.first == .recordPoint(Self.north(60), time: 1_800_000_100, name: "Corner"))
        #expect(state.reduce(.recordStop).effects == [.stopRecording])
        #expect(
            Self.said(state.apply(.recordingStopped(path: "walk.gpx", failure: nil)))
                == ["Recording stopped: 3 points, 50 metres, in walk.gpx."])
        #expect(state.recording == nil)
        #expect(
            !Self.walked(&state, to: 70, time: 3).effects.contains { if case .recordPoint = $0 { true } else { false } }
        )
        // A file that cannot be made: said, and nothing recorded.
        _ = state.reduce(.recordStart("/nowhere/walk.gpx"))
        #expect(
            Self.said(state.apply(.recordingStarted(path: "/nowhere/walk.gpx", failure: "No such file or directory")))
                == ["Cannot record to /nowhere/walk.gpx: No such file or directory."])
        #expect(state.recording == nil)
    }

    @Test func routeCommandsAreParsedInEnglishAndInTheSessionsLanguage() {
        #expect(CommandParser.parse("route new Harbour walk") == .routeNew("Harbour walk"))
        #expect(CommandParser.parse("route add") == .routeAdd)
        #expect(CommandParser.parse("route remove 2") == .routeRemove(2))
        #expect(CommandParser.parse("route start") == .routeStart(nil))
        #expect(CommandParser.parse("route start Harbour walk") == .routeStart("Harbour walk"))
        #expect(CommandParser.parse("route skip") == .routeSkip)
        #expect(CommandParser.parse("route stop") == .routeStop)
        #expect(CommandParser.parse("route from walk.gpx") == .routeFrom("walk.gpx"))
        #expect(CommandParser.parse("route delete Harbour walk") == .routeDelete("Harbour walk"))
        #expect(CommandParser.parse("routes") == .routesRequested)
        #expect(CommandParser.parse("record") == .recordStart(nil))
        #expect(CommandParser.parse("record walk.gpx") == .recordStart("walk.gpx"))
        #expect(CommandParser.parse("record stop") == .recordStop)
        if case .invalid = CommandParser.parse("route remove two") {} else { Issue.record("route remove two") }
        if case .invalid = CommandParser.parse("route new") {} else { Issue.record("route new") }
        let spanish = Catalog.builtIn(.spanish)
        #expect(CommandParser.parse("ruta nueva Paseo", words: spanish) == .routeNew("Paseo"))
        #expect(CommandParser.parse("ruta añadir", words: spanish) == .routeAdd)
        #expect(CommandParser.parse("ruta empezar Paseo", words: spanish) == .routeStart("Paseo"))
        #expect(CommandParser.parse("rutas", words: spanish) == .routesRequested)
        #expect(CommandParser.parse("grabar", words: spanish) == .recordStart(nil))
    }
}
