import PlaceData
import Words

/// Callouts as the user walks, Soundscape's design: a place of the current list that comes
/// within `callout-distance` is said once (not again within `callout-repeat`), politely; the
/// selected place's distance at milestones (every 100 m, then 50 m and 20 m) and arrival within
/// 15 m; and, once, that no place is within the radius. With spatial audio on, each is heard
/// from the place it names (`placed`), as answers about one place are.
extension NearbyState {
    /// Within this distance of the selected place, in metres, the user has arrived: "Arrived
    /// at …" is said and the beacon falls silent (Soundscape's 15 m).
    public static let arrival = 15.0

    /// Whether a place `metres` away has been arrived at: the callouts' milestone 0 and the
    /// beacon's end.
    public static func hasArrived(atDistance metres: Double) -> Bool { metres <= arrival }

    /// What a report at `time` (seconds) has to call out, in order: the empty surroundings,
    /// the selected place's milestone, then the places passed, nearest first.
    mutating func callouts(at time: Double) -> [Announcement] {
        var said: [Announcement] = []
        let nothingNear = query.isEmpty && kindFilter == nil && (shown.isEmpty || isBeyondRadius)
        if nothingNear {
            if !position.saidNothingNear, let nearest = shown.first {
                position.saidNothingNear = true
                said.append(
                    placed(
                        callout(
                            say(
                                .calloutNothingNear(
                                    radius: distancePhrase(settings.radius), name: places.all[nearest].name,
                                    where: distanceAndDirection(of: nearest)))), at: nearest))
            }
        } else {
            position.saidNothingNear = false
        }
        guard !settings.callouts.isEmpty else { return said }
        if let milestone = selectedMilestone() { said.append(milestone) }
        guard !isBeyondRadius else { return said }
        let reach = settings.calloutDistance
        var near: [Int] = []
        distances.withUnsafeBufferPointer { distances in
            for member in shown.members where distances[Int(member)] <= reach { near.append(Int(member)) }
        }
        // Markers first (the user's own), then the nearest.
        let all = places.all
        let distances = self.distances
        func rank(_ index: Int) -> Int { MarkedPlace.isMarker(all[index].id) ? 0 : 1 }
        near.sort { (rank($0), distances[$0], $0) < (rank($1), distances[$1], $1) }
        let again = settings.calloutRepeat * 60
        // The place a walked route's waypoint was made from is said as the waypoint.
        let walkedPlaceID = waypointWalk.flatMap { $0.route.waypoints[$0.next].placeID }
        var due: [Int] = []
        for index in near {
            let place = places.all[index]
            guard place.id != selection, place.id != walkedPlaceID,
                settings.callouts.contains(CalloutCategory.of(kind: place.kind))
            else {
                continue
            }
            if let last = position.calledOut[place.id], time - last < again { continue }
            // One stop mapped as a platform, a stop position and a bus stop is one place.
            let name = TextFolding.fold(place.name)
            if position.calledOutNames[name, default: []].contains(where: {
                time - $0.time < again && $0.at.distance(to: place.coordinate) <= Self.sameNameReach
            })
                || due.contains(where: {
                    TextFolding.fold(places.all[$0].name) == name
                        && places.all[$0].coordinate.distance(to: place.coordinate) <= Self.sameNameReach
                })
            {
                position.calledOut[place.id] = time
                continue
            }
            due.append(index)
        }
        // One place callout every `placeCalloutGap` seconds at walking pace (faster, as far
        // as that walk): those due meanwhile wait (and are measured again then); of those due
        // together, the nearest is said and the rest summed.
        guard let first = due.first else { return said }
        if let last = position.lastPlaceCallout, time >= last.time, time - last.time < Self.placeCalloutGap,
            last.at.distance(to: settings.origin) < Self.placeCalloutGap * Self.walkingPace
        {
            return said
        }
        position.lastPlaceCallout = (time, settings.origin)
        for index in due {
            let place = places.all[index]
            position.calledOut[place.id] = time
            position.calledOutNames[TextFolding.fold(place.name), default: []].append((place.coordinate, time))
        }
        let place = places.all[first]
        var passed = placed(callout(passingPhrase(first)), at: first)
        passed.subject = .place(place.id)
        said.append(passed)
        if due.count > 1 {
            var more = callout(morePlacesPhrase(Array(due.dropFirst())))
            more.subject = .places(due.dropFirst().map { places.all[$0].id })
            said.append(more)
        }
        return said
    }

