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
        guard hasPosition else { return noPositionYet() }
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
        var items: [(text: String, place: Int?, distance: Double)] = []
        for index in placesAround().prefix(10_000) where SpokenMeasure.hasDirection(atDistance: distances[index]) {
            let bearing = settings.origin.bearing(to: places.all[index].coordinate)
            guard abs(Self.relative(bearing, to: heading)) <= Self.aheadWidth else { continue }
            let location = distanceAndDirection(of: index)
            items.append(
                (say(.aheadItem(name: places.all[index].name, where: location)), index, distances[index]))
            if items.count == Self.aheadLimit { break }
        }
        for corner in cornersNear() where abs(Self.relative(corner.bearing, to: heading)) <= Self.aheadWidth {
            let direction = SpokenMeasure.direction(
                bearing: corner.bearing, heading: heading, style: settings.directions, words)
            let location = say(.placeDistanceDirection(distance: distancePhrase(corner.distance), direction: direction))
            items.append((say(.aheadItem(name: corner.name, where: location)), nil, corner.distance))
        }
        return Array(items.sorted { $0.distance < $1.distance }.prefix(Self.aheadLimit))
    }
}
