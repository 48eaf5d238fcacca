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
    }

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
            effects: [.planRoute(from: settings.origin, to: destination.coordinate, destination: destination.name)])
    }

    /// The shell planned the walk (`Effect.planRoute`): said in short, kept for `route steps`.
    mutating func routePlanned(destination: String, _ route: WalkRoute?) -> Reaction {
        guard let route else {
            plannedRoute = nil
            return previewError(.routeNoPath(name: destination))
        }
        plannedRoute = PlannedRoute(destination: destination, route: route)
        let head = say(
            .routeSummary(
                name: destination, distance: distancePhrase(route.length),
                walk: SpokenMeasure.walk(
                    minutes: SpokenMeasure.walkMinutes(route.length, speed: settings.walkSpeed), words)))
        let steps = legPhrases(route)
        // As many steps as fit the answer's words, then how to hear the rest.
        var told = steps.count
        func text(_ count: Int) -> String {
            var parts = [head, Self.sentence(steps.prefix(count).joined(separator: say(.listSeparator))) + "."]
            if count < steps.count { parts.append(say(.routeMore(count: grouped(steps.count - count)))) }
            return parts.joined(separator: " ")
        }
        while told > 1 && Self.wordCount([text(told)]) > Self.answerWords { told -= 1 }
        return Reaction([Announcement(text(told), kind: .location)])
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

    /// The legs as told: short unnamed legs folded into the one before, and neighbours of one
    /// name joined (each keeps the first one's start and turn).
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
