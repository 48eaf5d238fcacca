import PlaceData
import Words

/// Street preview, Soundscape's, with no screen: you stand at a decision point of the walking
/// network, hear the roads that leave it numbered from ahead clockwise, and `go` one of them to
/// the next decision point, hearing the places you pass on either side. `preview` enters it at
/// the nearest corner, `preview off` leaves it for the position you had; `go back` retraces the
/// last step. While in preview the position (`settings.origin`) and the heading are the preview's:
/// `where`, `around`, `find`, `select`, `details` and the beacon answer from there, and a GPS's
/// reports are kept aside for the return. The rules are in docs/preview.md.
extension NearbyState {
    /// What street preview holds while it is on.
    public struct Preview: Equatable, Sendable {
        /// Where you were before the preview, to go back to.
        var real: Return
        /// The decision point you stand at, and the way you face (the direction of travel at
        /// the last arrival).
        var stand: Stand
        /// Where each step walked began, for `go back`.
        var steps: [Stand] = []
        /// The places said as passed in this preview: not said again.
        var passed: Set<Place.ID> = []
    }

    /// A decision point of a preview, by OpenStreetMap node id, where it is, and the way faced.
    public struct Stand: Equatable, Sendable {
        var vertex: Int64
        var at: Coordinate
        var facing: Double
    }

    /// The position and heading a preview returns to.
    public struct Return: Equatable, Sendable {
        var origin: Coordinate
        var heading: Double?
        var locked: Bool
    }

    /// Which road `go` takes.
    public enum RoadChoice: Equatable, Sendable {
        /// `go` alone: the one way ahead.
        case onward
        /// `go 2`: the road of that number.
        case number(Int)
        /// `go left|right|ahead`: the road nearest that side.
        case side(Side)
        /// `go back`: the last step retraced.
        case back
        /// `go Mikonkatu`: the road of that name.
        case name(String)

        public enum Side: Equatable, Sendable { case left, right, ahead }
    }

    /// Within this distance of a planned route's end, in metres, a preview step says it is there.
    public static let routeEndReach = 30.0
    /// How far about a decision point arrived at the shell reads the walking network, in metres:
    /// every edge that comes this near, so every road of the corner, whole, and the next step's.
    public static let previewRead = 150.0
    /// How far from the position `preview` looks for a decision point to stand at, in metres.
    public static let previewReach = cornerLimit
    /// The longest step `go` walks before it stops where it is, in metres: a road with no
    /// decision point for this long is said in parts.
    public static let previewStepLimit = 2_000.0

    /// Whether street preview is on.
    public var isPreviewing: Bool { preview != nil }

    /// `preview NAME`: a place, a street or an intersection, found as `set at` finds them; the
    /// preview begins at the decision point nearest it. Where you were is kept for `preview off`.
    mutating func previewRequested(at name: String) -> Reaction {
        guard places.isWindow else { return previewError(Phrase(.previewNeedsStore)) }
        if previewReturn == nil { previewReturn = preview?.real ?? currentReturn }
        let following = position.source
        guard var found = setPosition(byWords: name) else {
            // A latitude and longitude: there, at once.
            guard let point = Coordinate(parsing: name) else {
                previewReturn = nil
                return previewError(.previewNoPlace(name: Self.echo(name, words)))
            }
            return previewStarted(at: point)
        }
        // The store is asked for a street of that name first: then this again.
        found.effects = found.effects.map { effect in
            if case .findNamedStreet(let value, _) = effect { return .findNamedStreet(value, then: .previewAt(name)) }
            return effect
        }
        if found.effects.contains(where: { if case .findNamedStreet = $0 { true } else { false } }) { return found }
        // Not found (an error, or choices to pick from): nothing moved, no preview.
        guard found.announcements.first?.kind != .error else {
            previewReturn = nil
            // Nothing of that name: said as preview's own (set at's answer names set at).
            if placesCalled(name).isEmpty { return previewError(.previewNoPlace(name: Self.echo(name, words))) }
            return found
        }
        // Found: the position moved there (a GPS followed goes on, kept aside for the return).
        position.source = following
        found.effects.removeAll { $0 == .stopFollowing }
        return Reaction(effects: found.effects + [.findStreet(around: settings.origin, then: .previewRequested)])
    }

