/// What a callout is about, as Soundscape sorts its callouts for the user to choose: `set
/// callouts intersections,transit,landmarks` (the default) keeps a dense street's shops quiet
/// while its corners, stops and landmarks are said. The selected place's milestones and arrival
/// belong to no category: they are said while any is on.
public enum CalloutCategory: String, CaseIterable, Sendable, Comparable {
    /// Corners, roundabouts, roads' ends, street changes and crossings (docs/position.md).
    case intersections
    /// Stops and stations: bus, tram, train, metro, ferry.
    case transit
    /// What people find their way by: museums, places of worship, parks, monuments, artworks,
    /// viewpoints, libraries, theatres, town halls…
    case landmarks
    /// Every other place: shops, cafés, restaurants, offices.
    case places

    /// The categories said unless the user chooses: all but `places`.
    public static let standard: Set<CalloutCategory> = [.intersections, .transit, .landmarks]

    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// The category of a place of kind `kind` (the kind as the places spell it: English for
    /// OpenStreetMap's and the built-in ones, "Bus stop", "Museum").
    public static func of(kind: String) -> CalloutCategory {
        let kind = kind.lowercased()
        if transitKinds.contains(kind) { return .transit }
        if landmarkKinds.contains(kind) { return .landmarks }
        return .places
    }

    /// The kinds of stops and stations, as OpenStreetMap's tags are said (`highway=bus_stop`,
    /// `railway=tram_stop|station|halt|subway_entrance`, `public_transport=platform|station`,
    /// `amenity=bus_station|ferry_terminal`).
    static let transitKinds: Set<String> = [
        "bus stop", "tram stop", "platform", "station", "halt", "subway entrance", "bus station", "ferry terminal",
    ]

    /// The kinds of landmarks: the `tourism` and `historic` sights, the buildings a town is
    /// known by, and the open spaces people meet in.
    static let landmarkKinds: Set<String> = [
        "museum", "gallery", "attraction", "viewpoint", "artwork", "zoo", "aquarium", "theme park", "place of worship",
        "town hall", "courthouse", "library", "theatre", "cinema", "arts centre", "university", "hospital",
        "marketplace", "fountain", "park", "garden", "stadium", "monument", "memorial", "castle", "ruins", "statue",
        "church", "cathedral", "fort", "city gate", "archaeological site", "historic", "landmark",
    ]
}
