import Foundation
import PlaceData
import Words

/// The reducer: every action changes the state in place and returns what is to be said and
/// what the shell is to do.
extension NearbyState {
    /// Applies `action`; returns its announcements, in the order they are to be said, and its
    /// effects. History keeps every announcement except the answers of `repeat` and `history`
    /// themselves, which review it.
    public mutating func reduce(_ action: Action) -> Reaction {
        settleTyping(before: action)
        let before = study != nil && Study.checksGoal(after: action) ? self : nil
        var reaction = answer(action)
        if let before { followStudy(&reaction, before: before, action: action) }
        guard Self.keepsAnswers(to: action) else { return reaction }
        let kept = reaction.announcements.filter { $0.kind != .history && !$0.isVisualOnly }
        if !kept.isEmpty { lastAnswer = kept }
        for (offset, announcement) in reaction.announcements.enumerated()
        where announcement.kind != .history && !announcement.isVisualOnly {
            spoken.append(announcement)
            spokenTotal += 1
            reaction.historyNumbers[offset] = spokenTotal
        }
        if spoken.count > Self.historyLimit {
            spoken.removeFirst(spoken.count - Self.historyLimit)
            speechMarks = speechMarks.filter { $0.key > spokenTotal - Self.historyLimit }
        }
        return reaction
    }

    /// Whether history keeps the answers to `action`: not those of `repeat`, `current` and
    /// `history`, which review it.
    static func keepsAnswers(to action: Action) -> Bool {
        switch action {
        case .repeatRequested, .historyRequested, .currentRequested: false
        default: true
        }
    }

    /// A `find` line typed and then left for another command puts the screen back as it was
    /// before typing began; Enter on it keeps what it found. The shell's reports (speech that
    /// ended, voices listed) are not commands and change nothing here.
    private mutating func settleTyping(before action: Action) {
        switch action {
        case .queryTyped, .typingAbandoned, .speechEnded, .voicesInstalled: return
        case .queryEntered:
            beforeTyping = nil
        default: abandonTyping()
        }
    }

    /// The `find` line being typed is given up: the screen as it was before typing began.
    private mutating func abandonTyping() {
        heardCountFor = nil
        if let before = beforeTyping {
            beforeTyping = nil
            restore(before)
        }
    }

    /// `announcement` marked as telling only what the eye sees, unless visuals are on.
    func visual(_ announcement: Announcement) -> Announcement {
        var marked = announcement
        marked.isVisualOnly = !settings.visuals
        if marked.isVisualOnly { marked.earcon = nil }
        return marked
    }

    /// Sets the focus, noting the detent it was set at.
    mutating func setFocus(_ position: Int?) {
        focus = position
        focusDetent = detent
    }

