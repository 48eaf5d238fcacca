import Foundation
import PlaceData
import Words

/// The whole Nearby screen as data: the places, the search, the sheet, the selection and the
/// camera. `reduce(_:)` (in `NearbyState+Reduce.swift`) is the only way it changes.
public struct NearbyState: Equatable, Sendable {
    public private(set) var places: Places
    public private(set) var settings: Settings
    /// Every word said, in the settings' language (and a designer's file over it, if any).
    public internal(set) var words: Catalog
    /// The distance from the user to each place loaded, by index, in metres.
    public private(set) var distances: [Double]

    public internal(set) var query = ""
    public internal(set) var kindFilter: String?
    /// Whether `read` at half height has said how to hear the filter pills.
    public internal(set) var hasHeardFiltersHint = false
    /// Whether the search field has focus (and the keyboard is up).
    public internal(set) var isSearching = false
    /// The bottom sheet: whether it is shown, its detent, whether its handle's hint was heard
    /// (`SheetFeature.swift`).
    public internal(set) var sheet = Sheet()
    public internal(set) var selection: Place.ID?
    /// The position in `shown` that `next` and `previous` last reached (or `find` put first).
    public internal(set) var focus: Int?
    /// The detent the focus was set at: a sheet lowered since then brings it back into the
    /// rail's reach.
    var focusDetent: Detent = .half
    public internal(set) var camera: Camera = .showingAll
    /// How far the full list is scrolled, in points (whole rows of `rowHeight`): the seed's
    /// inner scroll, which only the top detent lets a drag reach.
    public internal(set) var scrollOffset = 0.0
    /// The places the list and the map show: indices into the places, nearest first, put in order only
    /// as far as they are read (a million matches are counted, and the nearest named, unsorted);
    /// under the Map Search Sheet (`screen map-search`) in the places' own order.
    public private(set) var shown: NearestFirst
    /// What was said, for `repeat` and `history` (`ReviewFeature.swift`).
    public internal(set) var review = Review()
    /// The synthesiser's voices, once the shell has listed them (`voices`, `set voice`).
    public internal(set) var installedVoices: [Voice]?
    /// The query whose as-you-type count was just heard: Enter on it then says what is new.
    var heardCountFor: String?
    /// The camera's move a `find` line being typed made (the list's overview), kept unsaid
    /// while the count alone is heard: Enter on that line says it (issue 41, 4).
    var cameraWhileTyping: Announcement?
    /// The screen as it was before a `find` line was typed, while it is being typed: Ctrl-C,
    /// Ctrl-U or another command brings it back.
    var beforeTyping: TypingSnapshot?
    /// The places a search that found nothing offered by spelling ("Did you mean"), nearest
    /// first: `select 1` takes the first while the list is empty.
    public internal(set) var suggestions: [Int] = []
    /// The spelling that found `suggestions`: choosing one of them searches for it.
    var suggestedQuery: String?
    /// Set by `quit`: the session ends after this answer.
    public internal(set) var isFinished = false
    /// A usability study's tasks and how far the tester has come (`--tasks FILE`), if any.
    public internal(set) var study: Study?
    /// The local date and time, which the shell sets before each command (`--clock` fixes it):
    /// what "open now" is said against. Nil: not known, and not said.
    public var now: LocalTime?
    /// Seconds on the shell's steady clock, which it sets before each command and report (a
    /// gpsd's reports are timed on it): what a fix's age is measured against. Nil: not known,
    /// and no age is said.
    public var clock: Double?
    /// Seconds since 1970 (UTC), which the shell sets before each command: when a marker is
    /// made. Nil: not known (a marker made then has time 0).
    public var wallClock: Double?
    /// The markers (`MarkerFeature`), in the order they were made; also among `places`.
    public internal(set) var markers: [MarkedPlace] = []
    /// The number of the last marker's id ("marker/N").
    var markerNumber = 0
    /// The marker `unmark` removed last and where it was, for `undo`.
    var unmarked: RemovedMarker?
    /// The OpenStreetMap places markers were made from that the map data no longer holds
    /// ("node/123"): said in `details` and `markers` (`MarkerFeature`).
    public internal(set) var goneMarkerPlaces: Set<String> = []
    /// The routes of waypoints (`WaypointRouteFeature`), in the order made.
    public internal(set) var keptRoutes: [KeptRoute] = []
    /// The route `route add` and `route remove` change: the one made or started last.
    var editedRoute: String?
    /// The kept route being walked waypoint by waypoint, if one is.
    public internal(set) var waypointWalk: WaypointWalk?
    /// The walk being recorded as a GPX track (`RecordingFeature`), if one is.
    public internal(set) var recording: Recording?
    /// Whether nothing within the radius matched, so that `shown` holds the matches beyond it.
    public internal(set) var isBeyondRadius = false
    /// The moving position: its source, callouts said, the route, the fix (`PositionFeature`).
    public var position = PositionState()
    /// The streets as the user walks them: the street said, the corners said (`StreetFeature`).
    public internal(set) var streetWalk = StreetWalk()
    /// The walking route `route to` planned last (`RouteFeature`).
    public internal(set) var plannedRoute: PlannedRoute?
    /// Street preview, while it is on (`PreviewFeature`).
    public internal(set) var preview: Preview?
    /// `preview NAME` on its way (the name being found): where you were before it, to go back to.
    var previewReturn: Return?
    /// How many places a store's window holds while the shell is still reading it (it comes
    /// with `.windowMoved` before any line is answered): what the greeting says. Nil otherwise.
    public var placesToCome: Int?
    /// How many places the Nearby list will hold once that window is in (those within the
    /// radius, or the whole window when none is): the count the greeting says, the one `where`
    /// and `count` then say. Nil otherwise.
    public var listedToCome: Int?
    /// How many places the source holds when the session holds only a window of it (a place
    /// store): the count `about` says. Nil when the session holds them all.
    public var sourceCount: Int?
    /// While a store's window is still being read, the nearest part of it that `places` then
    /// holds, and the whole window's counts (`WindowPartFeature.swift`). Nil otherwise.
    public internal(set) var windowPart: WindowPart?

