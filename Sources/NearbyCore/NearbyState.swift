/// The whole Nearby screen as data: the places, the search, the sheet, the selection and the
/// camera. `reduce(_:)` (in `NearbyState+Reduce.swift`) is the only way it changes.
public struct NearbyState: Equatable, Sendable {
    public let catalog: PlaceCatalog
    public private(set) var settings: Settings
    /// The distance from the user to each place of the catalog, by index, in metres.
    public private(set) var distances: [Double]

    public internal(set) var query = ""
    public internal(set) var kindFilter: String?
    /// Whether the search field has focus (and the keyboard is up).
    public internal(set) var isSearching = false
    public internal(set) var detent: Detent = .half
    public internal(set) var isSheetPresented = true
    public internal(set) var selection: Place.ID?
    /// The position in `shown` that `next` and `previous` last reached.
    public internal(set) var focus: Int?
    public internal(set) var camera: Camera = .showingAll
    /// The places the list and the map show: catalog indices, nearest first.
    public private(set) var shown: [Int]
    /// Whether the handle's hint ("type up or down to adjust") has been heard.
    public internal(set) var hasHeardHandleHint = false
    /// The announcements said so far, oldest first, at most `historyLimit` of them.
    public internal(set) var spoken: [Announcement] = []
    /// Set by `quit`: the session ends after this answer.
    public internal(set) var isFinished = false

    /// How many announcements `history` keeps.
    public static let historyLimit = 100
    /// How many places the rail of the half detent shows.
    public static let railSize = 4

    public init(places: [Place] = BuiltInPlaces.lisbon, settings: Settings = Settings()) {
        self.init(catalog: PlaceCatalog(places), settings: settings)
    }

    public init(catalog: PlaceCatalog, settings: Settings = Settings()) {
        self.catalog = catalog
        self.settings = settings
        self.distances = catalog.places.map { settings.origin.distance(to: $0.coordinate) }
        self.shown = []
        refreshShown()
    }

    /// The places the list shows, nearest first.
    public var shownPlaces: [Place] { shown.map { catalog.places[$0] } }

    /// The selected place and its index in the catalog.
    var selectedIndex: Int? {
        guard let selection else { return nil }
        return catalog.places.firstIndex { $0.id == selection }
    }

    /// Replaces the settings, recomputing distances when the user's point moved.
    mutating func updateSettings(_ change: (inout Settings) -> Void) {
        var updated = settings
        change(&updated)
        let moved = updated.origin != settings.origin
        settings = updated
        if moved {
            distances = catalog.places.map { settings.origin.distance(to: $0.coordinate) }
            refreshShown()
        }
    }

    /// Recomputes the shown places after the query, the filter or the user's point changed.
    mutating func refreshShown() {
        shown = catalog.matches(query: query, kind: kindFilter).sorted {
            distances[$0] != distances[$1] ? distances[$0] < distances[$1] : $0 < $1
        }
        if let focus, focus >= shown.count { self.focus = nil }
    }
}