    private mutating func answer(_ action: Action) -> Reaction {
        switch action {
        case .searchFocused: return Reaction(focusSearch())
        case .queryEntered(let text): return Reaction(enterQuery(text))
        case .queryTyped(let text): return Reaction(typeQuery(text))
        case .typingAbandoned:
            abandonTyping()
            return Reaction()
        case .queryCleared: return Reaction(clearQuery())
        case .searchDismissed: return Reaction(dismissSearch())
        case .filterChosen(let kind): return Reaction(chooseFilter(kind))
        case .filtersRequested: return Reaction([Announcement(filtersPhrase(), kind: .results)])
        case .countRequested: return Reaction([Announcement(countPhrase(), kind: .results)])
        case .nextFocused: return Reaction(moveFocus(by: 1))
        case .previousFocused: return Reaction(moveFocus(by: -1))
        case .placeSelected(let reference): return Reaction(select(reference))
        case .selectionCleared: return Reaction(clearSelection())
        case .handleIncremented: return Reaction(stepSheet(up: true))
        case .handleDecremented: return Reaction(stepSheet(up: false))
        case .handleActivated: return Reaction(cycleSheet())
        case .dimmedMapTapped: return Reaction(tapDimmedMap())
        case .detentChosen(let detent): return Reaction(chooseDetent(detent))
        case .sheetDragged(let translation, let velocity): return Reaction(drag(translation, velocity: velocity))
        case .readRequested: return Reaction(read())
        case .whereRequested(let exact):
            return Reaction([Announcement(exact ? exactWherePhrase() : wherePhrase(), kind: .location)])
        case .walkRequested: return Reaction(walk())
        case .aroundRequested: return Reaction([Announcement(aroundPhrase(), kind: .location)])
        case .repeatRequested: return Reaction(repeatLast())
        case .currentRequested: return Reaction([current()])
        case .spellRequested: return Reaction([spell()])
        case .historyRequested(let number): return Reaction(history(number))
        case .speechStopped: return Reaction(effects: [.stopSpeech])
        case .settingChanged(let setting, let value): return changeSetting(setting, value)
        case .placesLoaded(let newCatalog, let source, let skipped):
            var opening = [say("places.loaded", ["places": placesPhrase(newCatalog.count), "file": source])]
            if skipped > 0 { opening.append(say("places.skipped", ["count": grouped(skipped)], count: skipped)) }
            return replacePlaces(with: newCatalog, file: source, opening: opening)
        case .placesFailed(let message):
            return Reaction([
                Announcement(say("places.unchanged", ["problem": message]), kind: .error, earcon: .error)
            ])
        case .stringsLoaded(let catalog, let source):
            words = catalog
            updateSettings { $0.stringsFile = source }
            return Reaction([Announcement(say("strings.loaded", ["file": source]), kind: .settings)])
        case .stringsFailed(let message):
            return Reaction([Announcement(say("strings.unchanged", ["problem": message]), kind: .error, earcon: .error)]
            )
        case .settingsRequested: return Reaction([Announcement(settingsPhrase(), kind: .settings)])
        case .mapRequested: return Reaction(effects: [.measureScreen])
        case .mapMeasured(let columns, let rows):
            let picture = MapPicture(state: self, columns: columns, rows: rows)
            return Reaction([Announcement(picture.summary, kind: .screen, display: picture.text)])
        case .helpRequested(let topic): return Reaction(help(topic))
        case .voicesRequested(let all):
            guard installedVoices != nil else { return Reaction(effects: [.listVoices(then: action)]) }
            return Reaction([voicesAnnouncement(all: all)])
        case .voicesInstalled(let voices):
            installedVoices = voices
            return Reaction()
        case .speechEnded(let number, let mark):
            if number > spokenTotal - spoken.count && number <= spokenTotal { speechMarks[number] = mark }
            return Reaction()
        case .quitRequested, .inputEnded:
            isFinished = true
            return Reaction([Announcement(say("session.goodbye"), kind: .notice)])
        case .sessionStarted:
            return Reaction([
                Announcement(say("session.greeting", ["places": placesPhrase(catalog.count)]), kind: .notice)
            ])
        case .invalid(let error): return Reaction([invalid(error)])
        case .tasksGiven(let tasks): return beginStudy(tasks)
        case .taskRequested: return repeatTask()
        case .taskSkipped: return skipTask()
        }
    }

    // MARK: Search

    private mutating func focusSearch() -> [Announcement] {
        isSearching = true
        let moved = raiseForKeyboard()
        var text = say("search.field-editing", ["text": query.isEmpty ? say("search.placeholder") : query])
        if moved { text += " " + say("sheet.now-full") }
        return [Announcement(text, kind: .screen)]
    }

    /// The keyboard lifts the sheet to the top detent; true when it moved.
    private mutating func raiseForKeyboard() -> Bool {
        isSheetPresented = true
        defer { detent = .full }
        return detent != .full
    }

    private mutating func enterQuery(_ text: String) -> [Announcement] {
        guard !Self.isTooLong(text) else {
            return [
                Announcement(say("search.too-long", ["limit": grouped(Self.queryLimit)]), kind: .error, earcon: .error)
            ]
        }
        let cleaned = Self.cleanQuery(text)
        // The as-you-type count of this very query was heard: Enter says what is new.
        let countHeard = heardCountFor == cleaned && cleaned == query
        let changes = cleaned != query
        heardCountFor = nil
        isSearching = true
        let moved = raiseForKeyboard()
        var answers: [Announcement]
        if countHeard, let first = shown.first {
            answers = [Announcement(say("place.focused", ["place": describe(first, position: 1)]), kind: .results)]
        } else {
            answers = applyQuery(text, priority: .assertive)
        }
        // On the first result, as VoiceOver puts it there: `next` goes on to the second. The
        // same query again keeps the focus it had.
        if !shown.isEmpty && (changes || focus == nil) { setFocus(0) }
        suggestions = []
        suggestedQuery = nil
        if shown.isEmpty && !query.isEmpty, let offer = suggest() {
            answers[0] = offer
        } else if shown.isEmpty && countHeard {
            answers[0].text = say("results.still-none", ["query": query])
        }
        // A detent change is always heard: the snap, and the words `find` alone says.
        if moved {
            answers.insert(Announcement(say("sheet.now-full"), priority: .polite, kind: .detent, earcon: .snap), at: 1)
        }
        return answers
    }

    /// A search that found nothing: the places the nearest spelling finds ("Did you mean"),
    /// which `select 1` takes; nil when no spelling near the query finds any.
    private mutating func suggest() -> Announcement? {
        guard let corrected = catalog.correctedQuery(query, kind: kindFilter) else { return nil }
        let found = NearestFirst(
            members: catalog.matchSet(query: corrected, kind: kindFilter).members, distances: distances)
        suggestions = Array(found.prefix(3))
        suggestedQuery = corrected
        let names = suggestions.map { catalog.places[$0].name }
        let numbers = (1...suggestions.count).map(String.init)
        let text = say(
            "search.did-you-mean",
            [
                "query": query, "names": Setting.either(names, words),
                "numbers": Setting.either(numbers, words),
            ], count: suggestions.count)
        return Announcement(text, kind: .results, earcon: .noResults)
    }

