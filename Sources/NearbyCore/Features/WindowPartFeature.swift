import PlaceData

/// A place store's window in two parts (issues 36 and 42: the first answer at 10M places). The
/// whole window (the places within 2 km, at most 20,000) takes about 30 ms to read and index on
/// a thread of its own (100 ms before each store query was one read transaction); a command
/// typed at once after the start or a move waits for it. `where`
/// and `read` need far less: the nearest places (a place with a direction among the first
/// `whereLooksAt` about the user; the rail's `railSize`), how many places the list holds, and for
/// `read` at half height how many filters it offers (its kinds); `find WORDS`, every match within
/// the list's radius (the store's own search, `PlaceStore.search`, on the same rule as the
/// window's in memory), when the window holds every place within it. While the window is still being
/// read, the shell asks here whether the command can be answered from its nearest part
/// (`windowPartRequest`); if so it reads that part at once, with the counts and kinds, and
/// applies `.windowPartRead`; any other command, and any position report, takes the whole window
/// in first (`.windowMoved`), which sets the part aside. What is said is the same either way: the
/// part holds exactly the first places of the whole window, in its order, and the counts and
/// kinds are the whole window's, with the markers the places hold (`partListing`); a search's
/// matches join them, each in the window's order (nearest first, equal distances in the store's).
public struct WindowPart: Equatable, Sendable {
    /// The nearest places of the window, nearest first (equal distances in the store's order):
    /// the whole window's first places, in its order.
    public var places: Places
    /// Where the window is read about.
    public var origin: Coordinate
    /// The radius `withinRadius` counts within: the list's, when the part was asked for.
    public var radius: Double
    /// How many places of the whole window lie within `radius` of `origin`.
    public var withinRadius: Int
    /// How many places the whole window holds; nil when some lie within the radius (the list
    /// is then those, and the whole window's count is not read).
    public var total: Int?
    /// The kinds of the places the list holds once the whole window is in, each once (those
    /// within the radius, or the whole window's when none is); nil when not read (`where`).
    public var kinds: Set<String>?
    /// The query (cleaned, as `find` searches it) whose every match within `radius` the places
    /// hold, besides the nearest; nil when none was asked, or the part could not hold them all.
    public var search: String?

    public init(
        places: Places, origin: Coordinate, radius: Double, withinRadius: Int, total: Int?, kinds: Set<String>? = nil,
        search: String? = nil
    ) {
        self.places = places
        self.origin = origin
        self.radius = radius
        self.withinRadius = withinRadius
        self.total = total
        self.kinds = kinds
        self.search = search
    }

    /// Whether the part answers what `request` asks, read about `origin`.
    public func serves(_ request: WindowPartRequest, at origin: Coordinate) -> Bool {
        self.origin == origin && radius == request.radius && (kinds != nil || !request.kinds)
            && (request.search == nil || request.search == search)
    }
}

/// What the shell is to read of a window still being read, for a command to be answered from it.
public struct WindowPartRequest: Equatable, Sendable {
    /// How many of the window's nearest places.
    public var nearest: Int
    /// The radius to count the window's places within (the list's).
    public var radius: Double
    /// Whether the kinds of the places the list will hold are asked too (`read` at half height
    /// says how many filters they make).
    public var kinds: Bool = false
    /// The query whose matches within the radius are asked too (`find WORDS`), cleaned.
    public var search: String? = nil

    public init(nearest: Int, radius: Double, kinds: Bool = false, search: String? = nil) {
        self.nearest = nearest
        self.radius = radius
        self.kinds = kinds
        self.search = search
    }
}

extension NearbyState {
    /// How many places about the user `where` looks among for the nearest with a direction.
    public static let whereLooksAt = 16
    /// How many of a window's nearest places its first part holds: more than `where` looks at.
    public static let windowPartSize = 256

