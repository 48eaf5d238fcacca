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
        }
        position.accuracy = report.accuracy
        if let route = report.route { position.route = route }
        let focused = focus.map { shown[$0] }
        let follows = position.followsCourse
        updateSettings { settings in
            settings.origin = report.coordinate
            if follows, let course = report.course, (report.speed ?? 0) > Self.walkingSpeed {
                settings.heading = course.truncatingRemainder(dividingBy: 360)
            }
        }
        if let focused { focus = rank(of: focused) }
        if let network = report.streets { position.network = (network, report.coordinate) }
        // The streets first: a corner outranks a shop when both fall due together.
        if let network = report.streets, settings.callouts {
            let moving = (report.speed ?? 0) > Self.walkingSpeed
            said += streetCallouts(on: network, travel: moving ? report.course ?? settings.heading : settings.heading)
        }
        said += callouts(at: report.time)
        if report.route?.isFinished == true {
            said.append(callout(say(.routeEnded(length: distancePhrase(report.route?.length ?? 0)))))
        }
        var effects: [Effect] = []
        if places.isWindow {
            let centre = position.windowCentre ?? report.coordinate
            position.windowCentre = centre
            if centre.distance(to: report.coordinate) > Self.windowMargin {
                position.windowCentre = report.coordinate
                effects.append(.moveWindow(around: report.coordinate))
            }
        }
        return Reaction(said, effects: effects)
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
        return Reaction([callout(say(.positionFixLost))])
    }

    /// `set at gpsd` reached gpsd: the position follows it from now on.
    mutating func gpsFollowed(_ address: String) -> Reaction {
        position.source = .gps(address)
        position.fixLost = false
        return Reaction([Announcement(say(.positionFollowingGps(address: address)), kind: .settings)])
    }

    /// `set at gpsd` found nothing answering: the position stays.
    func gpsUnavailable(_ address: String) -> Reaction {
        let problem = say(.positionNoGps(address: address))
        return Reaction([Announcement(say(.positionNoGpsKept(problem: problem)), kind: .error, earcon: .error)])
    }

    /// `where` and `where exact`: with a place store, the street is found first (by the shell).
    mutating func whereRequested(exact: Bool) -> Reaction {
        if places.isWindow, !exact, position.street?.at != settings.origin {
            return Reaction(effects: [.findStreet(around: settings.origin, then: .whereRequested(exact: exact))])
        }
        var answer = whereAnswer(exact: exact)
        if !exact, let network = position.network, network.at == settings.origin {
            // The walking network knows the street and its corners; nothing when no way is near.
            if let street = networkWherePhrase(network.streets) { answer[0].text = street + " " + answer[0].text }
        } else if !exact, let street = position.street, street.at == settings.origin, let name = street.name {
            answer[0].text = say(.whereStreet(street: name)) + " " + answer[0].text
        }
        if exact {
            var extra: [String] = []
            switch position.source {
            case .fixed: break
            case .gps(let address):
                extra.append(
                    position.fixLost ? say(.whereGpsLost(address: address)) : say(.whereGps(address: address)))
            case .route(let file): extra.append(say(.whereRoute(file: file)))
            }
            if let accuracy = position.accuracy {
                extra.append(say(.whereAccuracy(distance: distancePhrase(accuracy))))
            }
            if !extra.isEmpty { answer[0].text += " " + extra.joined(separator: " ") }
        }
        return Reaction(answer)
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
