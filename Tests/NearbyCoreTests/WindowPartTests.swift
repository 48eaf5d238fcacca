import Foundation
import PlaceData
import Testing
import Words

@testable import NearbyCore

/// A place store's window in two parts (`WindowPartFeature`): while the whole window is read,
/// `where` and `read` are answered from its nearest part and the whole window's counts, and `find`
/// from that part with its matches within the radius, word for word as from the whole window,
/// and the screen is the same once the whole window is in; every other command waits for the
/// whole window.
@Suite("Where, read and find are answered from the window's nearest part, as from the whole window")
struct WindowPartTests {
    static let origin = Coordinate(latitude: 60.1690, longitude: 24.9450)

    /// `count` places about the origin (seeded), up to `reach` metres away and at least
    /// `nearest` metres, nearest first, as a store gives its window.
    static func window(_ count: Int, nearest: Double = 0, reach: Double, seed: UInt64 = 7) -> Places {
        var state = seed
        func random() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        let places = (0..<count).map { index -> Place in
            let metres = nearest + (reach - nearest) * random().squareRoot()
            let bearing = 2 * Double.pi * random()
            let latitude = origin.latitude + metres * cos(bearing) / 111_195
            let longitude = origin.longitude + metres * sin(bearing) / (111_195 * cos(origin.latitude * .pi / 180))
            let kind = ["Café", "Bakery", "Museum", "Restaurant"][index % 4]
            return Place(
                id: "node/\(index)", name: "Paikka \(index)", kind: kind, symbol: "mappin", latitude: latitude,
                longitude: longitude)
        }
        let ordered = places.enumerated().sorted {
            let (a, b) = (origin.distance(to: $0.element.coordinate), origin.distance(to: $1.element.coordinate))
            return a != b ? a < b : $0.offset < $1.offset
        }
        return Places(ordered.map(\.element), source: Places.openStreetMap, isWindow: true)
    }

    /// The window's nearest part as the shell reads it (`PlacesOpening.windowPart`): the first
    /// `NearbyState.windowPartSize` places, and the whole window's counts: within the radius,
    /// the whole window's only when none is within it; the kinds of the places the list will
    /// hold when asked for.
    static func part(of whole: Places, radius: Double, kinds: Bool = false) -> WindowPart {
        let near = whole.all.filter { origin.distance(to: $0.coordinate) <= radius }
        return WindowPart(
            places: Places(
                Array(whole.all.prefix(NearbyState.windowPartSize)), source: whole.source, isWindow: true),
            origin: origin, radius: radius, withinRadius: near.count, total: near.isEmpty ? whole.count : nil,
            kinds: kinds ? Set((near.isEmpty ? whole.all : near).map(\.kind)) : nil)
    }

    /// `read` as the session answers it.
    static func readAnswer(_ state: inout NearbyState) -> [String] {
        state.reduce(.readRequested).announcements.map(\.text)
    }

    /// Markers the user keeps: one `metres` north of the origin, one 30 km away.
    static func markers(north metres: Double) -> [NearbyState.MarkedPlace] {
        [
            NearbyState.MarkedPlace(
                id: "", name: "Gate",
                coordinate: Coordinate(latitude: origin.latitude + metres / 111_195, longitude: origin.longitude),
                time: 0),
            NearbyState.MarkedPlace(
                id: "", name: "Cottage",
                coordinate: Coordinate(latitude: origin.latitude + 0.27, longitude: origin.longitude),
                time: 0),
        ]
    }

    /// A session on a store whose window is still being read, about the origin.
    static func starting(_ change: (inout Settings) -> Void) -> NearbyState {
        var settings = Settings()
        settings.origin = origin
        settings.placesFile = "generated.places"
        change(&settings)
        var state = NearbyState(places: Places([], source: Places.openStreetMap, isWindow: true), settings: settings)
        state.placesToCome = 20_000
        return state
    }

    /// `where` as the session answers it with a store: the street asked of the shell first.
    static func whereAnswer(_ state: inout NearbyState) -> [String] {
        let asked = state.reduce(.whereRequested(exact: false))
        #expect(asked.effects == [.findStreet(around: origin, then: .whereRequested(exact: false))])
        _ = state.apply(.streetFound("Mikonkatu", at: origin))
        // A part in answers the command it was read for to its end.
        if state.windowPart != nil {
            #expect(state.windowPartRequest(for: .whereRequested(exact: false), windowAt: origin) != nil)
        }
        return state.reduce(.whereRequested(exact: false)).announcements.map(\.text)
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var count: Int
        var nearest: Double
        var reach: Double
        var radius: Double
        var heading: Double?
        var testDescription: String { name }
    }

