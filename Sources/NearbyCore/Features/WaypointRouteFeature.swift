import PlaceData
import Words

/// Routes of waypoints (issue 40, point 2): places and markers strung together and walked in
/// order, kept from one session to the next beside the markers. `route new NAME` makes one and
/// `route add` adds the selected place or marker (or where you stand) to it; `route remove N`,
/// `route delete NAME`; `routes` lists them. `route start NAME` walks one: the waypoint the
/// beacon is on is a place among the places (kind Waypoint, id "waypoint/N"), selected, so that
/// its milestones, the beacon and `details` follow it; arriving within 15 m of it (`arrival`)
/// moves on to the next, `route skip` skips one and `route stop` ends the walk. Over a place
/// store's network each leg is planned as `route to` plans a walk, and said as its turns.
/// The rules are in docs/markers.md.
extension NearbyState {
    /// A route of waypoints as the session keeps it: plain values (a GPX `<rte>` in the file).
    public struct KeptRoute: Equatable, Sendable {
        public var name: String
        /// What the user or another app wrote of it (GPX `<desc>`).
        public var note: String?
        /// When it was made, seconds since 1970 (UTC).
        public var time: Double
        /// The waypoints in walking order (their ids unused).
        public var waypoints: [MarkedPlace]

        public init(name: String, note: String? = nil, time: Double, waypoints: [MarkedPlace] = []) {
            self.name = name
            self.note = note
            self.time = time
            self.waypoints = waypoints
        }

        /// Waypoint to waypoint in straight lines, in metres: what `routes` says.
        public var length: Double {
            zip(waypoints, waypoints.dropFirst()).reduce(0) { $0 + $1.0.coordinate.distance(to: $1.1.coordinate) }
        }
    }

    /// A kept route being walked: a copy of it (changing the kept one does not move the walk)
    /// and the waypoint the beacon is on.
    public struct WaypointWalk: Equatable, Sendable {
        public var route: KeptRoute
        /// The waypoint walked to, from 0.
        public var next: Int
    }

    /// The kind the waypoint walked to has among the places; said in the session's words
    /// (`waypoint.kind`).
    public static let waypointKind = "Waypoint"

    /// Whether a place's id is the waypoint walked to.
    static func isWaypoint(_ id: String) -> Bool { id.hasPrefix("waypoint/") }

    /// The waypoint walked to, as a place on the map: "waypoint/N", N its number in the route.
    var waypointPlace: Place? { waypointPlace(among: places.all) }

    /// The waypoint walked to, as a place on the map among `others`: made from a place they
    /// hold, it has that place's details and facts (its hours, its address), so that `details`
    /// tells them on the way; it stays where the waypoint was put, under the waypoint's name.
    func waypointPlace(among others: [Place]) -> Place? {
        guard let walk = waypointWalk else { return nil }
        let waypoint = walk.route.waypoints[walk.next]
        var place = Place(
            id: "waypoint/\(walk.next + 1)", name: waypoint.name, kind: Self.waypointKind, symbol: "flag",
            latitude: waypoint.coordinate.latitude, longitude: waypoint.coordinate.longitude)
        if let id = waypoint.placeID, let source = others.first(where: { $0.id == id }) {
            place.details = source.details
            place.facts = source.facts
        }
        return place
    }

    /// The kept route called `name` (letters folded), else the only one whose name holds it.
    func keptRouteIndex(_ name: String) -> Int? {
        let folded = TextFolding.fold(name)
        if let exact = keptRoutes.firstIndex(where: { TextFolding.fold($0.name) == folded }) { return exact }
        let holding = keptRoutes.indices.filter { TextFolding.fold(keptRoutes[$0].name).contains(folded) }
        return holding.count == 1 ? holding[0] : nil
    }

    /// A route command refused, said as an error.
    func routeRefused(_ phrase: Phrase) -> Reaction {
        Reaction([Announcement(say(phrase), kind: .error, earcon: .error)])
    }

    // MARK: Making routes

