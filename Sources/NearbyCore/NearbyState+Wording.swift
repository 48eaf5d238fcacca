import PlaceData
import Words

/// The words of every announcement: how places, the sheet and the map are said. Every word
/// comes from `words`, the catalog of the current language.
extension NearbyState {
    /// The words of a key without fields, in the session's language.
    func say(_ key: Key) -> String { words.text(key) }

    /// The words of `phrase` (a key with its fields: `say(.placeRow(name: …))`), in the
    /// session's language.
    func say(_ phrase: Phrase) -> String { words.text(phrase) }

    /// `announcement` marked as telling only what the eye sees, unless visuals are on.
    func visual(_ announcement: Announcement) -> Announcement {
        var marked = announcement
        marked.isVisualOnly = !settings.visuals
        if marked.isVisualOnly { marked.earcon = nil }
        return marked
    }

    /// A whole number as the language groups it: "1,500" in English.
    func grouped(_ number: Int) -> String { SpokenMeasure.grouped(number, words) }

    /// A place's kind in the listener's language ("Panadería" for "Bakery"), or a group's
    /// (`KindGroup`) as its filter is called ("Transit").
    func kindName(_ kind: String) -> String {
        switch KindGroup(filterName: kind) {
        case .transit: say(.filterTransit)
        case nil:
            kind == MarkedPlace.kind
                ? say(.markerKind) : kind == Self.waypointKind ? say(.waypointKind) : words.kindWord(kind)
        }
    }

    /// Whether the filter lets a place of kind `kind` through (every kind when there is none).
    func filterAdmits(_ kind: String) -> Bool {
        kindFilter.map { KindGroup.filter($0, admits: kind) } ?? true
    }

    /// A distance in the user's units: "250 metres".
    func distancePhrase(_ metres: Double) -> String { SpokenMeasure.distance(metres, units: settings.units, words) }

    /// "250 metres north-west", or "ahead to the left" with a heading; "distance unknown" while
    /// there is no position yet (`hasPosition`).
    func distanceAndDirection(of index: Int) -> String {
        guard hasPosition else { return say(.placeDistanceUnknown) }
        let metres = distances[index]
        let distance = distancePhrase(metres)
        guard SpokenMeasure.hasDirection(atDistance: metres) else { return distance }
        let bearing = settings.origin.bearing(to: places.all[index].coordinate)
        let direction = SpokenMeasure.direction(
            bearing: bearing, heading: settings.heading, style: settings.directions, words)
        return say(.placeDistanceDirection(distance: distance, direction: direction))
    }

    /// "4 minute walk"; "walk time unknown" while there is no position yet (`hasPosition`).
    func walkPhrase(of index: Int) -> String {
        guard hasPosition else { return say(.placeWalkUnknown) }
        return SpokenMeasure.walk(
            minutes: SpokenMeasure.walkMinutes(distances[index], speed: settings.walkSpeed), words)
    }

    /// A place as a list row is read: name, kind, distance, direction, walk time, and the
    /// position last when given. A selected place is first said to be selected, as VoiceOver
    /// reads the selected trait.
    func describe(_ index: Int, position: Int? = nil) -> String {
        let place = places.all[index]
        var text = say(
            namesItsKind(index)
                ? .placeRowKindInName(
                    name: place.name, where: distanceAndDirection(of: index), walk: walkPhrase(of: index))
                : .placeRow(
                    name: place.name, kind: kindName(place.kind), where: distanceAndDirection(of: index),
                    walk: walkPhrase(of: index)))
        if place.id == selection { text = say(.placeSelected(place: text)) }
        if let position {
            let spokenPosition = say(.listPosition(index: grouped(position), count: grouped(shown.count)))
            text = say(.placeWithPosition(place: text, position: spokenPosition))
        }
        return text
    }

    /// Whether the place's name already says its kind ("Golden Crust Bakery", a bakery): the
    /// kind is then not said again.
    func namesItsKind(_ index: Int) -> Bool {
        // The Map Search Sheet's row is name, then kind, always (000).
        guard settings.screen == .nearby else { return false }
        let kind = TextFolding.fold(kindName(places.all[index].kind))
        return !kind.isEmpty && places.foldedName(at: index).contains(kind)
    }

    /// "The Café filter stays: type filter all for every kind.", in the command words of the
    /// session's language.
    func filterStaysPhrase() -> String {
        say(.filterStays(kind: kindName(kindFilter ?? ""), all: say(.filterAll)))
    }

