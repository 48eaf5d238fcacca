import PlaceData
import Words

/// The moving position: `set at` with a place's name or address, or `gpsd`; reports from a
/// walked route or a live gpsd, which everything follows (distances, directions, walk times,
/// the nearest-first order, the focus by identity) while only callouts are said
/// (`CalloutFeature.swift`); the GPS fix lost and back; the street `where` says.
extension NearbyState {
    /// Above this speed (metres a second) the heading follows the course over ground.
    public static let walkingSpeed = 0.5
    /// How far the position may go from the centre of a place store's window of places before
    /// the window is loaded again about it, in metres (the window reaches 2 km).
    public static let windowMargin = 500.0

    /// `set at` with words that are not a latitude and longitude: `gpsd[:HOST:PORT]`, or a
    /// place's name or address among the loaded places. Nil for a latitude and longitude.
    mutating func setPosition(byWords text: String) -> Reaction? {
        let value = text.trimmingCharacters(in: .whitespaces)
        // Two numbers (a point out of range too) are a latitude and longitude, refused as such.
        guard !value.isEmpty, !Coordinate.isWrittenAsPoint(value) else { return nil }
        if value.lowercased().hasPrefix("gpsd") { return Reaction(effects: [.followGPS(address: value)]) }
        // A number after a list of choices: that choice, as `select 2` takes the second row.
        if let number = Command.wholeNumber(value), !position.choices.isEmpty {
            guard position.choices.indices.contains(number - 1) else {
                let text = say(.positionNoChoice(number: grouped(number), count: grouped(position.choices.count)))
                return Reaction([Announcement(text, kind: .error, earcon: .error)])
            }
            let place = position.choices[number - 1]
            position.choices = []
            var reaction = changeSetting(.at, "\(place.coordinate.latitude),\(place.coordinate.longitude)")
            reaction.announcements = [Announcement(say(.positionAtPlace(name: place.name)), kind: .settings)]
            return reaction
        }
        position.choices = []
        let folded = TextFolding.fold(value)
        let named = places.all.indices.contains { places.foldedName(at: $0) == folded }
        // A street or an intersection of a place store's network, unless a place has the very name.
        if places.isWindow, !named {
            guard let found = position.namedStreet, found.query == value else {
                return Reaction(effects: [.findNamedStreet(value, then: .settingChanged(.at, value: value))])
            }
            // The answer is used once: the next `set at` asks the store again.
            position.namedStreet = nil
            if let street = found.street {
                var reaction = changeSetting(.at, "\(street.coordinate.latitude),\(street.coordinate.longitude)")
                let text =
                    street.isIntersection
                    ? say(.positionAtIntersection(roads: FactsWording.all(street.names, words)))
                    : say(.positionAtStreet(street: street.names[0]))
                reaction.announcements = [Announcement(text, kind: .settings)]
                return reaction
            }
        }
        let matches = placesCalled(value)
        guard matches.count == 1, let place = matches.first else {
            guard !matches.isEmpty else {
                let name = Self.echo(value, words)
                let text = say(places.isWindow ? .positionNoPlaceOrStreet(name: name) : .positionNoPlace(name: name))
                return Reaction([Announcement(text, kind: .error, earcon: .error)])
            }
            // As many choices as the answer holds within `answerWords` (45), at least one.
            func choices(_ listed: Int) -> String {
                say(.positionChoices(name: Self.echo(value, words), items: choicesPhrase(matches, listing: listed)))
            }
            var listed = Self.choicesListed
            while listed > 1 && Self.wordCount([choices(listed)]) > Self.answerWords { listed -= 1 }
            // `set at 2` takes the second of those read.
            position.choices = Array(matches.prefix(listed))
            return Reaction([Announcement(choices(listed), kind: .error, earcon: .error)])
        }
        var reaction = changeSetting(.at, "\(place.coordinate.latitude),\(place.coordinate.longitude)")
        reaction.announcements = [Announcement(say(.positionAtPlace(name: place.name)), kind: .settings)]
        return reaction
    }