    /// `route new NAME`: an empty route, the one `route add` adds to from now on.
    mutating func routeNew(_ typed: String) -> Reaction {
        guard let name = OSMTagging.cleaned(typed) else { return routeRefused(Phrase(.routeNewNeedsName)) }
        if let kept = keptRoutes.first(where: { TextFolding.fold($0.name) == TextFolding.fold(name) }) {
            return routeRefused(.routeExists(name: kept.name))
        }
        keptRoutes.append(KeptRoute(name: name, time: wallClock ?? 0))
        editedRoute = name
        return save(.routeMade(name: name))
    }

    /// `route add`: the selected place or marker, or where you stand, as the last waypoint of
    /// the route made or started last.
    mutating func routeAdd() -> Reaction {
        guard let name = editedRoute, let at = keptRouteIndex(name) else {
            return routeRefused(Phrase(.routeAddNoRoute))
        }
        let waypoint: MarkedPlace
        if let index = selectedIndex {
            let place = places.all[index]
            let marker = markers.first { $0.id == place.id }
            waypoint = MarkedPlace(
                id: "", name: place.name, coordinate: place.coordinate, note: marker?.note, time: wallClock ?? 0,
                placeID: marker.map(\.placeID) ?? (Self.isWaypoint(place.id) ? nil : place.id))
        } else {
            let number = keptRoutes[at].waypoints.count + 1
            waypoint = MarkedPlace(
                id: "", name: say(.waypointDefaultName(number: grouped(number))), coordinate: settings.origin,
                time: wallClock ?? 0)
        }
        if let last = keptRoutes[at].waypoints.last, TextFolding.fold(last.name) == TextFolding.fold(waypoint.name),
            last.coordinate.distance(to: waypoint.coordinate) <= Self.duplicateReach
        {
            return routeRefused(.routeAddAgain(name: waypoint.name, route: keptRoutes[at].name))
        }
        keptRoutes[at].waypoints.append(waypoint)
        return save(
            .waypointAdded(
                name: waypoint.name, route: keptRoutes[at].name, number: keptRoutes[at].waypoints.count))
    }

    /// `route remove N`: waypoint N of the route made or started last.
    mutating func routeRemove(_ number: Int) -> Reaction {
        guard let name = editedRoute, let at = keptRouteIndex(name) else {
            return routeRefused(Phrase(.routeAddNoRoute))
        }
        let count = keptRoutes[at].waypoints.count
        guard (1...max(count, 1)).contains(number), count > 0 else {
            return routeRefused(
                .routeRemoveRange(route: keptRoutes[at].name, count: grouped(count), plural: count))
        }
        let removed = keptRoutes[at].waypoints.remove(at: number - 1)
        return save(.waypointRemoved(name: removed.name, route: keptRoutes[at].name, number: number))
    }

    /// `route delete NAME`: the route gone (and its walk, if it is walked).
    mutating func routeDelete(_ name: String) -> Reaction {
        guard let at = keptRouteIndex(name) else { return routeRefused(.routeNotFound(name: Self.echo(name, words))) }
        let removed = keptRoutes.remove(at: at)
        if TextFolding.fold(editedRoute ?? "") == TextFolding.fold(removed.name) { editedRoute = nil }
        if waypointWalk?.route.name == removed.name { endWaypointWalk() }
        return save(.routeDeleted(name: removed.name))
    }

    /// `routes`: each kept route, its waypoints, its length and its first waypoint.
    func routesPhrase() -> Announcement {
        guard !keptRoutes.isEmpty else { return Announcement(say(.routesNone), kind: .results) }
        let items = keptRoutes.map { route -> String in
            guard let first = route.waypoints.first else { return say(.routesItemEmpty(name: route.name)) }
            return say(
                .routesItem(
                    name: route.name, count: grouped(route.waypoints.count), first: first.name,
                    length: distancePhrase(route.length), plural: route.waypoints.count))
        }
        return Announcement(
            say(
                .routesList(
                    count: grouped(keptRoutes.count), items: items.joined(separator: say(.listItemSeparator)),
                    plural: keptRoutes.count)), kind: .results)
    }