    /// The position and heading now, as a preview keeps them to return to.
    var currentReturn: Return {
        Return(origin: settings.origin, heading: settings.heading, locked: settings.headingLocked)
    }

    /// A preview to begin at `point`: the network about it is read first.
    private mutating func previewStarted(at point: Coordinate) -> Reaction {
        let effects = moveTo(point, facing: settings.heading)
        return Reaction(effects: effects + [.findStreet(around: point, then: .previewRequested)])
    }

    /// `preview`: enter at the decision point nearest the position (the shell reads the walking
    /// network about it first), or say again where you stand when already in preview.
    mutating func previewRequested() -> Reaction {
        guard places.isWindow else { return previewError(Phrase(.previewNeedsStore)) }
        guard let network = position.network, network.at == settings.origin else {
            return Reaction(effects: [.findStreet(around: settings.origin, then: .previewRequested)])
        }
        let streets = network.streets
        if let preview, preview.stand.at == settings.origin, previewReturn == nil {
            // Arrived by a step, or asked again: where you stand.
            guard let here = streets.vertices.firstIndex(where: { $0.id == preview.stand.vertex }) else {
                return Reaction([Announcement(say(.previewHere), kind: .location)])
            }
            return Reaction([Announcement(decisionPointPhrase(preview.stand, in: streets, at: here), kind: .location)])
        }
        let candidates = streets.vertices.indices.filter { isPreviewStop(streets, vertex: $0) }
        guard
            let nearest = candidates.min(by: {
                streets.vertices[$0].coordinate.distance(to: settings.origin)
                    < streets.vertices[$1].coordinate.distance(to: settings.origin)
            }), streets.vertices[nearest].coordinate.distance(to: settings.origin) <= Self.previewReach
        else {
            if let back = previewReturn {
                // `preview NAME` found a place with no street near: back where you were.
                previewReturn = nil
                _ = moveTo(back.origin, facing: back.heading)
            }
            return previewError(.previewNoStreet(distance: distancePhrase(Self.previewReach)))
        }
        let vertex = streets.vertices[nearest]
        let stand = Stand(vertex: vertex.id, at: vertex.coordinate, facing: settings.heading ?? 0)
        let real = previewReturn ?? preview?.real ?? currentReturn
        previewReturn = nil
        preview = Preview(real: real, stand: stand)
        let effects = moveTo(vertex.coordinate, facing: stand.facing)
        position.network = (streets, vertex.coordinate)
        let text =
            say(.previewEntered(facing: SpokenMeasure.compass(stand.facing, words))) + " "
            + decisionPointPhrase(stand, in: streets, at: nearest)
        return Reaction([Announcement(text, kind: .location)], effects: effects)
    }

    /// `preview off`: back to the position and heading you had.
    mutating func previewLeft() -> Reaction {
        guard let left = preview else { return previewError(Phrase(.previewNotOn)) }
        preview = nil
        let effects = moveTo(left.real.origin, facing: left.real.heading)
        updateSettings { $0.headingLocked = left.real.locked }
        return Reaction([Announcement(say(.previewEnded), kind: .location)], effects: effects)
    }