    /// How many announcements `history` keeps.
    public static let historyLimit = 100
    /// The longest search, in characters (once cleaned): a longer one is refused, and said so.
    public static let queryLimit = 200
    /// How many characters of what was typed an error repeats.
    public static let echoLimit = 40
    /// The height of a row of the full list, in points: what `drag` scrolls the list by.
    public static let rowHeight = 60.0
    /// Where the full list begins in the sheet, in points: below the title, search and pills.
    public static let listTop = 190.0
    /// How many places the rail of the half detent shows.
    public static let railSize = 4

    public init(places: [Place] = BuiltInPlaces.lisbon, settings: Settings = Settings(), words: Catalog? = nil) {
        self.init(places: Places(places), settings: settings, words: words)
    }

    /// The screen over `catalog`; `words` default to the built-in ones of the settings' language.
    public init(places: Places, settings: Settings = Settings(), words: Catalog? = nil) {
        self.places = places
        self.settings = settings
        self.words = words ?? Catalog.builtIn(settings.language)
        self.distances = places.distances(from: settings.origin)
        self.shown = NearestFirst(members: [], distances: [])
        refreshShown()
    }

    /// How many rows of the full list the screen shows at once: the top detent's frame (above
    /// the keyboard while a search is typed) less the title, the search field and the pills
    /// (`listTop` points), in rows of `rowHeight`.
    public var visibleRows: Int { rowsShown(keyboard: keyboardHeight) }

    /// How many rows of the full list show with a keyboard `keyboard` points high, or none.
    func rowsShown(keyboard: Double?) -> Int {
        let frame = SheetGeometry(settings).frameHeight(of: .full, keyboard: keyboard)
        return max(1, Int((frame - Self.listTop) / Self.rowHeight))
    }

    /// The keyboard's height while it is up (the search field has focus, the sheet shown), else
    /// nil.
    public var keyboardHeight: Double? {
        isSearching && sheet.isPresented ? settings.keyboardHeight : nil
    }

    /// Whether the selected place's details cover the list: the Nearby screen opens them at
    /// the top detent; the Map Search Sheet has none, and marks the row.
    var detailsShown: Bool {
        settings.screen == .nearby && sheet.isPresented && sheet.detent == .full && selectedIndex != nil
    }

    /// The furthest the full list scrolls: its last row at the bottom of the screen.
    var maxScrollOffset: Double { Double(max(0, shown.count - visibleRows)) * Self.rowHeight }

    /// What an error repeats of what was typed: at most `echoLimit` characters, then an ellipsis.
    public static func echo(_ typed: String, _ words: Catalog) -> String {
        typed.count > echoLimit ? words.text(.inputEchoCut(text: String(typed.prefix(echoLimit)))) : typed
    }

    /// What a search typed and then abandoned had changed: put back as it was.
    struct TypingSnapshot: Equatable, Sendable {
        var query: String
        var selection: Place.ID?
        var focus: Int?
        var camera: Camera
        var scrollOffset: Double
        var detent: Detent
        var isSearching: Bool
        var isSheetPresented: Bool
        var suggestions: [Int]
        var suggestedQuery: String?
    }

    var snapshot: TypingSnapshot {
        TypingSnapshot(
            query: query, selection: selection, focus: focus, camera: camera, scrollOffset: scrollOffset,
            detent: sheet.detent, isSearching: isSearching, isSheetPresented: sheet.isPresented,
            suggestions: suggestions, suggestedQuery: suggestedQuery)
    }

