import PlaceData
import Words

/// The streets as you walk, over the walking network the shell reads about each position
/// (`PositionReport.streets`): the street you are on, said when it changes ("Now on Mikonkatu,
/// heading north"), and the corner ahead, said once as you approach it ("Intersection ahead:
/// Mikonkatu goes left, Aleksanterinkatu continues ahead, Mikonkatu goes right"), Soundscape's
/// intersection callout. The rules are in docs/position.md; the slice of state is `StreetWalk`.
extension NearbyState {
    /// What the walk along the streets has said and is waiting to say.
    public struct StreetWalk: Equatable, Sendable {
        /// The street the user is on, as said ("Mikonkatu", "a footpath"), once known.
        public internal(set) var street: String?
        /// Another street the position has been nearest to, and where that began: it becomes
        /// the street once the user has gone `StreetWalk.change` metres on it.
        var candidate: (street: String, since: Coordinate)?
        /// The vertices said as corners ahead, by node id, until the user is well away from them.
        var saidCorners: [Int64: Coordinate] = [:]

        public init() {}

        /// How far along another street the position must go before it is the street: a corner
        /// cut, or a report nearer the cross street for a moment, is no change.
        public static let change = 10.0
        /// How far an edge may be from the position and still be the one walked on: a
        /// sidewalk mapped as the road, with the GPS's error.
        public static let reach = 25.0

        public static func == (lhs: StreetWalk, rhs: StreetWalk) -> Bool {
            lhs.street == rhs.street && lhs.candidate?.street == rhs.candidate?.street
                && lhs.candidate?.since == rhs.candidate?.since && lhs.saidCorners == rhs.saidCorners
        }
    }

    /// What the streets have to say after a report: the street change, then the corner ahead.
    /// `travel` is the direction of travel (the course, else the heading), when known.
    mutating func streetCallouts(on network: StreetNetwork, travel: Double?) -> [Announcement] {
        let here = settings.origin
        forgetCornersLeftBehind()
        guard let placement = Self.street(in: network, at: here, travel: travel) else { return [] }
        var said: [Announcement] = []
        if let change = streetChange(network, placement, travel: travel) { said.append(change) }
        if let travel { said += cornerAndCrossingAhead(network, placement, travel: travel) }
        return said
    }

    /// The edge the user is on: the nearest named way within `StreetWalk.reach`, else the
    /// nearest way. A sidewalk or a footpath beside a street is that street, as a walker names
    /// it; a footpath far from any is a footpath. With a direction of travel, only a way that
    /// runs along it (within 45 degrees, either way) can be walked on: a street being crossed is
    /// not the street; and standing on a corner, the way come by is the one walked on.
    static func street(in network: StreetNetwork, at point: Coordinate, travel: Double? = nil)
        -> StreetNetwork.Placement?
    {
        let along = { (bearing: Double) -> Bool in
            guard let travel else { return true }
            let angle = abs(relative(bearing, to: travel))
            return angle <= 45 || angle >= 135
        }
        return network.placement(of: point, within: StreetWalk.reach, travel: travel) {
            $0.road.label != nil && along($1)
        } ?? network.placement(of: point, within: StreetWalk.reach, travel: travel) { along($1) }
    }

    /// Whether a decision point is worth a word: where roads of two names meet, a roundabout,
    /// a crossing, or a named road's end. Junctions of unnamed footpaths and driveways alone
    /// are passed in silence (in a park they came every few metres and said nothing).
    func isNamedCorner(_ network: StreetNetwork, vertex: Int) -> Bool {
        let roads = network.edges(at: vertex).map { network.edges[$0].road }
        switch network.kind(of: vertex) {
        case .through: return false
        case .roundabout: return true
        case .deadEnd: return roads.contains { $0.label != nil }
        case .intersection:
            return network.vertices[vertex].crossing != nil || Set(roads.compactMap(\.label)).count >= 2
        }
    }