    /// The shell read a GPX file for `route from FILE` (its route, or its named points in
    /// order): kept as a route, under its own name, or a numbered one when that name is taken by
    /// another route. The same route already kept is said so.
    mutating func routeFileRead(path: String, _ route: KeptRoute) -> Reaction {
        guard !route.waypoints.isEmpty else { return routeRefused(.routeFromNoPoints(path: path)) }
        if let same = keptRoutes.first(where: { Self.isSameRoute($0, route) }) {
            return routeRefused(.routeFromAlreadyKept(path: path, name: same.name))
        }
        var named = route
        var number = 1
        while keptRoutes.contains(where: { TextFolding.fold($0.name) == TextFolding.fold(named.name) }) {
            number += 1
            named.name = "\(route.name) \(number)"
        }
        keptRoutes.append(named)
        editedRoute = named.name
        return save(.routeFromFile(name: named.name, path: path, count: named.waypoints.count, length: named.length))
    }

    /// Two routes of one name and as many waypoints, each within `duplicateReach` of the other's.
    static func isSameRoute(_ mine: KeptRoute, _ theirs: KeptRoute) -> Bool {
        TextFolding.fold(mine.name) == TextFolding.fold(theirs.name) && mine.waypoints.count == theirs.waypoints.count
            && zip(mine.waypoints, theirs.waypoints).allSatisfy {
                $0.coordinate.distance(to: $1.coordinate) <= duplicateReach
            }
    }

    /// `route export NAME FILE.gpx`: the kept route NAME (the words before the last) written as
    /// a GPX route; nil when the words name no kept route (then it is the route planned).
    func keptRouteExport(_ argument: String) -> Reaction? {
        guard let space = argument.lastIndex(of: " ") else { return nil }
        let name = argument[..<space].trimmingCharacters(in: .whitespaces)
        let path = argument[argument.index(after: space)...].trimmingCharacters(in: .whitespaces)
        guard !path.isEmpty, let at = keptRouteIndex(name) else { return nil }
        return Reaction(effects: [.exportKeptRoute(path: path, keptRoutes[at])])
    }

    // MARK: Walking a route

    /// `route start` (NAME; nil: the route made or started last, or the only one): the beacon
    /// on its first waypoint, said with where it is.
    mutating func routeStart(_ name: String?) -> Reaction {
        let at: Int
        if let name {
            guard let found = keptRouteIndex(name) else {
                return routeRefused(.routeNotFound(name: Self.echo(name, words)))
            }
            at = found
        } else if let edited = editedRoute.flatMap(keptRouteIndex) {
            at = edited
        } else if keptRoutes.count == 1 {
            at = 0
        } else {
            return routeRefused(keptRoutes.isEmpty ? Phrase(.routesNone) : Phrase(.routeStartWhich))
        }
        let route = keptRoutes[at]
        guard !route.waypoints.isEmpty else { return routeRefused(.routeEmpty(name: route.name)) }
        editedRoute = route.name
        waypointWalk = WaypointWalk(route: route, next: 0)
        plannedRoute = nil
        markersChanged()
        selectWaypoint()
        let head = say(
            .routeStarted(name: route.name, count: grouped(route.waypoints.count), plural: route.waypoints.count))
        return Reaction([waypointAnnouncement(head, kind: .location)], effects: legEffects())
    }

    /// `route skip`: on to the next waypoint; after the last, the walk ends.
    mutating func routeSkip() -> Reaction {
        guard var walk = waypointWalk else { return routeRefused(Phrase(.routeNotWalking)) }
        let skipped = walk.route.waypoints[walk.next]
        guard walk.next + 1 < walk.route.waypoints.count else {
            endWaypointWalk()
            return Reaction([
                Announcement(say(.routeSkippedLast(name: skipped.name, route: walk.route.name)), kind: .location)
            ])
        }
        walk.next += 1
        waypointWalk = walk
        plannedRoute = nil
        markersChanged()
        selectWaypoint()
        return Reaction(
            [waypointAnnouncement(say(.routeSkipped(name: skipped.name)), kind: .location)], effects: legEffects())
    }

