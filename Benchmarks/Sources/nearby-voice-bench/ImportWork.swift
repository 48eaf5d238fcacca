import Foundation

/// What `nearby-voice import` keeps of an OpenStreetMap extract, as SQL over GDAL's OSM layers
/// (Benchmarks/osmconf-nearby.ini gives the points, lines and multipolygons layers the columns
/// the rules read), and what each side kept, counted the same way: so that the baseline of the
/// import rows does the same work and shows that it did (issue 42).
///
/// The rules are those of Sources/COsmium/rules.cpp, cosmium.cpp and outlines.cpp: a place is
/// named and has one of `anyValueKeys` or `pairs` (a node; a way, at its representative point
/// in ours; a `type=multipolygon` relation); a walkable way has a `walkable` highway, no
/// `foot=no`, and `access=private|no` only with `foot=yes|designated|permissive`; a crossing is a
/// node with `highway=crossing` or a `crossing` tag, not `crossing=no`; a street is a named way
/// with a `highway` tag; a park is a named `leisure=park` way or multipolygon (a place too).
struct ImportWork {
    /// Places (ours: as the store holds them, a stop's parts joined into one place).
    var places = 0
    /// GDAL's: of its places, the parts of a stop (TransitStops: a transit kind but not a subway
    /// entrance nor a place kinded by `anyValueKeys`, and the named stop positions). Ours joins
    /// them, a stop into one place, and keeps no stop position alone.
    var stopParts = 0
    /// Named streets with two points or more in the extract (a line needs two: ours also keeps
    /// those of one point, `streetsOfOnePoint`).
    var streets = 0
    var streetsOfOnePoint = 0
    /// Walkable ways with two located nodes or more (ours: those with an edge).
    var walkways = 0
    var crossings = 0
    /// Parks' outlines (ours: kept whole, and `parksNotWhole` kept at their point alone).
    var parks = 0
    var parksNotWhole = 0

    static let anyValueKeys = ["amenity", "shop", "tourism", "leisure", "healthcare", "office", "craft", "historic"]
    static let pairs = [
        ("railway", ["station", "halt", "tram_stop", "subway_entrance"]),
        ("public_transport", ["station", "platform", "stop_position"]), ("highway", ["bus_stop"]),
    ]
    static let walkable = [
        "residential", "living_street", "pedestrian", "footway", "path", "steps", "service", "unclassified", "road",
        "track", "cycleway", "corridor", "tertiary", "tertiary_link", "secondary", "secondary_link", "primary",
        "primary_link", "trunk", "trunk_link",
    ]

    private static func list(_ values: [String]) -> String { values.map { "'\($0)'" }.joined(separator: ",") }
    static let named = "(name IS NOT NULL AND name <> '')"
    static let anyKind = "(" + anyValueKeys.map { "\($0) IS NOT NULL" }.joined(separator: " OR ") + ")"
    static let place =
        "(\(named) AND (\(anyKind) OR "
        + pairs.map { "\($0.0) IN (\(list($0.1)))" }.joined(separator: " OR ") + "))"
    static let stopPart =
        "(\(named) AND NOT \(anyKind) AND (railway IN ('station','halt','tram_stop')"
        + " OR public_transport IN ('station','platform','stop_position') OR highway = 'bus_stop'))"
    static let walkway =
        "(highway IN (\(list(walkable))) AND (foot IS NULL OR foot <> 'no') AND (access IS NULL"
        + " OR access NOT IN ('private','no') OR foot IN ('yes','designated','permissive')))"
    static let crossing = "((crossing IS NULL OR crossing <> 'no') AND (highway = 'crossing' OR crossing IS NOT NULL))"
    static let street = "(\(named) AND highway IS NOT NULL)"
    static let park = "(\(named) AND leisure = 'park')"

    /// ogr2ogr's `-where`, one for the three layers (OGR SQL: the layers have the same columns). A
    /// relation is told from a way by its `type` (GDAL's multipolygons are relations of type
    /// multipolygon or boundary, and closed ways, which seldom have one), a node by its geometry.
    static let keptWhere =
        "(\(place) AND (type IS NULL OR type <> 'boundary')) OR (OGR_GEOMETRY <> 'POINT'"
        + " AND (type IS NULL OR type NOT IN ('multipolygon','boundary')) AND (\(street) OR \(walkway)))"
        + " OR (OGR_GEOMETRY = 'POINT' AND \(crossing))"