    /// `go …`: walk the chosen road to the next decision point, saying what it passes, then
    /// where you stand; `go back` retraces the last step.
    mutating func goRequested(_ choice: RoadChoice) -> Reaction {
        guard var current = preview else { return previewError(Phrase(.previewNotOn)) }
        guard let network = position.network, network.at == current.stand.at,
            let here = network.streets.vertices.firstIndex(where: { $0.id == current.stand.vertex })
        else {
            return Reaction(effects: [.readStreets(around: current.stand.at, then: .goRequested(choice))])
        }
        let streets = network.streets
        let roads = numberedRoads(streets, at: here, facing: current.stand.facing)
        if case .back = choice {
            guard let last = current.steps.popLast() else { return previewError(Phrase(.goNoStepBack)) }
            current.stand = last
            preview = current
            let effects = moveTo(last.at, facing: last.facing)
            return Reaction(
                [Announcement(say(.goBackDone), kind: .location)],
                effects: effects + [.readStreets(around: last.at, then: .previewRequested)])
        }
        guard let road = chosenRoad(choice, among: roads, in: streets, at: here, facing: current.stand.facing) else {
            return previewError(roadProblem(choice, count: roads.count))
        }
        // Walk it: through nodes where the way goes on, to the next decision point.
        var edge = road
        var vertex = streets.otherEnd(of: edge, from: here)
        var path = orientedPoints(streets, edge: edge, from: here)
        var walked = streets.edges[edge].length
        while walked < Self.previewStepLimit, !isPreviewStop(streets, vertex: vertex),
            let next = straightOn(streets, at: vertex, arrivingBy: edge)
        {
            path += orientedPoints(streets, edge: next, from: vertex).dropFirst()
            walked += streets.edges[next].length
            edge = next
            vertex = streets.otherEnd(of: next, from: vertex)
        }
        let street = streetName(streets.edges[road].road)
        let arrival = (streets.bearing(leaving: vertex, along: edge) + 180).truncatingRemainder(dividingBy: 360)
        let passing = placesPassed(along: path).filter { !current.passed.contains(places.all[$0.index].id) }
        current.passed.formUnion(passing.map { places.all[$0.index].id })
        current.steps.append(current.stand)
        current.stand = Stand(
            vertex: streets.vertices[vertex].id, at: streets.vertices[vertex].coordinate, facing: arrival)
        preview = current
        var said = [Announcement(stepPhrase(street: street, walked: walked, passing: passing), kind: .location)]
        let effects = moveTo(current.stand.at, facing: arrival)
        if let end = plannedRoute?.route.points.last, end.distance(to: current.stand.at) <= Self.routeEndReach {
            let distance = end.distance(to: current.stand.at)
            let place =
                SpokenMeasure.hasDirection(atDistance: distance)
                ? say(
                    .placeDistanceDirection(
                        distance: distancePhrase(distance),
                        direction: SpokenMeasure.direction(
                            bearing: current.stand.at.bearing(to: end), heading: arrival, style: settings.directions,
                            words))) : distancePhrase(distance)
            said[0].text += " " + say(.goRouteEnd(name: plannedRoute!.destination, where: place))
        }
        // The new decision point is described once the shell has read the network about it.
        return Reaction(
            said,
            effects: effects + [
                .paceStep(metres: walked), .readStreets(around: current.stand.at, then: .previewRequested),
            ])
    }

    /// The decision point as said on arrival: where you stand, and the roads, numbered.
    func decisionPointPhrase(_ stand: Stand, in streets: StreetNetwork, at here: Int) -> String {
        let roads = numberedRoads(streets, at: here, facing: stand.facing)
        let choices = roads.enumerated().map { number, edge in
            let bearing = streets.bearing(leaving: here, along: edge)
            return say(
                .previewRoad(
                    number: grouped(number + 1), street: streetName(streets.edges[edge].road),
                    direction: SpokenMeasure.direction(
                        bearing: bearing, heading: stand.facing, style: settings.directions, words)))
        }.joined(separator: say(.listItemSeparator))
        let place: String
        switch streets.kind(of: here) {
        case .deadEnd:
            place = Self.sentence(
                say(.previewDeadEnd(street: roads.first.map { streetName(streets.edges[$0].road) } ?? "")))
        case .roundabout: place = say(.previewRoundabout(roads: cornerRoads(streets, vertex: here)))
        case .intersection, .through: place = say(.previewAt(roads: cornerRoads(streets, vertex: here)))
        }
        return place + " " + choices + "."
    }

