import Foundation
import PlaceData
import Synchronization
import Testing

@testable import PlaceStore

/// The store's answers against the in-memory places' over the same Helsinki places: a search of
/// the whole store finds what `Places.matchSet` finds (the same folded keys, the same word
/// rule), nearest first; `near` is the circle, nearest first; facts come back as imported.
@Suite("The place store's queries")
struct StoreQueryTests {
    static let store = try! PlaceStore.open(path: StoreFixtures.helsinkiStore.path)
    static let places = StoreFixtures.all(store)
    static let memory = Places(places)

    @Test(arguments: [
        "kahvila", "Jää", "jaa", "jaeae", "Töölö", "toolo", "tooelo", "ö", "å", "Café", "cafe", "museo kiasma",
        "ravintola pääposti", "tram", "Tram stop", "itä länsi", "a", "zz", "'", "-", "K. Paasikiven", "kesäkioski",
        "finnjavel",
    ])
    func searchFindsWhatMemoryFinds(_ query: String) {
        let origin = StoreFixtures.centre
        let found = Self.store.search(query, kind: nil, near: origin, limit: .max)
        let expected = Set(Self.memory.matches(query: query).map { Self.places[$0].id })
        #expect(Set(found.map(\.id)) == expected)
        #expect(found.count == expected.count)
        let distances = found.map { origin.distance(to: $0.coordinate) }
        #expect(distances == distances.sorted())
        // Within a radius, to the same answers: the trigram index in the rows of the circle's
        // cells, or, for a word that names a kind or has fewer than three letters, those rows
        // checked one by one; here in circles of 300 m and of the whole store.
        let near = Self.store.search(query, kind: nil, near: origin, within: 300, limit: .max)
        #expect(near.map(\.id) == found.filter { origin.distance(to: $0.coordinate) <= 300 }.map(\.id))
        let outwards = Self.store.search(query, kind: nil, near: origin, within: 40_000_000, limit: .max)
        #expect(outwards.map(\.id) == found.map(\.id))
        #expect(
            Self.store.search(query, kind: nil, near: origin, limit: 4).map(\.id) == Array(found.prefix(4).map(\.id)))
    }

    /// The ways a search of 10M places takes when every word is common, taken here by a store
    /// of 1,576 with fewer candidates allowed from the index (its own cap, 2,000 or more, is
    /// never fewer than its places): the rarest trigram, every word as phrases, and outwards. Each finds what
    /// memory finds, nearest first.
    @Test func everyWayOfSearchFindsWhatMemoryFinds() {
        let origin = StoreFixtures.centre
        var ways: Set<PlaceStore.Way> = []
        for query in [
            "museo kiasma", "ravintola pääposti", "itä länsi", "kahvila helsinki", "Töölö", "kesäkioski", "jaeae",
            "bar ravintola", "tori kauppa",
        ] {
            let expected = Set(Self.memory.matches(query: query).map { Self.places[$0].id })
            for cap in [1, 4, 16, 64, 400] {
                let (found, way) = Self.store.searchTelling(
                    query, kind: nil, near: origin, within: nil, limit: .max, candidates: cap)
                ways.insert(way)
                #expect(Set(found.map(\.id)) == expected, "\(query), at most \(cap) candidates, \(way)")
                #expect(found.count == expected.count)
                let distances = found.map { origin.distance(to: $0.coordinate) }
                #expect(distances == distances.sorted())
            }
        }
        #expect(ways.isSuperset(of: [.rarest, .everyWord, .outwards]), "\(ways)")
    }

    /// Within a radius, when the index would name more places of the whole store than a search
    /// reads (here fewer allowed, as `everyWay…` does), the rarest trigrams are read in the rows
    /// of the circle's cells alone (`circleRows`): the same matches as memory's within the
    /// circle, nearest first, as the window's `find` asks (issue 42).
    @Test(arguments: [300.0, 1_000, 2_000])
    func aSearchWithinACircleReadsTheIndexInItsRows(_ radius: Double) {
        let origin = StoreFixtures.centre
        var ways: Set<PlaceStore.Way> = []
        for query in [
            "museo kiasma", "ravintola pääposti", "itä länsi", "kahvila helsinki", "Töölö", "kesäkioski", "jaeae",
            "bar ravintola", "tori kauppa", "kahvila", "a", "cafe", "zz", "'",
        ] {
            let expected = Self.memory.matches(query: query).map { Self.places[$0] }
                .filter { origin.distance(to: $0.coordinate) <= radius }
            for cap in [1, 4, 16, 64, 20_000] {
                let (found, way) = Self.store.searchTelling(
                    query, kind: nil, near: origin, within: radius, limit: .max, candidates: cap)
                ways.insert(way)
                #expect(Set(found.map(\.id)) == Set(expected.map(\.id)), "\(query), \(cap) candidates, \(way)")
                #expect(found.count == expected.count)
                let distances = found.map { origin.distance(to: $0.coordinate) }
                #expect(distances == distances.sorted())
            }
        }
        #expect(ways.isSuperset(of: [.rarest, .circleRows, .outwards]), "\(ways)")
    }

    /// A circle's cells as runs of rows: cells whose rows follow one another joined, others apart.
    @Test func theCellsOfACircleJoinIntoRunsOfRows() {
        let spans = [
            CellSpan(first: 20, last: 29, nearest: 0, farthest: 1),
            CellSpan(first: 1, last: 5, nearest: 0, farthest: 1),
            CellSpan(first: 6, last: 9, nearest: 0, farthest: 1),
            CellSpan(first: 40, last: 40, nearest: 0, farthest: 1),
        ]
        #expect(PlaceStore.runs(of: spans).map { [$0.first, $0.last] } == [[1, 9], [20, 29], [40, 40]])
        #expect(PlaceStore.runs(of: []).isEmpty)
        let origin = StoreFixtures.centre
        var runs: [(first: Int64, last: Int64)] = []
        Self.store.locked { runs = PlaceStore.runs(of: Self.store.cells(around: origin, radius: 1_000)) }
        #expect(!runs.isEmpty)
        #expect(zip(runs, runs.dropFirst()).allSatisfy { $0.last + 1 < $1.first })
    }

    @Test func searchKeepsToAKindAndALimit() {
        let origin = StoreFixtures.centre
        let cafes = Self.store.search("", kind: "Café", near: origin, limit: .max)
        #expect(Set(cafes.map(\.id)) == Set(Self.memory.matches(query: "", kind: "Café").map { Self.places[$0].id }))
        #expect(cafes.allSatisfy { $0.kind == "Café" })
        let three = Self.store.search("kahvila", kind: nil, near: origin, limit: 3)
        #expect(
            three.map(\.id) == Self.store.search("kahvila", kind: nil, near: origin, limit: .max).prefix(3).map(\.id))
        #expect(Self.store.search("kahvila", kind: "No such kind", near: origin, limit: 5).isEmpty)
        // filter transit's group: every stop and station of the store, as in memory.
        let transit = KindGroup.transit.filterName
        let stops = Self.store.search("", kind: transit, near: origin, limit: .max)
        #expect(Set(stops.map(\.id)) == Set(Self.memory.matches(query: "", kind: transit).map { Self.places[$0].id }))
        #expect(stops.count > 100 && stops.allSatisfy { KindGroup.transit.contains(kind: $0.kind) })
        let kauppatori = Self.store.search("kauppatori", kind: transit, near: origin, limit: .max)
        #expect(Set(kauppatori.map(\.kind)) == ["Bus stop", "Tram stop"])
    }

    @Test(arguments: [50.0, 300, 1_000, 2_000])
    func nearIsTheCircleNearestFirst(_ radius: Double) {
        let origin = StoreFixtures.centre
        let found = Self.store.near(origin, radius: radius, limit: .max)
        let expected = Self.places.filter { origin.distance(to: $0.coordinate) <= radius }
        #expect(Set(found.map(\.id)) == Set(expected.map(\.id)))
        let distances = found.map { origin.distance(to: $0.coordinate) }
        #expect(distances == distances.sorted())
        // The nearest few: the cells read outwards, stopping once no cell left can hold a nearer.
        for limit in [1, 2, 25, 200] {
            #expect(
                Self.store.near(origin, radius: radius, limit: limit).map(\.id) == Array(found.prefix(limit).map(\.id)))
        }
        // What the greeting says before the window is read: as many as `near` gives.
        for limit in [1, 25, 200, 1_000, Int.max] {
            #expect(
                Self.store.count(near: origin, radius: radius, limit: limit) == min(limit, found.count),
                "radius \(radius), limit \(limit)")
        }
        // About a point away from the centre, where the circle crosses the store's edge.
        let edge = Coordinate(latitude: origin.latitude + 0.009, longitude: origin.longitude - 0.02)
        let there = Self.places.filter { edge.distance(to: $0.coordinate) <= radius }
        #expect(Self.store.count(near: edge, radius: radius, limit: .max) == there.count)
        #expect(Set(Self.store.near(edge, radius: radius, limit: .max).map(\.id)) == Set(there.map(\.id)))
    }

    /// A session's window (the places within 2 km, the nearest `cap`) said before it is read:
    /// the store's count within a radius, capped, is how many of the window's places lie within
    /// it, whether the cap cuts the window or not (`PlacesOpening.windowPart`).
    @Test(arguments: [50, 200, 1_000, 20_000])
    func theCountWithinARadiusIsTheWindowsUpToItsCap(_ cap: Int) {
        for origin in [
            StoreFixtures.centre, Coordinate(latitude: 60.1640, longitude: 24.9300),
            Coordinate(latitude: 60.1750, longitude: 24.9550),
        ] {
            let window = Self.store.near(origin, radius: 2_000, limit: cap)
            for radius in [30.0, 150, 400, 1_000, 2_000] {
                let within = window.filter { origin.distance(to: $0.coordinate) <= radius }.count
                #expect(
                    Self.store.count(near: origin, radius: radius, limit: cap) == within,
                    "cap \(cap), radius \(radius), at \(origin)")
            }
        }
    }

    /// `read` said before the window is read: the count as `count` gives it, and the kinds of
    /// those places, each once, as reading them gives them; none told when the cap cuts them.
    @Test(arguments: [50, 200, 1_000, 20_000])
    func theKindsWithinARadiusAreThoseOfItsPlaces(_ cap: Int) {
        for origin in [
            StoreFixtures.centre, Coordinate(latitude: 60.1640, longitude: 24.9300),
            Coordinate(latitude: 60.1750, longitude: 24.9550), Coordinate(latitude: 60.3, longitude: 25.3),
        ] {
            for radius in [30.0, 150, 400, 1_000, 2_000] {
                let within = Self.store.near(origin, radius: radius, limit: .max)
                let told = Self.store.countAndKinds(near: origin, radius: radius, limit: cap)
                #expect(told.count == Self.store.count(near: origin, radius: radius, limit: cap))
                #expect(told.count == min(within.count, cap), "cap \(cap), radius \(radius), at \(origin)")
                #expect(
                    told.kinds == (within.count < cap ? Set(within.map(\.kind)) : nil),
                    "cap \(cap), radius \(radius), at \(origin)")
            }
        }
        // Many kinds: a wide circle about the centre holds more than a few.
        let wide = Self.store.countAndKinds(near: StoreFixtures.centre, radius: 2_000, limit: 20_000)
        #expect((wide.kinds?.count ?? 0) > 20)
    }

    /// SQLite's count of its memory is off (`CSQLite_countNoMemory`), set before the first
    /// connection: 0 is SQLITE_OK (after a connection, SQLITE_MISUSE, 21, and the count stays on:
    /// every allocation then takes one mutex, and the window's thread held `read` up by it).
    @Test func sqliteCountsNoMemory() {
        _ = Self.store
        #expect(SQLiteDatabase.configured == 0)
    }

    /// Each query's statements run in one read transaction, ended with the query: the file is
    /// locked once a query, not once a statement, and no lock outlives it.
    @Test func aQueryIsOneReadTransaction() {
        var inside = false
        Self.store.locked { inside = Self.store.database.isInTransaction }
        #expect(inside)
        #expect(!Self.store.database.isInTransaction)
        _ = Self.store.countAndKinds(near: StoreFixtures.centre, radius: 1_000, limit: 20_000)
        _ = Self.store.search("kahvila", kind: nil, near: StoreFixtures.centre, limit: 5)
        #expect(!Self.store.database.isInTransaction)
    }

    /// A connection that waits at a pause (a window read beside an answer) reads nothing while
    /// the pause is held, and its query ends once it is let go; the store itself never waits.
    @Test func aPausedReaderWaitsWhileThePauseIsHeld() throws {
        let reader = try #require(Self.store.reopened())
        let pause = ReadPause()
        reader.pausing(at: pause)
        let done = Atomic<Int>(0)
        let finished = DispatchSemaphore(value: 0)
        pause.holding {
            Thread.detachNewThread {
                _ = reader.count(near: StoreFixtures.centre, radius: 2_000, limit: 20_000)
                done.store(1, ordering: .sequentiallyConsistent)
                finished.signal()
            }
            // A count of the Helsinki store takes well under a millisecond.
            usleep(200_000)
            #expect(done.load(ordering: .sequentiallyConsistent) == 0, "read while the pause was held")
            // The store itself (the answer's) reads on.
            #expect(Self.store.count(near: StoreFixtures.centre, radius: 2_000, limit: 20_000) > 0)
        }
        #expect(finished.wait(timeout: .now() + 10) == .success)
        #expect(done.load(ordering: .sequentiallyConsistent) == 1)
    }

    /// The window is read on a thread of its own through a second connection: the same places,
    /// named in the same language; none when the file holds another store by now.
    @Test func aSecondConnectionReadsTheSameStore() throws {
        let path = StoreFixtures.path("reopened.places")
        try FileManager.default.copyItem(atPath: StoreFixtures.helsinkiStore.path, toPath: path)
        let store = try PlaceStore.open(path: path)
        store.language = "es"
        let other = try #require(store.reopened())
        #expect(other !== store)
        #expect(other.language == "es")
        let origin = StoreFixtures.centre
        #expect(other.near(origin, radius: 2_000, limit: 500) == store.near(origin, radius: 2_000, limit: 500))
        #expect(other.count == store.count)
        // Another store made in its place (an import again, of other places).
        let elsewhere = StoreFixtures.path("elsewhere.places")
        let kiosk = Place(
            id: "node/1", name: "Kioski", kind: "Kiosk", symbol: "cart", latitude: 60.2, longitude: 24.9)
        _ = try PlaceImport.importPlaces([kiosk], source: "JSON", from: "x.json", into: elsewhere)
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.moveItem(atPath: elsewhere, toPath: path)
        #expect(store.reopened() == nil)
    }

    @Test func factsComeFromTheTags() throws {
        let kiasma = try #require(Self.places.first { $0.id == "way/8042215" })
        #expect(kiasma.name == "Kiasma")
        #expect(kiasma.kind == "Museum")
        #expect(kiasma.facts.openingHours == "Tu 10:00-17:00; We-Fr 10:00-20:30; Sa 10:00-18:00; Su 10:00-17:00")
        #expect(kiasma.facts.streetIsNearest == false)
        let posti = try #require(Self.places.first { $0.id == "node/56431331" })
        #expect(posti.facts.street == "Elielinaukio")
        #expect(posti.facts.houseNumber == "2")
        #expect(posti.facts.wheelchair == "yes")
        // A station without an address: the nearest named street, marked as such.
        let hakaniemi = try #require(Self.places.first { $0.id == "node/25502063" })
        #expect(hakaniemi.facts.street == "Siltasaarenkatu")
        #expect(hakaniemi.facts.streetIsNearest)
    }

    @Test func theNearestStreetOfAPoint() throws {
        let posti = try #require(Self.places.first { $0.id == "node/56431331" })
        let street = try #require(Self.store.nearestStreet(to: posti.coordinate))
        #expect(street.distance < StreetIndex.reach)
        #expect(Self.store.nearestStreet(to: Coordinate(latitude: 0, longitude: 0)) == nil)
    }
}
