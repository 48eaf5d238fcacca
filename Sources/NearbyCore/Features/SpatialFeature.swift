import PlaceData

/// Where things are heard (`spatial`, `beacon`): the core decides each answer's direction, as
/// plain data on the announcement, and the beacon's target from the state, so that whatever
/// moves the position or turns the heading moves them too. Rendering is the Announcer's.
extension NearbyState {
    /// The bearing of the place at `index` relative to the heading (north when there is none),
    /// in whole degrees from -179 to 180, positive to the right; nil within
    /// `SpokenMeasure.noDirectionWithin` (2.5 m), where a direction means nothing (as its words
    /// say no direction), and while there is no position yet (`hasPosition`).
    public func relativeBearing(of index: Int) -> Double? {
        guard hasPosition, index >= 0, index < places.count, SpokenMeasure.hasDirection(atDistance: distances[index])
        else {
            return nil
        }
        let bearing = settings.origin.bearing(to: places.all[index].coordinate)
        return Self.relative(bearing, to: settings.heading ?? 0)
    }

    /// `bearing` (degrees from north) as seen facing `heading`: -179 to 180, whole degrees.
    public static func relative(_ bearing: Double, to heading: Double) -> Double {
        var angle = (bearing - heading).truncatingRemainder(dividingBy: 360)
        if angle <= -180 { angle += 360 }
        if angle > 180 { angle -= 360 }
        let whole = angle.rounded()
        return whole == -180 ? 180 : whole
    }

    /// `announcement`, heard from the place at `index` when spatial audio is on; centred (as
    /// it came) when it is off, or when there is no place.
    func placed(_ announcement: Announcement, at index: Int?) -> Announcement {
        guard settings.spatial != .off, let index else { return announcement }
        var placed = announcement
        placed.bearing = relativeBearing(of: index)
        return placed
    }

    /// `announcements`, the first of them placed at `index` (a search's answer names its first
    /// match first; what follows it, the camera's overview, stays centred).
    func placingFirst(_ announcements: [Announcement], at index: Int?) -> [Announcement] {
        guard let first = announcements.first else { return announcements }
        return [placed(first, at: index)] + announcements.dropFirst()
    }

    /// What the beacon sounds toward: the selected place, its bearing relative to the heading
    /// and its distance, while `beacon` is on and the user has not arrived (`hasArrived`, as
    /// callouts say "Arrived at …"); nil otherwise (no beacon, nothing selected, or arrived).
    public var beaconTarget: BeaconTarget? {
        guard settings.beacon, let index = selectedIndex, !Self.hasArrived(atDistance: distances[index]),
            let bearing = relativeBearing(of: index)
        else { return nil }
        return BeaconTarget(
            placeID: places.all[index].id, bearing: bearing, distance: distances[index], width: settings.beaconWidth)
    }
}

/// The beacon's target as the core decides it: the shell's player follows it after every
/// action, whatever changed the position, the heading or the selection.
public struct BeaconTarget: Equatable, Sendable {
    public var placeID: Place.ID
    /// Degrees relative to the heading, -179 to 180, positive to the right.
    public var bearing: Double
    /// Metres from the user.
    public var distance: Double
    /// Degrees either side of ahead within which the "ahead" sound plays.
    public var width: Double

    public init(placeID: Place.ID, bearing: Double, distance: Double, width: Double) {
        self.placeID = placeID
        self.bearing = bearing
        self.distance = distance
        self.width = width
    }

    /// Which of the beacon's sounds plays at `bearing`: ahead within `width` of straight on,
    /// behind beyond 125 degrees either side, and to the side between.
    public static func sound(bearing: Double, width: Double) -> BeaconSound {
        let off = abs(bearing)
        if off <= width { return .ahead }
        if off > 125 { return .behind }
        return .side
    }

    public var sound: BeaconSound { Self.sound(bearing: bearing, width: width) }
}

/// The beacon's sounds, chosen by the angle between the heading and the place.
public enum BeaconSound: String, Sendable, CaseIterable {
    case ahead, side, behind
}

extension NearbyState {
    /// `around`'s answer; with spatial audio on, in parts: its opening words centred, then each
    /// direction's item heard from its place (the separators and closing words with the item
    /// they follow), so that said in turn the parts are the text.
    /// `around`: with a place store, the walking network about the position is read first (as
    /// for `where`), for its corners; then the nearest thing in each direction is said.
    mutating func aroundRequested() -> Reaction {
        guard hasPosition else { return noPositionYet() }
        if places.isWindow, position.street?.at != settings.origin {
            return Reaction(effects: [.findStreet(around: settings.origin, then: .aroundRequested)])
        }
        return Reaction([aroundAnnouncement()])
    }

    func aroundAnnouncement() -> Announcement {
        var answer = Announcement(aroundPhrase(), kind: .location)
        guard settings.spatial != .off, !placesAround().isEmpty else { return answer }
        let items = aroundItems()
        // The template's words around the items: rendered once with a marker where they go.
        let marker = "\u{1}"
        let frame = say(.around(items: marker)).components(separatedBy: marker)
        guard frame.count == 2 else { return answer }
        let separator = say(.listItemSeparator)
        var parts: [Announcement.Part] = frame[0].isEmpty ? [] : [Announcement.Part(frame[0], bearing: nil)]
        for (offset, item) in items.enumerated() {
            let tail = offset == items.count - 1 ? frame[1] : separator
            parts.append(Announcement.Part(item.text + tail, bearing: item.bearing))
        }
        // The search, when one is on, closes the answer, centred.
        if isNarrowed { parts.append(Announcement.Part(" " + countPhrase(), bearing: nil)) }
        guard parts.map(\.text).joined() == answer.text else { return answer }
        answer.parts = parts
        return answer
    }
}
