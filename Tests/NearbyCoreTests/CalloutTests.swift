import Foundation
import PlaceData
import Testing

@testable import NearbyCore

/// The position moves (`.positionReported`): everything follows it, the focus stays on the same
/// place, and only callouts are said: once, politely, within `callout-distance`.
@Suite("Walking: callouts and the list follow the position")
struct CalloutTests {
    /// Three cafés on a line going north from 60.17, 24.94: 100 m, 200 m and 300 m along it.
    static let places = [
        Place(id: "a", name: "Alku", kind: "Café", symbol: "cup", latitude: 60.170_9, longitude: 24.94),
        Place(id: "b", name: "Baari", kind: "Bar", symbol: "cup", latitude: 60.171_8, longitude: 24.94),
        Place(id: "c", name: "Cafe Kolme", kind: "Café", symbol: "cup", latitude: 60.172_7, longitude: 24.94),
    ]

    static func state() -> NearbyState {
        var settings = Settings()
        settings.origin = Coordinate(latitude: 60.17, longitude: 24.94)
        // Cafés and bars are `places`, not called out by default: these tests ask for them.
        settings.callouts = Set(CalloutCategory.allCases)
        return NearbyState(places: places, settings: settings)
    }

    /// A report `metres` north of the start, walking north at 1.4 m/s, at `time` seconds.
    static func walked(_ metres: Double, time: Double, speed: Double = 1.4) -> Report {
        .positionReported(
            PositionReport(
                coordinate: Coordinate(latitude: 60.17 + metres / 111_195, longitude: 24.94), course: 0, speed: speed,
                time: time))
    }

    @Test("A place within callout-distance is said once, politely, as a callout")
    func calloutOnce() {
        var state = Self.state()
        #expect(state.apply(Self.walked(50, time: 0)).announcements.isEmpty)
        let near = state.apply(Self.walked(80, time: 20))
        var alku = Announcement("Alku, 20 metres ahead.", priority: .polite, kind: .callout)
        alku.subject = .place("a")
        #expect(near.announcements == [alku])
        // Passing it, and still within reach: not again.
        #expect(state.apply(Self.walked(100, time: 35)).announcements.isEmpty)
        #expect(state.apply(Self.walked(120, time: 50)).announcements.isEmpty)
        #expect(state.apply(Self.walked(160, time: 80)).announcements.isEmpty)
        // The heading followed the course: directions are relative.
        #expect(state.settings.heading == 0)
        // The distances and the order follow: Baari is now the nearest.
        #expect(state.shownPlaces.map(\.id) == ["b", "a", "c"])
    }

    @Test("Not again within callout-repeat; again after it")
    func calloutRepeat() {
        var state = Self.state()
        _ = state.reduce(.settingChanged(.calloutRepeat, value: "1"))
        #expect(state.apply(Self.walked(90, time: 0)).announcements.count == 1)
        #expect(state.apply(Self.walked(200, time: 30)).announcements.map(\.text) == ["Baari, close by."])
        #expect(state.apply(Self.walked(90, time: 50)).announcements.isEmpty)
        #expect(state.apply(Self.walked(95, time: 61)).announcements.map(\.text) == ["Alku, close by ahead."])
    }

    @Test("Callouts come from the current list: the filter, and callouts off")
    func currentList() {
        var state = Self.state()
        _ = state.reduce(.filterChosen("Bar"))
        #expect(state.apply(Self.walked(100, time: 0)).announcements.isEmpty)
        #expect(state.apply(Self.walked(200, time: 10)).announcements.map(\.text) == ["Baari, close by."])
        _ = state.reduce(.settingChanged(.callouts, value: "off"))
        _ = state.reduce(.filterChosen(nil))
        #expect(state.apply(Self.walked(300, time: 20)).announcements.isEmpty)
    }