    @Test(arguments: [
        // Thousands within the radius, as at 10M places: the part holds only the nearest.
        Case(name: "many within the radius", count: 3_000, nearest: 0, reach: 1_400, radius: 1_000),
        // Fewer within the radius than the part holds: the part holds every one of them.
        Case(name: "a few within the radius", count: 600, nearest: 0, reach: 5_000, radius: 300),
        // None within it: the list is every place, nearest first, and so is the count.
        Case(name: "none within the radius", count: 800, nearest: 1_200, reach: 1_900, radius: 1_000),
        // A radius wider than the window: its every place.
        Case(name: "a radius wider than the window", count: 900, nearest: 0, reach: 1_900, radius: 5_000),
        // The nearest too near for a direction: the first with one among those `where` looks at.
        Case(name: "the nearest too near for a direction", count: 2_000, nearest: 0, reach: 60, radius: 1_000),
        // A heading: said with the rest.
        Case(name: "facing east", count: 2_000, nearest: 0, reach: 1_500, radius: 1_000, heading: 90),
        // A window smaller than a part: the part is the whole window.
        Case(name: "a window smaller than the part", count: 40, nearest: 0, reach: 900, radius: 1_000),
    ])
    func whereIsTheSameFromThePart(_ test: Case) {
        let whole = Self.window(test.count, nearest: test.nearest, reach: test.reach)
        func settings(_ settings: inout Settings) {
            settings.radius = test.radius
            settings.heading = test.heading
        }
        // As before: the whole window taken in, then `where`.
        var wholeFirst = Self.starting(settings)
        _ = wholeFirst.apply(.windowMoved(whole))
        let expected = Self.whereAnswer(&wholeFirst)
        // The part first: asked for, read, `where` answered; then the whole window comes.
        var partFirst = Self.starting(settings)
        let request = partFirst.windowPartRequest(for: .whereRequested(exact: false), windowAt: Self.origin)
        #expect(request == WindowPartRequest(nearest: NearbyState.windowPartSize, radius: test.radius))
        let read = partFirst.apply(.windowPartRead(Self.part(of: whole, radius: test.radius)))
        #expect(read.announcements.isEmpty && read.effects.isEmpty)
        #expect(partFirst.windowPart != nil)
        #expect(partFirst.places.count == min(test.count, NearbyState.windowPartSize))
        #expect(Self.whereAnswer(&partFirst) == expected)
        #expect(expected.count == 1 && expected[0].hasPrefix("On Mikonkatu."))
        _ = partFirst.apply(.windowMoved(whole))
        #expect(partFirst.windowPart == nil)
        // The screen, what was said and what `where` keeps are the same as the other way.
        #expect(partFirst == wholeFirst)
    }

    /// `read` at half height on the Nearby screen (the rail, the list's count, its filters) and
    /// with the sheet resting, from the part as from the whole window, with the user's markers
    /// among the places (one within the radius, or none, and one far away), and the same
    /// screen once the whole window comes.
    struct ReadCase: CustomTestStringConvertible, Sendable {
        var window: Case
        var markerNorth: Double?
        var detent: Detent
        var testDescription: String {
            "\(window.name), " + (markerNorth.map { "a marker \(Int($0)) m north" } ?? "no marker near") + ", \(detent)"
        }

        static let all: [ReadCase] = [
            Case(name: "many within the radius", count: 3_000, nearest: 0, reach: 1_400, radius: 1_000),
            Case(name: "a few within the radius", count: 600, nearest: 0, reach: 5_000, radius: 300),
            Case(name: "none within the radius", count: 800, nearest: 1_200, reach: 1_900, radius: 1_000),
            Case(name: "a radius wider than the window", count: 900, nearest: 0, reach: 1_900, radius: 5_000),
            Case(name: "a window smaller than the part", count: 40, nearest: 0, reach: 900, radius: 1_000),
            Case(name: "one place", count: 1, nearest: 0, reach: 900, radius: 1_000),
        ].flatMap { window in
            [nil, 40.0, 1_100.0].flatMap { north in
                [Detent.half, .resting].map { ReadCase(window: window, markerNorth: north, detent: $0) }
            }
        }
    }

