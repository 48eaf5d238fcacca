import PlaceData
import Words

/// `route to NAME` (or the selected place): the shortest walk over the place store's network
/// (`StreetNetwork.route`, planned by the shell), said as turns within `answerWords`, with
/// `route steps` reading every one. It is planned from the position: in street preview, the
/// preview's. The rules are in docs/preview.md.
extension NearbyState {
    /// A walking route planned: where to, and the route.
    public struct PlannedRoute: Equatable, Sendable {
        var destination: String
        var route: WalkRoute
        /// Followed live: the turns said ("In 20 metres, left onto …"), by the metres along
        /// the route where each is.
        var turnsSaid: Set<Int> = []
        /// Said to be off the route, and planned again: not said again until the new route.
        var offRoute = false
        /// Whether the walker has come within `offRouteLimit` of it: only then is leaving it
        /// said (a route planned again from a point off the streets starts away from it).
        var joined = false
        /// Where it was planned again after the walker left the route: leaving the new one is
        /// said only once `replanGap` from there, so that a walker going on the wrong way hears
        /// it again every so often, not at every report.
        var replannedAt: Coordinate?
    }

    /// How far from where a route was planned again the walker goes before leaving it is said
    /// again, in metres.
    public static let replanGap = 50.0

    /// A turn of a route followed live is said this far before it, in metres.
    public static let turnNotice = 20.0
    /// Farther than this from the route, in metres, the walker has left it: said once, and the
    /// route is planned again from there.
    public static let offRouteLimit = 15.0
    /// Within this distance of the route's end, in metres, the route is walked.
    public static let routeArrival = 15.0

    /// A leg shorter than this, with no name (a crossing, a bit of footpath between two
    /// stretches of a street), is told as part of the leg before it, in metres.
    public static let foldedLeg = 20.0

    /// `route to NAME`: the place `name` names (the nearest of that name), or the selected place
    /// for nil; the shell plans the walk to it.
    mutating func routeRequested(to name: String?) -> Reaction {
        guard places.isWindow else { return previewError(Phrase(.routeNeedsStore)) }
        let destination: Place
        if let name {
            guard let found = placesCalled(name).first else {
                return previewError(.routeNoPlace(name: Self.echo(name, words)))
            }
            destination = found
        } else {
            guard let index = selectedIndex else { return previewError(Phrase(.routeWhere)) }
            destination = places.all[index]
        }
        return Reaction(
            effects: [
                .planRoute(
                    from: settings.origin, to: destination.coordinate, destination: destination.name,
                    avoidSteps: settings.avoidSteps)
            ])
    }

    /// The shell planned the walk (`Effect.planRoute`): said in short, kept for `route steps`.
    mutating func routePlanned(destination: String, _ route: WalkRoute?) -> Reaction {
        guard let route else {
            plannedRoute = nil
            return previewError(.routeNoPath(name: destination))
        }
        let again = plannedRoute?.offRoute == true
        plannedRoute = PlannedRoute(destination: destination, route: route, replannedAt: again ? settings.origin : nil)
        var head = say(
            .routeSummary(
                name: destination, distance: distancePhrase(route.length),
                walk: SpokenMeasure.walk(
                    minutes: SpokenMeasure.walkMinutes(route.length, speed: settings.walkSpeed), words)))
        if again { head = say(.routeAgain) + " " + head }
        let steps = legPhrases(route)
        // As many steps as fit the answer's words, then how to hear the rest.
        var told = steps.count
        func text(_ count: Int) -> String {
            var parts = [head]
            if count > 0 {
                parts.append(Self.sentence(steps.prefix(count).joined(separator: say(.listSeparator))) + ".")
            }
            if count < steps.count { parts.append(say(.routeMore(count: grouped(steps.count - count)))) }
            return parts.joined(separator: " ")
        }
        while told > 1 && Self.wordCount([text(told)]) > Self.answerWords { told -= 1 }
        // Planned again on the move, it is a callout: polite, and no line asked for it.
        return Reaction([again ? callout(text(told)) : Announcement(text(told), kind: .location)])
    }