    /// "1 place" or "21 places".
    func placesPhrase(_ count: Int) -> String {
        say(.placesCount(count: grouped(count), plural: count))
    }

    /// What an empty list says: no results for the query, in the filter when one is on.
    func emptyListPhrase() -> String {
        if let kindFilter {
            return query.isEmpty
                ? say(.listNoneInFilter(kind: kindName(kindFilter)))
                : say(.resultsNoneInFilter(query: query, kind: kindName(kindFilter)))
        }
        return query.isEmpty ? say(.listNone) : say(.resultsNone(query: query))
    }

    /// The places around the user whatever the search and the filter: those within the radius
    /// (every place, when none is), nearest first. `where` and `around` describe these, then
    /// mention the search when one is on.
    func placesAround() -> NearestFirst {
        let radius = settings.radius
        let near = distances.withUnsafeBufferPointer { distances in
            (0..<Int32(distances.count)).filter { distances[Int($0)] <= radius }
        }
        return NearestFirst(members: near.isEmpty ? (0..<Int32(places.count)).map { $0 } : near, distances: distances)
    }

    /// Whether a search or a filter narrows the list.
    var isNarrowed: Bool { !query.isEmpty || kindFilter != nil }

    /// `around`: the nearest place in each quarter, whatever the search, with its distance:
    /// ahead, to the right, behind and to the left with a heading; north, east, south and west
    /// without (or with compass directions chosen); then the search, when one is on. Only the
    /// nearest 10,000 are looked at.
    func aroundPhrase() -> String {
        guard !placesAround().isEmpty else { return say(.listNone) }
        let text = say(.around(items: aroundItems().map(\.text).joined(separator: say(.listItemSeparator))))
        return isNarrowed ? text + " " + countPhrase() : text
    }

    /// `around`'s items, in the order said, each with the place it names (nil: nothing there).
    /// With the walking network about the position, a corner worth a word nearer than a quarter's
    /// nearest place is said there instead ("intersection of Aleksanterinkatu and Mikonkatu").
    func aroundItems() -> [(text: String, index: Int?, bearing: Double?)] {
        let around = placesAround()
        let relative = settings.heading != nil && settings.directions != .compass
        // Each quarter as the directions are said: the compass, words relative to the heading,
        // or the clock face's 12, 3, 6 and 9.
        let quarters: [String] =
            !relative
            ? [Key.directionNorth, Key.directionEast, Key.directionSouth, Key.directionWest].map { say($0) }
            : settings.directions == .clock
                ? [12, 3, 6, 9].map { say(.directionClock(hour: String($0), plural: $0)) }
                : [Key.directionAhead, Key.directionRight, Key.directionBehind, Key.directionLeft].map { say($0) }
        // The quarter a bearing falls in, from north (or ahead) clockwise.
        func quarter(of bearing: Double) -> Int {
            let angle = bearing - (relative ? settings.heading ?? 0 : 0)
            let normalised = (angle.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360)
            return Int(((normalised + 45) / 90).rounded(.down)) % 4
        }
        var nearest: [Int?] = Array(repeating: nil, count: 4)
        for index in around.prefix(10_000) where SpokenMeasure.hasDirection(atDistance: distances[index]) {
            let quarter = quarter(of: settings.origin.bearing(to: places.all[index].coordinate))
            if nearest[quarter] == nil { nearest[quarter] = index }
            if !nearest.contains(nil) { break }
        }
        // The corners of the walking network, each where it is nearer than the quarter's place.
        var corners: [(name: String, distance: Double, bearing: Double)?] = Array(repeating: nil, count: 4)
        for corner in cornersNear() {
            let quarter = quarter(of: corner.bearing)
            let place = nearest[quarter].map { distances[$0] } ?? .infinity
            guard corner.distance < place, corner.distance < corners[quarter]?.distance ?? .infinity else { continue }
            corners[quarter] = corner
        }
        return zip(quarters, zip(nearest, corners)).map { quarter, found in
            let (index, corner) = found
            if let corner {
                let text = say(
                    .aroundItem(direction: quarter, name: corner.name, distance: distancePhrase(corner.distance)))
                return (text, nil, Self.relative(corner.bearing, to: settings.heading ?? 0))
            }
            guard let index else { return (say(.aroundNothing(direction: quarter)), nil, nil) }
            let text = say(
                .aroundItem(
                    direction: quarter, name: places.all[index].name, distance: distancePhrase(distances[index])))
            return (text, index, relativeBearing(of: index))
        }
    }

