/// The stops of public transport as an OpenStreetMap import finds them: one stop is one place,
/// however many objects map it. A stop is often mapped three times (the pole where people wait,
/// `highway=bus_stop`; the platform, `public_transport=platform`; the stop position on the road,
/// `public_transport=stop_position`); said as three places, it was called out two to four times.
///
/// The rule (docs/openstreetmap.md, "Stops and their lines"): the parts of a stop are the
/// objects with a transit kind (`OSMTagging.transitKind`, but not subway entrances, each a way in
/// of its own) and the named stop positions. Two parts are one stop when they are members of one
/// `public_transport=stop_area` relation, or when they have the same name, lie within
/// `mergeDistance` of each other and serve compatible modes (the same, or one says none); so
/// joined, a chain of them is one stop. The stop is its first-ranked part that is a place (a pole
/// before a platform, `transitKind`'s rank, then the file's order), at that part's position,
/// with the lines of every route relation any of its parts is a member of. A stop of stop
/// positions alone is no place. Pure: the parts and memberships come in, the stops go out.
package struct TransitStops {
    /// Parts with the same name further apart than this are two stops: a platform and its pole
    /// stand within a few metres, the two sides of a street within about 30.
    package static let mergeDistance = 50.0

    /// A stop as the import writes it: its place (the lines in its facts), its names in the
    /// session's languages and its number in the store.
    package struct Stop {
        package var place: Place
        package var names: [String: String]
        package var ident: Int64?
    }

    private struct Part {
        var id: String
        /// Nil for a stop position.
        var stop: Stop?
        var name: String
        var coordinate: Coordinate
        var modes: Set<TransitLines.Mode>
        var rank: Int
    }

    private var parts: [Part] = []
    private var lines: [String: [TransitLines.Line]] = [:]
    private var areas: [String: [Int64]] = [:]

    package init() {}

    /// How many parts were taken.
    package var partCount: Int { parts.count }

    /// Takes the object with these tags when it is a part of a stop (`place`, the place its tags
    /// make, nil for a stop position) and says so; false for any other object.
    package mutating func add(
        id: String, latitude: Double, longitude: Double, tags: [String: String], place: Place?,
        names: [String: String], ident: Int64?
    ) -> Bool {
        let rank: Int
        if place != nil {
            // A place whose kind is another key's (`amenity=bus_station`) is no part.
            guard OSMTagging.anyValueKeys.allSatisfy({ tags[$0] == nil }),
                let kind = OSMTagging.transitKind(tags), kind.tag.value != "subway_entrance"
            else { return false }
            rank = kind.rank
        } else {
            guard OSMTagging.isStopPosition(tags) else { return false }
            rank = Int.max
        }
        guard let name = PlaceBuilder.cleaned(tags["name"] ?? "") else { return false }
        parts.append(
            Part(
                id: id, stop: place.map { Stop(place: $0, names: names, ident: ident) }, name: name,
                coordinate: Coordinate(latitude: latitude, longitude: longitude), modes: Self.modes(tags), rank: rank))
        return true
    }

    /// A membership the read found (`member`, "node/N" or "way/N", of relation `relation`,
    /// whose `route` is a route's value or "stop_area", with its `ref`).
    package mutating func addMembership(member: String, relation: Int64, route: String, ref: String) {
        if route == "stop_area" {
            areas[member, default: []].append(relation)
        } else if let mode = TransitLines.Mode(route: route), let ref = PlaceBuilder.cleaned(ref) {
            lines[member, default: []].append(TransitLines.Line(mode: mode, ref: ref))
        }
    }

    /// The stops, in the order of their places' parts in the file.
    package func stops() -> [Stop] {
        var groups = UnionFind(count: parts.count)
        var firstOfArea: [Int64: Int] = [:]
        for (index, part) in parts.enumerated() {
            for area in areas[part.id] ?? [] {
                if let first = firstOfArea[area] { groups.join(first, index) } else { firstOfArea[area] = index }
            }
        }
        joinNeighbours(&groups)
        var members: [Int: [Int]] = [:]
        for index in parts.indices { members[groups.root(index), default: []].append(index) }
        var found: [(order: Int, stop: Stop)] = []
        for group in members.values {
            let places = group.filter { parts[$0].stop != nil }
            guard let first = places.min(by: { (parts[$0].rank, $0) < (parts[$1].rank, $1) }),
                var stop = parts[first].stop
            else { continue }
            let served = TransitLines(group.flatMap { lines[parts[$0].id] ?? [] })
            if !served.isEmpty { stop.place.facts.lines = served.text }
            found.append((first, stop))
        }
        return found.sorted { $0.order < $1.order }.map(\.stop)
    }

    /// Joins the parts of the same name within `mergeDistance` that serve compatible modes:
    /// of each name, the parts in order of latitude, each against those north of it within the
    /// distance.
    private func joinNeighbours(_ groups: inout UnionFind) {
        var byName: [String: [Int]] = [:]
        for (index, part) in parts.enumerated() { byName[part.name, default: []].append(index) }
        let reach = Self.mergeDistance / Coordinate.earthRadius * 180 / .pi
        for var named in byName.values where named.count > 1 {
            named.sort { parts[$0].coordinate.latitude < parts[$1].coordinate.latitude }
            for (position, index) in named.enumerated() {
                let part = parts[index]
                for other in named[(position + 1)...] {
                    let candidate = parts[other]
                    if candidate.coordinate.latitude - part.coordinate.latitude > reach { break }
                    guard part.modes.isEmpty || candidate.modes.isEmpty || !part.modes.isDisjoint(with: candidate.modes)
                    else { continue }
                    if part.coordinate.distance(to: candidate.coordinate) <= Self.mergeDistance {
                        groups.join(index, other)
                    }
                }
            }
        }
    }

    /// What the tags say stops at a part: buses (`highway=bus_stop`, `bus=yes`,
    /// `trolleybus=yes`), trams (`railway=tram_stop`, `tram=yes`, `light_rail=yes`), subway
    /// trains (`subway=yes`, `station=subway`), trains (`railway=station|halt`, `train=yes`),
    /// ferries (`ferry=yes`); none when they say nothing.
    static func modes(_ tags: [String: String]) -> Set<TransitLines.Mode> {
        var modes: Set<TransitLines.Mode> = []
        if tags["highway"] == "bus_stop" || tags["bus"] == "yes" || tags["trolleybus"] == "yes" { modes.insert(.bus) }
        if tags["railway"] == "tram_stop" || tags["tram"] == "yes" || tags["light_rail"] == "yes" {
            modes.insert(.tram)
        }
        if tags["subway"] == "yes" || tags["station"] == "subway" { modes.insert(.subway) }
        if (tags["railway"] == "station" && tags["station"] != "subway") || tags["railway"] == "halt"
            || tags["train"] == "yes"
        {
            modes.insert(.train)
        }
        if tags["ferry"] == "yes" { modes.insert(.ferry) }
        return modes
    }
}

/// Disjoint sets of 0..<count, joined two at a time: each set named by its root.
struct UnionFind {
    private var parent: [Int]

    init(count: Int) { parent = Array(0..<count) }

    mutating func root(_ element: Int) -> Int {
        var element = element
        while parent[element] != element {
            parent[element] = parent[parent[element]]
            element = parent[element]
        }
        return element
    }

    mutating func join(_ first: Int, _ second: Int) {
        let (a, b) = (root(first), root(second))
        if a != b { parent[max(a, b)] = min(a, b) }
    }
}
