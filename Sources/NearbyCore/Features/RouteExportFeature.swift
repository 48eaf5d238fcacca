import PlaceData
import Words

/// `route export FILE.gpx`: the route `route to` planned, for other GPX tools. The core words it
/// (the route's name, each turn point's name and description, in the session's language) and
/// hands it to the shell as a plain value (`Effect.exportRoute`); the shell writes it as GPX 1.1
/// (Position's `GPXWriter`) in one step, and says how that went (`Report.routeExported`). The
/// rules are in docs/preview.md.
extension NearbyState {
    /// A planned route as a GPX file holds it: plain values and words, no markup.
    public struct RouteExport: Equatable, Sendable {
        /// "Route to Ravintola Aino (Finnish cuisine)": the file's and the track's name.
        public var name: String
        /// The line walked, in order: the track.
        public var points: [Coordinate]
        /// The turn points: each folded leg's start ("2. Left onto Mikonkatu", "then left onto
        /// Mikonkatu for 80 metres"), then the route's end.
        public var waypoints: [Waypoint]

        public init(name: String, points: [Coordinate], waypoints: [Waypoint]) {
            self.name = name
            self.points = points
            self.waypoints = waypoints
        }

        /// What became of the write: the file written (over one that was there, or new), or
        /// the system's reason it was not ("No such file or directory").
        public enum Outcome: Equatable, Sendable {
            case written(replaced: Bool)
            case failed(reason: String)
        }
    }

    /// `route export FILE`: the route planned, for the shell to write at `path`.
    func routeExportRequested(_ path: String) -> Reaction {
        guard let plannedRoute else { return previewError(Phrase(.routeNonePlanned)) }
        return Reaction(effects: [.exportRoute(path: path, routeExport(plannedRoute))])
    }

    /// The route planned as a GPX file holds it, in the session's words: a turn point a folded
    /// leg (as `route steps` numbers them), then the end, named by the destination.
    func routeExport(_ planned: PlannedRoute) -> RouteExport {
        let legs = foldedLegs(planned.route)
        let phrases = legPhrases(planned.route)
        var waypoints = zip(legs, phrases).enumerated().map { index, pair in
            let (leg, phrase) = pair
            let street = legName(leg.label)
            var name = say(.routeWaypointAlong(street: street))
            if index > 0, let turn = leg.turn {
                name = say(.routeWaypointTurn(turn: Self.sentence(turnWord(turn)), street: street))
            }
            return Waypoint(
                coordinate: leg.start, name: say(.routeWaypoint(number: grouped(index + 1), name: name)),
                description: phrase)
        }
        if let end = planned.route.points.last {
            waypoints.append(
                Waypoint(
                    coordinate: end,
                    name: say(.routeWaypoint(number: grouped(legs.count + 1), name: planned.destination)),
                    description: say(.routeArrival(name: planned.destination))))
        }
        return RouteExport(
            name: say(.routeGpxName(name: planned.destination)), points: planned.route.points, waypoints: waypoints)
    }

    /// The shell wrote the route (`Effect.exportRoute`), or could not: said, with the file as
    /// typed and in full (not cut as an echo is: which file is the news), as other files' errors
    /// are.
    func routeExported(path: String, _ outcome: RouteExport.Outcome) -> Reaction {
        switch outcome {
        case .written(let replaced):
            let text = replaced ? say(.routeExportedReplacing(path: path)) : say(.routeExported(path: path))
            return Reaction([Announcement(text, kind: .notice)])
        case .failed(let reason):
            return previewError(.routeExportFailed(path: path, reason: reason))
        }
    }
}
