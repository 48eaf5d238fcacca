import Foundation
import NearbyCore
import PlaceData
import PlaceStore
import ShellParsing
import SystemCalls
import TextFormats
import Words

/// What `--places` (or `set places`) names, opened: a place store, whose places near the
/// position are loaded into memory and which is kept for searching all of it; an OpenStreetMap
/// extract, imported once into the user's cache and opened as a store from then on; or a
/// GeoJSON, CSV or JSON file, read whole as before.
struct PlacesOpening {
    /// The places in memory: a store's within `window` of the position, or a file's all.
    var places: [Place]
    /// The store, when the places came from one.
    var store: PlaceStore?
    /// GeoJSON features skipped for not being Points.
    var skippedFeatures = 0
    /// Where the places come from, when the greeting and `about` name it (OpenStreetMap).
    var source: String?

    /// Where the session starts when no position was given: the centre of a store's places.
    var centre: Coordinate?
    /// A store's window still being read on a thread of its own (`open(deferringWindow:)`):
    /// `places` is empty until the session takes it in.
    var pending: WindowLoad?
    /// How many places the pending window holds, for the greeting.
    var windowCount: Int?
    /// Where a store's window is read about.
    var windowOrigin: Coordinate?

    /// How many places the Nearby list will hold once the window being read is in, for the
    /// greeting: the window's places within `radius`, or the whole window when none is. Nil
    /// when no window is being read.
    func listCount(radius: Double) -> Int? {
        guard let store, let at = windowOrigin, let window = windowCount else { return nil }
        let within = radius >= Self.window ? window : store.count(near: at, radius: radius, limit: Self.windowCap)
        return within > 0 ? within : window
    }

    /// The places as the session holds them: a store's are a window of it, searched further
    /// through the store (`Places.isWindow`).
    var loaded: Places { Places(places, source: source, isWindow: store != nil) }

    /// How far from the position a store's places are loaded into the session: 2 km, twice
    /// the Nearby list's radius, so that a walk of a kilometre keeps a full list.
    static let window = 2_000.0
    /// At most this many of them, the nearest: where places are dense (10,000 within a
    /// kilometre: about 31,000 within 2 km) the window is smaller than 2 km, and memory and
    /// start-up stay bounded; 20,000 still hold every place within 1.4 km there.
    static let windowCap = 20_000

    /// A store's places in the window about `origin`; with none within it, the nearest
    /// `beyondCount` beyond, so that `where`, the list and a walk leaving the places say how far
    /// the nearest is rather than "No places".
    static func window(_ store: PlaceStore, around origin: Coordinate) -> [Place] {
        let places = store.near(origin, radius: window, limit: windowCap)
        guard places.isEmpty else { return places }
        for reach in beyondReaches {
            let beyond = store.near(origin, radius: reach, limit: beyondCount)
            if !beyond.isEmpty { return beyond }
        }
        return []
    }

    /// How many places a window with none within 2 km holds: the nearest beyond.
    static let beyondCount = 16
    /// How far they are looked for, nearest first: a town, a region. Farther (a Helsinki store
    /// asked about Lisbon) there are no places about you, and none is said.
    static let beyondReaches = [10_000.0, 100_000.0]

