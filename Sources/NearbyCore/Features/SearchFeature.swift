import Foundation
import PlaceData

/// The search field: `find` alone (the field takes focus), a `find` line as it is typed (the
/// count), entered (what it found, or "Did you mean"), given up (the screen as it was), `clear`
/// and `done`. The query is shared: the list, the selection and the camera follow it, and the
/// sheet rises for the keyboard; so these are extensions on `NearbyState`, gathered here.
extension NearbyState {
    /// A `find` line typed and then left for another command puts the screen back as it was
    /// before typing began; Enter on it keeps what it found. The shell's reports (`Report`) are
    /// no commands and never come here. Returns the sheet's fall, if the keyboard had lifted it,
    /// for the command's answer to begin with.
    mutating func settleTyping(before action: Action) -> Announcement? {
        switch action.role {
        case .typing:
            return nil
        case .entering:
            beforeTyping = nil
            return nil
        case .reviewing, .studying, .session, .command: return abandonTyping()
        }
    }

    /// The `find` line being typed is given up: the screen as it was before typing began. The
    /// sheet the keyboard lifted falls back, and that is heard, as every detent change is
    /// ("Sheet back at half height."): the answer to Ctrl-C or Ctrl-U.
    mutating func abandonTyping() -> Announcement? {
        heardCountFor = nil
        cameraWhileTyping = nil
        guard let before = beforeTyping else { return nil }
        beforeTyping = nil
        let (detent, isPresented) = (sheet.detent, sheet.isPresented)
        restore(before)
        // The Map Search Sheet lowers nothing when a search is dropped (000); the Nearby screen's
        // sheet goes back, as the keyboard that lifted it goes (docs/decisions.md).
        if settings.screen == .mapSearch { (sheet.detent, sheet.isPresented) = (detent, isPresented) }
        guard sheet.detent != detent || sheet.isPresented != isPresented else { return nil }
        let situation = sheet.isPresented ? sheet.detent.situation(words) : say(.sheetSituationDismissed)
        return Announcement(say(.sheetBack(detent: situation)), kind: .detent, earcon: .snap)
    }

    /// `find` alone: the field takes focus, and the keyboard lifts the sheet.
    mutating func focusSearch() -> [Announcement] {
        isSearching = true
        let moved = sheet.raiseToFull()
        var text = say(.searchFieldEditing(text: query.isEmpty ? say(.searchPlaceholder) : query))
        if moved { text += " " + say(.sheetNowFull) }
        return [Announcement(text, kind: .screen)]
    }

    /// `find WORDS`, entered: what it found, the focus on the first of it; when it found
    /// nothing, a spelling the places hold offered instead, unless not `suggesting`.
    mutating func enterQuery(_ text: String, suggesting: Bool = true) -> [Announcement] {
        guard !Self.isTooLong(text) else {
            return [
                Announcement(say(.searchTooLong(limit: grouped(Self.queryLimit))), kind: .error, earcon: .error)
            ]
        }
        let cleaned = Self.cleanQuery(text)
        // The as-you-type count of this very query was heard: Enter says what is new.
        let countHeard = heardCountFor == cleaned && cleaned == query
        let changes = cleaned != query
        heardCountFor = nil
        isSearching = true
        let moved = sheet.raiseToFull()
        var answers: [Announcement]
        let cameraTyped = cameraWhileTyping
        cameraWhileTyping = nil
        if countHeard, let first = shown.first {
            answers = [
                placed(
                    Announcement(say(.placeFocused(place: describe(first, position: 1))), kind: .results), at: first
                )
            ]
        } else {
            answers = applyQuery(text, priority: .assertive)
        }
        // The camera moved while the line was typed: said now, with the answer it belongs to.
        if let cameraTyped, cleaned == query, !answers.contains(where: { $0.kind == .camera }) {
            answers.append(cameraTyped)
        }
        // On the first result, as VoiceOver puts it there: `next` goes on to the second. The
        // same query again keeps the focus it had.
        if !shown.isEmpty && (changes || focus == nil) { setFocus(0) }
        suggestions = []
        suggestedQuery = nil
        if suggesting, shown.isEmpty && !query.isEmpty, let offer = suggest() {
            answers[0] = offer
        } else if shown.isEmpty && countHeard {
            answers[0].text = say(.resultsStillNone(query: query))
        }
        // A detent change is always heard: the snap, and the words `find` alone says.
        if moved {
            answers.insert(Announcement(say(.sheetNowFull), priority: .polite, kind: .detent, earcon: .snap), at: 1)
        }
        return answers
    }

