import PlaceData
import Words

/// The filter pills under the search field: `filter KIND`, `filter all`, and `filter` alone,
/// which reads the pills with their counts. The filter narrows the list the search shows
/// (shared state), so these are extensions on `NearbyState`, gathered here.
extension NearbyState {
    /// `filter KIND` (a kind, or the start of one, as the places spell it), `filter transit`
    /// (every stop and station, `KindGroup`), or `filter all` (nil).
    mutating func chooseFilter(_ kind: String?) -> [Announcement] {
        guard let kind else {
            kindFilter = nil
            return afterFilterChange()
        }
        let wanted = TextFolding.fold(kind)
        if let group = Self.groupNamed(wanted) {
            kindFilter = group.filterName
            return afterFilterChange()
        }
        let kinds = places.kindCounts()
        // The kind in the listener's language, or as the places spell it (English for
        // OpenStreetMap's and the built-in ones), whole or its beginning; else whole in another
        // of the languages ("filtrar padaria" in Spanish).
        let words = self.words
        let spellings = { (kind: String) in [kind, words.kindWord(kind)].map(TextFolding.fold) }
        guard
            let match = kinds.first(where: { spellings($0.kind).contains(wanted) })
                ?? kinds.first(where: { spellings($0.kind).contains { $0.hasPrefix(wanted) } })
                ?? kindNamed(kind).flatMap({ named in kinds.first { $0.kind == named } })
        else {
            let names = kinds.map { kindName($0.kind) }.sorted { TextFolding.fold($0) < TextFolding.fold($1) }
                .joined(separator: say(.listSeparator))
            return [
                Announcement(
                    say(.filterUnknown(kind: Self.echo(kind, words), all: say(.filterAll), kinds: names)),
                    kind: .error,
                    earcon: .error)
            ]
        }
        kindFilter = match.kind
        return afterFilterChange()
    }

    /// A changed filter, as a changed query: the selection goes, the focus is on the first
    /// match (as after `find`, so that `next` goes to the second), the camera shows every match.
    private mutating func afterFilterChange() -> [Announcement] {
        let overview = showNewMatches()
        if !shown.isEmpty { setFocus(0) }
        return [
            Announcement(
                say(.filterChosen(kind: kindFilter.map(kindName) ?? say(.filterAllPill))) + " " + resultsPhrase(),
                kind: .results, earcon: shown.isEmpty ? .noResults : nil)
        ] + (overview.map { [$0] } ?? [])
    }

    /// The pills as `read` at half height says them: how many and which is chosen (a real map's
    /// places make over a hundred pills); `filtersHint` says how to hear them all.
    func filtersSummary() -> String {
        // While only the nearest part of a store's window is in, the whole list's kinds.
        let count = (partListing?.kinds?.count ?? pillCounts().kinds.count) + 1
        // "All" is what a screen starts with: only a chosen filter is named.
        guard let kindFilter else { return say(.filterSummaryAll(count: grouped(count), plural: count)) }
        return say(.filterSummary(count: grouped(count), kind: kindName(kindFilter), plural: count))
    }

    /// "Type filter to hear them", when it is due after the pills' summary: the first time, as
    /// the handle's hint (always when verbose, never when terse). Nil when not due.
    var filtersHint: String? {
        switch settings.verbosity {
        case .terse: nil
        case .normal: hasHeardFiltersHint ? nil : say(.filterSummaryHint)
        case .verbose: say(.filterSummaryHint)
        }
    }

    /// The filter pills, each with its count among the places the query matches within the
    /// radius (all of them, when none is within it).
    func filtersPhrase() -> String {
        let (counts, all) = pillCounts()
        func pill(_ name: String, _ count: Int, selected: Bool) -> String {
            selected
                ? say(.filterPillSelected(kind: name, count: grouped(count)))
                : say(.filterPill(kind: name, count: grouped(count)))
        }
        let pills = counts.map { pill(kindName($0.kind), $0.count, selected: $0.kind == kindFilter) }
        let allPill = pill(say(.filterAllPill), all, selected: kindFilter == nil)
        return say(.filterPills(pills: ([allPill] + pills).joined(separator: say(.listItemSeparator))))
    }

    /// Each kind's pill with its count among the places the query matches within the radius
    /// (all of them, when none is within it), and the count of the "All" pill.
    private func pillCounts() -> (kinds: [(kind: String, count: Int)], all: Int) {
        let everywhere = places.matches(query: query)
        let near = everywhere.filter { distances[$0] <= settings.radius }
        let matching = near.isEmpty ? everywhere : near
        var counts = places.kindCounts(among: matching)
        // The chosen pill stays, with its 0, when the query leaves it nothing; a group's pill
        // (chosen only) counts its kinds'.
        if let kindFilter, !counts.contains(where: { $0.kind == kindFilter }) {
            let inGroup = KindGroup(filterName: kindFilter).map { group in
                counts.filter { group.contains(kind: $0.kind) }.reduce(0) { $0 + $1.count }
            }
            counts.append((kind: kindFilter, count: inGroup ?? 0))
            counts.sort { TextFolding.fold($0.kind) < TextFolding.fold($1.kind) }
        }
        // In the listener's language, alphabetically, as the pills are said.
        if words.language != .english {
            counts.sort { TextFolding.fold(kindName($0.kind)) < TextFolding.fold(kindName($1.kind)) }
        }
        return (counts, matching.count)
    }

    /// The group (`KindGroup`) that a folded word names in any of the built-in languages, as
    /// its key or its pill's word ("transit", "transporte"), or nil.
    static func groupNamed(_ wanted: String) -> KindGroup? {
        KindGroup.allCases.first { group in
            guard wanted != group.rawValue else { return true }
            return [Language.english, .spanish, .portuguese, .brazilian].contains { language in
                TextFolding.fold(Catalog.builtIn(language).text(.filterTransit)) == wanted
            }
        }
    }

    /// The places' kind that `word` names whole in any of the built-in languages, whatever the
    /// session's ("panadería" in English is Bakery), or nil.
    func kindNamed(_ word: String) -> String? {
        let wanted = TextFolding.fold(word)
        return places.kindCounts().first { kind in
            Catalog.kindWordsInEveryLanguage(kind.kind).contains { TextFolding.fold($0) == wanted }
        }?.kind
    }

    /// The kinds whose name in the session's language `query` names (not English: the search
    /// index reads the places' own English kinds): each word of the query, of at least
    /// `kindWordLength` letters, begins a word of the kind's name ("posto" of "Posto de
    /// combustível", "culto" of "Lugar de culto"), or the whole query is the name.
    func kindsNamedInLanguage(_ query: String) -> [String] {
        guard !query.isEmpty, words.language != .english else { return [] }
        let wanted = TextFolding.fold(query).split(separator: " ").map(String.init)
        guard !wanted.isEmpty else { return [] }
        return places.kindCounts().map(\.kind).filter { kind in
            let word = words.kindWord(kind)
            guard word != kind else { return false }
            let folded = TextFolding.fold(word)
            if folded == wanted.joined(separator: " ") { return true }
            let parts = folded.split(separator: " ")
            return wanted.allSatisfy { typed in
                typed.count >= Self.kindWordLength && parts.contains { $0.hasPrefix(typed) }
            }
        }
    }

    /// The fewest letters a query word has to begin a word of a kind's name with: "de" of "Posto
    /// de combustível" names no kind.
    static let kindWordLength = 3
}