    @Test("The focus stays on the same place, by identity, as the order changes")
    func focusByIdentity() {
        var state = Self.state()
        _ = state.reduce(.nextFocused)
        _ = state.reduce(.nextFocused)
        #expect(state.focus == 1)
        #expect(state.shownPlaces[1].id == "b")
        _ = state.apply(Self.walked(290, time: 0))
        // Cafe Kolme is nearest now, then Baari: the focus moved with Baari.
        #expect(state.shownPlaces.map(\.id) == ["c", "b", "a"])
        #expect(state.focus == 1)
        let current = state.reduce(.currentRequested).announcements.map(\.text)
        #expect(current.first?.hasPrefix("Baari, Bar, 90 metres behind") == true, "\(current)")
    }

    @Test("A heading given by hand holds while standing; walking, the course leads")
    func headingGiven() {
        var state = Self.state()
        _ = state.apply(Self.walked(10, time: 0, speed: 0.2))
        #expect(state.settings.heading == nil)
        _ = state.reduce(.settingChanged(.heading, value: "90"))
        _ = state.apply(Self.walked(12, time: 5, speed: 0.2))
        #expect(state.settings.heading == 90)
        _ = state.apply(Self.walked(20, time: 10))
        #expect(state.settings.heading == 0)
        _ = state.reduce(.settingChanged(.heading, value: "none"))
        _ = state.apply(Self.walked(30, time: 10))
        #expect(state.settings.heading == 0)
    }