    /// Within this distance, in metres, a place passed is said to be "close by" rather than
    /// given a distance (rounded to 5 m, a distance that near says less than the words do).
    public static let closeBy = 15.0

    /// A place passed, as its callout says it: "Café Aalto, 25 metres ahead to the left.", or
    /// within `closeBy` "Café Aalto, close by to the left."; a stop with its kind and lines
    /// (`calledName`).
    func passingPhrase(_ index: Int) -> String {
        let name = calledName(index)
        let metres = distances[index]
        guard hasPosition, metres <= Self.closeBy else {
            return say(.calloutPlace(name: name, where: distanceAndDirection(of: index)))
        }
        guard SpokenMeasure.hasDirection(atDistance: metres) else { return say(.calloutCloseByHere(name: name)) }
        let direction = SpokenMeasure.direction(
            bearing: settings.origin.bearing(to: places.all[index].coordinate), heading: settings.heading,
            style: settings.directions, words)
        return say(.calloutCloseBy(name: name, direction: direction))
    }

    /// `mute` alone: callouts are quiet for this many minutes.
    public static let defaultMuteMinutes = 10

    /// `mute MINUTES`: no callouts of places or streets for that long (the selected place's
    /// arrival neither), then "Callouts back on." once; `mute 0` ends it now.
    mutating func mute(minutes: Int) -> Reaction {
        guard minutes > 0 else {
            let wasMuted = position.mutedUntil != nil
            position.mutedUntil = nil
            return Reaction([Announcement(say(wasMuted ? .calloutsBackOn : .calloutsNotMuted), kind: .settings)])
        }
        position.mutedUntil = (clock ?? 0) + Double(minutes) * 60
        return Reaction([
            Announcement(say(.calloutsMuted(count: grouped(minutes), plural: minutes)), kind: .settings)
        ])
    }

    /// Whether callouts are muted now; when the time has passed, the mute ends and "Callouts
    /// back on." is said (`ended`).
    mutating func checkMute() -> (muted: Bool, ended: Announcement?) {
        guard let until = position.mutedUntil else { return (false, nil) }
        if let now = clock, now >= until {
            position.mutedUntil = nil
            return (false, callout(say(.calloutsBackOn)))
        }
        return (true, nil)
    }

    /// Places of the same name within this distance of each other, in metres, are called out once.
    public static let sameNameReach = 50.0
    /// The least time between two place callouts, in seconds of the walk, while the user has
    /// not gone as far as this at `walkingPace`.
    public static let placeCalloutGap = 3.0
    /// A walker's pace for `placeCalloutGap`, in metres a second.
    public static let walkingPace = 1.4

    /// "And 3 more to the left.": the places due with the one said, by their side when they
    /// share one (relative to the heading), else "nearby".
    func morePlacesPhrase(_ indices: [Int]) -> String {
        let count = grouped(indices.count)
        let sides = Set(
            indices.map { index -> Int in
                guard let heading = settings.heading, SpokenMeasure.hasDirection(atDistance: distances[index]) else {
                    return 0
                }
                let angle = Self.relative(settings.origin.bearing(to: places.all[index].coordinate), to: heading)
                return abs(angle) < 20 || abs(angle) > 160 ? 0 : (angle > 0 ? 1 : -1)
            })
        guard sides.count == 1, let side = sides.first, side != 0 else {
            return say(.calloutMorePlaces(count: count, plural: indices.count))
        }
        return say(
            side > 0
                ? .calloutMorePlacesRight(count: count, plural: indices.count)
                : .calloutMorePlacesLeft(count: count, plural: indices.count))
    }

    /// The milestone a distance has reached: 0 (arrived) within 15 m, then 20, 50, 100, and
    /// each whole hundred above.
    static func milestone(_ metres: Double) -> Double {
        if hasArrived(atDistance: metres) { return 0 }
        return switch metres {
        case ...20: 20
        case ...50: 50
        case ...100: 100
        default: (metres / 100).rounded(.up) * 100
        }
    }