    mutating func restore(_ snapshot: TypingSnapshot) {
        query = snapshot.query
        selection = snapshot.selection
        camera = snapshot.camera
        sheet.detent = snapshot.detent
        isSearching = snapshot.isSearching
        sheet.isPresented = snapshot.isSheetPresented
        suggestions = snapshot.suggestions
        suggestedQuery = snapshot.suggestedQuery
        refreshShown()
        focus = snapshot.focus.flatMap { $0 < shown.count ? $0 : nil }
        scrollOffset = min(snapshot.scrollOffset, maxScrollOffset)
    }

    /// The places the list shows, nearest first.
    public var shownPlaces: [Place] { shown.map { places.all[$0] } }

    /// The selected place and its index among the places.
    var selectedIndex: Int? {
        guard let selection else { return nil }
        return places.all.firstIndex { $0.id == selection }
    }

    /// Puts new places on the map: the search, the filter, the selection and the focus start
    /// afresh; the settings, the sheet and what was said stay.
    mutating func replaceCatalog(_ newPlaces: Places) {
        places = withMarkers(newPlaces)
        findGoneMarkerPlaces()
        placesToCome = nil
        listedToCome = nil
        windowPart = nil
        distances = places.distances(from: settings.origin)
        query = ""
        kindFilter = nil
        selection = nil
        focus = nil
        suggestions = []
        suggestedQuery = nil
        scrollOffset = 0
        camera = .showingAll
        refreshShown()
    }

    /// Adds what a search of the whole store found to the window of places, keeping the
    /// search, the filter and the selection.
    mutating func growWindow(with found: [Place]) {
        let grown = places.adding(found)
        guard grown.count != places.count else { return }
        places = grown
        distances = places.distances(from: settings.origin)
        refreshShown()
    }

    /// Replaces the settings, recomputing distances when the user's point moved.
    mutating func updateSettings(_ change: (inout Settings) -> Void) {
        var updated = settings
        change(&updated)
        let moved = updated.origin != settings.origin
        let reaches = updated.radius != settings.radius
        let reorders = updated.screen != settings.screen
        settings = updated
        // Another order: the focus named a row of the old one.
        if reorders { focus = nil }
        if (reaches || reorders) && !moved { refreshShown() }
        if moved {
            distances = places.distances(from: settings.origin)
            refreshShown()
        }
    }

    /// Recomputes the shown places after the query, the filter, the radius or the user's point
    /// changed: those within the radius, or, when none within it match, every match (and
    /// `isBeyondRadius` says so), so that the nearest is said and can be selected.
    mutating func refreshShown() {
        var members =
            query.isEmpty && kindFilter == nil
            ? (0..<Int32(places.count)).map { $0 } : places.matchSet(query: query, kind: kindFilter).members
        // The Map Search Sheet's own rule, exactly: no forgiving search (`seedMatches`).
        if settings.screen == .mapSearch, !query.isEmpty {
            let words = Self.seedFolded(query).split(separator: " ")
            members = places.all.indices.filter { index in
                let place = places.all[index]
                return filterAdmits(place.kind) && Self.seedMatches(place, words: words)
            }.map { Int32($0) }
        }
        // A search that finds nothing and is a kind's word in another language ("find
        // panadería" in English) finds the places of that kind.
        if members.isEmpty, !query.isEmpty, settings.screen != .mapSearch, let kind = kindNamed(query),
            filterAdmits(kind)
        {
            members = places.matchSet(query: "", kind: kind).members
        }
        // The kinds the query names in the session's language ("find museo", "find posto"):
        // their places with those the names matched, so that a name matched elsewhere never
        // hides the museums near.
        let kinds = settings.screen == .mapSearch ? [] : kindsNamedInLanguage(query).filter(filterAdmits)
        if !kinds.isEmpty {
            var all = Set(members)
            for kind in kinds { all.formUnion(places.matchSet(query: "", kind: kind).members) }
            members = all.sorted()
        }
        let radius = settings.radius
        let near = distances.withUnsafeBufferPointer { distances in
            members.filter { distances[Int($0)] <= radius }
        }
        isBeyondRadius = near.isEmpty && !members.isEmpty
        // The Map Search Sheet's list keeps the places' own order; matches beyond the radius
        // are offered nearest first on either screen.
        shown = NearestFirst(
            members: isBeyondRadius ? members : near, distances: distances,
            inGivenOrder: settings.screen == .mapSearch && !isBeyondRadius)
        scrollOffset = min(scrollOffset, maxScrollOffset)
        if let focus, focus >= shown.count { self.focus = nil }
    }

    /// Seed 000's `matches(_:query:)`, the Map Search Sheet's search: a place matches when its
    /// name and kind, as one text, hold every word of the query (split at spaces), case and
    /// accents folded alike; nothing else is forgiven (no spelling, no punctuation, no kind in
    /// another language).
    static func seedMatches(_ place: Place, words: [Substring]) -> Bool {
        let text = seedFolded("\(place.name) \(place.kind)")
        return words.allSatisfy { text.contains($0) }
    }

    /// Seed 000's `folded`: case and accents, nothing more.
    static func seedFolded(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }
}