    /// A route followed live, after a position report: the next turn `turnNotice` before it,
    /// once; off the route by more than `offRouteLimit`, said once and planned again from here;
    /// its end reached, said, and the route done. Nothing in street preview.
    mutating func routeGuidance() -> (said: [Announcement], effects: [Effect]) {
        guard var planned = plannedRoute, preview == nil, planned.route.points.count >= 2 else { return ([], []) }
        let here = settings.origin
        let points = planned.route.points
        let (best, length) = Self.placed(here, on: points)
        if length - best.along <= Self.routeArrival && best.distance <= Self.offRouteLimit {
            plannedRoute = nil
            return ([callout(say(.routeArrived(name: planned.destination)))], [])
        }
        if best.distance <= Self.offRouteLimit, !planned.joined {
            planned.joined = true
            plannedRoute = planned
        }
        if best.distance > Self.offRouteLimit {
            let farFromReplan = planned.replannedAt.map({ $0.distance(to: here) >= Self.replanGap }) ?? true
            guard planned.joined, !planned.offRoute, farFromReplan else { return ([], []) }
            planned.offRoute = true
            plannedRoute = planned
            let destination = points[points.count - 1]
            return (
                [callout(say(.routeOff(distance: distancePhrase(best.distance))))],
                [
                    .planRoute(
                        from: here, to: destination, destination: planned.destination, avoidSteps: settings.avoidSteps)
                ]
            )
        }
        // The next turn ahead, within the notice.
        var start = 0.0
        for (number, leg) in foldedLegs(planned.route).enumerated() {
            defer { start += leg.length }
            guard number > 0, let turn = leg.turn, turn != .ahead else { continue }
            let ahead = start - best.along
            guard ahead > 0, ahead <= Self.turnNotice, !planned.turnsSaid.contains(Int(start)) else { continue }
            planned.turnsSaid.insert(Int(start))
            plannedRoute = planned
            var said = callout(
                say(
                    .routeTurnNotice(
                        distance: distancePhrase(ahead), turn: turnWord(turn), street: legName(leg.label))))
            said.subject = .ahead(leg.start)
            return ([said], [])
        }
        return ([], [])
    }

    /// Where `point` lies against the route `points`: how far from its nearest point, how far
    /// along the route that is, and the route's length, in metres.
    static func placed(_ point: Coordinate, on points: [Coordinate]) -> (
        best: (distance: Double, along: Double), length: Double
    ) {
        let plane = TangentPlane(at: point)
        var best = (distance: Double.infinity, along: 0.0)
        var walked = 0.0
        for (a, b) in zip(points, points.dropFirst()) {
            let length = a.distance(to: b)
            let projected = plane.project(onto: a, b)
            if projected.distance < best.distance { best = (projected.distance, walked + projected.fraction * length) }
            walked += length
        }
        return (best, walked)
    }

    /// `route` with a route planned: how far is left of it from the position (in preview, the
    /// preview's), "Route to Ravintola Aino: 100 metres left of 165."; nil with none planned.
    func plannedRouteLeft() -> String? {
        guard let planned = plannedRoute, planned.route.points.count >= 2 else { return nil }
        let (best, length) = Self.placed(settings.origin, on: planned.route.points)
        var text = say(
            .routeLeft(
                name: planned.destination, left: distancePhrase(max(0, length - best.along)),
                length: distancePhrase(length)))
        if best.distance > Self.offRouteLimit {
            text += " " + say(.routeAway(distance: distancePhrase(best.distance)))
        }
        return text
    }

    /// `route steps`: every leg of the route planned, numbered.
    func routeStepsRequested() -> Reaction {
        guard let plannedRoute else { return previewError(Phrase(.routeNonePlanned)) }
        let steps = legPhrases(plannedRoute.route).enumerated().map { number, step in
            say(.routeStep(number: grouped(number + 1), step: step))
        }
        let arrival = say(.routeArrival(name: plannedRoute.destination))
        return Reaction([
            Announcement(steps.joined(separator: say(.listItemSeparator)) + ". " + arrival, kind: .location)
        ])
    }

    /// The legs as said: "along Aleksanterinkatu 120 metres", "then left onto Mikonkatu for 80
    /// metres"; short unnamed legs folded into the one before, and neighbours of one name joined.
    func legPhrases(_ route: WalkRoute) -> [String] {
        foldedLegs(route).enumerated().map { number, leg in
            let street = legName(leg.label)
            let distance = distancePhrase(leg.length)
            guard number > 0, let turn = leg.turn else {
                return say(
                    .routeFirstLeg(
                        street: street, distance: distance,
                        direction: SpokenMeasure.compass(leg.bearing, words)))
            }
            return say(.routeLeg(turn: turnWord(turn), street: street, distance: distance))
        }
    }

    /// The legs as told: an unnamed leg shorter than `foldedLeg` is part of the one before it,
    /// and neighbours of one label are one.
    func foldedLegs(_ route: WalkRoute) -> [WalkRoute.Leg] {
        var legs: [WalkRoute.Leg] = []
        for leg in route.legs {
            if var last = legs.last, leg.label.name == nil && leg.length < Self.foldedLeg || last.label == leg.label {
                last.length += leg.length
                legs[legs.count - 1] = last
            } else {
                legs.append(leg)
            }
        }
        return legs
    }

    /// A leg's road as said: its name, else its kind ("a footpath", "a crossing").
    func legName(_ label: WalkRoute.Label) -> String {
        switch label {
        case .named(let name): return name
        case .unnamed(let kind, let footway):
            if footway == .crossing { return say(.roadCrossing) }
            return say(Self.roadKindKey(kind))
        }
    }

    func turnWord(_ turn: WalkRoute.Turn) -> String {
        switch turn {
        case .ahead: say(.routeTurnAhead)
        case .slightLeft: say(.routeTurnSlightLeft)
        case .slightRight: say(.routeTurnSlightRight)
        case .left: say(.routeTurnLeft)
        case .right: say(.routeTurnRight)
        case .sharpLeft: say(.routeTurnSharpLeft)
        case .sharpRight: say(.routeTurnSharpRight)
        }
    }
}