    /// The street said as it is heard: its name, the road a sidewalk follows, its ref, a
    /// crossing by the road it crosses ("a crossing of Mikonkatu"), or its kind ("a footpath").
    func streetName(_ road: StreetNetwork.Road) -> String {
        if let label = road.label { return label }
        if road.footway == .crossing {
            return road.follows.map { say(.roadCrossingOf(street: $0)) } ?? say(.roadCrossing)
        }
        return say(Self.roadKindKey(road.kind))
    }

    /// The words of a way with no name, by its `highway` kind.
    static func roadKindKey(_ kind: String) -> Key {
        switch kind {
        case "footway", "pedestrian": .roadFootway
        case "path", "bridleway": .roadPath
        case "cycleway": .roadCycleway
        case "steps": .roadSteps
        case "service": .roadService
        case "track": .roadTrack
        case "living_street", "residential": .roadResidential
        default: .roadUnnamed
        }
    }

    /// "Now on Mikonkatu, heading north", once the position has gone `StreetWalk.change` metres
    /// along another street than the one said; nothing for the first street of a walk.
    private mutating func streetChange(
        _ network: StreetNetwork, _ placement: StreetNetwork.Placement, travel: Double?
    ) -> Announcement? {
        let road = network.edges[placement.edge].road
        // A crossing is walked over, not walked on: the street is the one before it until the
        // one after it is.
        guard road.footway != .crossing || road.label != nil else { return nil }
        let nearest = streetName(road)
        guard let current = streetWalk.street else {
            streetWalk.street = nearest
            return nil
        }
        guard nearest != current else {
            streetWalk.candidate = nil
            return nil
        }
        guard let candidate = streetWalk.candidate, candidate.street == nearest else {
            streetWalk.candidate = (nearest, settings.origin)
            return nil
        }
        guard candidate.since.distance(to: settings.origin) >= StreetWalk.change else { return nil }
        streetWalk.street = nearest
        streetWalk.candidate = nil
        guard let travel else { return callout(say(.calloutStreetChange(street: nearest))) }
        return callout(
            say(.calloutStreetChangeHeading(street: nearest, direction: SpokenMeasure.compass(travel, words))))
    }

    /// The decision point ahead along the way walked on, and a crossing before it, each when
    /// it is within `intersection-distance` and was not said on this pass, nearer first: an
    /// intersection, a roundabout or the road's end, with the roads that leave it relative to
    /// the direction of travel; a crossing node inside the way, with its facts.
    private mutating func cornerAndCrossingAhead(
        _ network: StreetNetwork, _ placement: StreetNetwork.Placement, travel: Double
    ) -> [Announcement] {
        let walk = walkAhead(network, from: placement, facing: travel, limit: settings.intersectionDistance)
        enum Ahead {
            case corner(vertex: Int, arrivingBy: Int)
            case crossing(StreetNetwork.Crossing, across: Int)
        }
        var due: [(distance: Double, id: Int64, point: Coordinate, ahead: Ahead)] = []
        if let (vertex, edge, distance) = walk.stop {
            let corner = network.vertices[vertex]
            due.append((distance, corner.id, corner.coordinate, .corner(vertex: vertex, arrivingBy: edge)))
        }
        if let crossing = walk.crossings.first(where: { $0.distance < walk.stop?.distance ?? .infinity }) {
            due.append(
                (
                    crossing.distance, crossing.point.id, crossing.point.coordinate,
                    .crossing(crossing.point.crossing, across: crossing.edge)
                ))
        }
        var said: [Announcement] = []
        for item in due.sorted(by: { $0.distance < $1.distance }) where streetWalk.saidCorners[item.id] == nil {
            streetWalk.saidCorners[item.id] = item.point
            let text =
                switch item.ahead {
                case .corner(let vertex, let edge): cornerPhrase(network, vertex: vertex, arrivingBy: edge)
                case .crossing(let crossing, let edge):
                    crossingAheadPhrase(crossing, across: streetName(network.edges[edge].road))
                }
            var announcement = callout(text)
            announcement.subject = .ahead(item.point)
            if settings.spatial != .off,
                SpokenMeasure.hasDirection(atDistance: item.point.distance(to: settings.origin))
            {
                announcement.bearing = Self.relative(settings.origin.bearing(to: item.point), to: travel)
            }
            said.append(announcement)
        }
        return said
    }

