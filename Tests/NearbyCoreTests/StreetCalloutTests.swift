import Foundation
import PlaceData
import Testing

@testable import NearbyCore

/// The streets as you walk (`StreetFeature`): a plus-shaped corner of Aleksanterinkatu (west to
/// east) and Mikonkatu (south to north), 200 metres each way, walked with reports that carry the
/// network, as the shell sends them.
@Suite("Intersections and street changes are said as you walk")
struct StreetCalloutTests {
    static let centre = Coordinate(latitude: 60.1690, longitude: 24.9450)

    /// The point `east` and `north` metres from the corner.
    static func point(east: Double, north: Double) -> Coordinate {
        Coordinate(
            latitude: centre.latitude + north / 111_195,
            longitude: centre.longitude + east / (111_195 * cos(centre.latitude * .pi / 180)))
    }

    static func network(
        crossing: StreetNetwork.Crossing? = nil, roundabout: Bool = false, southKind: String = "residential",
        southName: String? = "Mikonkatu"
    ) -> StreetNetwork {
        let vertices = [
            StreetNetwork.Vertex(id: 100, coordinate: centre, crossing: crossing),
            StreetNetwork.Vertex(id: 101, coordinate: point(east: -200, north: 0)),
            StreetNetwork.Vertex(id: 102, coordinate: point(east: 200, north: 0)),
            StreetNetwork.Vertex(id: 103, coordinate: point(east: 0, north: 200)),
            StreetNetwork.Vertex(id: 104, coordinate: point(east: 0, north: -200)),
        ]
        let aleksanterinkatu = StreetNetwork.Road(
            name: "Aleksanterinkatu", kind: "residential", isRoundabout: roundabout)
        let mikonkatu = StreetNetwork.Road(name: "Mikonkatu", kind: "residential")
        let south = StreetNetwork.Road(name: southName, kind: southKind)
        func edge(_ from: Int, _ to: Int, _ road: StreetNetwork.Road) -> StreetNetwork.Edge {
            StreetNetwork.Edge(
                from: from, to: to, road: road, points: [vertices[from].coordinate, vertices[to].coordinate])
        }
        return StreetNetwork(
            vertices: vertices,
            edges: [
                edge(1, 0, aleksanterinkatu), edge(0, 2, aleksanterinkatu), edge(4, 0, south), edge(0, 3, mikonkatu),
            ])
    }

    static func state(_ change: (inout Settings) -> Void = { _ in }) -> NearbyState {
        var settings = Settings()
        settings.origin = point(east: -120, north: 0)
        change(&settings)
        return NearbyState(places: [], settings: settings)
    }

    /// Walks through `points` (east, north metres) at 1.4 m/s along `course`, one report each;
    /// returns what each said of the streets.
    static func walk(
        _ state: inout NearbyState, _ points: [(Double, Double)], course: Double,
        network: StreetNetwork = network()
    ) -> [[String]] {
        points.enumerated().map { index, metres in
            let report = PositionReport(
                coordinate: point(east: metres.0, north: metres.1), course: course, speed: 1.4,
                time: Double(index), streets: network)
            return state.apply(.positionReported(report)).announcements.map(\.text)
        }
    }