    /// The selected place's distance when it passes a milestone towards it, or its arrival;
    /// nothing when newly selected or moving away. A place arrived at stays arrived at while it
    /// is selected (issue 40): walking on and back, as a curving route does, never starts its
    /// milestones again ("Le Marathon, 500 metres ahead" after "Arrived at Le Marathon").
    mutating func selectedMilestone() -> Announcement? {
        guard let index = selectedIndex else {
            position.milestone = nil
            return nil
        }
        let place = places.all[index]
        let level = Self.milestone(distances[index])
        guard let last = position.milestone, last.id == place.id else {
            position.milestone = (place.id, level)
            position.arrivedAt = nil
            return nil
        }
        // Arrived (and said so): nothing more of it until it is selected anew.
        if position.arrivedAt == place.id { return nil }
        if level >= last.level {
            // Moving away: the next approach is said again.
            position.milestone = (place.id, level)
            return nil
        }
        position.milestone = (place.id, level)
        if level == 0 { position.arrivedAt = place.id }
        let bearing = settings.origin.bearing(to: place.coordinate)
        let direction = SpokenMeasure.direction(
            bearing: bearing, heading: settings.heading, style: settings.directions, words)
        var said = placed(
            callout(
                level == 0
                    ? say(.calloutArrived(name: place.name))
                    : say(.calloutMilestone(name: place.name, distance: distancePhrase(level), direction: direction))),
            at: index)
        said.subject = .selected(place.id)
        return said
    }

    /// How long a callout about a place or a corner may wait for speech before it is dropped,
    /// in seconds: at walking pace, 7 metres.
    public static let calloutLife = 5.0
    /// How much farther than `callout-distance` (or, for a corner, `intersection-distance`) a
    /// callout's subject may be when speech reaches it, in metres.
    public static let calloutSlack = 10.0

    /// `announcement` (a callout that waited `waited` seconds for speech) as it stands now,
    /// when speech can start it: a place passed, measured again from the position now ("20
    /// metres ahead to the left" becomes "10 metres to the left"), placed at its bearing now;
    /// a corner or a crossing ahead, placed again; the selected place's milestone or arrival,
    /// placed again. Nil when it has expired: it waited longer than `calloutLife`, or its place
    /// or corner is now behind (passed) or farther than its distance + `calloutSlack`. A callout
    /// with no subject (a street change, the GPS) is said as decided.
    public func freshened(_ announcement: Announcement, waited: Double) -> Announcement? {
        guard let subject = announcement.subject else { return announcement }
        var fresh = announcement
        switch subject {
        case .place(let id):
            guard waited <= Self.calloutLife, let index = places.all.firstIndex(where: { $0.id == id }),
                distances[index] <= settings.calloutDistance + Self.calloutSlack,
                !isBehind(places.all[index].coordinate)
            else { return nil }
            fresh = placed(callout(passingPhrase(index)), at: index)
            fresh.subject = subject
        case .places(let ids):
            // Counted and sided again: those passed or gone out of reach meanwhile are left out.
            let still = ids.compactMap { id in places.all.firstIndex { $0.id == id } }.filter {
                distances[$0] <= settings.calloutDistance + Self.calloutSlack && !isBehind(places.all[$0].coordinate)
            }
            guard waited <= Self.calloutLife, !still.isEmpty else { return nil }
            fresh = callout(morePlacesPhrase(still))
            fresh.subject = subject
        case .selected(let id):
            guard let index = places.all.firstIndex(where: { $0.id == id }) else { return announcement }
            fresh = placed(announcement, at: index)
        case .ahead(let point):
            let distance = settings.origin.distance(to: point)
            guard waited <= Self.calloutLife, distance <= settings.intersectionDistance + Self.calloutSlack,
                !isBehind(point)
            else { return nil }
            fresh.bearing =
                settings.spatial != .off && SpokenMeasure.hasDirection(atDistance: distance)
                ? Self.relative(settings.origin.bearing(to: point), to: settings.heading ?? 0) : nil
        }
        if fresh.text != announcement.text { fresh.decided = announcement.decided ?? announcement.text }
        return fresh
    }

    /// Whether `point` is behind the user: more than 90 degrees from the heading (the course,
    /// when walking) and far enough for a direction. With no heading, nothing is behind.
    func isBehind(_ point: Coordinate) -> Bool {
        let distance = settings.origin.distance(to: point)
        guard let heading = settings.heading, SpokenMeasure.hasDirection(atDistance: distance) else { return false }
        return abs(Self.relative(settings.origin.bearing(to: point), to: heading)) > 90
    }

    /// `route`: how far along the walked route.
    func routePhrase() -> String {
        guard let route = position.route else {
            if case .route = position.source { return say(.routeStarting) }
            // A route planned with `route to`: how far is left of it, from here.
            if let left = plannedRouteLeft() { return left }
            return say(.routeNone)
        }
        if route.isFinished { return say(.routeEnded(length: distancePhrase(route.length))) }
        return say(
            .routeProgress(
                walked: distancePhrase(route.walked), length: distancePhrase(route.length),
                left: distancePhrase(max(0, route.length - route.walked))))
    }
}
