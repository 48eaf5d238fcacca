import PlaceData
import Words

/// `ahead`: Soundscape's "Ahead of Me": up to five things within 45 degrees either side of the
/// heading, nearest first, whatever the search: the places around and, where the place store
/// has a walking network, its intersections.
extension NearbyState {
    /// How many things `ahead` names at most.
    static let aheadLimit = 5
    /// How far either side of the heading is ahead, in degrees.
    static let aheadWidth = 45.0

    /// `ahead`: with a place store, the walking network about the position is read first (as
    /// for `where`); then what lies ahead is said.
    mutating func aheadRequested() -> Reaction {
        if places.isWindow, position.street?.at != settings.origin {
            return Reaction(effects: [.findStreet(around: settings.origin, then: .aheadRequested)])
        }
        guard let heading = settings.heading else {
            return Reaction([Announcement(say(.aheadNoHeading), kind: .error, earcon: .error)])
        }
        let items = aheadItems(heading: heading)
        guard !items.isEmpty else {
            return Reaction([Announcement(say(.aheadNothing), kind: .location)])
        }
        let text = say(.ahead(items: items.map(\.text).joined(separator: say(.listItemSeparator))))
        return Reaction([placed(Announcement(text, kind: .location), at: items.first?.place)])
    }

    /// What `ahead` names, nearest first: each thing's words, and the place it is, if a place.
    private func aheadItems(heading: Double) -> [(text: String, place: Int?, distance: Double)] {
        let inCone = { (point: Coordinate) -> Bool in
            abs(Self.relative(settings.origin.bearing(to: point), to: heading)) <= Self.aheadWidth
        }
        var items: [(text: String, place: Int?, distance: Double)] = []
        for index in placesAround().prefix(10_000) where SpokenMeasure.hasDirection(atDistance: distances[index]) {
            guard inCone(places.all[index].coordinate) else { continue }
            let location = distanceAndDirection(of: index)
            items.append(
                (say(.aheadItem(name: places.all[index].name, where: location)), index, distances[index]))
            if items.count == Self.aheadLimit { break }
        }
        if let network = position.network, network.at == settings.origin {
            let streets = network.streets
            for vertex in streets.vertices.indices where isNamedCorner(streets, vertex: vertex) {
                guard streets.kind(of: vertex) != .deadEnd else { continue }
                let point = streets.vertices[vertex].coordinate
                let distance = settings.origin.distance(to: point)
                guard SpokenMeasure.hasDirection(atDistance: distance), distance <= settings.radius, inCone(point)
                else { continue }
                let direction = SpokenMeasure.direction(
                    bearing: settings.origin.bearing(to: point), heading: heading, style: settings.directions, words)
                let name = say(.intersectionName(roads: cornerRoads(streets, vertex: vertex)))
                let location = say(.placeDistanceDirection(distance: distancePhrase(distance), direction: direction))
                items.append((say(.aheadItem(name: name, where: location)), nil, distance))
            }
        }
        return Array(items.sorted { $0.distance < $1.distance }.prefix(Self.aheadLimit))
    }
}