    /// `route stop`: the walk ends where it is.
    mutating func routeStop() -> Reaction {
        guard let walk = waypointWalk else { return routeRefused(Phrase(.routeNotWalking)) }
        endWaypointWalk()
        return Reaction([
            Announcement(
                say(
                    .routeStopped(
                        name: walk.route.name, number: grouped(walk.next + 1),
                        count: grouped(walk.route.waypoints.count))), kind: .location)
        ])
    }

    /// `route` while a route is walked: which waypoint, and where.
    func waypointWalkPhrase() -> String? {
        guard let walk = waypointWalk else { return nil }
        return say(.routeWalked(name: walk.route.name)) + " " + waypointPhrase()
    }

    /// After a position report: the waypoint walked to arrived at (within `arrival`) is said,
    /// and the beacon moves on to the next; the last ends the walk.
    mutating func waypointArrival() -> (said: [Announcement], effects: [Effect]) {
        guard var walk = waypointWalk else { return ([], []) }
        let reached = walk.route.waypoints[walk.next]
        guard Self.hasArrived(atDistance: settings.origin.distance(to: reached.coordinate)) else { return ([], []) }
        let count = walk.route.waypoints.count
        plannedRoute = nil
        guard walk.next + 1 < count else {
            endWaypointWalk()
            return ([callout(say(.routeEndReached(name: reached.name, route: walk.route.name)))], [])
        }
        let arrived = say(.waypointArrived(name: reached.name, number: grouped(walk.next + 1), count: grouped(count)))
        walk.next += 1
        waypointWalk = walk
        markersChanged()
        selectWaypoint()
        var said = waypointAnnouncement(arrived, kind: .callout)
        said.priority = .polite
        return ([said], legEffects())
    }

    /// "Waypoint 2 of 5, Kauppatori, 200 metres ahead to the left."
    func waypointPhrase() -> String {
        guard let walk = waypointWalk, let place = waypointPlace,
            let index = places.all.firstIndex(where: { $0.id == place.id })
        else { return "" }
        return say(
            .waypointWhere(
                number: grouped(walk.next + 1), count: grouped(walk.route.waypoints.count), name: place.name,
                where: distanceAndDirection(of: index)))
    }

    /// `head`, then the waypoint walked to and where it is, heard from it.
    func waypointAnnouncement(_ head: String, kind: Announcement.Kind) -> Announcement {
        let index = waypointPlace.flatMap { place in places.all.firstIndex { $0.id == place.id } }
        var said = placed(Announcement(head + " " + waypointPhrase(), kind: kind), at: index)
        if let place = waypointPlace { said.subject = .selected(place.id) }
        return said
    }

    /// The waypoint walked to selected: the beacon, its milestones and `details` follow it.
    mutating func selectWaypoint() {
        guard let place = waypointPlace, places.all.contains(where: { $0.id == place.id }) else { return }
        selection = place.id
        position.milestone = nil
        position.arrivedAt = nil
        camera = .closeUp(placeID: place.id, altitude: settings.closeUpDistance)
    }

    /// The walk over: its waypoint leaves the map (and the selection), and its leg's route goes.
    mutating func endWaypointWalk() {
        waypointWalk = nil
        plannedRoute = nil
        if let selection, Self.isWaypoint(selection) { self.selection = nil }
        markersChanged()
    }

    /// Over a place store's network, the leg to the waypoint walked to, planned as `route to`
    /// plans a walk (and said as its turns); elsewhere nothing.
    func legEffects() -> [Effect] {
        guard places.isWindow, let place = waypointPlace,
            !Self.hasArrived(atDistance: settings.origin.distance(to: place.coordinate))
        else { return [] }
        return [
            .planRoute(
                from: settings.origin, to: place.coordinate, destination: place.name, avoidSteps: settings.avoidSteps)
        ]
    }
}