    /// `find WORDS`, entered, near the user first: what `enterQuery` says, unless nothing in
    /// the places matched and they are only a window of a store, whose whole the shell is then
    /// asked to search (`Effect.searchWholeStore`): the answer waits for what it finds, so that
    /// "No results" is never said while the store holds a match. A spelling is offered only
    /// once the store holds none either (`wholeStoreSearched`), and only looked for then: one
    /// looked for first in the window and set aside (a window changes with every such search,
    /// its words gathered anew) was a third of a whole-store `find` (issue 42).
    mutating func enterQueryNearFirst(_ text: String) -> Reaction {
        var answers = enterQuery(text, suggesting: !places.isWindow)
        guard places.isWindow, shown.isEmpty, !query.isEmpty, answers.first?.kind == .results else {
            return Reaction(withFilterHint(answers))
        }
        answers.removeFirst()
        suggestions = []
        suggestedQuery = nil
        return Reaction(answers, effects: [.searchWholeStore(query: query, kind: kindFilter)])
    }

    /// The shell searched the whole store: what it found joins the window, and the answer
    /// `find` held back is said: the nearest match and how far, or no results (or "Did you
    /// mean") when the store holds none either. An answer to an older search changes nothing.
    mutating func wholeStoreSearched(query searched: String, kind: String?, found: [Place]) -> [Announcement] {
        guard searched == query, kind == kindFilter else { return [] }
        growWindow(with: found)
        if !shown.isEmpty {
            setFocus(0)
            return [placed(Announcement(resultsPhrase(), kind: .results), at: shown.first)]
        }
        if let offer = suggest() { return [offer] }
        return withFilterHint([Announcement(resultsPhrase(), kind: .results, earcon: .noResults)])
    }

    /// A search in a filter that found nothing: the answer says the filter stays and how to
    /// search every kind (a filter outlives `clear`, and `find` alone does not say it is on).
    func withFilterHint(_ answers: [Announcement]) -> [Announcement] {
        guard kindFilter != nil, shown.isEmpty, !query.isEmpty, answers.first?.kind == .results else { return answers }
        var answers = answers
        answers[0].text += " " + filterStaysPhrase()
        return answers
    }

    /// A search that found nothing: the places the nearest spelling finds ("Did you mean"),
    /// which `select 1` takes; nil when no spelling near the query finds any.
    private mutating func suggest() -> Announcement? {
        // The Map Search Sheet offers no spelling: "No Results" is its answer.
        guard settings.screen != .mapSearch else { return nil }
        guard let corrected = places.correctedQuery(query, kind: kindFilter) else { return nil }
        let found = NearestFirst(
            members: places.matchMembers(query: corrected, kind: kindFilter), distances: distances)
        suggestions = Array(found.prefix(3))
        suggestedQuery = corrected
        let names = suggestions.map { places.all[$0].name }
        let numbers = (1...suggestions.count).map(String.init)
        let text = say(
            .searchDidYouMean(
                query: query, names: Setting.either(names, words), numbers: Setting.either(numbers, words),
                plural: suggestions.count))
        return Announcement(text, kind: .results, earcon: .noResults)
    }

    /// The `find` line as it is being typed, after a pause: the count alone.
    mutating func typeQuery(_ text: String) -> [Announcement] {
        guard !Self.isTooLong(text), Self.cleanQuery(text) != query else { return [] }
        if beforeTyping == nil { beforeTyping = snapshot }
        isSearching = true
        let moved = sheet.raiseToFull()
        var answers = applyQuery(text, priority: .status)
        // The camera's words wait for Enter; a later keystroke that moves nothing keeps them.
        if let camera = answers.first(where: { $0.kind == .camera }) { cameraWhileTyping = camera }
        answers.removeAll { $0.kind == .camera }
        // While typing, the count alone; Enter then names the first.
        answers[0].text = countPhrase()
        if places.isWindow && shown.isEmpty {
            // Nothing near, but the store beyond the window may hold a match: Enter asks it, and
            // until then nothing is said rather than "No results".
            answers.removeFirst()
        } else {
            heardCountFor = query
        }
        if moved {
            answers.append(Announcement(say(.sheetNowFull), priority: .polite, kind: .detent, earcon: .snap))
        }
        return answers
    }

