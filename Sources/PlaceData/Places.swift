import Foundation
import Synchronization

/// The places loaded (`all`), with their indexes built once: the search index (`SearchIndex`),
/// the words of their names for a misspelt search, and the names for Tab. (A `Catalog` is
/// always the words the program says; places are `Places`.)
public struct Places: Equatable, Sendable {
    public let all: [Place]
    /// The search index: built with the places, or on first use (`Indexing.whenAsked`).
    private let search: SearchCache
    var index: SearchIndex { search.index(of: all) }
    /// The words of the names, for a search that found nothing (`correctedQuery`).
    let spelling = Spelling()
    /// The names for Tab (`completionNames`), indexed once.
    let completion = CompletionCache()

    /// Where the places come from, as the greeting and `about` name it: `Places.openStreetMap`
    /// for OpenStreetMap data (whose licence asks for its credit), nil when not known (the
    /// built-in places, a file). The shell sets it.
    public var source: String?
    /// Whether `all` is only a window of a larger store (the places near the user): a search
    /// that finds nothing near then asks the shell to search the whole store
    /// (`Effect.searchWholeStore`). False: `all` is every place there is.
    public var isWindow = false

    /// The distance of every place from one point, in `all`'s order, when measured ahead
    /// (`measureDistances`): a store's window is measured from where it was read about on the
    /// thread that reads it, so that taking it in does not measure 20,000 distances again.
    public private(set) var knownDistances: (origin: Coordinate, metres: [Double])?

    /// Each place's trigonometry, worked out once: a position report measures every place
    /// again (`distances(from:)`), and then does only what depends on the position (issues 36
    /// and 42: a report to its callout in 1 ms).
    private let angles: HalfAngles

    /// Measures every place's distance from `origin` ahead of `distances(from:)`.
    public mutating func measureDistances(from origin: Coordinate) {
        knownDistances = (origin, origin.distances(angles))
    }

    /// Every place's distance from `origin`, in metres, in `all`'s order: each
    /// `Coordinate.distance(to:)`'s to well under a micrometre (`Coordinate.distances(_:)`).
    public func distances(from origin: Coordinate) -> [Double] {
        if let knownDistances, knownDistances.origin == origin { return knownDistances.metres }
        return origin.distances(angles)
    }

    /// What `source` holds for places from OpenStreetMap.
    public static let openStreetMap = "OpenStreetMap"

    /// When the search index is built.
    public enum Indexing: Sendable {
        /// With the places, before the init returns.
        case now
        /// On the first search (or `prepareSearch`, which the shell calls on a thread of its
        /// own): for places made anew while an answer waits, as the markers make them (issue
        /// 40: 10,000 markers' index took 8 ms of the answer after the start).
        case whenAsked
    }

    public init(_ places: [Place], source: String? = nil, isWindow: Bool = false, indexing: Indexing = .now) {
        self.all = places
        angles = HalfAngles(places.map(\.coordinate))
        search = SearchCache(indexing == .now ? SearchIndex(places) : nil)
        self.source = source
        self.isWindow = isWindow
    }

    /// `places` then `more`, with their trigonometry and search taken from what each already
    /// has (`adding`).
    private init(_ places: Places, then more: [Place], moreAngles: HalfAngles, search: SearchCache) {
        all = places.all + more
        angles = places.angles.appending(moreAngles)
        self.search = search
        source = places.source
        isWindow = places.isWindow
    }

    /// Builds the search index now, if it is not built yet, so that the first search need not:
    /// the shell calls it on a thread of its own. A search meanwhile waits for it.
    public func prepareSearch() { _ = index }

    /// True once for places whose search index waits to be asked for (`Indexing.whenAsked`):
    /// the caller then has it built (`prepareSearch`) on a thread of its own. False for every
    /// copy after, and for places indexed when made. Never waits for a build.
    public func claimIndexing() -> Bool { search.claim() }

    /// Whether the places come from OpenStreetMap.
    public var areFromOpenStreetMap: Bool { source == Self.openStreetMap }