    /// GDAL's work: its GeoPackage counted by the same rules (SQLite through ogrinfo, not timed),
    /// with each layer's features. A multipolygon is a way's when `osm_way_id` is set.
    static func gdal(_ geoPackage: String) -> (work: ImportWork, layers: [String: Int])? {
        func sum(_ rule: String) -> String { "SUM(CASE WHEN \(rule) THEN 1 ELSE 0 END)" }
        let way = "osm_way_id IS NOT NULL"
        let relation = "(osm_way_id IS NULL AND type = 'multipolygon')"
        let queries = [
            "points": "SELECT COUNT(*) AS features, \(sum(place)) AS places, \(sum(stopPart)) AS parts,"
                + " \(sum(crossing)) AS crossings FROM points",
            "lines": "SELECT COUNT(*) AS features, \(sum(place)) AS places, \(sum(stopPart)) AS parts,"
                + " \(sum(street)) AS streets, \(sum(walkway)) AS walkways FROM lines",
            "multipolygons": "SELECT COUNT(*) AS features, \(sum("\(place) AND (\(way) OR \(relation))")) AS places,"
                + " \(sum("\(stopPart) AND (\(way) OR \(relation))")) AS parts,"
                + " \(sum("\(street) AND \(way)")) AS streets, \(sum("\(walkway) AND \(way)")) AS walkways,"
                + " \(sum("\(park) AND (\(way) OR \(relation))")) AS parks FROM multipolygons",
        ]
        var work = ImportWork()
        var layers: [String: Int] = [:]
        for (layer, query) in queries {
            let fields = counted(geoPackage, query)
            guard let features = fields["features"] else { return nil }
            layers[layer] = features
            work.places += fields["places"] ?? 0
            work.stopParts += fields["parts"] ?? 0
            work.streets += fields["streets"] ?? 0
            work.walkways += fields["walkways"] ?? 0
            work.crossings += fields["crossings"] ?? 0
            work.parks += fields["parks"] ?? 0
        }
        return (work, layers)
    }

    /// The integer fields of the one row `query` gives on the SQLite file `path` (ogrinfo, GDAL's
    /// SQLite dialect: "  places (Integer) = 1565"), by name.
    static func counted(_ path: String, _ query: String) -> [String: Int] {
        var fields: [String: Int] = [:]
        for line in Measure.run(["ogrinfo", "-q", "-ro", path, "-sql", query]).output.split(separator: "\n") {
            let parts = line.split(separator: " ", omittingEmptySubsequences: true)
            guard parts.count == 4, parts[2] == "=", let value = Int(parts[3]) else { continue }
            fields[String(parts[0])] = value
        }
        return fields
    }

    /// Our work: the store's places, streets (of two points or more, and of one), walkable ways
    /// (those with an edge: `ways`), crossings and parks (its SQLite through ogrinfo, not timed),
    /// and the parks not whole that the import printed ("3 parks' outlines were not whole…").
    static func ours(store: String, printed: String) -> ImportWork? {
        let fields = counted(
            store,
            "SELECT (SELECT COUNT(*) FROM places) AS places,"
                + " (SELECT COUNT(*) FROM streets WHERE length(points) >= 32) AS streets,"
                + " (SELECT COUNT(*) FROM streets WHERE length(points) < 32) AS one,"
                + " (SELECT COUNT(*) FROM ways) AS walkways, (SELECT COUNT(*) FROM crossings) AS crossings,"
                + " (SELECT COUNT(*) FROM parks) AS parks")
        guard let places = fields["places"], let streets = fields["streets"], let walkways = fields["walkways"],
            let crossings = fields["crossings"], let parks = fields["parks"]
        else { return nil }
        let notWhole = printed.split(separator: "\n").first { $0.contains("not whole") }
            .flatMap { Int($0.split(separator: " ").first?.filter(\.isNumber) ?? "") }
        return ImportWork(
            places: places, streets: streets, streetsOfOnePoint: fields["one"] ?? 0, walkways: walkways,
            crossings: crossings, parks: parks, parksNotWhole: notWhole ?? 0)
    }

    /// The tolerance of a count: 1% of it, at least 5.
    static func tolerance(_ count: Int) -> Int { max(5, count / 100) }

    /// The kinds whose counts differ beyond `tolerance` between ours (self) and GDAL's: places
    /// outside GDAL's places less its stop parts to GDAL's places; streets, walkable ways and
    /// crossings apart; parks (ours whole and not) apart from GDAL's outlines.
    func differences(_ gdal: ImportWork) -> [String] {
        func apart(_ ours: Int, _ theirs: Int) -> Bool { abs(ours - theirs) > Self.tolerance(max(ours, theirs)) }
        var kinds: [String] = []
        let slack = Self.tolerance(gdal.places)
        if places < gdal.places - gdal.stopParts - slack || places > gdal.places + slack { kinds.append("places") }
        if apart(streets, gdal.streets) { kinds.append("streets") }
        if apart(walkways, gdal.walkways) { kinds.append("walkable ways") }
        if apart(crossings, gdal.crossings) { kinds.append("crossings") }
        if apart(parks + parksNotWhole, gdal.parks) { kinds.append("parks") }
        return kinds
    }

    /// "places 1576 / 1628 (150 stop parts), streets 807 (+33 of one point) / 807, …": ours, then
    /// GDAL's.
    func summary(_ gdal: ImportWork) -> String {
        "places \(places) / \(gdal.places) (\(gdal.stopParts) stop parts), streets \(streets)"
            + (streetsOfOnePoint > 0 ? " (+\(streetsOfOnePoint) of one point)" : "") + " / \(gdal.streets),"
            + " walkable ways \(walkways) / \(gdal.walkways), crossings \(crossings) / \(gdal.crossings),"
            + " parks \(parks)" + (parksNotWhole > 0 ? " (+\(parksNotWhole) not whole)" : "") + " / \(gdal.parks)"
    }
}
