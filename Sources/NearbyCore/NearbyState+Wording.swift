import PlaceData
import Words

/// The words of every announcement: how places, the sheet and the map are said. Every word
/// comes from `words`, the catalog of the current language.
extension NearbyState {
    /// The words of `key` with `fields`, in the session's language.
    func say(_ key: String, _ fields: [String: String] = [:], count: Int? = nil) -> String {
        words.text(key, fields, count: count)
    }

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

    /// A distance in the user's units: "250 metres".
    func distancePhrase(_ metres: Double) -> String { SpokenMeasure.distance(metres, units: settings.units, words) }

    /// "250 metres north-west", or "ahead to the left" with a heading.
    func distanceAndDirection(of index: Int) -> String {
        let metres = distances[index]
        let distance = distancePhrase(metres)
        if metres < 2.5 { return distance }
        let bearing = settings.origin.bearing(to: catalog.places[index].coordinate)
        let direction = SpokenMeasure.direction(
            bearing: bearing, heading: settings.heading, style: settings.directions, words)
        return say("place.distance-direction", ["distance": distance, "direction": direction])
    }

    /// "4 minute walk".
    func walkPhrase(of index: Int) -> String {
        SpokenMeasure.walk(minutes: SpokenMeasure.walkMinutes(distances[index], speed: settings.walkSpeed), words)
    }

    /// A place as a list row is read: name, kind, distance, direction, walk time, and the
    /// position last when given. A selected place is first said to be selected, as VoiceOver
    /// reads the selected trait.
    func describe(_ index: Int, position: Int? = nil) -> String {
        let place = catalog.places[index]
        var text = say(
            namesItsKind(index) ? "place.row-kind-in-name" : "place.row",
            [
                "name": place.name, "kind": place.kind, "where": distanceAndDirection(of: index),
                "walk": walkPhrase(of: index),
            ])
        if place.id == selection { text = say("place.selected", ["place": text]) }
        if let position {
            let spokenPosition = say("list.position", ["index": grouped(position), "count": grouped(shown.count)])
            text = say("place.with-position", ["place": text, "position": spokenPosition])
        }
        return text
    }

    /// Whether the place's name already says its kind ("Golden Crust Bakery", a bakery): the
    /// kind is then not said again.
    func namesItsKind(_ index: Int) -> Bool {
        let kind = TextFolding.fold(catalog.places[index].kind)
        return !kind.isEmpty && catalog.foldedName(at: index).contains(kind)
    }

    /// "1 place" or "21 places".
    func placesPhrase(_ count: Int) -> String {
        say("places.count", ["count": grouped(count)], count: count)
    }

    /// What an empty list says: no results for the query, in the filter when one is on.
    func emptyListPhrase() -> String {
        if let kindFilter {
            return query.isEmpty
                ? say("list.none-in-filter", ["kind": kindFilter])
                : say("results.none-in-filter", ["query": query, "kind": kindFilter])
        }
        return query.isEmpty ? say("list.none") : say("results.none", ["query": query])
    }

    /// `around`: the nearest shown place in each quarter, with its distance: ahead, to the
    /// right, behind and to the left with a heading; north, east, south and west without (or
    /// with compass directions chosen). Only the nearest 10,000 are looked at.
    func aroundPhrase() -> String {
        guard !shown.isEmpty else { return emptyListPhrase() }
        let relative = settings.heading != nil && settings.directions != .compass
        let keys =
            relative
            ? ["direction.ahead", "direction.right", "direction.behind", "direction.left"]
            : ["direction.north", "direction.east", "direction.south", "direction.west"]
        var nearest: [Int?] = Array(repeating: nil, count: 4)
        for index in shown.prefix(10_000) where distances[index] >= 2.5 {
            let bearing = settings.origin.bearing(to: catalog.places[index].coordinate)
            let angle = bearing - (relative ? settings.heading ?? 0 : 0)
            let normalised = (angle.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360)
            let quarter = Int(((normalised + 45) / 90).rounded(.down)) % 4
            if nearest[quarter] == nil { nearest[quarter] = index }
            if !nearest.contains(nil) { break }
        }
        let items = zip(keys, nearest).map { key, index in
            guard let index else { return say("around.nothing", ["direction": say(key)]) }
            return say(
                "around.item",
                [
                    "direction": say(key), "name": catalog.places[index].name,
                    "distance": distancePhrase(distances[index]),
                ])
        }
        return say("around", ["items": items.joined(separator: say("list.item-separator"))])
    }