    /// The nearest part of the window about `origin` that `request` asks for, with the whole
    /// window's counts (and kinds, when asked), read at once (a few milliseconds at 10M places)
    /// while the whole window is still being read: its nearest places are the first of the
    /// window's, in its order, and each count is the one the whole window will give (its places
    /// within 2 km, the nearest 20,000: within a smaller radius, as many as the store holds there
    /// up to 20,000). The whole window's count is read only when none lies within the radius
    /// (`total`: the window's count when already made, the greeting's). The kinds are nil when
    /// the list will hold 20,000 places: the nearest of more, whose kinds only reading them tells.
    static func windowPart(
        _ store: PlaceStore, around origin: Coordinate, _ request: WindowPartRequest, source: String?,
        total known: Int? = nil
    ) -> WindowPart {
        let nearest = store.near(origin, radius: window, limit: min(request.nearest, windowCap))
        guard !nearest.isEmpty else {
            // None within 2 km: the nearest beyond, as the whole window holds them (`window`).
            let beyond = window(store, around: origin)
            let near = beyond.filter { origin.distance(to: $0.coordinate) <= request.radius }
            return WindowPart(
                places: Places(beyond, source: source, isWindow: true), origin: origin, radius: request.radius,
                withinRadius: near.count, total: beyond.count,
                kinds: request.kinds ? Set((near.isEmpty ? beyond : near).map(\.kind)) : nil)
        }
        // The count (and the kinds) within a radius, of the window's places.
        func listing(_ radius: Double) -> (count: Int, kinds: Set<String>?) {
            if request.kinds { return store.countAndKinds(near: origin, radius: radius, limit: windowCap) }
            if radius == window, let known { return (known, nil) }
            return (store.count(near: origin, radius: radius, limit: windowCap), nil)
        }
        let list = listing(min(request.radius, window))
        var part = WindowPart(
            places: BenchSlowdown.twice { Places(nearest, source: source, isWindow: true) }, origin: origin,
            radius: request.radius,
            withinRadius: list.count, total: request.radius >= window ? list.count : nil, kinds: list.kinds)
        if list.count == 0, request.radius < window {
            // None within the radius: the list will be the whole window.
            let whole = listing(window)
            (part.total, part.kinds) = (whole.count, whole.kinds)
        }
        return request.search.map { withMatches(of: $0, store, part) } ?? part
    }

    /// `part` with every match of `query` within its radius joined to its places, in the
    /// window's order, and `search` set; `part` as it was when the window might not hold them all
    /// (`withinRadius` is capped at `windowCap`), when none lies within the radius (the window may
    /// hold some beyond it, or the whole store be searched: the whole window answers), or when
    /// more than `searchPartCap` do (each match is a place made; the whole window may come first).
    /// The nearest places are the window's first, so the matches not among them lie beyond them,
    /// and `PlaceStore.search` gives them nearest first with equal distances in the store's order,
    /// as `near` gives the window.
    static func withMatches(of query: String, _ store: PlaceStore, _ part: WindowPart) -> WindowPart {
        guard part.withinRadius > 0, part.withinRadius < windowCap else { return part }
        let found = store.search(
            query, kind: nil, near: part.origin, within: min(part.radius, window), limit: searchPartCap + 1)
        guard !found.isEmpty, found.count <= searchPartCap else { return part }
        var joined = part
        // Those not among the nearest, after them; their index built alone (`Places.adding`).
        joined.places = BenchSlowdown.twice { part.places.adding(found) }
        joined.search = query
        return joined
    }

    /// The most matches a window's part is read with for `find` (`withMatches`).
    static let searchPartCap = 1_000

    /// Opens `path` (found at `location`, a test's folder before it) for a session at `origin`,
    /// or, when nil (no position given), at the centre of a store's places (and `centre` says
    /// where). Notes for standard error (an import into the cache, a cache that cannot be kept)
    /// go to `note`.
    static func open(
        _ path: String, at location: String? = nil, origin: Coordinate?, words: Catalog,
        encoding: TextEncoding = .utf8, environment: [String: String] = ProcessInfo.processInfo.environment,
        language: String? = nil, deferringWindow: Bool = false, note: (String) -> Void
    ) throws(Failure) -> PlacesOpening {
        let file = location ?? path
        do throws(StoreProblem) {
            var opening: PlacesOpening?
            if PlaceStore.looksLikeStore(file) {
                opening = opened(try PlaceStore.open(path: file), origin: origin, language: language)
            } else if let format = PlaceImport.osmFormat(of: file) {
                opening = try cached(
                    file, format: format, origin: origin, language: language, words: words, environment: environment,
                    note: note)
            }
            if var opening {
                // The window read now, or on a thread of its own while the session starts.
                if let store = opening.store, let at = opening.windowOrigin {
                    if deferringWindow {
                        opening.windowCount = store.count(near: at, radius: window, limit: windowCap)
                        opening.pending = WindowLoad(
                            store, around: at, source: opening.source, count: opening.windowCount,
                            streetAtOnce: true)
                    } else {
                        opening.places = window(store, around: at)
                    }
                }
                return opening
            }
        } catch {
            throw Failure(store: error, words)
        }
        let loaded = try NearbyVoice.readPlaces(path, at: location, words: words, encoding: encoding)
        return PlacesOpening(places: loaded.places, skippedFeatures: loaded.skippedFeatures)
    }