    private mutating func typeQuery(_ text: String) -> [Announcement] {
        guard !Self.isTooLong(text), Self.cleanQuery(text) != query else { return [] }
        if beforeTyping == nil { beforeTyping = snapshot }
        isSearching = true
        let moved = raiseForKeyboard()
        var answers = applyQuery(text, priority: .status)
        answers.removeAll { $0.kind == .camera }
        // While typing, the count alone; Enter then names the first.
        answers[0].text = countPhrase()
        heardCountFor = query
        if moved {
            answers.append(Announcement(say("sheet.now-full"), priority: .polite, kind: .detent, earcon: .snap))
        }
        return answers
    }

    /// The seed's `onChange(of: query)`: the selection goes and the camera shows every match.
    private mutating func applyQuery(_ text: String, priority: Announcement.Priority) -> [Announcement] {
        let cleaned = Self.cleanQuery(text)
        // Only a changed query deselects and moves the camera: the seed's `onChange(of: query)`.
        guard cleaned != query else {
            return [
                Announcement(
                    resultsPhrase(), priority: priority, kind: .results, earcon: shown.isEmpty ? .noResults : nil)
            ]
        }
        query = cleaned
        selection = nil
        focus = nil
        suggestions = []
        suggestedQuery = nil
        scrollOffset = 0
        refreshShown()
        let earcon: Announcement.Earcon? = shown.isEmpty ? .noResults : nil
        var answers = [Announcement(resultsPhrase(), priority: priority, kind: .results, earcon: earcon)]
        if camera != .showingAll {
            camera = .showingAll
            answers.append(visual(Announcement(cameraOverviewPhrase(), priority: .polite, kind: .camera)))
        }
        return answers
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

    private mutating func clearQuery() -> [Announcement] {
        guard !query.isEmpty || selection != nil else {
            return [Announcement(say("search.already-empty") + " " + resultsPhrase(), kind: .results)]
        }
        var answers: [Announcement]
        if query.isEmpty, let index = selectedIndex {
            // Only the selection goes: the query did not change, and the answer says so.
            selection = nil
            focus = nil
            answers = [
                Announcement(
                    say("selection.cleared", ["name": catalog.places[index].name]) + " " + resultsPhrase(),
                    kind: .results)
            ]
            if camera != .showingAll {
                camera = .showingAll
                answers.append(visual(Announcement(cameraOverviewPhrase(), priority: .polite, kind: .camera)))
            }
            return answers
        }
        answers = applyQuery("", priority: .assertive)
        answers[0].text = say("search.cleared") + " " + answers[0].text
        return answers
    }

    private mutating func dismissSearch() -> [Announcement] {
        guard isSearching else {
            return [Announcement(say("search.not-in-use"), kind: .error, earcon: .error)]
        }
        isSearching = false
        return [Announcement(say("search.closed", ["detent": detent.situation(words)]), kind: .screen)]
    }

    private mutating func chooseFilter(_ kind: String?) -> [Announcement] {
        guard let kind else {
            kindFilter = nil
            return afterFilterChange()
        }
        let wanted = TextFolding.fold(kind)
        let kinds = catalog.kindCounts()
        guard
            let match = kinds.first(where: { TextFolding.fold($0.kind) == wanted })
                ?? kinds.first(where: { TextFolding.fold($0.kind).hasPrefix(wanted) })
        else {
            let names = kinds.map(\.kind).joined(separator: say("list.separator"))
            return [
                Announcement(
                    say("filter.unknown", ["kind": Self.echo(kind, words), "kinds": names]), kind: .error,
                    earcon: .error)
            ]
        }
        kindFilter = match.kind
        return afterFilterChange()
    }

    private mutating func afterFilterChange() -> [Announcement] {
        selection = nil
        focus = nil
        suggestions = []
        suggestedQuery = nil
        scrollOffset = 0
        refreshShown()
        var answers = [
            Announcement(
                say("filter.chosen", ["kind": kindFilter ?? say("filter.all-pill")]) + " " + resultsPhrase(),
                kind: .results, earcon: shown.isEmpty ? .noResults : nil)
        ]
        if camera != .showingAll {
            camera = .showingAll
            answers.append(visual(Announcement(cameraOverviewPhrase(), priority: .polite, kind: .camera)))
        }
        return answers
    }

    /// The filter pills, each with its count among the places the query matches.
    func filtersPhrase() -> String {
        let matching = catalog.matches(query: query)
        var counts = catalog.kindCounts(among: matching)
        // The chosen pill stays, with its 0, when the query leaves it nothing.
        if let kindFilter, !counts.contains(where: { $0.kind == kindFilter }) {
            counts.append((kind: kindFilter, count: 0))
            counts.sort { TextFolding.fold($0.kind) < TextFolding.fold($1.kind) }
        }
        func pill(_ name: String, _ count: Int, selected: Bool) -> String {
            say(
                selected ? "filter.pill-selected" : "filter.pill", ["kind": name, "count": grouped(count)], count: count
            )
        }
        let pills = counts.map { pill($0.kind, $0.count, selected: $0.kind == kindFilter) }
        let all = pill(say("filter.all-pill"), matching.count, selected: kindFilter == nil)
        return say("filter.pills", ["pills": ([all] + pills).joined(separator: say("list.item-separator"))])
    }

    // MARK: The list

    /// The places `next` can reach at this detent: none at the bottom, the rail at half height,
    /// all of them at full.
    var reachableCount: Int {
        switch detent {
        case .resting: 0
        case .half: min(Self.railSize, shown.count)
        case .full: shown.count
        }
    }

    private mutating func moveFocus(by step: Int) -> [Announcement] {
        guard isSheetPresented else { return [sheetDismissedError()] }
        if shown.isEmpty {
            let text = query.isEmpty ? say("list.empty") : say("results.none", ["query": query])
            return [Announcement(text, kind: .place, earcon: .end)]
        }
        guard detent != .resting else {
            return [Announcement(say("list.hidden-at-resting"), kind: .place, earcon: .end)]
        }
        // At full height the details cover the list: `next` never reads rows not shown.
        if detent == .full, let index = selectedIndex {
            return [
                Announcement(
                    say("list.behind-details", ["name": catalog.places[index].name]), kind: .place, earcon: .end)
            ]
        }
        // A focus beyond what this detent reaches, set before the sheet came down, steps back
        // into it. With nothing focused, `next` starts at the first place and `previous` at the
        // last, as a swipe does.
        let current = focus.map { focusDetent > detent ? min($0, reachableCount) : $0 }
        let target = current.map { $0 + step } ?? (step > 0 ? 0 : shown.count - 1)
        if target < 0 {
            return [
                Announcement(say("list.start", ["place": describe(shown[0], position: 1)]), kind: .place, earcon: .end)
            ]
        }
        if target >= shown.count || (step > 0 && target >= reachableCount && (current ?? 0) <= reachableCount) {
            if detent == .half && reachableCount < shown.count && target < shown.count {
                let more = shown.count - reachableCount
                return [
                    Announcement(
                        say("list.end-of-rail", ["count": grouped(more)], count: more), kind: .place, earcon: .end)
                ]
            }
            let last = describe(shown[shown.count - 1], position: shown.count)
            return [Announcement(say("list.end", ["place": last]), kind: .place, earcon: .end)]
        }
        setFocus(target)
        if detent == .full { scrollToShow(row: target) }
        return [
            Announcement(say("place.focused", ["place": describe(shown[target], position: target + 1)]), kind: .place)
        ]
    }

    // MARK: Selection

    private mutating func select(_ reference: PlaceReference) -> [Announcement] {
        let resolved = resolve(reference)
        guard case .success(let index) = resolved else {
            if case .failure(let error) = resolved { return [error.announcement] }
            return []
        }
        let place = catalog.places[index]
        // A place offered by spelling: the search becomes that spelling, as a tapped
        // suggestion does, so that the list holds what was chosen.
        if !shown.contains(index), let corrected = suggestedQuery {
            query = corrected
            scrollOffset = 0
            refreshShown()
        }
        suggestions = []
        suggestedQuery = nil
        selection = place.id
        isSearching = false
        isSheetPresented = true
        let rises = detent != .full
        detent = .full
        if let position = shown.firstIndex(of: index) { setFocus(position) }
        var answers = [Announcement(say("place.focused", ["place": describe(index)]), kind: .selection)]
        if rises {
            answers.append(
                visual(Announcement(say("details.at-full"), priority: .polite, kind: .screen, earcon: .snap)))
        }
        camera = .closeUp(placeID: place.id, altitude: settings.closeUpDistance)
        answers.append(visual(Announcement(cameraMovePhrase(to: index), priority: .polite, kind: .camera)))
        return answers
    }

    private struct SelectionError: Error {
        let announcement: Announcement
        init(_ text: String) { announcement = Announcement(text, kind: .error, earcon: .error) }
    }

    private func refusal(_ key: String, _ fields: [String: String] = [:], count: Int? = nil) -> SelectionError {
        SelectionError(say(key, fields, count: count))
    }

    /// The catalog index a reference names, or what to say when it names none.
    private func resolve(_ reference: PlaceReference) -> Result<Int, SelectionError> {
        switch reference {
        case .focused:
            guard let focus else {
                return .failure(refusal("select.nothing-focused"))
            }
            return .success(shown[focus])
        case .position(let number):
            if shown.isEmpty, !suggestions.isEmpty {
                guard (1...suggestions.count).contains(number) else {
                    return .failure(
                        refusal(
                            "select.no-such-number", ["number": String(number), "last": grouped(suggestions.count)]))
                }
                return .success(suggestions[number - 1])
            }
            guard !shown.isEmpty else { return .failure(refusal("select.list-empty")) }
            guard (1...shown.count).contains(number) else {
                return .failure(
                    refusal("select.no-such-number", ["number": String(number), "last": grouped(shown.count)]))
            }
            return .success(shown[number - 1])
        case .name(let typed):
            let wanted = TextFolding.fold(typed)
            if let exact = shown.first(where: { catalog.foldedName(at: $0) == wanted }) { return .success(exact) }
            let queryWords = TextFolding.queryWords(typed)
            let named = { (index: Int) in queryWords.allSatisfy { catalog.foldedName(at: index).contains($0) } }
            let candidates = shown.filter(named)
            if candidates.count == 1 { return .success(candidates[0]) }
            if candidates.count > 1 {
                let names = candidates.prefix(3).map { catalog.places[$0].name }.joined(
                    separator: say("list.separator"))
                return .failure(
                    refusal(
                        "select.ambiguous",
                        ["count": grouped(candidates.count), "name": Self.echo(typed, words), "names": names],
                        count: candidates.count))
            }
            if let hidden = catalog.places.indices.first(where: named) {
                let name = catalog.places[hidden].name
                if let kindFilter, catalog.places[hidden].kind != kindFilter {
                    return .failure(
                        refusal(
                            "select.hidden-by-filter", ["name": name, "kind": kindFilter, "all": say("filter.all")]))
                }
                return .failure(refusal("select.hidden-by-search", ["name": name]))
            }
            // Nothing holds those words: the nearest spelling among the places shown.
            if let corrected = catalog.correctedQuery(typed, kind: kindFilter),
                let position = shown.firstIndex(where: { candidate in
                    TextFolding.queryWords(corrected).allSatisfy { catalog.foldedName(at: candidate).contains($0) }
                })
            {
                return .failure(
                    refusal(
                        "select.did-you-mean",
                        [
                            "name": Self.echo(typed, words), "suggestion": catalog.places[shown[position]].name,
                            "number": grouped(position + 1),
                        ]))
            }
            return .failure(refusal("select.no-such-name", ["name": Self.echo(typed, words)]))
        }
    }

    private mutating func clearSelection() -> [Announcement] {
        guard let index = selectedIndex else {
            return [Announcement(say("selection.none"), kind: .error, earcon: .error)]
        }
        // The seed leaves the camera where it is when the selection goes.
        selection = nil
        return [Announcement(say("selection.cleared", ["name": catalog.places[index].name]), kind: .selection)]
    }

    private func walk() -> [Announcement] {
        guard let index = selectedIndex else {
            return [Announcement(say("walk.nothing-selected"), kind: .error, earcon: .error)]
        }
        let place = catalog.places[index]
        let text = say(
            "walk.answer",
            ["name": place.name, "walk": walkPhrase(of: index), "where": distanceAndDirection(of: index)])
        return [Announcement(text, kind: .walk)]
    }

    // MARK: The sheet

    private func sheetDismissedError() -> Announcement {
        Announcement(say("sheet.dismissed-error"), kind: .error, earcon: .error)
    }

    private mutating func stepSheet(up: Bool) -> [Announcement] {
        guard isSheetPresented else {
            isSheetPresented = true
            detent = .resting
            return [Announcement(handlePhrase(), kind: .detent, earcon: .snap)]
        }
        guard let next = up ? detent.higher : detent.lower else {
            let text = say(up ? "sheet.already-full" : "sheet.already-resting")
            return [Announcement(text, kind: .detent, earcon: .end)]
        }
        detent = next
        return [Announcement(handlePhrase(), kind: .detent, earcon: .snap)]
    }

    private mutating func cycleSheet() -> [Announcement] {
        if !isSheetPresented {
            isSheetPresented = true
            detent = .resting
        } else {
            detent = detent.higher ?? .resting
        }
        return [Announcement(handlePhrase(), kind: .detent, earcon: .snap)]
    }

    private mutating func tapDimmedMap() -> [Announcement] {
        guard isSheetPresented, detent == .full else {
            let situation = isSheetPresented ? detent.situation(words) : say("sheet.situation-dismissed")
            return [Announcement(say("back.only-at-full", ["detent": situation]), kind: .error, earcon: .error)]
        }
        isSearching = false
        detent = .half
        return [Announcement(handlePhrase(), kind: .detent, earcon: .snap)]
    }

    private mutating func chooseDetent(_ target: Detent) -> [Announcement] {
        if isSheetPresented && detent == target {
            return [Announcement(say("sheet.already", ["detent": target.situation(words)]), kind: .detent)]
        }
        isSheetPresented = true
        detent = target
        return [Announcement(handlePhrase(), kind: .detent, earcon: .snap)]
    }

    /// Whether a drag reaches the full list's scroll: the list is shown at the top detent.
    private var listScrolls: Bool { detent == .full && selectedIndex == nil && maxScrollOffset > 0 }

    /// Scrolls the full list by `points` (positive shows later rows), whole rows at a time.
    /// Returns whether it moved.
    private mutating func scrollList(by points: Double) -> Bool {
        let target = ((scrollOffset + points) / Self.rowHeight).rounded() * Self.rowHeight
        let clamped = min(max(0, target), maxScrollOffset)
        guard clamped != scrollOffset else { return false }
        scrollOffset = clamped
        return true
    }

    /// Scrolls the full list, quietly, so that `row` is on the screen (as VoiceOver does when a
    /// swipe reaches a row below the last one shown).
    private mutating func scrollToShow(row: Int) {
        let top = Double(row) * Self.rowHeight
        if top < scrollOffset { scrollOffset = top }
        let bottom = Double(row - visibleRows + 1) * Self.rowHeight
        if bottom > scrollOffset { scrollOffset = min(bottom, maxScrollOffset) }
    }

    /// The rows the full list shows, as VoiceOver says a page: "Places 11 to 20 of 21".
    func pagePhrase() -> String {
        let first = Int(scrollOffset / Self.rowHeight) + 1
        let last = min(shown.count, first + visibleRows - 1)
        return say("list.page", ["first": grouped(first), "last": grouped(last), "count": grouped(shown.count)])
    }

    /// The seed's scroll handoff, within one gesture: at the top detent a drag up scrolls the
    /// list, and a drag down scrolls it back to offset 0 before it moves the sheet again.
    private mutating func drag(_ translation: Double, velocity: Double) -> [Announcement] {
        guard isSheetPresented else { return [sheetDismissedError()] }
        let geometry = SheetGeometry(screenHeight: settings.screenHeight)
        var translation = translation
        var velocity = velocity
        var scrolledToTop = false
        if listScrolls && translation < 0 {
            guard scrollList(by: -translation - SheetGeometry.projection(velocity: velocity)) else {
                return [Announcement(say("list.page-end", ["page": pagePhrase()]), kind: .screen, earcon: .end)]
            }
            return [Announcement(pagePhrase(), kind: .screen)]
        }
        if detent == .full && selectedIndex == nil && scrollOffset > 0 && translation > 0 {
            let consumed = min(translation, scrollOffset)
            translation -= consumed
            if translation <= 0 {
                _ = scrollList(by: -consumed - max(0, SheetGeometry.projection(velocity: velocity)))
                return [Announcement(pagePhrase(), kind: .screen)]
            }
            // The list reached its top within the gesture: the rest moves the sheet.
            scrollOffset = 0
            velocity = max(0, velocity)
            scrolledToTop = true
        }
        let before = detent
        let beyondTop = geometry.height(of: detent) - translation - geometry.height(of: .full)
        switch geometry.settle(
            from: detent, translation: translation, velocity: velocity, dismissible: settings.dismissible)
        {
        case .dismissed:
            isSheetPresented = false
            isSearching = false
            return [Announcement(say("sheet.dismissed"), kind: .detent, earcon: .snap)]
        case .detent(let target):
            if target == detent {
                // The list came back to its top and the sheet stayed: the page is what moved.
                if scrolledToTop { return [Announcement(pagePhrase(), kind: .screen)] }
                return [
                    Announcement(
                        say("sheet.springs-back", ["detent": target.situation(words)]), kind: .detent, earcon: .snap)
                ]
            }
            detent = target
            var answers = [Announcement(handlePhrase(), kind: .detent, earcon: .snap)]
            // Dragged past the top detent: the rest of the gesture scrolls the list.
            if before != .full, target == .full, beyondTop > 0, listScrolls, scrollList(by: beyondTop) {
                answers.append(Announcement(pagePhrase(), priority: .polite, kind: .screen))
            }
            return answers
        }
    }

    // MARK: Reading the screen

    /// `read`: what the sheet shows at its detent, ordered for the ear. At half height the
    /// nearest places come first, then the field and the pills; at full height the count and
    /// the first `readLimit` places (the focus then rests on the last read, so that `next` goes
    /// on), or the details.
    private mutating func read() -> [Announcement] {
        guard isSheetPresented else {
            return [Announcement(say("read.dismissed") + " " + cameraPhrase(), kind: .screen)]
        }
        let text = query.isEmpty ? say("search.placeholder") : query
        var parts = [say("read.title", ["detent": detent.spoken(words)])]
        let field = say(isSearching ? "read.field-editing" : "read.field", ["text": text])
        switch detent {
        case .resting:
            parts.append(field)
        case .half:
            parts += [railPhrase(), field, filtersPhrase()]
        case .full:
            if let index = selectedIndex {
                parts.append(detailPhrase(index))
            } else {
                // An empty list: the pills say what the filter leaves out.
                if shown.isEmpty { parts.append(filtersPhrase()) }
                parts.append(listPhrase())
                if shown.count > Self.readLimit { setFocus(Self.readLimit - 1) }
            }
            if settings.visuals && !settings.reduceTransparency {
                parts.append(say(settings.reduceMotion ? "read.map-dimmed" : "read.map-dimmed-scaled"))
            }
        }
        return [Announcement(parts.joined(separator: " "), kind: .screen)]
    }

    /// How many places `read` says at full height: a listener holds five.
    static let readLimit = 5

    /// A place's name, said to be selected when it is: "Selected, Harbor Coffee".
    private func markedName(_ index: Int) -> String {
        let name = catalog.places[index].name
        return catalog.places[index].id == selection ? say("place.selected", ["place": name]) : name
    }

    /// The rail of the half detent: the nearest few, with their distances.
    func railPhrase() -> String {
        let rail = shown.prefix(Self.railSize)
        guard !rail.isEmpty else { return emptyListPhrase() }
        let blocks = rail.map {
            say("rail.item", ["name": markedName($0), "distance": distancePhrase(distances[$0])])
        }
        var text = say("rail", ["places": blocks.joined(separator: say("list.item-separator"))])
        if shown.count > rail.count {
            let more = shown.count - rail.count
            text += " " + say("rail.more", ["count": grouped(more)], count: more)
        }
        return text
    }

    /// The list at full height: how many, the first `readLimit` of them, and how to hear more.
    func listPhrase() -> String {
        let limit = Self.readLimit
        guard !shown.isEmpty else { return emptyListPhrase() }
        let rows = shown.prefix(limit).enumerated().map {
            say(
                "list.row",
                [
                    "number": String($0.offset + 1), "name": markedName($0.element),
                    "where": distanceAndDirection(of: $0.element),
                ])
        }
        var text = say(
            "list.all",
            ["places": placesPhrase(shown.count), "rows": rows.joined(separator: say("list.item-separator"))])
        if shown.count > limit {
            let more = shown.count - limit
            text += " " + say("list.more", ["count": grouped(more)], count: more)
        }
        return text
    }

    /// The selected place's detail: everything the data holds.
    func detailPhrase(_ index: Int) -> String {
        let place = catalog.places[index]
        var text = say(
            namesItsKind(index) ? "details.kind-in-name" : "details",
            [
                "name": place.name, "kind": place.kind, "where": distanceAndDirection(of: index),
                "walk": walkPhrase(of: index),
            ])
        for detail in place.details {
            text += " " + say("details.field", ["label": detail.label, "value": detail.value])
        }
        return text
    }

    /// New places in the list (search, filter and selection start afresh), and the answer:
    /// `opening` (said of the new places), then the nearest of them.
    mutating func replacePlaces(with newCatalog: PlaceCatalog, file: String?, opening: [String]) -> Reaction {
        replaceCatalog(newCatalog)
        updateSettings { $0.placesFile = file }
        var parts = opening
        if let first = shown.first { parts.append(say("places.nearest", ["place": describe(first)])) }
        return Reaction([Announcement(parts.joined(separator: " "), kind: .settings)])
    }

    /// `where`: where you are, in words people use: the nearest place shown and its
    /// direction, what is selected, the sheet and the search; the map's close-up when there is
    /// one. The coordinates are `where exact`'s.
    func wherePhrase() -> String {
        var parts: [String] = []
        if let heading = settings.heading {
            parts.append(say("where.facing", ["direction": SpokenMeasure.compass(heading, words)]))
        }
        // The nearest, unless it is the selected place, which is said next.
        if let nearest = shown.first(where: { distances[$0] >= 2.5 }) ?? shown.first,
            catalog.places[nearest].id != selection
        {
            parts.append(
                say(
                    "where.nearest", ["name": catalog.places[nearest].name, "where": distanceAndDirection(of: nearest)])
            )
        }
        if let index = selectedIndex {
            parts.append(
                say("where.selected", ["name": catalog.places[index].name, "where": distanceAndDirection(of: index)]))
        }
        let sheet = isSheetPresented ? detent.situation(words) : say("sheet.situation-dismissed")
        parts.append(say("where.sheet", ["detent": sheet]))
        parts.append(countPhrase())
        if case .closeUp = camera { parts.append(cameraPhrase()) }
        return parts.joined(separator: " ")
    }

    /// `where exact`: the coordinates, and the heading.
    func exactWherePhrase() -> String {
        let point = SpokenMeasure.coordinate(settings.origin, words)
        return settings.heading.map {
            say("where.at-facing", ["point": point, "direction": SpokenMeasure.compass($0, words)])
        } ?? say("where.at", ["point": point])
    }

    // MARK: Review

    /// `repeat`: the whole last answer again.
    private func repeatLast() -> [Announcement] {
        guard !lastAnswer.isEmpty else {
            return [Announcement(say("history.empty"), kind: .history)]
        }
        return [Announcement(lastAnswer.map(\.text).joined(separator: " "), kind: .history)]
    }

    /// The place `current` and `spell` speak of: the selected one, else the focused one.
    private var currentPlace: (index: Int, position: Int?)? {
        if let index = selectedIndex { return (index, shown.firstIndex(of: index).map { $0 + 1 }) }
        if let focus, focus < shown.count { return (shown[focus], focus + 1) }
        return nil
    }

    /// `current`: the focused or selected place again.
    private func current() -> Announcement {
        guard let (index, position) = currentPlace else {
            return Announcement(say("current.nothing"), kind: .error, earcon: .error)
        }
        return Announcement(say("place.focused", ["place": describe(index, position: position)]), kind: .history)
    }

    /// `spell`: the focused or selected place's name, letter by letter, through the
    /// synthesiser's own spelling.
    private func spell() -> Announcement {
        guard let (index, _) = currentPlace else {
            return Announcement(say("spell.nothing"), kind: .error, earcon: .error)
        }
        let name = catalog.places[index].name
        let prefix = say("spell.prefix", ["name": name])
        let shown = name.map { $0 == " " ? say("spell.space") : String($0) }.joined(separator: " ")
        return Announcement(
            say("spell.answer", ["prefix": prefix, "letters": shown]), kind: .place,
            form: .spelled(prefix: prefix, letters: name))
    }

    private func history(_ number: Int?) -> [Announcement] {
        guard !spoken.isEmpty else { return [Announcement(say("history.empty"), kind: .history)] }
        let count = spoken.count
        /// Item 1 is the newest; a mark says when it was not heard whole.
        func item(_ position: Int) -> String {
            let fields = ["index": String(position), "count": grouped(count), "text": spoken[count - position].text]
            switch speechMarks[spokenTotal - position + 1] {
            case .interrupted?: return say("history.item-interrupted", fields)
            case .dropped?: return say("history.item-dropped", fields)
            case .failed?: return say("history.item-failed", fields)
            case nil: return say("history.item", fields)
            }
        }
        if let number {
            guard number <= count else {
                return [
                    Announcement(
                        say("history.no-such-item", ["number": String(number), "count": grouped(count)], count: count),
                        kind: .error, earcon: .error)
                ]
            }
            return [Announcement(item(number), kind: .history)]
        }
        // The newest alone: a listener asks for the one before by its number.
        var text = item(1)
        if count > 1 { text += " " + say("history.older", ["next": "2"]) }
        return [Announcement(text, kind: .history)]
    }

    /// `help`: the commands a listener needs first, in groups; `help all` lists every command;
    /// `help COMMAND` says how it is typed and what it does.
    private func help(_ topic: String?) -> [Announcement] {
        guard let topic else {
            return [Announcement(say("help.groups", ["all": say("filter.all")]), kind: .help)]
        }
        if Command.isWord(topic, "all", key: "filter.all", words) {
            let names = Command.allCases.map { $0.word(words) }.joined(separator: say("list.separator"))
            return [Announcement(say("help.commands", ["commands": names]), kind: .help)]
        }
        guard let info = Command(word: topic, words: words) ?? Command.nearest(to: topic, words: words) else {
            return [
                Announcement(
                    say("help.no-such-command", ["word": Self.echo(topic, words)]), kind: .error, earcon: .error)
            ]
        }
        var text = say("help.command", ["usage": info.usage(words), "summary": info.summary(words)])
        if !info.aliases.isEmpty {
            text += " " + say("help.short", ["aliases": info.aliases.joined(separator: say("list.separator"))])
        }
        return [Announcement(text, kind: .help)]
    }

    private func invalid(_ error: CommandError) -> Announcement {
        switch error {
        case .unknownCommand(let typed, let suggestion):
            let word = Self.echo(typed, words)
            if suggestion == nil, typed.count <= Self.queryLimit, !catalog.matches(query: typed).isEmpty,
                TextFolding.queryWords(typed).count > 0
            {
                return Announcement(say("command.unknown-search", ["word": word]), kind: .error, earcon: .error)
            }
            let text =
                suggestion.map { say("command.unknown-did-you-mean", ["word": word, "suggestion": $0]) }
                ?? say("command.unknown", ["word": word])
            return Announcement(text, kind: .error, earcon: .error)
        case .badArgument(_, let phrase):
            return Announcement(say(phrase), kind: .error, earcon: .error)
        case .unknownSetting(let typed, let suggestion):
            let key = Self.echo(typed, words)
            let text =
                suggestion.map { say("setting.unknown-did-you-mean", ["key": key, "suggestion": $0]) }
                ?? say("setting.unknown", ["key": key])
            return Announcement(text, kind: .error, earcon: .error)
        }
    }
}