    /// Corners more than twice `intersection-distance` away may be said again when next
    /// approached.
    private mutating func forgetCornersLeftBehind() {
        let far = settings.intersectionDistance * 2 + StreetWalk.reach
        streetWalk.saidCorners = streetWalk.saidCorners.filter { $0.value.distance(to: settings.origin) <= far }
    }

    /// The words of a corner: what it is, the roads that leave it in clockwise order from the
    /// left (each relative to the direction of arrival), and a crossing's facts.
    func cornerPhrase(_ network: StreetNetwork, vertex: Int, arrivingBy edge: Int) -> String {
        let kind = network.kind(of: vertex)
        if kind == .deadEnd {
            return say(.calloutRoadEnds(street: streetName(network.edges[edge].road)))
        }
        let arrival = network.bearing(leaving: vertex, along: edge)
        // The direction of travel at the corner: the reverse of the way the arriving edge leaves it.
        let travel = (arrival + 180).truncatingRemainder(dividingBy: 360)
        let roads = network.edges(at: vertex).filter { $0 != edge }
            .map { other -> (angle: Double, text: String) in
                let bearing = network.bearing(leaving: vertex, along: other)
                let angle = Self.relative(bearing, to: travel)
                return (
                    angle, roadDirectionPhrase(streetName(network.edges[other].road), angle: angle, bearing: bearing)
                )
            }
            .sorted { $0.angle < $1.angle }
        let list = roads.map(\.text).joined(separator: say(.listSeparator))
        var text = say(kind == .roundabout ? .calloutRoundabout(roads: list) : .calloutIntersection(roads: list))
        if let crossing = network.vertices[vertex].crossing { text += " " + crossingPhrase(crossing) }
        return text
    }

    /// One road of a corner: "Mikonkatu goes left", "continues ahead", "goes right"; with clock
    /// directions "Mikonkatu at 9 o'clock"; with compass directions "Mikonkatu goes west".
    func roadDirectionPhrase(_ street: String, angle: Double, bearing: Double) -> String {
        switch settings.directions {
        case .clock:
            let hour = SpokenMeasure.clockHour(angle)
            return say(.roadAtClock(street: street, direction: Phrase.directionClock(hour: String(hour), plural: hour)))
        case .compass:
            return say(.roadGoesCompass(street: street, direction: SpokenMeasure.compass(bearing, words)))
        case .relative:
            if abs(angle) <= 30 { return say(.roadContinuesAhead(street: street)) }
            return say(angle > 0 ? .roadGoesRight(street: street) : .roadGoesLeft(street: street))
        }
    }

    /// "Crossing with traffic signals, sound and tactile paving."
    func crossingPhrase(_ crossing: StreetNetwork.Crossing) -> String {
        let facts = crossingFacts(crossing)
        if facts.isEmpty { return say(crossing.marked ? Key.crossingMarked : Key.crossingPlain) }
        return say(.crossingWith(facts: FactsWording.all(facts, words)))
    }

    /// A crossing node along the way walked on: "Crossing ahead across Mannerheimintie, with
    /// traffic signals and sound."
    func crossingAheadPhrase(_ crossing: StreetNetwork.Crossing, across street: String) -> String {
        let facts = crossingFacts(crossing)
        if facts.isEmpty {
            return say(
                crossing.marked ? .calloutMarkedCrossingAhead(street: street) : .calloutCrossingAhead(street: street))
        }
        return say(.calloutCrossingAheadWith(street: street, facts: FactsWording.all(facts, words)))
    }

    /// A crossing's facts, each as said: signals, sound, a button, tactile paving.
    private func crossingFacts(_ crossing: StreetNetwork.Crossing) -> [String] {
        var facts: [String] = []
        if crossing.signals { facts.append(say(.crossingSignals)) }
        if crossing.sound { facts.append(say(.crossingSound)) }
        if crossing.button { facts.append(say(.crossingButton)) }
        if crossing.tactilePaving { facts.append(say(.crossingTactilePaving)) }
        return facts
    }