    /// A store's places about `origin` (else its centre), named in `language` where they can be.
    private static func opened(_ store: PlaceStore, origin: Coordinate?, language: String?) -> PlacesOpening {
        store.language = language
        let centre = origin == nil ? store.centre : nil
        let at = origin ?? centre ?? Settings().origin
        return PlacesOpening(
            places: [], store: store, source: store.source == PlaceImport.openStreetMap ? Places.openStreetMap : nil,
            centre: centre, windowOrigin: at)
    }

    /// The cached store of an OpenStreetMap file: opened when it was made from the file as it is
    /// now (its path, size and modification time), else imported again first. A cache folder
    /// that cannot be made or written reads the file into memory instead, and says so.
    private static func cached(
        _ file: String, format: String, origin: Coordinate?, language: String?, words: Catalog,
        environment: [String: String],
        note: (String) -> Void
    ) throws(StoreProblem) -> PlacesOpening {
        guard let stamp = SourceStamp(file) else {
            return PlacesOpening(places: try PlaceImport.readOSM(file, format: format), source: Places.openStreetMap)
        }
        let folder = cacheFolder(environment)
        let store = "\(folder)/\(cacheName(stamp.path))"
        if let existing = try? PlaceStore.open(path: store), stamp.matches(existing) {
            return opened(existing, origin: origin, language: language)
        }
        func inMemory(_ reason: String) throws(StoreProblem) -> PlacesOpening {
            note(words.text(.storeCacheUnavailable(folder: folder, reason: reason, file: file)))
            return PlacesOpening(places: try PlaceImport.readOSM(file, format: format), source: Places.openStreetMap)
        }
        do throws(SystemError) { try FileSystem.makeFolders(folder) } catch {
            return try inMemory(error.reason)
        }
        note(words.text(.storeImporting(file: file, store: store)))
        do throws(StoreProblem) {
            _ = try PlaceImport.importOSM(file, format: format, into: store)
        } catch {
            guard error.cause == .cannotWrite else { throw error }
            return try inMemory(words.text(error.message))
        }
        return opened(try PlaceStore.open(path: store), origin: origin, language: language)
    }

    /// The cache folder of the `test` command's run (a temporary folder it removes at the end),
    /// so that scenarios never write into the user's cache. Set before the scenarios start.
    nonisolated(unsafe) static var testCacheFolder: String?

    /// `$XDG_CACHE_HOME/nearby-voice`, else `~/.cache/nearby-voice`.
    static func cacheFolder(_ environment: [String: String]) -> String {
        if let testCacheFolder { return testCacheFolder }
        let base =
            environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? "\(environment["HOME"] ?? NSHomeDirectory())/.cache"
        return "\(base)/nearby-voice"
    }

    /// The cached store's name for a source file: its name and a hash of its absolute path
    /// (FNV-1a, 64 bits), so that two extracts of the same name never share one.
    static func cacheName(_ absolutePath: String) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in absolutePath.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        let name = absolutePath.split(separator: "/").last.map(String.init) ?? "places"
        return "\(name)-\(String(hash, radix: 16)).places"
    }
}

/// A store's window read on a thread of its own while the session starts, or while the answer
/// to a move (`set at`, a walk leaving the window) is said: 20,000 places made and indexed take
/// about 100 ms at 10M places, and the greeting needs only how many places the window holds
/// (`count`, from the store's cells in a millisecond or two). The session takes them in before
/// it answers anything else (`Session.settleWindow`), waiting if need be; `where` meanwhile is
/// answered from the window's nearest part (`WindowPart`). The window is read through a
/// connection of its own to the store, so that the session's own queries (that part, the
/// streets) never wait for it; the street about its centre, which `where` says, is read on it
/// first: at the start at once (5-10 ms at 10M places, off the first answer's way), after a move
/// with the window, or as soon as `where` asks for it.
///
/// At a terminal, the rest waits until the session has nothing to answer (`readWhenIdle`: no
/// line came soon after the answer) or needs the window (`take`); a script's is read at once
/// (`Session.useIdleTime`). Read beside the answers to lines typed at once after a move, it cost
/// them a processor: on this machine of two, the terminal's kernel worker and the session's own
/// thread, woken for the next line, waited for it up to a scheduler tick (4 ms), at the lowest
/// nice value and under `SCHED_IDLE` alike (issue 42: `find` typed at once after `read`,
/// answered from the window's parts, came 1.6-3 ms above the built-in places' answer).
final class WindowLoad: @unchecked Sendable {
    /// Where the window is read about, and where its places come from (`Places.source`).
    let origin: Coordinate
    let source: String?
    /// How many places it holds, when they were counted before it was read (for the greeting).
    let count: Int?
    /// Held while an answer is read from the store on the session's thread (a window's nearest
    /// part): the window's own reads wait meanwhile.
    let pause = ReadPause()
    private let condition = NSCondition()
    private var places: Places?
    /// The street about `origin` (`EffectRunner.street`), read first: `where` asks for it.
    private var street: (name: String?, network: StreetNetwork?)?
    /// Whether the window may be read now (`readWhenIdle`, `take`).
    private var mayRead = false
    /// Whether the street about `origin` may be read now: at once at the start (`where` is
    /// typed as the greeting is heard); after a move, when the window may be read or `where`
    /// asks for it (`street(at:)`).
    private var mayReadStreet: Bool

