import PlaceData
import Words

/// How a stop of public transport is said: with its kind before its name in a callout ("Bus stop
/// Kauppatori", where a café's name is enough) and with the lines that serve it ("lines 16 and
/// 17"; "tram lines 1 and 3 and bus line 24" when they are not all of the stop's own mode).
extension NearbyState {
    /// The place's name as a callout says it: a stop's kind and name ("Bus stop Kauppatori, lines
    /// 16 and 17"), any other place's name alone.
    func calledName(_ index: Int) -> String {
        let place = places.all[index]
        guard CalloutCategory.of(kind: place.kind) == .transit else { return place.name }
        let name = namesItsKind(index) ? place.name : say(.stopNamed(kind: kindName(place.kind), name: place.name))
        guard let lines = linesPhrase(place, limit: Self.calloutLines) else { return name }
        return say(.stopWithLines(stop: name, lines: lines))
    }

    /// The lines a callout names; more are summed ("and 4 more"). `details` says them all.
    static let calloutLines = 6

    /// "Served by lines 16 and 17.", for a stop's details (at most `limit` refs, the rest
    /// counted, when the details are cut to fit); nil for a place with no lines.
    func servedByPhrase(_ place: Place, limit: Int? = nil) -> String? {
        linesPhrase(place, limit: limit).map { say(.detailsLines(lines: $0)) }
    }

    /// The place's lines: "lines 16 and 17" when all are of the stop's own mode (a bus stop's
    /// buses), else each mode's ("tram lines 1 and 3 and bus line 24"); at most `limit` refs,
    /// the rest counted. Nil when it has none.
    func linesPhrase(_ place: Place, limit: Int?) -> String? {
        guard let text = place.facts.lines else { return nil }
        let lines = TransitLines(text: text)
        guard !lines.isEmpty else { return nil }
        var left = limit ?? Int.max
        var omitted = 0
        var groups: [String] = []
        let byMode = lines.byMode
        let ownMode = byMode.count == 1 && Self.mode(ofKind: place.kind) == byMode[0].mode
        for (mode, refs) in byMode {
            let said = Array(refs.prefix(max(left, 0)))
            omitted += refs.count - said.count
            left -= said.count
            guard !said.isEmpty else { continue }
            // A cut list runs on into the count: "lines 1, A, D and 2 more".
            let list =
                said.count < refs.count
                ? said.joined(separator: say(.listSeparator)) : FactsWording.all(said, words)
            groups.append(
                say(ownMode ? .linesOfStop(refs: list, plural: said.count) : Self.lines(mode, list, said.count)))
        }
        if omitted > 0 { groups.append(say(.linesMore(count: grouped(omitted), plural: omitted))) }
        return FactsWording.all(groups, words)
    }

    /// "bus lines 16 and 17", "tram line 4".
    static func lines(_ mode: TransitLines.Mode, _ refs: String, _ count: Int) -> Phrase {
        switch mode {
        case .bus: .linesBus(refs: refs, plural: count)
        case .tram: .linesTram(refs: refs, plural: count)
        case .subway: .linesSubway(refs: refs, plural: count)
        case .train: .linesTrain(refs: refs, plural: count)
        case .ferry: .linesFerry(refs: refs, plural: count)
        }
    }

    /// The mode of a stop's kind, as OpenStreetMap's kinds are said in English: a bus stop's
    /// buses; nil for a station or a platform, which say each mode.
    static func mode(ofKind kind: String) -> TransitLines.Mode? {
        switch kind.lowercased() {
        case "bus stop": .bus
        case "tram stop": .tram
        default: nil
        }
    }
}
