/// Kinds a filter takes together: `filter transit` narrows the list to every stop and station,
/// whatever each is called. A group stands where a kind does (`Places.matchSet(kind:)`, the
/// store's search) by its `filterName`, which no place's kind is.
public enum KindGroup: String, CaseIterable, Sendable {
    case transit

    /// The group in place of a kind: "@transit". A kind from data never begins with "@" here:
    /// the group is looked for first.
    public var filterName: String { "@" + rawValue }

    /// The group a filter name names, or nil for a kind.
    public init?(filterName: String) {
        guard filterName.first == "@", let group = KindGroup(rawValue: String(filterName.dropFirst())) else {
            return nil
        }
        self = group
    }

    /// Whether a place of kind `kind` (as the places spell it: English for OpenStreetMap's and
    /// the built-in ones) is in the group.
    public func contains(kind: String) -> Bool { kinds.contains(kind.lowercased()) }

    /// The group's kinds in lower case: the stops and stations, as OpenStreetMap's tags are said
    /// (`highway=bus_stop`, `railway=tram_stop|station|halt|subway_entrance|platform`,
    /// `public_transport=platform|station|stop_position`, `amenity=bus_station|ferry_terminal`),
    /// and as stores imported before the tagging schema's words said them ("Platform", "Station").
    public var kinds: Set<String> {
        switch self {
        case .transit: Self.transitKinds
        }
    }

    private static let transitKinds: Set<String> = [
        "bus stop", "tram stop", "railway station", "railway halt", "train platform", "transit platform",
        "transit station", "transit stop", "subway entrance", "bus station", "ferry terminal", "platform", "station",
        "halt",
    ]

    /// Whether a place of kind `kind` passes the filter `filter` (a kind, or a group's name).
    public static func filter(_ filter: String, admits kind: String) -> Bool {
        KindGroup(filterName: filter)?.contains(kind: kind) ?? (filter == kind)
    }
}