    /// The loaded places that `text` names: those whose name is it (case and accents ignored),
    /// else those whose address is it ("Mannerheimintie 5", "5 Mannerheimintie"), else those
    /// a search for it finds, nearest first.
    public func placesCalled(_ text: String) -> [Place] {
        let folded = TextFolding.fold(text)
        guard !folded.isEmpty else { return [] }
        func nearestFirst(_ indices: [Int]) -> [Place] {
            indices.sorted { (distances[$0], $0) < (distances[$1], $1) }.map { places.all[$0] }
        }
        let named = places.all.indices.filter { places.foldedName(at: $0) == folded }
        if !named.isEmpty { return nearestFirst(named) }
        let addressed = places.all.indices.filter { index in
            let place = places.all[index]
            var addresses: [String] = place.details.filter { $0.label.lowercased().contains("address") }.map(\.value)
            if let street = place.facts.street, !place.facts.streetIsNearest {
                addresses.append(street)
                if let number = place.facts.houseNumber { addresses += ["\(street) \(number)", "\(number) \(street)"] }
            }
            return addresses.contains { TextFolding.fold($0) == folded }
        }
        if !addressed.isEmpty { return nearestFirst(addressed) }
        return nearestFirst(Array(places.matches(query: text).prefix(1000)))
    }

    /// At most this many places a name matched are read as choices.
    public static let choicesListed = 5

    /// The places a name matched, as a choice is read: name, kind and where, the first
    /// `listed`, then how many more.
    public func choicesPhrase(_ matches: [Place], listing listed: Int = choicesListed) -> String {
        let items = matches.prefix(listed).enumerated().map { offset, place in
            let index = places.all.firstIndex { $0.id == place.id } ?? 0
            return say(
                .positionChoice(
                    number: grouped(offset + 1), name: place.name, kind: place.kind,
                    where: distanceAndDirection(of: index),
                    point: "\(Self.decimals(place.coordinate.latitude)),\(Self.decimals(place.coordinate.longitude))"))
        }
        var text = items.joined(separator: say(.listItemSeparator))
        if matches.count > listed {
            text += say(.listItemSeparator) + say(.positionChoicesMore(count: grouped(matches.count - listed)))
        }
        return text
    }

    /// A latitude or longitude as `--at` takes it back: five decimals at most.
    static func decimals(_ value: Double) -> String {
        let scaled = (value * 100_000).rounded() / 100_000
        return scaled == scaled.rounded() ? String(Int(scaled)) : "\(scaled)"
    }

    /// A report of where the user now is: everything follows it; only callouts are said.
    mutating func positionReported(_ report: PositionReport) -> Reaction {
        var said: [Announcement] = []
        if position.fixLost {
            position.fixLost = false
            said.append(callout(say(.positionFixBack)))
        } else if position.gpsSilent {
            said.append(callout(say(.positionSilentBack)))
        } else if position.waitingForFix != nil, position.saidWaiting {
            said.append(callout(say(.positionFixFound)))
        }
        position.gpsSilent = false
        position.waitingForFix = nil
        position.saidWaiting = false
        position.accuracy = report.accuracy
        position.fixTime = report.time
        position.fixMode = report.fixMode
        if let route = report.route { position.route = route }
        // In street preview the position is the preview's: the walker's is kept for its end.
        if var preview {
            preview.real.origin = report.coordinate
            self.preview = preview
            return Reaction(said)
        }
        let focused = focus.map { shown[$0] }
        // Walking, the course leads: a heading typed holds only while standing, or locked.
        let course = position.followsCourse && (report.speed ?? 0) > Self.walkingSpeed ? report.course : nil
        if course != nil { position.headingFromCourse = true }
        updateSettings { settings in
            settings.origin = report.coordinate
            if let course { settings.heading = course.truncatingRemainder(dividingBy: 360) }
        }
        if let focused { focus = rank(of: focused) }
        if let network = report.streets { position.network = (network, report.coordinate) }
        // `mute`: nothing of the streets or the places until it ends.
        let mute = checkMute()
        if let ended = mute.ended { said.append(ended) }
        // The streets first: a corner outranks a shop when both fall due together.
        if let network = report.streets, settings.callouts.contains(.intersections), !mute.muted {
            let moving = (report.speed ?? 0) > Self.walkingSpeed
            said += streetCallouts(on: network, travel: moving ? report.course ?? settings.heading : settings.heading)
        }
        // A kept route walked: its waypoint reached, and the beacon on the next.
        let waypoint = waypointArrival()
        said += waypoint.said
        if !mute.muted { said += callouts(at: report.time) }
        // A planned route followed: its turns, leaving it, its end.
        let guidance = mute.muted ? (said: [], effects: []) : routeGuidance()
        said += guidance.said
        if report.route?.isFinished == true {
            said.append(callout(say(.routeEnded(length: distancePhrase(report.route?.length ?? 0)))))
        }
        return Reaction(
            said,
            effects: recordedPoint(report.coordinate) + waypoint.effects + guidance.effects
                + windowFollows(report.coordinate))
    }