    /// `streetAtOnce`: the street about `origin` read at once, before the window waits
    /// (`readWhenIdle`); else it waits with the window, unless `where` asks for it. After a
    /// move at a terminal, the window's connection opened and the street read at once (3-5 ms of
    /// a processor at 10M places), beside the answers to `read` and `find` typed at once, cost
    /// `find` 1.0-1.3 ms (issue 42: 3 pairs of runs of 75 moves against the street waiting).
    init(
        _ store: PlaceStore, around origin: Coordinate, source: String?, count: Int? = nil,
        streetAtOnce: Bool = false
    ) {
        self.origin = origin
        self.source = source
        self.count = count
        mayReadStreet = streetAtOnce
        Thread.detachNewThread { [self] in
            condition.lock()
            while !mayReadStreet && !mayRead { condition.wait() }
            condition.unlock()
            // A connection of its own, which waits while an answer is read from the store
            // (`pause`); the store itself when it cannot be opened again, which never waits.
            let reader =
                store.reopened().map { reader in
                    reader.pausing(at: pause)
                    return reader
                } ?? store
            let found = EffectRunner.street(around: origin, in: reader)
            condition.lock()
            street = found
            condition.broadcast()
            while !mayRead { condition.wait() }
            condition.unlock()
            if let delay = Self.testDelay { usleep(delay * 1000) }
            var loaded = Places(PlacesOpening.window(reader, around: origin), source: source, isWindow: true)
            loaded.measureDistances(from: origin)
            condition.lock()
            places = loaded
            condition.broadcast()
            condition.unlock()
            loaded.prepareSpelling()
        }
    }

    /// For the tests: `NEARBY_VOICE_WINDOW_DELAY_MS` (at most 60,000) holds every window read
    /// back that long (after the street about its centre), so that what is answered while a
    /// window is being read can be checked on a store of any size.
    static let testDelay = ProcessInfo.processInfo.environment["NEARBY_VOICE_WINDOW_DELAY_MS"].flatMap {
        UInt32($0)
    }.map { min($0, 60_000) }

    /// The street about `point` as `EffectRunner.street` reads it, when it is the window's
    /// centre, waiting for it if need be (it is the first thing read: waiting is never longer
    /// than reading it again); nil for another point.
    func street(at point: Coordinate) -> (name: String?, network: StreetNetwork?)? {
        guard point == origin else { return nil }
        condition.lock()
        defer { condition.unlock() }
        mayReadStreet = true
        condition.broadcast()
        while street == nil { condition.wait() }
        return street
    }

    /// Whether the window has been read (`take` then returns at once).
    var isReady: Bool {
        condition.lock()
        defer { condition.unlock() }
        return places != nil
    }

    /// Whether the window is being read, or has been (`readWhenIdle`, `take`).
    var isReading: Bool {
        condition.lock()
        defer { condition.unlock() }
        return mayRead
    }

    /// Lets the window be read now: the session has nothing to answer.
    func readWhenIdle() {
        condition.lock()
        mayRead = true
        condition.broadcast()
        condition.unlock()
    }

    /// The window's places, read now if they were not, and waited for.
    func take() -> Places {
        condition.lock()
        defer { condition.unlock() }
        mayRead = true
        condition.broadcast()
        while places == nil { condition.wait() }
        return places ?? Places([])
    }
}