    /// An intersection by its roads, as `ahead` and `where` name it: its named roads in
    /// alphabetical order, else the kinds of its ways ("Aleksanterinkatu and Mikonkatu"),
    /// leaving out `except` (the street the user is on) when others remain.
    func cornerRoads(_ network: StreetNetwork, vertex: Int, except: String? = nil) -> String {
        var seen = Set<String>()
        var names: [String] = []
        for edge in network.edges(at: vertex) {
            let name = streetName(network.edges[edge].road)
            if seen.insert(name).inserted { names.append(name) }
        }
        let others = names.filter { $0 != except }
        let chosen = (others.isEmpty ? names : others).sorted().prefix(3)
        return FactsWording.all(Array(chosen), words)
    }

    /// The decision point ahead of `placement` along its edge, facing `facing` (through nodes
    /// where the same road goes on), within `limit` metres along the way: its vertex, the edge
    /// that arrives there, and how far it is.
    func decisionPoint(
        _ network: StreetNetwork, from placement: StreetNetwork.Placement, facing: Double, limit: Double,
        stoppingAt stops: ((Int) -> Bool)? = nil
    ) -> (vertex: Int, edge: Int, distance: Double)? {
        walkAhead(network, from: placement, facing: facing, limit: limit, stoppingAt: stops).stop
    }

    /// The way ahead of `placement`, facing `facing`, within `limit` metres: along its edge, then
    /// through nodes where the same road goes on and junctions `stops` passes (not worth a word,
    /// by default), on the edge that goes on most nearly straight. Gives the decision point it
    /// stops at (its vertex, the edge arriving there, how far it is), when within the limit, and
    /// the crossing nodes inside the edges walked, nearest first, each with its edge and distance.
    func walkAhead(
        _ network: StreetNetwork, from placement: StreetNetwork.Placement, facing: Double, limit: Double,
        stoppingAt stops: ((Int) -> Bool)? = nil
    ) -> (
        stop: (vertex: Int, edge: Int, distance: Double)?,
        crossings: [(point: StreetNetwork.CrossingPoint, edge: Int, distance: Double)]
    ) {
        let stops = stops ?? { isNamedCorner(network, vertex: $0) }
        var crossings: [(point: StreetNetwork.CrossingPoint, edge: Int, distance: Double)] = []
        // The crossings of `edge` beyond `entry` metres along it, walked from `from`'s end or
        // towards it, `walked` metres from the position where it is entered.
        func passCrossings(of edge: Int, forward: Bool, entry: Double, walked: Double) {
            for point in network.edges[edge].crossings where forward ? point.along > entry : point.along < entry {
                let distance = walked + abs(point.along - entry)
                if distance <= limit { crossings.append((point, edge, distance)) }
            }
        }
        var edge = placement.edge
        let towardsEnd = abs(Self.relative(placement.bearing, to: facing)) <= 90
        var vertex = towardsEnd ? network.edges[edge].to : network.edges[edge].from
        var distance = towardsEnd ? network.edges[edge].length - placement.along : placement.along
        passCrossings(of: edge, forward: towardsEnd, entry: placement.along, walked: 0)
        var steps = 0
        while distance <= limit, !stops(vertex), steps < 64,
            let next = straightOn(network, at: vertex, arrivingBy: edge)
        {
            let forward = network.edges[next].from == vertex
            passCrossings(
                of: next, forward: forward, entry: forward ? 0 : network.edges[next].length, walked: distance)
            edge = next
            vertex = network.otherEnd(of: next, from: vertex)
            distance += network.edges[next].length
            steps += 1
        }
        crossings.sort { $0.distance < $1.distance }
        guard distance <= limit, stops(vertex) else { return (nil, crossings) }
        return ((vertex, edge, distance), crossings)
    }