    /// A store's window of places follows the position: read again about `point` once it is
    /// `windowMargin` from the window's centre (a walk's report, a preview step).
    mutating func windowFollows(_ point: Coordinate) -> [Effect] {
        guard places.isWindow else { return [] }
        let centre = position.windowCentre ?? point
        position.windowCentre = centre
        guard centre.distance(to: point) > Self.windowMargin else { return [] }
        position.windowCentre = point
        return [.moveWindow(around: point)]
    }

    /// Where the place at `index` now is in the list, without putting the list in order: how
    /// many shown places come before it (nearer, or as near and earlier). Nil when not shown.
    func rank(of index: Int) -> Int? {
        let distance = distances[index]
        var before = 0
        var found = false
        distances.withUnsafeBufferPointer { distances in
            for member in shown.members {
                let other = Int(member)
                if other == index {
                    found = true
                    continue
                }
                let d = distances[other]
                if d < distance || (d == distance && other < index) { before += 1 }
            }
        }
        return found ? before : nil
    }

    /// `text` as a callout: polite (it waits for what is being said), of kind `callout`.
    func callout(_ text: String) -> Announcement {
        Announcement(text, priority: .polite, kind: .callout)
    }

    /// The GPS fix was lost: said once, until a fix returns.
    mutating func fixLost() -> Reaction {
        guard !position.fixLost else { return Reaction() }
        position.fixLost = true
        // A silence said is now a lost fix: its return is said as one.
        position.gpsSilent = false
        return Reaction([callout(say(.positionFixLost))])
    }

    /// The GPS followed has no fix yet: said once, with what stands in until it has one (no
    /// position at all, or the last one).
    mutating func waitingForFix() -> Reaction {
        guard let waiting = position.waitingForFix, !position.saidWaiting else { return Reaction() }
        position.saidWaiting = true
        return Reaction([
            callout(say(waiting == .noPosition ? .positionWaiting : .positionWaitingLast))
        ])
    }

    /// The GPS fell silent after a fix (none for more than 3 seconds, none said lost): said once,
    /// until a fix returns ("GPS back").
    mutating func gpsSilent() -> Reaction {
        guard position.waitingForFix == nil, !position.fixLost, !position.gpsSilent else { return Reaction() }
        position.gpsSilent = true
        return Reaction([callout(say(.positionSilent))])
    }

    /// `set at gpsd` reached gpsd: the position follows it from now on. Until its first fix the
    /// position held so far stands in, and is said to be the last one (none, when there was
    /// none: `--at gpsd`).
    mutating func gpsFollowed(_ address: String) -> Reaction {
        let waiting = position.waitingForFix ?? .lastPosition
        position.forgetFix()
        position.source = .gps(address)
        position.waitingForFix = waiting
        return Reaction([Announcement(say(.positionFollowingGps(address: address)), kind: .settings)])
    }

    /// Whether there is a position to measure from: not while a GPS followed from the start
    /// (`--at gpsd`) has given no fix yet. Without one, distances, directions and walk times
    /// are said to be unknown, and `where`, `walk`, `around` and `ahead` say that there is
    /// no position yet.
    public var hasPosition: Bool { position.waitingForFix != .noPosition }

    /// What `walk`, `around` and `ahead` say while there is no position: that there is none yet.
    func noPositionYet() -> Reaction {
        Reaction([Announcement(say(.positionNoneYet), kind: .location)])
    }

    /// `set at gpsd` found nothing answering: the position stays.
    func gpsUnavailable(_ address: String) -> Reaction {
        let problem = say(.positionNoGps(address: address))
        return Reaction([Announcement(say(.positionNoGpsKept(problem: problem)), kind: .error, earcon: .error)])
    }