    @Test("The corner ahead is said once, 20 metres before it, its roads clockwise from the left")
    func intersectionAhead() {
        var state = Self.state()
        let said = Self.walk(&state, [(-120, 0), (-60, 0), (-30, 0), (-18, 0), (-8, 0), (5, 0), (30, 0)], course: 90)
        #expect(said[0...2].allSatisfy { $0.isEmpty })
        #expect(
            said[3] == [
                "Intersection ahead: Mikonkatu goes left, Aleksanterinkatu continues ahead, Mikonkatu goes right."
            ])
        #expect(said[4...].allSatisfy { $0.isEmpty }, "said once a pass: \(said)")
        #expect(state.streetWalk.street == "Aleksanterinkatu")
    }

    @Test("A street change is said once the new street has held for 10 metres, with the heading")
    func streetChange() {
        var state = Self.state()
        _ = Self.walk(&state, [(-40, 0), (-10, 0), (-2, 0)], course: 90)
        let north = Self.walk(&state, [(0, 6), (0, 12), (0, 30), (0, 60)], course: 0)
        #expect(north[0].isEmpty && north[1].isEmpty)
        #expect(north[2] == ["Now on Mikonkatu, heading north."])
        #expect(north[3].isEmpty)
        #expect(state.streetWalk.street == "Mikonkatu")
    }

    @Test("A corner cut or a report nearer the cross street for a moment is no change")
    func noFlapAtTheCorner() {
        var state = Self.state()
        let said = Self.walk(&state, [(-40, 0), (-10, 0), (-1, 4), (4, 0), (40, 0)], course: 90)
        #expect(!said.joined().contains { $0.hasPrefix("Now on") }, "\(said)")
        #expect(state.streetWalk.street == "Aleksanterinkatu")
    }

    @Test("The road's end, a roundabout and a crossing's facts are said as such")
    func deadEndRoundaboutAndCrossing() {
        var state = Self.state()
        let end = Self.walk(&state, [(100, 0), (150, 0), (185, 0)], course: 90)
        #expect(end[2] == ["Aleksanterinkatu ends ahead."])

        var round = Self.state()
        let roundabout = Self.walk(&round, [(-60, 0), (-15, 0)], course: 90, network: Self.network(roundabout: true))
        #expect(roundabout[1].first?.hasPrefix("Roundabout ahead: Mikonkatu goes left") == true, "\(roundabout)")

        var crossing = Self.state()
        let signals = StreetNetwork.Crossing(signals: true, sound: true, tactilePaving: true)
        let crossed = Self.walk(
            &crossing, [(-60, 0), (-15, 0)], course: 90, network: Self.network(crossing: signals))
        #expect(crossed[1].first?.hasSuffix(" Crossing with traffic signals, sound and tactile paving.") == true)
    }

    @Test("An unnamed way is said by its kind; clock and compass directions are the settings'")
    func unnamedAndDirections() {
        var footway = Self.state()
        let unnamed = Self.walk(
            &footway, [(-60, 0), (-15, 0)], course: 90, network: Self.network(southKind: "footway", southName: nil))
        #expect(
            unnamed[1] == [
                "Intersection ahead: Mikonkatu goes left, Aleksanterinkatu continues ahead, a footpath goes right."
            ])

        var clock = Self.state { $0.directions = .clock }
        let hours = Self.walk(&clock, [(-60, 0), (-15, 0)], course: 90)
        #expect(
            hours[1] == [
                "Intersection ahead: Mikonkatu at 9 o'clock, Aleksanterinkatu at 12 o'clock, Mikonkatu at 3 o'clock."
            ])

        var compass = Self.state { $0.directions = .compass }
        let bearings = Self.walk(&compass, [(-60, 0), (-15, 0)], course: 90)
        #expect(
            bearings[1] == [
                "Intersection ahead: Mikonkatu goes north, Aleksanterinkatu goes east, Mikonkatu goes south."
            ])
    }

    @Test("Walking the other way, the roads turn with you; intersection-distance sets how early")
    func otherWayAndDistance() {
        var state = Self.state { $0.intersectionDistance = 50 }
        let said = Self.walk(&state, [(120, 0), (60, 0), (45, 0)], course: 270)
        #expect(said[1].isEmpty)
        #expect(
            said[2] == [
                "Intersection ahead: Mikonkatu goes left, Aleksanterinkatu continues ahead, Mikonkatu goes right."
            ])
    }

    @Test("With callouts off, or with no direction of travel, no corner is said")
    func quietWhenAsked() {
        var off = Self.state { $0.callouts = [] }
        #expect(Self.walk(&off, [(-60, 0), (-15, 0)], course: 90).joined().isEmpty)
        var still = Self.state()
        let reports = [(-60.0, 0.0), (-15.0, 0.0)].map {
            PositionReport(
                coordinate: Self.point(east: $0.0, north: $0.1), course: nil, speed: 0, time: 0,
                streets: Self.network())
        }
        #expect(reports.flatMap { still.apply(.positionReported($0)).announcements }.isEmpty)
    }

    /// A state at `east` metres along Aleksanterinkatu, facing `heading`, that has the network
    /// about it, as the shell's street report brings it.
    static func standing(east: Double, heading: Double?) -> NearbyState {
        var state = Self.state {
            $0.origin = point(east: east, north: 0)
            $0.heading = heading
        }
        _ = state.apply(.streetFound(nil, at: state.settings.origin, network: Self.network()))
        return state
    }

    @Test("where names the street from the network and its nearest corner, or its end")
    func whereFromTheNetwork() {
        var facing = Self.standing(east: -60, heading: 90)
        let answer = facing.reduce(.whereRequested(exact: false)).announcements.first?.text ?? ""
        #expect(answer.hasPrefix("On Aleksanterinkatu, 60 metres before Mikonkatu, ahead. You face east."), "\(answer)")
        var unknown = Self.standing(east: -60, heading: nil)
        let compass = unknown.reduce(.whereRequested(exact: false)).announcements.first?.text ?? ""
        #expect(compass.hasPrefix("On Aleksanterinkatu, 60 metres before Mikonkatu, east."), "\(compass)")
        var end = Self.standing(east: 170, heading: 90)
        let ends = end.reduce(.whereRequested(exact: false)).announcements.first?.text ?? ""
        #expect(ends.hasPrefix("On Aleksanterinkatu, 30 metres before its end, ahead."), "\(ends)")
        var away = Self.state { $0.origin = Self.point(east: -60, north: 80) }
        _ = away.apply(.streetFound(nil, at: away.settings.origin, network: Self.network()))
        let far = away.reduce(.whereRequested(exact: false)).announcements.first?.text ?? ""
        #expect(!far.hasPrefix("On "), "no way within 25 metres: no street: \(far)")
    }

    @Test("ahead names the intersections within 45 degrees of the heading, with the places")
    func aheadWithIntersections() {
        var state = Self.standing(east: -60, heading: 90)
        #expect(
            state.reduce(.aheadRequested).announcements.map(\.text) == [
                "Ahead: intersection of Aleksanterinkatu and Mikonkatu, 60 metres ahead."
            ])
        var behind = Self.standing(east: -60, heading: 270)
        #expect(behind.reduce(.aheadRequested).announcements.map(\.text) == ["Nothing ahead."])
        var unknown = Self.standing(east: -60, heading: nil)
        #expect(
            unknown.reduce(.aheadRequested).announcements.map(\.text) == [
                "Which way you face is not known. Type set heading and degrees, or walk with a route or the GPS."
            ])
    }

    /// The plus-shaped corner with a crossing of footpaths on Aleksanterinkatu 15 metres east of it.
    static func networkWithCrossingPastTheCorner() -> StreetNetwork {
        let base = network()
        var vertices = base.vertices
        vertices.append(
            StreetNetwork.Vertex(id: 105, coordinate: point(east: 15, north: 0), crossing: .init(marked: true)))
        vertices.append(StreetNetwork.Vertex(id: 106, coordinate: point(east: 15, north: 10)))
        vertices.append(StreetNetwork.Vertex(id: 107, coordinate: point(east: 15, north: -10)))
        let aleksanterinkatu = StreetNetwork.Road(name: "Aleksanterinkatu", kind: "residential")
        let footway = StreetNetwork.Road(kind: "footway")
        func edge(_ from: Int, _ to: Int, _ road: StreetNetwork.Road) -> StreetNetwork.Edge {
            StreetNetwork.Edge(
                from: from, to: to, road: road, points: [vertices[from].coordinate, vertices[to].coordinate])
        }
        var edges = base.edges
        edges[1] = edge(0, 5, aleksanterinkatu)
        edges += [edge(5, 2, aleksanterinkatu), edge(5, 6, footway), edge(5, 7, footway)]
        return StreetNetwork(vertices: vertices, edges: edges)
    }

    @Test("Standing on the corner you turn at, the corner straight on past it is not said")
    func noCornerPastTheTurn() {
        let network = Self.networkWithCrossingPastTheCorner()
        var turning = Self.state()
        let east = Self.walk(&turning, [(-60, 0), (-18, 0), (0, 0)], course: 90, network: network)
        #expect(east[1].first?.hasPrefix("Intersection ahead: Mikonkatu goes left") == true, "\(east)")
        #expect(east[2].isEmpty, "at the corner, on the way come by: \(east)")
        let north = Self.walk(&turning, [(0, 8), (0, 20), (0, 40)], course: 0, network: network)
        #expect(!north.joined().contains { $0.hasSuffix("Marked crossing.") }, "\(north)")

        var straight = Self.state()
        let on = Self.walk(&straight, [(-60, 0), (-18, 0), (0, 0), (4, 0)], course: 90, network: network)
        #expect(
            on[3] == [
                "Intersection ahead: a footpath goes left, Aleksanterinkatu continues ahead, a footpath goes right."
                    + " Marked crossing."
            ], "\(on)")
    }

    @Test("around names a corner where it is nearer than the quarter's nearest place")
    func aroundWithCorners() {
        var settings = Settings()
        settings.origin = Self.point(east: -60, north: 0)
        settings.heading = 90
        let kahvila = Place(
            id: "k", name: "Kahvila", kind: "Café", symbol: "cup",
            latitude: Self.point(east: -160, north: 0).latitude, longitude: Self.point(east: -160, north: 0).longitude)
        let far = Place(
            id: "f", name: "Kauppa", kind: "Shop", symbol: "bag",
            latitude: Self.point(east: 300, north: 0).latitude, longitude: Self.point(east: 300, north: 0).longitude)
        var state = NearbyState(places: [kahvila, far], settings: settings)
        _ = state.apply(.streetFound(nil, at: settings.origin, network: Self.network()))
        #expect(
            state.reduce(.aroundRequested).announcements.map(\.text) == [
                "Around you: ahead, intersection of Aleksanterinkatu and Mikonkatu, 60 metres; to the right, nothing;"
                    + " behind, Kahvila, 100 metres; to the left, nothing."
            ])
    }

    /// The plus-shaped corner with Aleksanterinkatu's west arm drawn through a crossing node 40
    /// metres before the corner, and a crossing way (`footway=crossing`) over Mikonkatu's north
    /// arm 30 metres up it, from its sidewalk to the other.
    static func networkWithCrossings(_ facts: StreetNetwork.Crossing) -> StreetNetwork {
        let plain = network()
        var edges = plain.edges
        edges[0].points = [point(east: -200, north: 0), point(east: -40, north: 0), centre]
        var vertices = plain.vertices
        vertices += [
            StreetNetwork.Vertex(id: 105, coordinate: point(east: -8, north: 30)),
            StreetNetwork.Vertex(id: 106, coordinate: point(east: 0, north: 30)),
            StreetNetwork.Vertex(id: 107, coordinate: point(east: 8, north: 30)),
        ]
        let mikonkatu = edges[3].road
        edges[3] = StreetNetwork.Edge(from: 0, to: 6, road: mikonkatu, points: [centre, point(east: 0, north: 30)])
        edges.append(
            StreetNetwork.Edge(
                from: 6, to: 3, road: mikonkatu, points: [point(east: 0, north: 30), point(east: 0, north: 200)]))
        let crossing = StreetNetwork.Road(kind: "footway", footway: .crossing)
        edges.append(
            StreetNetwork.Edge(
                from: 5, to: 6, road: crossing, points: [vertices[5].coordinate, vertices[6].coordinate]))
        edges.append(
            StreetNetwork.Edge(
                from: 6, to: 7, road: crossing, points: [vertices[6].coordinate, vertices[7].coordinate]))
        return StreetNetwork(vertices: vertices, edges: edges)
            .placingCrossings([(id: 900, coordinate: point(east: -40, north: 0), crossing: facts)])
            .pairingFootways()
    }

    @Test("A crossing node on the street walked is said once before it, with its facts, before the corner")
    func crossingAlongTheStreet() {
        var state = Self.state()
        let network = Self.networkWithCrossings(StreetNetwork.Crossing(signals: true, sound: true))
        let said = Self.walk(
            &state, [(-120, 0), (-70, 0), (-58, 0), (-50, 0), (-30, 0), (-18, 0), (-5, 0)], course: 90, network: network
        )
        #expect(said[0...1].allSatisfy { $0.isEmpty }, "\(said)")
        #expect(said[2] == ["Crossing ahead across Aleksanterinkatu, with traffic signals and sound."], "\(said)")
        #expect(said[3...4].allSatisfy { $0.isEmpty }, "said once a pass: \(said)")
        #expect(said[5].first?.hasPrefix("Intersection ahead: ") == true, "\(said)")
        // The crossing way over Mikonkatu leaves the corner's north arm as "a crossing of Mikonkatu".
        #expect(network.edges[5].road.follows == "Mikonkatu")

        var marked = Self.state()
        let plain = Self.walk(
            &marked, [(-70, 0), (-55, 0)], course: 90, network: Self.networkWithCrossings(.init(marked: true)))
        #expect(plain[1] == ["Marked crossing ahead across Aleksanterinkatu."])
    }

    @Test("Walking over a crossing way is no street change")
    func crossingIsNoStreetChange() {
        var state = Self.state { $0.origin = Self.point(east: 0, north: 60) }
        let network = Self.networkWithCrossings(.init())
        // Down Mikonkatu's north arm, then west over the crossing way, 16 metres of it.
        var said = Self.walk(&state, [(0, 60), (0, 45), (0, 31)], course: 180, network: network)
        #expect(state.streetWalk.street == "Mikonkatu")
        said += Self.walk(&state, [(8, 30), (4, 30), (0, 30), (-4, 30), (-8, 30)], course: 270, network: network)
        #expect(state.streetWalk.street == "Mikonkatu", "\(said)")
        #expect(!said.joined().contains { $0.hasPrefix("Now on") }, "\(said)")
    }
}
