import PlaceData
import Words

/// What a callout is about, as Soundscape sorts its callouts for the user to choose: `set
/// callouts markers,intersections,transit,landmarks` (the default) keeps a dense street's shops quiet
/// while its corners, stops and landmarks are said. The selected place's milestones and arrival
/// belong to no category: they are said while any is on.
public enum CalloutCategory: String, CaseIterable, Sendable, Comparable {
    /// The markers you keep (`mark`): said before places.
    case markers
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
    public static let standard: Set<CalloutCategory> = [.markers, .intersections, .transit, .landmarks]

    /// What `set callouts` takes for every category.
    public static let all = "all"

    /// The categories `set callouts` names: `on` (the standard ones), `off` (none), `all`, or
    /// a list of categories joined by commas, spaces or `+` (`intersections,transit`). Nil when
    /// a word is none of these.
    public static func parse(_ text: String) -> Set<CalloutCategory>? {
        let words = text.lowercased().split(whereSeparator: { ",+ ".contains($0) }).map(String.init)
        guard !words.isEmpty else { return nil }
        if words.count == 1 {
            if let on = Setting.bool(words[0]) { return on ? standard : [] }
            if words[0] == all { return Set(allCases) }
        }
        var categories: Set<CalloutCategory> = []
        for word in words {
            guard let category = CalloutCategory(rawValue: word) else { return nil }
            categories.insert(category)
        }
        return categories
    }

    /// The categories as `settings` says them and `set callouts` takes them back: `off`, `all`,
    /// or the categories in their order (`markers,intersections,transit,landmarks`).
    static func value(_ categories: Set<CalloutCategory>) -> String {
        if categories.isEmpty { return "off" }
        if categories.count == allCases.count { return all }
        return categories.sorted().map(\.rawValue).joined(separator: ",")
    }

    /// Some categories as an answer says them, in their order: "intersections, transit and
    /// landmarks" (`setting.callouts.CATEGORY`).
    static func spoken(_ categories: Set<CalloutCategory>, _ words: Catalog) -> String {
        let names = categories.sorted().map { words.text(Key(family: "setting", "callouts", $0.rawValue)) }
        guard let last = names.last, names.count > 1 else { return names.first ?? "" }
        return words.text(.listAnd(items: names.dropLast().joined(separator: words.text(.listSeparator)), last: last))
    }

    /// What `set callouts` takes, as its refusal says it.
    static func expected(_ words: Catalog) -> String {
        words.text(
            .settingCalloutsExpected(categories: allCases.map(\.rawValue).joined(separator: words.text(.listSeparator)))
        )
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// The category of a place of kind `kind` (the kind as the places spell it: English for
    /// OpenStreetMap's and the built-in ones, "Bus stop", "Museum").
    public static func of(kind: String) -> CalloutCategory {
        if kind == NearbyState.MarkedPlace.kind { return .markers }
        let kind = kind.lowercased()
        if KindGroup.transit.kinds.contains(kind) { return .transit }
        if landmarkKinds.contains(kind) { return .landmarks }
        return .places
    }

    /// The kinds of landmarks: the `tourism` and `historic` sights, the buildings a town is
    /// known by, and the open spaces people meet in.
    static let landmarkKinds: Set<String> = [
        "museum", "gallery", "attraction", "viewpoint", "artwork", "zoo", "aquarium", "theme park", "place of worship",
        "town hall", "courthouse", "library", "theatre", "cinema", "arts centre", "university", "hospital",
        "marketplace", "fountain", "park", "garden", "stadium", "monument", "memorial", "castle", "ruins", "statue",
        "church", "cathedral", "fort", "historic fort", "city gate", "archaeological site", "historic", "landmark",
    ]
}