    /// `where` and `where exact`: with a place store, the street is found first (by the shell).
    mutating func whereRequested(exact: Bool) -> Reaction {
        guard hasPosition else {
            // No position yet: nothing to measure from, and nothing invented.
            guard !exact else {
                let address: String
                if case .gps(let followed) = position.source { address = followed } else { address = "" }
                return Reaction([Announcement(say(.whereGpsWaiting(address: address)), kind: .location)])
            }
            let text = [say(.positionNoneYet), say(.whereSheet(detent: sheet.situation(words))), countPhrase()]
            return Reaction([Announcement(text.joined(separator: " "), kind: .location)])
        }
        if places.isWindow, !exact, position.street?.at != settings.origin {
            return Reaction(effects: [.findStreet(around: settings.origin, then: .whereRequested(exact: exact))])
        }
        var answer = whereAnswer(exact: exact)
        if !exact, let corner = previewWherePhrase() {
            answer[0].text = corner + " " + answer[0].text
        } else if !exact, let network = position.network, network.at == settings.origin {
            // The walking network knows the street and its corners; nothing when no way is near.
            if let street = networkWherePhrase(network.streets) { answer[0].text = street + " " + answer[0].text }
        } else if !exact, let street = position.street, street.at == settings.origin, let name = street.name {
            answer[0].text = say(.whereStreet(street: name)) + " " + answer[0].text
        }
        if !exact, let caveat = gpsCaveat() { answer[0].text = caveat + " " + answer[0].text }
        if preview != nil { answer[0].text = say(.whereInPreview) + " " + answer[0].text }
        if exact {
            var extra: [String] = []
            switch position.source {
            case .fixed: break
            case .gps(let address):
                extra.append(
                    position.fixLost || position.waitingForFix != nil
                        ? say(.whereGpsLost(address: address)) : say(.whereGps(address: address)))
                extra += fixPhrases()
            case .route(let file): extra.append(say(.whereRoute(file: file)))
            }
            if !extra.isEmpty { answer[0].text += " " + extra.joined(separator: " ") }
        }
        return Reaction(answer)
    }

    /// What `where` says first while the GPS followed gives no fix: that the position is the
    /// last one (before the first fix, after a lost one, while the GPS is silent); nil while it
    /// gives fixes.
    func gpsCaveat() -> String? {
        guard case .gps = position.source else { return nil }
        if position.waitingForFix != nil { return say(.whereWaitingLast) }
        if position.fixLost { return say(.positionFixLost) }
        if position.gpsSilent { return say(.positionSilent) }
        return nil
    }

    /// A fix older than this is said with its age by `where exact`, in seconds.
    public static let fixAgeSaid = 2.0

    /// `where exact` of a GPS's last fix: its kind (2D or 3D) and its age when older than
    /// `fixAgeSaid` ("3D fix, 5 seconds old."; "Last fix 22 seconds old." once lost), then gpsd's
    /// own accuracy when it gave one, rounded up. Nothing before the first fix.
    func fixPhrases() -> [String] {
        guard position.waitingForFix == nil, let fixTime = position.fixTime else { return [] }
        var phrases: [String] = []
        let age = clock.map { $0 - fixTime }.flatMap { $0 > Self.fixAgeSaid ? agePhrase($0) : nil }
        let is2D = position.fixMode == 2
        if position.fixLost {
            if let age { phrases.append(say(.whereFixLastOld(age: age))) }
        } else if let age {
            phrases.append(say(is2D ? .whereFix2dOld(age: age) : .whereFix3dOld(age: age)))
        } else if position.fixMode != nil {
            phrases.append(say(is2D ? .whereFix2d : .whereFix3d))
        }
        if let accuracy = position.accuracy {
            // An error is never said smaller than gpsd gives it: up to the next 5 metres (17.1: 20).
            let bound = (accuracy / 5).rounded(.up) * 5
            phrases.append(say(.whereAccuracy(distance: distancePhrase(bound))))
        }
        return phrases
    }

    /// How old something is: "5 seconds" under 2 minutes, then "3 minutes".
    func agePhrase(_ seconds: Double) -> String {
        guard seconds >= 120 else {
            let count = Int(seconds.rounded())
            return say(.ageSeconds(count: grouped(count), plural: count))
        }
        let minutes = Int((seconds / 60).rounded())
        return say(.ageMinutes(count: grouped(minutes), plural: minutes))
    }

    /// The street the shell found about `point`: kept for `where` while the position is there.
    /// The street or intersection the shell found for `set at NAME` (or none): `set at` is
    /// answered again with it (`Effect.findNamedStreet`'s `then`).
    mutating func namedStreetFound(_ query: String, _ street: NamedStreet?) -> Reaction {
        position.namedStreet = (query, street)
        return Reaction()
    }

    mutating func streetFound(_ name: String?, at point: Coordinate, network: StreetNetwork? = nil) -> Reaction {
        position.street = (name, point)
        position.network = network.map { ($0, point) }
        return Reaction()
    }
}
