import PlaceData
import Testing
import Words

@testable import NearbyCore

/// `route export FILE.gpx` in the core: the route planned handed to the shell as words and
/// points (a turn point a leg as `route steps` tells them, then the end), the refusal with none
/// planned, and what is said of the write.
@Suite("route export: the route planned, as the shell is to write it")
struct RouteExportFeatureTests {
    static let a = Coordinate(latitude: 60.1675, longitude: 24.9524)
    static let b = Coordinate(latitude: 60.1680, longitude: 24.9524)
    static let c = Coordinate(latitude: 60.1681, longitude: 24.9523)
    static let end = Coordinate(latitude: 60.1681, longitude: 24.9508)

    /// Along Eteläranta 60 m north, a crossing of 8 m (folded into it), then left onto a street
    /// whose name is markup, 80 m.
    static let route = WalkRoute(
        length: 148, points: [a, b, c, end],
        legs: [
            .init(label: .named("Eteläranta"), length: 60, turn: nil, angle: nil, start: a, bearing: 0),
            .init(
                label: .unnamed(kind: "footway", footway: .crossing), length: 8, turn: .ahead, angle: 5, start: b,
                bearing: 5),
            .init(label: .named("Mikon & <katu>"), length: 80, turn: .left, angle: -90, start: c, bearing: 270),
        ], nodes: [])

    static func planned(_ language: Language = .english) -> NearbyState {
        var settings = Settings()
        settings.language = language
        var state = NearbyState(places: BuiltInPlaces.lisbon, settings: settings)
        _ = state.apply(.routePlanned(destination: #"Café "Aino""#, route))
        return state
    }

    @Test("With no route planned: refused, as route steps is, and nothing to write")
    func nonePlanned() {
        var state = NearbyState(places: BuiltInPlaces.lisbon, settings: Settings())
        expectReduce(
            &state, .routeExportRequested("out.gpx"), [.error("No route planned: type route to and a place's name.")])
    }

    @Test("The route's points, and a turn point a leg as told (the crossing folded), then the end")
    func turnPoints() {
        var state = Self.planned()
        let reaction = state.reduce(.routeExportRequested("out.gpx"))
        #expect(reaction.announcements.isEmpty)
        let expected = NearbyState.RouteExport(
            name: #"Route to Café "Aino""#, points: [Self.a, Self.b, Self.c, Self.end],
            waypoints: [
                .init(
                    coordinate: Self.a, name: "1. Along Eteläranta", description: "along Eteläranta 70 metres north"),
                .init(
                    coordinate: Self.c, name: "2. Left onto Mikon & <katu>",
                    description: "then left onto Mikon & <katu> for 80 metres"),
                .init(
                    coordinate: Self.end, name: #"3. Café "Aino""#, description: #"Then you are at Café "Aino"."#),
            ])
        #expect(reaction.effects == [.exportRoute(path: "out.gpx", expected)])
    }

    @Test("In the session's language: Spanish turn points")
    func spanish() {
        var state = Self.planned(.spanish)
        guard case .exportRoute(_, let export) = state.reduce(.routeExportRequested("ruta.gpx")).effects.first else {
            Issue.record("no export")
            return
        }
        #expect(export.name == #"Ruta a Café "Aino""#)
        #expect(
            export.waypoints.map(\.name) == [
                "1. Por Eteläranta", "2. A la izquierda por Mikon & <katu>", #"3. Café "Aino""#,
            ])
    }

    @Test("The write said: a new file, a file replaced, or the system's reason with the file")
    func outcomes() {
        var state = Self.planned()
        #expect(
            state.apply(.routeExported(path: "out.gpx", .written(replaced: false))).announcements == [
                Announcement("Route written to out.gpx.", kind: .notice)
            ])
        #expect(
            state.apply(.routeExported(path: "out.gpx", .written(replaced: true))).announcements == [
                Announcement("Route written to out.gpx, replacing the file there.", kind: .notice)
            ])
        #expect(
            state.apply(.routeExported(path: "/no/out.gpx", .failed(reason: "No such file or directory")))
                .announcements == [.error("Cannot write the route to /no/out.gpx: No such file or directory.")])
    }
}