    /// These places and those of `more` that are not among them yet (by id), with the same
    /// source: a window grown by what a search of the whole store found. Its whole search
    /// index waits to be asked for (`claimIndexing`); until then a search is answered from
    /// these places' index and one of the new places alone (issue 42: building the whole
    /// index again, and measuring every place again, was most of a whole-store `find`).
    public func adding(_ more: [Place]) -> Places {
        // A place already here has the same id and so the same point: only the places at a
        // new place's point are compared by id (no id of the many hashed).
        var new: [Place] = []
        for place in more where !new.contains(where: { $0.id == place.id }) {
            let point = place.coordinate
            if !all.contains(where: { $0.coordinate == point && $0.id == place.id }) { new.append(place) }
        }
        guard !new.isEmpty else { return self }
        let tail = SearchIndex(new)
        return Places(
            self, then: new, moreAngles: HalfAngles(new.map(\.coordinate)),
            search: SearchCache(joining: search.builtIndex, count: all.count, tail))
    }

    public var count: Int { all.count }

    public static func == (lhs: Places, rhs: Places) -> Bool {
        lhs.all == rhs.all && lhs.source == rhs.source && lhs.isWindow == rhs.isWindow
    }

    /// The places whose name or kind holds every word of `query` (the seed's rule), and whose
    /// kind is `kind` when one is given, as a set. A word is found whatever its case and accents,
    /// with letters like ł, ø, ß typed as l, o, ss, umlauts as a/ae, quotes left out, and in the
    /// name read without its spaces and hyphens ("saopedro" finds "São Pedro"). Public for the
    /// benchmarks, which time it.
    public func matchSet(query: String, kind: String? = nil) -> PlaceSet {
        var found = search.matches(of: all, query: query, kind: kind)
        // A word of punctuation alone ("'", "-") is looked for as typed, never dropped.
        let literals = query.split(whereSeparator: { $0.isWhitespace }).map(String.init).filter(
            TextFolding.isLiteralWord
        )
        .map(TextFolding.literalForm)
        guard !literals.isEmpty else { return found }
        var kept = PlaceSet(count: count)
        for member in found.members {
            let place = all[Int(member)]
            let text = TextFolding.literalForm("\(place.name) \(place.kind)")
            if literals.allSatisfy({ text.contains($0) }) { kept.insert(member) }
        }
        found.formIntersection(kept)
        return found
    }

    /// Whether `matchSet(query:kind:)` finds any place. A word alone with no kind (what the
    /// forgiving search asks of every spelling it tries) stops at the first place found, with no
    /// set of every place built and read: at a million places that set alone took some 7 µs.
    public func finds(_ query: String, kind: String? = nil) -> Bool {
        if let word = Self.loneWord(query, kind: kind) { return search.finds(in: all, word: word) }
        return !matchSet(query: query, kind: kind).isEmpty
    }

    /// `matchSet(query:kind:).members`. A word alone with no kind is most often read straight
    /// from its list, ascending, with no set of every place built and read.
    public func matchMembers(query: String, kind: String? = nil) -> [Int32] {
        if let word = Self.loneWord(query, kind: kind), let members = search.members(in: all, word: word) {
            return members
        }
        return matchSet(query: query, kind: kind).members
    }

    /// The query's one word, when it has one, no kind is asked and the word is not punctuation
    /// looked for as typed (`matchSet`'s literals): the search index alone answers it.
    private static func loneWord(_ query: String, kind: String?) -> Substring? {
        guard kind == nil else { return nil }
        let words = TextFolding.whitespaceSplit(query)
        guard words.count == 1, !TextFolding.isLiteralWord(String(words[0])) else { return nil }
        return words[0]
    }

    /// The same matches as indices into the places, ascending.
    public func matches(query: String, kind: String? = nil) -> [Int] {
        matchSet(query: query, kind: kind).members.map { Int($0) }
    }

    /// The kinds of place, each with how many places have it, in alphabetical order.
    public func kindCounts() -> [(kind: String, count: Int)] {
        sortedCounts(index.kindMembers.map(\.count))
    }

