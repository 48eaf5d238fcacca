/// The words of every announcement: how places, the sheet and the map are said.
extension NearbyState {
    /// "250 metres north-west", or "ahead to the left" with a heading.
    func distanceAndDirection(of index: Int) -> String {
        let metres = distances[index]
        let distance = SpokenMeasure.distance(metres, units: settings.units)
        if metres < 2.5 { return distance }
        let bearing = settings.origin.bearing(to: catalog.places[index].coordinate)
        return "\(distance) \(SpokenMeasure.direction(bearing: bearing, heading: settings.heading))"
    }

    /// "4 minute walk".
    func walkPhrase(of index: Int) -> String {
        SpokenMeasure.walk(minutes: SpokenMeasure.walkMinutes(distances[index], speed: settings.walkSpeed))
    }

    /// A place as a list row is read: name, kind, distance, direction, walk time, and the
    /// position last when given. A selected place is first said to be selected, as VoiceOver
    /// reads the selected trait.
    func describe(_ index: Int, position: Int? = nil) -> String {
        let place = catalog.places[index]
        var parts = [place.name, place.kind, distanceAndDirection(of: index), walkPhrase(of: index)]
        if place.id == selection { parts.insert("Selected", at: 0) }
        if let position { parts.append("\(position) of \(shown.count)") }
        return parts.joined(separator: ", ")
    }

    /// "1 place" or "21 places".
    public static func places(_ count: Int) -> String {
        count == 1 ? "1 place" : "\(SpokenMeasure.grouped(count)) places"
    }

    /// "1 more place" or "17 more places".
    static func morePlaces(_ count: Int) -> String {
        count == 1 ? "1 more place" : "\(SpokenMeasure.grouped(count)) more places"
    }

    /// What an empty list says: no results for the query, in the filter when one is on.
    func emptyListPhrase() -> String {
        let filterNote = kindFilter.map { " in \($0)" } ?? ""
        return query.isEmpty ? "No places\(filterNote)." : "No results for \"\(query)\"\(filterNote)."
    }

    /// `count`: how many places the list shows, under the search and the filter.
    func countPhrase() -> String {
        guard !shown.isEmpty else { return emptyListPhrase() }
        let filterNote = kindFilter.map { " in \($0)" } ?? ""
        if query.isEmpty { return "\(Self.places(shown.count))\(filterNote)." }
        if shown.count == 1 { return "1 place matches \"\(query)\"\(filterNote)." }
        return "\(Self.places(shown.count)) match \"\(query)\"\(filterNote)."
    }

    /// The search's answer: how many match, and the first.
    func resultsPhrase() -> String {
        let filterNote = kindFilter.map { " in \($0)" } ?? ""
        if query.isEmpty {
            guard let first = shown.first else { return "No places\(filterNote)." }
            return "\(Self.places(shown.count))\(filterNote). First, \(describe(first))."
        }
        guard let first = shown.first else { return "No results for \"\(query)\"\(filterNote)." }
        if shown.count == 1 { return "1 place matches \"\(query)\"\(filterNote): \(describe(first))." }
        return "\(Self.places(shown.count)) match \"\(query)\"\(filterNote). First, \(describe(first))."
    }

    /// The handle, as VoiceOver reads an adjustable element: name, value, position, and the hint
    /// the first time (always when verbose, never when terse).
    mutating func handlePhrase() -> String {
        var text = "Sheet, \(detent.spokenValue), \(detent.position) of \(Detent.allCases.count)."
        let wantsHint: Bool
        switch settings.verbosity {
        case .terse: wantsHint = false
        case .normal: wantsHint = !hasHeardHandleHint
        case .verbose: wantsHint = true
        }
        if wantsHint { text += " Adjustable: type up or down to move it." }
        hasHeardHandleHint = true
        return text
    }

    /// What the map shows, in words.
    func cameraPhrase() -> String {
        switch camera {
        case .showingAll:
            let filterNote = kindFilter.map { " in \($0)" } ?? ""
            if shown.isEmpty { return "Map shows no places\(filterNote)." }
            return query.isEmpty && kindFilter == nil
                ? "Map shows all \(Self.places(shown.count))."
                : "Map shows \(Self.places(shown.count))\(filterNote)\(query.isEmpty ? "" : " matching \"\(query)\"")."
        case .closeUp(let id, let altitude):
            let name = catalog.places.first { $0.id == id }?.name ?? id
            return "Map shows \(name) from \(SpokenMeasure.distance(altitude, units: settings.units)) above."
        }
    }

    /// The camera's move to a place: it flies, or, with reduce motion, it simply shows it.
    func cameraMovePhrase(to index: Int) -> String {
        let place = catalog.places[index]
        let height = SpokenMeasure.distance(settings.closeUpDistance, units: settings.units)
        return settings.reduceMotion
            ? "Map shows \(place.name) from \(height) above."
            : "Map flies to \(place.name), \(height) above."
    }

    /// The camera's return to every match after a query change.
    func cameraOverviewPhrase() -> String {
        let filterNote = kindFilter.map { " in \($0)" } ?? ""
        let what: String
        if shown.isEmpty {
            what = "no places\(filterNote)"
        } else if !query.isEmpty {
            what = shown.count == 1 ? "the 1 match\(filterNote)" : "all \(shown.count) matches\(filterNote)"
        } else {
            what = kindFilter == nil ? "all \(Self.places(shown.count))" : "\(Self.places(shown.count))\(filterNote)"
        }
        return settings.reduceMotion ? "Map shows \(what)." : "Map zooms out to \(what)."
    }
}