    /// A step as said: how far along which street, and the places `passed` on either side.
    func stepPhrase(street: String, walked: Double, passing passed: [(index: Int, side: Int)]) -> String {
        var text = say(.goWalked(distance: distancePhrase(walked), street: street))
        guard !passed.isEmpty else { return text }
        let listed = passed.prefix(Self.passedListed).map { index, side in
            say(side < 0 ? .goPassedLeft(name: places.all[index].name) : .goPassedRight(name: places.all[index].name))
        }
        var items = listed.joined(separator: say(.listSeparator))
        if passed.count > Self.passedListed {
            items += say(.listSeparator) + say(.goPassedMore(count: grouped(passed.count - Self.passedListed)))
        }
        text += " " + say(.goPassing(places: items))
        return text
    }

    /// At most this many places passed are named in a step; the rest are counted.
    static let passedListed = 4

    /// The places of the list within `callout-distance` of `path`, of the callout categories
    /// chosen, in the order passed, each with its side (-1 left, 1 right).
    func placesPassed(along path: [Coordinate]) -> [(index: Int, side: Int)] {
        guard path.count >= 2, !settings.callouts.isEmpty else { return [] }
        let reach = settings.calloutDistance
        // The path's box, widened by the reach: the places outside it are passed over at once.
        let margin = BoundingBox(around: path[0], radius: reach)
        let (latitudeMargin, longitudeMargin) = (margin.north - path[0].latitude, margin.east - path[0].longitude)
        let box = BoundingBox(
            south: path.map(\.latitude).min()! - latitudeMargin, north: path.map(\.latitude).max()! + latitudeMargin,
            west: path.map(\.longitude).min()! - longitudeMargin, east: path.map(\.longitude).max()! + longitudeMargin)
        var found: [(index: Int, along: Double, side: Int)] = []
        for member in shown.members {
            let index = Int(member)
            let place = places.all[index]
            let at = place.coordinate
            guard box.south <= at.latitude, at.latitude <= box.north, box.west <= at.longitude,
                at.longitude <= box.east, settings.callouts.contains(CalloutCategory.of(kind: place.kind))
            else { continue }
            var walked = 0.0
            var best: (distance: Double, along: Double, side: Int)?
            let plane = TangentPlane(at: place.coordinate)
            for (a, b) in zip(path, path.dropFirst()) {
                let projected = plane.project(onto: a, b)
                let length = a.distance(to: b)
                if projected.distance <= reach, best == nil || projected.distance < best!.distance {
                    let side = Self.relative(a.bearing(to: place.coordinate), to: a.bearing(to: b)) < 0 ? -1 : 1
                    best = (projected.distance, walked + projected.fraction * length, side)
                }
                walked += length
            }
            if let best { found.append((index, best.along, best.side)) }
        }
        // One place mapped twice (a stop's platform and pole) is passed once.
        var kept: [(index: Int, side: Int)] = []
        for place in found.sorted(by: { ($0.along, $0.index) < ($1.along, $1.index) }) {
            let name = places.foldedName(at: place.index)
            let coordinate = places.all[place.index].coordinate
            if kept.contains(where: {
                places.foldedName(at: $0.index) == name
                    && places.all[$0.index].coordinate.distance(to: coordinate) <= Self.sameNameReach
            }) {
                continue
            }
            kept.append((place.index, place.side))
        }
        return kept
    }

    /// Moves the position to `point`, facing `facing`, as a preview step does: the distances
    /// follow; the window of a store's places is read again about it when it is far from the
    /// window's centre.
    mutating func moveTo(_ point: Coordinate, facing: Double?) -> [Effect] {
        updateSettings { settings in
            settings.origin = point
            settings.heading = facing
        }
        return windowFollows(point)
    }

    func previewError(_ phrase: Phrase) -> Reaction {
        Reaction([Announcement(say(phrase), kind: .error, earcon: .error)])
    }

    /// `where` in preview: the decision point you stand at, by its roads.
    func previewWherePhrase() -> String? {
        guard let preview, let network = position.network, network.at == preview.stand.at,
            let here = network.streets.vertices.firstIndex(where: { $0.id == preview.stand.vertex })
        else { return nil }
        return say(.previewAt(roads: cornerRoads(network.streets, vertex: here)))
    }
}