    @Test(arguments: ReadCase.all)
    func readIsTheSameFromThePart(_ read: ReadCase) {
        let (test, markerNorth, detent) = (read.window, read.markerNorth, read.detent)
        let whole = Self.window(test.count, nearest: test.nearest, reach: test.reach)
        func prepared(_ state: inout NearbyState) {
            if let markerNorth { _ = state.apply(.markersLoaded(Self.markers(north: markerNorth), notice: nil)) }
            if detent == .resting { _ = state.reduce(.detentChosen(.resting)) }
        }
        func settings(_ settings: inout Settings) { settings.radius = test.radius }
        var wholeFirst = Self.starting(settings)
        prepared(&wholeFirst)
        _ = wholeFirst.apply(.windowMoved(whole))
        let expected = Self.readAnswer(&wholeFirst)
        var partFirst = Self.starting(settings)
        prepared(&partFirst)
        let request = partFirst.windowPartRequest(for: .readRequested, windowAt: Self.origin)
        #expect(
            request
                == WindowPartRequest(
                    nearest: NearbyState.windowPartSize, radius: test.radius, kinds: detent == .half))
        _ = partFirst.apply(.windowPartRead(Self.part(of: whole, radius: test.radius, kinds: detent == .half)))
        #expect(partFirst.windowPart != nil)
        #expect(Self.readAnswer(&partFirst) == expected)
        if detent == .half {
            #expect(expected.count == 1 && expected[0].hasPrefix("Nearby, half height. Nearest: "), "\(expected)")
        }
        _ = partFirst.apply(.windowMoved(whole))
        #expect(partFirst == wholeFirst)
    }

    /// The list's count said from a part counts the markers the places hold, as the whole
    /// window does: `where` said one place fewer than it would a moment later (issue 42's read).
    @Test func theMarkersAreCountedFromThePartAsFromTheWholeWindow() {
        let whole = Self.window(3_000, reach: 1_400)
        var partFirst = Self.starting { $0.radius = 1_000 }
        _ = partFirst.apply(.markersLoaded(Self.markers(north: 120), notice: nil))
        _ = partFirst.apply(.windowPartRead(Self.part(of: whole, radius: 1_000, kinds: true)))
        var wholeFirst = Self.starting { $0.radius = 1_000 }
        _ = wholeFirst.apply(.markersLoaded(Self.markers(north: 120), notice: nil))
        _ = wholeFirst.apply(.windowMoved(whole))
        let within = whole.all.filter { Self.origin.distance(to: $0.coordinate) <= 1_000 }.count
        #expect(wholeFirst.shown.count == within + 1)
        #expect(partFirst.countPhrase() == wholeFirst.countPhrase())
        #expect(partFirst.filtersSummary() == wholeFirst.filtersSummary())
        #expect(wholeFirst.filtersSummary() == "6 filters.", "four kinds, the marker and All")
    }

    @Test func theCountIsTheWholeWindowsWhileThePartIsIn() {
        let whole = Self.window(3_000, reach: 1_400)
        var state = Self.starting { $0.radius = 1_000 }
        _ = state.apply(.windowPartRead(Self.part(of: whole, radius: 1_000)))
        let within = whole.all.filter { Self.origin.distance(to: $0.coordinate) <= 1_000 }.count
        #expect(within > NearbyState.windowPartSize)
        #expect(state.countPhrase() == "\(within / 1_000),\(String(within % 1_000 + 1_000).dropFirst()) places.")
        #expect(state.shown.count <= NearbyState.windowPartSize)
    }

    /// The part `find QUERY` is answered from, as the shell reads it (`PlacesOpening.withMatches`):
    /// `part(of:)`'s nearest places, and after them every match of the query within the radius
    /// (here the in-memory rule's, which the store's search gives: `StoreQueryTests`), in the
    /// window's order; the plain part when none lies within the radius.
    static func searchPart(of whole: Places, radius: Double, query: String) -> WindowPart {
        var part = part(of: whole, radius: radius)
        let matches = whole.matchMembers(query: query).map { whole.all[Int($0)] }.filter {
            origin.distance(to: $0.coordinate) <= radius
        }
        guard !matches.isEmpty else { return part }
        part.places = part.places.adding(matches)
        part.search = query
        return part
    }

    /// `find QUERY` typed while the window is read, after `read` or at once: answered from the
    /// part that holds the nearest places and every match within the radius, word for word as
    /// from the whole window, with the user's marker among the matches or not; the screen the
    /// same once the whole window comes.
    @Test(arguments: [
        ("many within the radius", 3_000, 1_400.0, 1_000.0, "Paikka 12"),
        // The 301st nearest place's name (the part's nearest are 256): its one match joined.
        ("a single match beyond the nearest", 3_000, 1_400, 1_000, ""),
        ("matches of a kind", 3_000, 1_400, 1_000, "museum"),
        ("a radius wider than the window", 900, 1_900, 5_000, "Paikka 4"),
    ])
    func findIsTheSameFromThePart(_ name: String, _ count: Int, _ reach: Double, _ radius: Double, _ given: String) {
        let whole = Self.window(count, reach: reach)
        let query = given.isEmpty ? whole.all[300].name : given
        #expect(Self.searchPart(of: whole, radius: radius, query: query).search == query, "\(name): matches near")
        func prepared(_ state: inout NearbyState) {
            _ = state.apply(.markersLoaded(Self.markers(north: 40), notice: nil))
            _ = state.reduce(.readRequested)
        }
        var wholeFirst = Self.starting { $0.radius = radius }
        _ = wholeFirst.apply(.windowMoved(whole))
        prepared(&wholeFirst)
        let expected = wholeFirst.reduce(.queryEntered(query)).announcements.map(\.text)
        #expect(expected.first?.contains("match") == true, "\(name): \(expected)")
        var partFirst = Self.starting { $0.radius = radius }
        _ = partFirst.apply(.windowPartRead(Self.part(of: whole, radius: radius, kinds: true)))
        prepared(&partFirst)
        let request = partFirst.windowPartRequest(for: .queryEntered(query), windowAt: Self.origin)
        #expect(request == WindowPartRequest(nearest: NearbyState.windowPartSize, radius: radius, search: query))
        if given.isEmpty { #expect(!Self.part(of: whole, radius: radius).places.all.contains { $0.name == query }) }
        // The part `read` took in serves no search: the matches are read and joined to it.
        #expect(partFirst.windowPart.map { !$0.serves(request!, at: Self.origin) } == true)
        let part = Self.searchPart(of: whole, radius: radius, query: query)
        #expect(part.serves(request!, at: Self.origin))
        _ = partFirst.apply(.windowPartRead(part))
        #expect(partFirst.reduce(.queryEntered(query)).announcements.map(\.text) == expected, "\(name)")
        // Then any other command takes the whole window in: the same screen as the other way.
        _ = partFirst.apply(.windowMoved(whole))
        #expect(partFirst == wholeFirst, "\(name)")
        #expect(partFirst.reduce(.nextFocused) == wholeFirst.reduce(.nextFocused))
    }

    /// `find` is answered from a part only where the part's matches are the whole window's: on
    /// the Nearby screen, in English (another language's kind words join the matches of the
    /// kinds the places in memory hold), a query that is neither empty nor too long.
    @Test func findWaitsForTheWholeWindowWhereThePartMightDiffer() throws {
        let origin = Self.origin
        let state = Self.starting { _ in }
        #expect(state.windowPartRequest(for: .queryEntered("  cafe "), windowAt: origin)?.search == "cafe")
        #expect(state.windowPartRequest(for: .queryEntered("   "), windowAt: origin) == nil)
        let long = String(repeating: "a", count: NearbyState.queryLimit + 1)
        #expect(state.windowPartRequest(for: .queryEntered(long), windowAt: origin) == nil)
        let mapSearch = Self.starting { $0.screen = .mapSearch }
        #expect(mapSearch.windowPartRequest(for: .queryEntered("cafe"), windowAt: origin) == nil)
        var spanish = Self.starting { _ in }
        spanish.words = Catalog.builtIn(.spanish)
        #expect(spanish.windowPartRequest(for: .queryEntered("museo"), windowAt: origin) == nil)
        // No match within the radius (one beyond it, a marker alone): the part holds no search,
        // and serves none; the whole window answers, and the whole store after it.
        let far = Self.window(3_000, reach: 1_400)
        let beyond = try #require(far.all.last { Self.origin.distance(to: $0.coordinate) > 1_000 })
        let plain = Self.searchPart(of: far, radius: 1_000, query: beyond.name)
        #expect(plain.search == nil)
        #expect(!plain.serves(WindowPartRequest(nearest: 256, radius: 1_000, search: beyond.name), at: origin))
        #expect(Self.searchPart(of: far, radius: 1_000, query: "gate").search == nil)
        // A search on: the next one waits for the whole window.
        var searching = Self.starting { _ in }
        let whole = Self.window(1_000, reach: 1_900)
        _ = searching.apply(.windowPartRead(Self.searchPart(of: whole, radius: 1_000, query: "Paikka 1")))
        _ = searching.reduce(.queryEntered("Paikka 1"))
        #expect(searching.windowPartRequest(for: .queryEntered("Paikka 2"), windowAt: origin) == nil)
    }

    /// Only `where` is answered from the part, and only when nothing else it says needs the
    /// whole window; a part read for another point or radius serves no more.
    @Test func everythingElseWaitsForTheWholeWindow() {
        let whole = Self.window(1_000, reach: 1_900)
        let state = Self.starting { _ in }
        let origin = Self.origin
        #expect(state.windowPartRequest(for: .whereRequested(exact: true), windowAt: origin) != nil)
        #expect(state.windowPartRequest(for: .readRequested, windowAt: origin)?.kinds == true)
        for action: Action in [
            .countRequested, .aroundRequested, .aheadRequested, .queryTyped("caf"), .nextFocused,
            .placeSelected(.position(1)), .quitRequested, .mapRequested,
            .settingChanged(.radius, value: "500"),
        ] {
            #expect(state.windowPartRequest(for: action, windowAt: origin) == nil, "\(action)")
        }
        // The user is no longer where the window is read about (a position report moved them).
        let elsewhere = Coordinate(latitude: origin.latitude + 0.001, longitude: origin.longitude)
        #expect(state.windowPartRequest(for: .whereRequested(exact: false), windowAt: elsewhere) == nil)
        // A search, a filter or a selection on: `where` says them from the whole window.
        var searching = Self.starting { _ in }
        _ = searching.apply(.windowMoved(whole))
        _ = searching.reduce(.queryEntered("Paikka 1"))
        #expect(searching.windowPartRequest(for: .whereRequested(exact: false), windowAt: origin) == nil)
        var filtered = Self.starting { _ in }
        _ = filtered.apply(.windowMoved(whole))
        _ = filtered.reduce(.filterChosen("Café"))
        #expect(filtered.windowPartRequest(for: .whereRequested(exact: false), windowAt: origin) == nil)
        var selected = Self.starting { _ in }
        _ = selected.apply(.windowMoved(whole))
        _ = selected.reduce(.placeSelected(.position(1)))
        #expect(selected.selection != nil)
        #expect(selected.windowPartRequest(for: .whereRequested(exact: false), windowAt: origin) == nil)
        // Places held whole (a file, the built-in places) are never read in parts.
        #expect(NearbyState().windowPartRequest(for: .whereRequested(exact: false), windowAt: origin) == nil)
        // `read` at full height reads the list's rows, and moves the focus: the whole window.
        var full = Self.starting { _ in }
        _ = full.reduce(.detentChosen(.full))
        #expect(full.windowPartRequest(for: .readRequested, windowAt: origin) == nil)
        // The Map Search Sheet's half height is its list, read as at full height.
        var mapSearch = Self.starting { $0.screen = .mapSearch }
        #expect(mapSearch.sheet.detent == .half)
        #expect(mapSearch.windowPartRequest(for: .readRequested, windowAt: origin) == nil)
        _ = mapSearch.reduce(.detentChosen(.resting))
        #expect(mapSearch.windowPartRequest(for: .readRequested, windowAt: origin) != nil)
        // A part read for `where` has no kinds: it does not serve `read`, which reads another.
        let forWhere = Self.part(of: whole, radius: Settings().radius)
        let readRequest = state.windowPartRequest(for: .readRequested, windowAt: origin)!
        #expect(!forWhere.serves(readRequest, at: origin))
        #expect(
            forWhere.serves(state.windowPartRequest(for: .whereRequested(exact: false), windowAt: origin)!, at: origin))
        #expect(Self.part(of: whole, radius: Settings().radius, kinds: true).serves(readRequest, at: origin))
        // A part in, read for another radius: the whole window then.
        var part = Self.starting { $0.radius = 1_000 }
        _ = part.apply(.windowPartRead(Self.part(of: whole, radius: 1_000)))
        #expect(part.windowPartRequest(for: .whereRequested(exact: false), windowAt: origin) != nil)
        _ = part.reduce(.settingChanged(.radius, value: "500"))
        #expect(part.windowPartRequest(for: .whereRequested(exact: false), windowAt: origin) == nil)
    }

    @Test func thePartHoldsMoreThanWhereLooksAt() {
        #expect(NearbyState.windowPartSize > NearbyState.whereLooksAt)
    }
}