    /// `count`: how many places the list shows, under the search and the filter.
    func countPhrase() -> String {
        guard !shown.isEmpty else { return emptyListPhrase() }
        let listed = listedCount
        let (count, plural) = (grouped(listed), listed)
        switch (query.isEmpty, kindFilter.map(kindName)) {
        case (true, nil): return say(.countAll(count: count, plural: plural))
        case (true, let kind?): return say(.countInFilter(count: count, kind: kind, plural: plural))
        case (false, nil): return say(.countMatching(count: count, query: query, plural: plural))
        case (false, let kind?):
            return say(.countMatchingInFilter(count: count, query: query, kind: kind, plural: plural))
        }
    }

    /// The search's answer: how many match, and the first.
    func resultsPhrase() -> String {
        guard let nearest = shown.first else { return emptyListPhrase() }
        let first = describe(nearest)
        let kind = kindFilter.map(kindName)
        if isBeyondRadius {
            let radius = distancePhrase(settings.radius)
            switch (query.isEmpty, kind) {
            case (true, nil): return say(.resultsBeyondRadiusAll(radius: radius, first: first))
            case (true, let kind?): return say(.resultsBeyondRadiusInFilter(kind: kind, radius: radius, first: first))
            case (false, nil): return say(.resultsBeyondRadius(radius: radius, query: query, first: first))
            case (false, let kind?):
                return say(.resultsBeyondRadiusMatchingInFilter(kind: kind, radius: radius, query: query, first: first))
            }
        }
        let (count, plural) = (grouped(shown.count), shown.count)
        switch (query.isEmpty, kind) {
        case (true, nil): return say(.resultsAll(places: placesPhrase(shown.count), first: first))
        case (true, let kind?):
            return say(.resultsAllInFilter(places: placesPhrase(shown.count), kind: kind, first: first))
        case (false, nil): return say(.resultsMatching(count: count, query: query, first: first, plural: plural))
        case (false, let kind?):
            return say(.resultsMatchingInFilter(count: count, query: query, kind: kind, first: first, plural: plural))
        }
    }

    /// What the map shows, in words.
    func cameraPhrase() -> String {
        switch camera {
        case .showingAll:
            if shown.isEmpty {
                return kindFilter.map { say(.cameraShowsNoneInFilter(kind: kindName($0))) } ?? say(.cameraShowsNone)
            }
            let places = placesPhrase(shown.count)
            switch (query.isEmpty, kindFilter.map(kindName)) {
            case (true, nil): return say(.cameraShowsAll(places: places))
            case (true, let kind?): return say(.cameraShowsInFilter(places: places, kind: kind))
            case (false, nil): return say(.cameraShowsMatching(places: places, query: query))
            case (false, let kind?): return say(.cameraShowsMatchingInFilter(places: places, kind: kind, query: query))
            }
        case .closeUp(let id, let altitude):
            let name = places.all.first { $0.id == id }?.name ?? id
            return say(.cameraShowsCloseUp(name: name, height: distancePhrase(altitude)))
        }
    }

    /// The camera's move to a place: it flies, or, with reduce motion, it simply shows it.
    func cameraMovePhrase(to index: Int) -> String {
        let (name, height) = (places.all[index].name, distancePhrase(settings.closeUpDistance))
        return settings.reduceMotion
            ? say(.cameraShowsCloseUp(name: name, height: height)) : say(.cameraFliesTo(name: name, height: height))
    }

    /// The camera's return to every match after a query change.
    func cameraOverviewPhrase() -> String {
        let what: String
        if shown.isEmpty {
            what = kindFilter.map { say(.cameraWhatNoneInFilter(kind: kindName($0))) } ?? say(.cameraWhatNone)
        } else if !query.isEmpty {
            let count = grouped(shown.count)
            what =
                kindFilter.map {
                    say(.cameraWhatMatchesInFilter(count: count, kind: kindName($0), plural: shown.count))
                } ?? say(.cameraWhatMatches(count: count, plural: shown.count))
        } else {
            what =
                kindFilter.map {
                    say(.cameraWhatInFilter(places: placesPhrase(shown.count), kind: kindName($0)))
                }
                ?? say(.cameraWhatAll(places: placesPhrase(shown.count)))
        }
        return settings.reduceMotion ? say(.cameraShows(what: what)) : say(.cameraZoomsOut(what: what))
    }
}