    /// `count`: how many places the list shows, under the search and the filter.
    func countPhrase() -> String {
        guard !shown.isEmpty else { return emptyListPhrase() }
        let count = ["count": grouped(shown.count), "query": query, "kind": kindFilter ?? ""]
        switch (query.isEmpty, kindFilter == nil) {
        case (true, true): return say("count.all", count, count: shown.count)
        case (true, false): return say("count.in-filter", count, count: shown.count)
        case (false, true): return say("count.matching", count, count: shown.count)
        case (false, false): return say("count.matching-in-filter", count, count: shown.count)
        }
    }

    /// The search's answer: how many match, and the first.
    func resultsPhrase() -> String {
        guard let first = shown.first else { return emptyListPhrase() }
        var fields = [
            "count": grouped(shown.count), "query": query, "kind": kindFilter ?? "", "first": describe(first),
        ]
        fields["places"] = placesPhrase(shown.count)
        switch (query.isEmpty, kindFilter == nil) {
        case (true, true): return say("results.all", fields)
        case (true, false): return say("results.all-in-filter", fields)
        case (false, true): return say("results.matching", fields, count: shown.count)
        case (false, false): return say("results.matching-in-filter", fields, count: shown.count)
        }
    }

    /// What the map shows, in words.
    func cameraPhrase() -> String {
        switch camera {
        case .showingAll:
            if shown.isEmpty {
                return kindFilter.map { say("camera.shows-none-in-filter", ["kind": $0]) } ?? say("camera.shows-none")
            }
            let fields = ["places": placesPhrase(shown.count), "kind": kindFilter ?? "", "query": query]
            switch (query.isEmpty, kindFilter == nil) {
            case (true, true): return say("camera.shows-all", fields)
            case (true, false): return say("camera.shows-in-filter", fields)
            case (false, true): return say("camera.shows-matching", fields)
            case (false, false): return say("camera.shows-matching-in-filter", fields)
            }
        case .closeUp(let id, let altitude):
            let name = catalog.places.first { $0.id == id }?.name ?? id
            return say("camera.shows-close-up", ["name": name, "height": distancePhrase(altitude)])
        }
    }

    /// The camera's move to a place: it flies, or, with reduce motion, it simply shows it.
    func cameraMovePhrase(to index: Int) -> String {
        let fields = ["name": catalog.places[index].name, "height": distancePhrase(settings.closeUpDistance)]
        return say(settings.reduceMotion ? "camera.shows-close-up" : "camera.flies-to", fields)
    }

    /// The camera's return to every match after a query change.
    func cameraOverviewPhrase() -> String {
        let what: String
        if shown.isEmpty {
            what = kindFilter.map { say("camera.what-none-in-filter", ["kind": $0]) } ?? say("camera.what-none")
        } else if !query.isEmpty {
            let fields = ["count": grouped(shown.count), "kind": kindFilter ?? ""]
            what = say(
                kindFilter == nil ? "camera.what-matches" : "camera.what-matches-in-filter", fields, count: shown.count)
        } else {
            what =
                kindFilter.map { say("camera.what-in-filter", ["places": placesPhrase(shown.count), "kind": $0]) }
                ?? say("camera.what-all", ["places": placesPhrase(shown.count)])
        }
        return say(settings.reduceMotion ? "camera.shows" : "camera.zooms-out", ["what": what])
    }
}