    @Test("Far from every place: said once, with the nearest")
    func nothingNear() {
        var state = Self.state()
        let far = state.apply(Self.walked(20_000, time: 0))
        #expect(
            far.announcements.map(\.text) == [
                "No places within 1 kilometre; the nearest is Cafe Kolme, 19.7 kilometres behind."
            ])
        #expect(state.apply(Self.walked(20_010, time: 5)).announcements.isEmpty)
    }

    @Test("A position set by hand stops the walk: route says none is walked")
    func setAtStopsTheRoute() {
        var state = Self.state()
        state.position.source = .route("walk.gpx")
        #expect(state.reduce(.routeRequested).announcements.map(\.text) == ["The route is starting."])
        let report = PositionReport(
            coordinate: Coordinate(latitude: 60.1701, longitude: 24.94), time: 0,
            route: RouteProgress(walked: 11, length: 300))
        _ = state.apply(.positionReported(report))
        #expect(
            state.reduce(.routeRequested).announcements.map(\.text) == [
                "Route: 10 metres of 300 metres walked, 290 metres to go."
            ])
        #expect(state.reduce(.settingChanged(.at, value: "60.17,24.94")).effects == [.stopFollowing])
        #expect(
            state.reduce(.routeRequested).announcements.map(\.text) == [
                "No route is being walked. Start with --route FILE.gpx."
            ])
    }

    @Test("The fix lost is said once; its return once")
    func fixLost() {
        var state = Self.state()
        #expect(state.apply(.fixLost).announcements.map(\.text) == ["GPS signal lost; using the last position."])
        #expect(state.apply(.fixLost).announcements.isEmpty)
        #expect(state.apply(Self.walked(0, time: 1)).announcements.map(\.text) == ["GPS signal back."])
    }

    @Test("A place store's window follows the walk past 500 metres from its centre")
    func windowFollows() {
        var settings = Settings()
        settings.origin = Coordinate(latitude: 60.17, longitude: 24.94)
        settings.placesFile = "helsinki.places"
        var state = NearbyState(places: Places(Self.places, isWindow: true), settings: settings)
        state.position.windowCentre = settings.origin
        #expect(state.apply(Self.walked(400, time: 0)).effects == [])
        let moved = state.apply(Self.walked(600, time: 10))
        #expect(moved.effects == [.moveWindow(around: Coordinate(latitude: 60.17 + 600 / 111_195, longitude: 24.94))])
        #expect(state.apply(Self.walked(700, time: 20)).effects == [])
    }

    @Test("set at takes a place's name, lists several, and says when none matches")
    func setAtName() {
        var state = Self.state()
        #expect(state.reduce(.settingChanged(.at, value: "baari")).announcements.map(\.text) == ["Position: Baari."])
        #expect(state.settings.origin == Self.places[1].coordinate)
        let several = state.reduce(.settingChanged(.at, value: "cafe")).announcements.map(\.text)
        #expect(several.first?.hasPrefix("\"cafe\" names several places: 1, ") == true, "\(several)")
        #expect(several.first?.contains("Alku, Café, 100 metres south, at 60.1709,24.94") == true, "\(several)")
        #expect(several.first?.contains("Cafe Kolme, Café, 100 metres north, at 60.1727,24.94") == true)
        let none = state.reduce(.settingChanged(.at, value: "Pääposti")).announcements.map(\.text)
        #expect(none.first?.hasPrefix("No place called \"Pääposti\" here.") == true)
        #expect(state.settings.origin == Self.places[1].coordinate)
        #expect(state.reduce(.settingChanged(.at, value: "gpsd")).effects == [.followGPS(address: "gpsd")])
    }

    @Test("A callout that waited for speech is measured again when it can be heard, or dropped")
    func freshWhenHeard() throws {
        var state = Self.state()
        _ = state.apply(Self.walked(50, time: 0))
        // Decided at 80 m: Alku 20 m ahead. Heard 2 s later, 10 m on: close by, the decided words kept.
        let decided = try #require(state.apply(Self.walked(80, time: 20)).announcements.first)
        _ = state.apply(Self.walked(90, time: 27))
        let heard = try #require(state.freshened(decided, waited: 2))
        #expect(heard.text == "Alku, close by ahead.")
        #expect(heard.decided == "Alku, 20 metres ahead.")
        #expect(heard.subject == .place("a"))
        // Unchanged words keep no decided words.
        #expect(state.freshened(heard, waited: 0)?.decided == nil)
        // Waited too long: dropped.
        #expect(state.freshened(decided, waited: NearbyState.calloutLife + 0.5) == nil)
        // Passed: behind the walker, dropped.
        _ = state.apply(Self.walked(110, time: 30))
        #expect(state.freshened(decided, waited: 1) == nil)
        // Walked away from it, beyond callout-distance + 10 m (facing it again): dropped.
        _ = state.apply(
            .positionReported(
                PositionReport(
                    coordinate: Coordinate(latitude: 60.17 + 40 / 111_195, longitude: 24.94), course: 0, speed: 0,
                    time: 40)))
        #expect(state.freshened(decided, waited: 1) == nil)
        // A callout with no subject (a street change) is said as decided, however long it waited.
        let change = Announcement("Now on Mikonkatu.", priority: .polite, kind: .callout)
        #expect(state.freshened(change, waited: 60) == change)
    }

    @Test("A corner ahead that waited is dropped once passed; the selected place's arrival is always said")
    func aheadAndArrival() throws {
        var state = Self.state()
        _ = state.apply(Self.walked(50, time: 0))
        var corner = Announcement("Intersection ahead: A goes left.", priority: .polite, kind: .callout)
        corner.subject = .ahead(Coordinate(latitude: 60.17 + 65 / 111_195, longitude: 24.94))
        #expect(state.freshened(corner, waited: 1) == corner)
        _ = state.apply(Self.walked(70, time: 4))
        #expect(state.freshened(corner, waited: 3) == nil, "passed")
        var arrival = Announcement("Arrived at Alku.", priority: .polite, kind: .callout)
        arrival.subject = .selected("a")
        #expect(state.freshened(arrival, waited: 30)?.text == "Arrived at Alku.")
    }

    /// A street of shops 10 m east and west of a line going north, and one stop mapped twice.
    /// `kinds` gives some of them another kind than "Shop", by id.
    static func denseStreet(kinds: [String: String] = [:]) -> NearbyState {
        func place(_ id: String, _ name: String, east: Double, north: Double) -> Place {
            Place(
                id: id, name: name, kind: kinds[id] ?? "Shop", symbol: "bag", latitude: 60.17 + north / 111_195,
                longitude: 24.94 + east / (111_195 * cos(60.17 * .pi / 180)))
        }
        var settings = Settings()
        settings.origin = Coordinate(latitude: 60.17, longitude: 24.94)
        settings.calloutDistance = 15
        settings.callouts = Set(CalloutCategory.allCases)
        return NearbyState(
            places: [
                place("1", "Kenkä", east: -8, north: 40), place("2", "Kirja", east: -8, north: 42),
                place("3", "Kukka", east: -9, north: 44), place("4", "Kello", east: 8, north: 45),
                place("5", "Rautatientori", east: 6, north: 120), place("6", "Rautatientori", east: 7, north: 150),
            ], settings: settings)
    }

    @Test("Of places due together the nearest is said and the rest summed by their side; the next waits 3 s of walking")
    func fewerCalloutsThatSayMore() {
        var state = Self.denseStreet()
        _ = state.apply(Self.walked(0, time: 0))
        let together = state.apply(Self.walked(32, time: 23)).announcements.map(\.text)
        #expect(together == ["Kenkä, close by ahead to the left.", "And 2 more places to the left."], "\(together)")
        // Kello comes within reach 0.7 s later and 1 m on: it waits for the gap (3 s, or 4.2 m
        // walked), then is said as it is then.
        #expect(state.apply(Self.walked(33, time: 23.7)).announcements.isEmpty, "within 3 s and 4.2 m of the last")
        #expect(state.apply(Self.walked(35, time: 25.1)).announcements.isEmpty)
        #expect(
            state.apply(Self.walked(36.4, time: 26.1)).announcements.map(\.text) == [
                "Kello, close by ahead to the right."
            ])
    }

    @Test("A second object of the same name within 50 m is not called out again")
    func sameNameOnce() {
        var state = Self.denseStreet()
        _ = state.apply(Self.walked(100, time: 0))
        let first = state.apply(Self.walked(110, time: 8)).announcements.map(\.text)
        #expect(first.first?.hasPrefix("Rautatientori, ") == true, "\(first)")
        #expect(state.apply(Self.walked(140, time: 30)).announcements.isEmpty, "the same stop, 30 m on")
    }

    @Test("A typed heading holds while standing and yields to the course when walking, unless locked")
    func headingYieldsToTheCourse() {
        var state = Self.state()
        _ = state.reduce(.settingChanged(.heading, value: "90"))
        state.position.source = .route("walk.gpx")
        // Standing: the heading typed holds.
        _ = state.apply(Self.walked(0, time: 0, speed: 0))
        #expect(state.settings.heading == 90)
        #expect(
            state.reduce(.whereRequested(exact: false)).announcements.first?.text.hasPrefix(
                "You face east, as you set it.") == true)
        // Walking north: the course leads, and where says so.
        _ = state.apply(Self.walked(10, time: 7))
        #expect(state.settings.heading == 0)
        #expect(
            state.reduce(.whereRequested(exact: false)).announcements.first?.text.hasPrefix(
                "You face north, from your walking.") == true)
        // Locked: walking north keeps east.
        _ = state.reduce(.settingChanged(.heading, value: "90"))
        _ = state.reduce(.settingChanged(.heading, value: "lock"))
        _ = state.apply(Self.walked(20, time: 14))
        #expect(state.settings.heading == 90)
        #expect(
            state.reduce(.whereRequested(exact: false)).announcements.first?.text.hasPrefix(
                "You face east, locked.") == true)
        // Lock with no heading is refused.
        _ = state.reduce(.settingChanged(.heading, value: "none"))
        _ = state.reduce(.settingChanged(.heading, value: "lock"))
        #expect(state.settings.headingLocked == false)
    }

    @Test("mute: no callouts for its minutes, then 'Callouts back on.' once; mute 0 ends it")
    func muted() {
        var state = Self.state()
        state.clock = 100
        #expect(state.reduce(.calloutsMuted(minutes: 1)).announcements.map(\.text) == ["Callouts muted for 1 minute."])
        state.clock = 130
        _ = state.apply(Self.walked(50, time: 0))
        #expect(state.apply(Self.walked(80, time: 20)).announcements.isEmpty, "Alku within reach, muted")
        state.clock = 161
        #expect(
            state.apply(Self.walked(85, time: 25)).announcements.map(\.text) == [
                "Callouts back on.", "Alku, 15 metres ahead.",
            ])
        #expect(state.apply(Self.walked(86, time: 26)).announcements.isEmpty, "said once")
        _ = state.reduce(.calloutsMuted(minutes: 10))
        #expect(state.reduce(.calloutsMuted(minutes: 0)).announcements.map(\.text) == ["Callouts back on."])
        #expect(Command.mute.parse("") == .calloutsMuted(minutes: 10))
        #expect(Command.mute.parse("off") == .calloutsMuted(minutes: 0))
        #expect(Command.mute.parse("1441") != .calloutsMuted(minutes: 1441))
    }

    @Test("The places summed with a callout are counted again when heard, and dropped once all are passed")
    func summedWhenHeard() throws {
        var state = Self.denseStreet()
        _ = state.apply(Self.walked(0, time: 0))
        let more = try #require(state.apply(Self.walked(32, time: 23)).announcements.last)
        #expect(state.freshened(more, waited: 1)?.text == "And 2 more places to the left.")
        _ = state.apply(Self.walked(60, time: 43))
        #expect(state.freshened(more, waited: 2) == nil, "both passed")
    }

    @Test("By default a street's shops are quiet and its stops and landmarks said; set callouts chooses")
    func categories() {
        var state = Self.denseStreet(kinds: ["2": "Museum", "5": "Bus stop", "6": "Platform"])
        _ = state.reduce(.settingChanged(.callouts, value: "on"))
        #expect(state.settings.callouts == [.markers, .intersections, .transit, .landmarks])
        _ = state.apply(Self.walked(0, time: 0))
        // Kenkä and Kukka (shops) are quiet; Kirja, a museum, is said alone.
        #expect(
            state.apply(Self.walked(32, time: 23)).announcements.map(\.text) == ["Kirja, close by ahead to the left."])
        #expect(
            state.apply(Self.walked(110, time: 80)).announcements.map(\.text) == [
                "Bus stop Rautatientori, close by ahead to the right."
            ])
        // Only the corners: no place is said.
        var corners = Self.denseStreet()
        let answer = corners.reduce(.settingChanged(.callouts, value: "Intersections")).announcements.map(\.text)
        #expect(answer == ["Callouts: intersections."])
        _ = corners.apply(Self.walked(0, time: 0))
        #expect(corners.apply(Self.walked(32, time: 23)).announcements.isEmpty)
    }

    @Test("set callouts takes on, off, all and lists of categories, says them, and refuses the rest")
    func calloutsSetting() {
        var state = Self.state()
        func set(_ value: String) -> [String] {
            state.reduce(.settingChanged(.callouts, value: value)).announcements.map(\.text)
        }
        #expect(set("on") == ["Callouts: markers, intersections, transit and landmarks."])
        #expect(Setting.callouts.value(in: state.settings) == "markers,intersections,transit,landmarks")
        #expect(set("landmarks, transit") == ["Callouts: transit and landmarks."])
        #expect(Setting.callouts.value(in: state.settings) == "transit,landmarks")
        #expect(set("all") == ["Callouts: all."])
        #expect(state.settings.callouts.count == CalloutCategory.allCases.count)
        #expect(set("off") == ["Callouts: off."])
        #expect(state.settings.callouts.isEmpty)
        let refused = set("shops")
        #expect(refused.first?.contains("intersections, transit, landmarks, places") == true, "\(refused)")
        #expect(state.settings.callouts.isEmpty, "unchanged")
        // Each value settings says, set takes back.
        for value in ["off", "all", "intersections", "transit,places"] {
            _ = set(value)
            #expect(Setting.callouts.value(in: state.settings) == value)
        }
        #expect(CalloutCategory.of(kind: "Bus stop") == .transit)
        #expect(CalloutCategory.of(kind: "Place of worship") == .landmarks)
        #expect(CalloutCategory.of(kind: "Café") == .places)
    }
}