    /// The kinds among the places at `indices`, each with its count, in alphabetical order.
    public func kindCounts<S: Sequence<Int>>(among indices: S) -> [(kind: String, count: Int)] {
        var counts = [Int](repeating: 0, count: index.kinds.count)
        for place in indices { counts[Int(index.kindOf[place])] += 1 }
        return sortedCounts(counts)
    }

    /// The kinds among the shown places, in any order of reading: the list is not ordered for it.
    public func kindCounts(among shown: NearestFirst) -> [(kind: String, count: Int)] {
        var counts = [Int](repeating: 0, count: index.kinds.count)
        for place in shown.members { counts[Int(index.kindOf[Int(place)])] += 1 }
        return sortedCounts(counts)
    }

    private func sortedCounts(_ counts: [Int]) -> [(kind: String, count: Int)] {
        counts.indices.filter { counts[$0] > 0 }
            .map { (kind: index.kinds[$0], count: counts[$0], folded: TextFolding.fold(index.kinds[$0])) }
            .sorted { $0.folded != $1.folded ? $0.folded < $1.folded : $0.kind < $1.kind }
            .map { (kind: $0.kind, count: $0.count) }
    }

    /// The folded name of the place at `index`.
    package func foldedName(at index: Int) -> String { TextFolding.fold(all[index].name) }
}

/// A search index built once, on first use, and shared by the copies of the places it indexes
/// (as `CompletionCache` and `Spelling` are). Guarded by `lock` (a pthread mutex, which
/// ThreadSanitizer sees).
final class SearchCache: @unchecked Sendable {
    private var built: SearchIndex?
    private let lock = NSLock()
    /// Whether the index was built when the places were made, or someone claimed its build.
    private let claimed: Atomic<Bool>

    /// An index of the places first, and one of those after them: searches are answered from
    /// both until the whole index is built (`Places.adding`).
    private let parts: (first: SearchIndex, count: Int, then: SearchIndex)?

    init(_ built: SearchIndex?) {
        self.built = built
        parts = nil
        claimed = Atomic(built != nil)
    }

    /// A cache whose whole index waits to be asked for, searched meanwhile through `first`
    /// (of the first `count` places, when built) and `then` (of the places after them).
    init(joining first: SearchIndex?, count: Int, _ then: SearchIndex) {
        built = nil
        parts = first.map { ($0, count, then) }
        claimed = Atomic(false)
    }

    /// The index, if it is built.
    var builtIndex: SearchIndex? { lock.withLock { built } }

    /// `SearchIndex.matches` over `places`: from the whole index once built, else from the two
    /// parts' (each place matches by its own name and kind alone), else the index built now.
    func matches(of places: [Place], query: String, kind: String?) -> PlaceSet {
        if builtIndex == nil, let parts {
            return PlaceSet(
                parts.first.matches(query: query, kind: kind), then: parts.then.matches(query: query, kind: kind))
        }
        return index(of: places).matches(query: query, kind: kind)
    }

    /// Whether `SearchIndex.matches` over `places` finds any place, as `matches` answers it.
    func finds(in places: [Place], word: Substring) -> Bool {
        if builtIndex == nil, let parts {
            return parts.first.finds(word: word) || parts.then.finds(word: word)
        }
        return index(of: places).finds(word: word)
    }

    /// `SearchIndex.members(ofWord:)` over `places`, as `matches` answers it.
    func members(in places: [Place], word: Substring) -> [Int32]? {
        if builtIndex == nil, let parts {
            guard let first = parts.first.members(ofWord: word), let then = parts.then.members(ofWord: word) else {
                return nil
            }
            return first + then.map { Int32(parts.count) + $0 }
        }
        return index(of: places).members(ofWord: word)
    }

    /// True the first time only, unless the index was built with the places.
    func claim() -> Bool { claimed.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged }

    func index(of places: [Place]) -> SearchIndex {
        lock.withLock {
            if let built { return built }
            let index = SearchIndex(places)
            built = index
            return index
        }
    }
}