    /// What to read of a window still being read about `origin` (the shell's) for `action` to
    /// be answered from that part alone, or nil when the action needs the whole window: `where`,
    /// and `read` with the sheet resting or, on the Nearby screen, at half height (its rail, the
    /// list's count and its filters), only when nothing else they say depends on the whole
    /// window: no search, no filter, no selection, no search being typed, and the user at the
    /// window's centre. A part already in serves when it was read for the same point and radius
    /// (`WindowPart.serves`). `find WORDS` entered on the Nearby screen, in the same state, asks
    /// for the query's matches too (`searchPartQuery`).
    public func windowPartRequest(for action: Action, windowAt origin: Coordinate) -> WindowPartRequest? {
        guard places.isWindow, origin == settings.origin, query.isEmpty, kindFilter == nil, selection == nil,
            beforeTyping == nil
        else { return nil }
        let kinds: Bool
        switch action {
        case .whereRequested: kinds = false
        case .readRequested where sheet.isPresented && sheet.detent == .resting: kinds = false
        case .readRequested where sheet.isPresented && sheet.detent == .half && settings.screen == .nearby:
            kinds = true
        case .queryEntered(let text):
            guard let search = searchPartQuery(text) else { return nil }
            if let windowPart, windowPart.origin != origin || windowPart.radius != settings.radius { return nil }
            return WindowPartRequest(nearest: Self.windowPartSize, radius: settings.radius, search: search)
        default: return nil
        }
        if let windowPart, windowPart.origin != origin || windowPart.radius != settings.radius { return nil }
        return WindowPartRequest(nearest: Self.windowPartSize, radius: settings.radius, kinds: kinds)
    }

    /// The query `find` entered as `text` searches, when the part's matches can answer it as the
    /// whole window would: on the Nearby screen (the Map Search Sheet's rule is the seed's own,
    /// not the store's), a query that is not too long and, cleaned, not empty, in English (in
    /// another language a query may name a kind in that language, whose places join the
    /// matches: `kindsNamedInLanguage`, which reads the kinds of the places in memory).
    func searchPartQuery(_ text: String) -> String? {
        guard settings.screen == .nearby, words.language == .english, !Self.isTooLong(text) else { return nil }
        let cleaned = Self.cleanQuery(text)
        return cleaned.isEmpty ? nil : cleaned
    }

    /// How many places the list holds and the kinds among them (nil when not read), with no
    /// search or filter, once the whole window is in, while only its nearest part is: the
    /// store's figures (the part's) with the markers and the waypoint the places hold
    /// (`withMarkers`), counted as `refreshShown` lists them and the pills count them: those
    /// within the radius, or every place when none is. Nil with no part in, or a search or a
    /// filter on.
    var partListing: (count: Int, kinds: Set<String>?)? {
        guard let windowPart, query.isEmpty, kindFilter == nil else { return nil }
        let own = places.all.indices.filter { Self.isOwnPlace(places.all[$0]) }
        let ownNear = own.filter { distances[$0] <= settings.radius }
        func kinds(_ indices: [Int]) -> Set<String> { Set(indices.map { places.all[$0].kind }) }
        if windowPart.withinRadius > 0 {
            return (windowPart.withinRadius + ownNear.count, windowPart.kinds.map { $0.union(kinds(ownNear)) })
        }
        if !ownNear.isEmpty { return (ownNear.count, kinds(ownNear)) }
        return ((windowPart.total ?? 0) + own.count, windowPart.kinds.map { $0.union(kinds(own)) })
    }

    /// How many places the list shows: while only the nearest part of a store's window is in
    /// (and no search or filter is on), the whole window's list's count (`partListing`).
    var listedCount: Int { partListing?.count ?? shown.count }

    /// The shell read the nearest part of the window (`windowPartRequest`): its places are the
    /// places in memory, as `.windowMoved` takes the whole window in, until the whole window
    /// comes; nothing is said.
    mutating func windowPartRead(_ part: WindowPart) -> Reaction {
        let reaction = windowMoved(part.places)
        windowPart = part
        return reaction
    }
}