    /// The edge that goes on most nearly straight from `vertex` for one arriving by `edge`:
    /// the way a walker keeps to past a junction not worth a word. Nil at a dead end.
    func straightOn(_ network: StreetNetwork, at vertex: Int, arrivingBy edge: Int) -> Int? {
        let travel = (network.bearing(leaving: vertex, along: edge) + 180).truncatingRemainder(dividingBy: 360)
        return network.edges(at: vertex).filter { $0 != edge }.min { first, second in
            abs(Self.relative(network.bearing(leaving: vertex, along: first), to: travel))
                < abs(Self.relative(network.bearing(leaving: vertex, along: second), to: travel))
        }
    }

    /// `where` from the walking network: the street you are on (within `StreetWalk.reach`) and
    /// the nearest corner, ahead when you face along the street, with its distance and
    /// direction: "On Aleksanterinkatu, 40 metres before Mikonkatu, ahead." Nil when no way is
    /// that near.
    func networkWherePhrase(_ network: StreetNetwork) -> String? {
        guard let placement = Self.street(in: network, at: settings.origin) else { return nil }
        let street = streetName(network.edges[placement.edge].road)
        // The corner is where another named street meets this one, or where this one ends.
        let crossStreet = { (vertex: Int) -> Bool in
            let labels = network.edges(at: vertex).compactMap { network.edges[$0].road.label }
            return network.kind(of: vertex) == .deadEnd ? !labels.isEmpty : labels.contains { $0 != street }
        }
        // Facing along the street: the corner that way; else the nearer of its two.
        let bearing = placement.bearing
        let candidates: [(vertex: Int, edge: Int, distance: Double)] =
            if let heading = settings.heading {
                [
                    decisionPoint(
                        network, from: placement, facing: heading, limit: Self.cornerLimit, stoppingAt: crossStreet)
                ].compactMap { $0 }
            } else {
                [bearing, bearing + 180].compactMap {
                    decisionPoint(
                        network, from: placement, facing: $0, limit: Self.cornerLimit, stoppingAt: crossStreet)
                }
            }
        guard let corner = candidates.min(by: { $0.distance < $1.distance }) else {
            return say(.whereStreet(street: street))
        }
        let point = network.vertices[corner.vertex].coordinate
        let direction = SpokenMeasure.direction(
            bearing: settings.origin.bearing(to: point), heading: settings.heading, style: settings.directions, words)
        let distance = distancePhrase(corner.distance)
        // Within a few metres, the corner is where you stand.
        if !SpokenMeasure.hasDirection(atDistance: corner.distance) {
            return say(
                .whereStreetAt(street: street, corner: cornerRoads(network, vertex: corner.vertex, except: street)))
        }
        if network.kind(of: corner.vertex) == .deadEnd {
            return say(.whereStreetEnd(street: street, distance: distance, direction: direction))
        }
        return say(
            .whereStreetCorner(
                street: street, distance: distance, corner: cornerRoads(network, vertex: corner.vertex, except: street),
                direction: direction))
    }

    /// How far along the streets `where` looks for the nearest corner.
    public static let cornerLimit = 300.0

    /// The corners worth a word of the walking network the shell read about the position (not a
    /// road's end), within the radius and far enough for a direction, each by its name
    /// ("intersection of Aleksanterinkatu and Mikonkatu"), distance and bearing: what `ahead` and
    /// `around` name beside the places.
    func cornersNear() -> [(name: String, distance: Double, bearing: Double)] {
        guard let network = position.network, network.at == settings.origin else { return [] }
        let streets = network.streets
        return streets.vertices.indices.compactMap { vertex in
            guard isNamedCorner(streets, vertex: vertex), streets.kind(of: vertex) != .deadEnd else { return nil }
            let point = streets.vertices[vertex].coordinate
            let distance = settings.origin.distance(to: point)
            guard SpokenMeasure.hasDirection(atDistance: distance), distance <= settings.radius else { return nil }
            let name = say(.intersectionName(roads: cornerRoads(streets, vertex: vertex)))
            return (name, distance, settings.origin.bearing(to: point))
        }
    }
}