    /// The seed's `onChange(of: query)`: the selection goes and the camera shows every match.
    private mutating func applyQuery(_ text: String, priority: Announcement.Priority) -> [Announcement] {
        let cleaned = Self.cleanQuery(text)
        // Only a changed query deselects and moves the camera: the seed's `onChange(of: query)`.
        guard cleaned != query else {
            return [
                placed(
                    Announcement(
                        resultsPhrase(), priority: priority, kind: .results, earcon: shown.isEmpty ? .noResults : nil),
                    at: shown.first)
            ]
        }
        query = cleaned
        let overview = showNewMatches()
        let earcon: Announcement.Earcon? = shown.isEmpty ? .noResults : nil
        return [
            placed(Announcement(resultsPhrase(), priority: priority, kind: .results, earcon: earcon), at: shown.first)
        ] + (overview.map { [$0] } ?? [])
    }

    /// The matches changed (a new query or filter): the selection, the focus, the suggestions
    /// and the scroll go, the list is made again, and the camera shows every match. Returns
    /// what the camera's move says, when it moved.
    mutating func showNewMatches() -> Announcement? {
        selection = nil
        focus = nil
        suggestions = []
        suggestedQuery = nil
        scrollOffset = 0
        refreshShown()
        guard camera != .showingAll else { return nil }
        camera = .showingAll
        return visual(Announcement(cameraOverviewPhrase(), priority: .polite, kind: .camera))
    }

    /// The query as it is searched, shown and spoken: cleaned once (no escape sequences or
    /// control characters), without spaces at its ends.
    static func cleanQuery(_ text: String) -> String {
        SafeText.clean(text, limit: Self.queryLimit).trimmingCharacters(in: .whitespaces)
    }

    /// Whether a query is longer than a search takes, once cleaned.
    static func isTooLong(_ text: String) -> Bool {
        SafeText.clean(text, limit: queryLimit + 1).trimmingCharacters(in: .whitespaces).count > queryLimit
    }

    /// `clear`: the field's clear button (the selection alone, when the field is empty).
    mutating func clearQuery() -> [Announcement] {
        // The Map Search Sheet shows no Clear button on an empty field (000): nothing changes.
        guard !query.isEmpty || (selection != nil && settings.screen != .mapSearch) else {
            return [Announcement(say(.searchAlreadyEmpty) + " " + resultsPhrase(), kind: .results)]
        }
        var answers: [Announcement]
        if query.isEmpty, let index = selectedIndex {
            // Only the selection goes: the query did not change, and the answer says so.
            selection = nil
            focus = nil
            answers = [
                Announcement(
                    say(.selectionCleared(name: places.all[index].name)) + " " + resultsPhrase(),
                    kind: .results)
            ]
            if camera != .showingAll {
                camera = .showingAll
                answers.append(visual(Announcement(cameraOverviewPhrase(), priority: .polite, kind: .camera)))
            }
            return answers
        }
        answers = applyQuery("", priority: .assertive)
        answers[0].text = say(.searchCleared) + " " + answers[0].text
        // The filter outlives the search: said, with how to lift it.
        if kindFilter != nil { answers[0].text += " " + filterStaysPhrase() }
        // The focus on the first place, as after `find`.
        if !shown.isEmpty { setFocus(0) }
        return answers
    }

    /// `done`: the field gives up focus, and the keyboard goes.
    mutating func dismissSearch() -> [Announcement] {
        guard isSearching else {
            return [Announcement(say(.searchNotInUse), kind: .error, earcon: .error)]
        }
        let hidRows = sheet.isPresented && sheet.detent == .full && !detailsShown && keyboardHidesRows
        isSearching = false
        var text = say(.searchClosed(detent: sheet.detent.situation(words)))
        // The keyboard gives the full list its rows back.
        if hidRows {
            scrollOffset = min(scrollOffset, maxScrollOffset)
            text += " " + say(.searchClosedRows(page: pagePhrase()))
        }
        return [Announcement(text, kind: .screen)]
    }
}

extension Reaction {
    /// Says `fall` first: it interrupts what was speaking, as the answer would have, and the
    /// answer waits its turn behind it, so that both are heard, in the order they happened.
    mutating func beginWith(_ fall: Announcement) {
        if let first = announcements.first, first.priority == .assertive { announcements[0].priority = .polite }
        announcements.insert(fall, at: 0)
        historyNumbers.insert(nil, at: 0)
    }
}
