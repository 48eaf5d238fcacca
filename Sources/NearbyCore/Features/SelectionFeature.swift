import PlaceData
import Words

/// The selection and its details: `select` (by focus, number or name, with the reasons a place
/// cannot be selected), `close`, `walk`, and the details the top detent shows. Selecting raises
/// the sheet, moves the focus and flies the camera (shared state), so these are extensions on
/// `NearbyState`, gathered here.
extension NearbyState {
    /// `select`: a row or a pin is tapped; the details show at full height (the Nearby screen)
    /// or the sheet goes to half height with the row marked (the Map Search Sheet), and the
    /// camera comes close.
    mutating func select(_ reference: PlaceReference) -> [Announcement] {
        let resolved = resolve(reference)
        guard case .success(let index) = resolved else {
            if case .failure(let error) = resolved { return [error.announcement] }
            return []
        }
        let place = places.all[index]
        let target = selectionDetent(for: reference)
        // Already selected, the sheet where selecting puts it: nothing moves, and the answer
        // says so.
        if place.id == selection && sheet.isPresented && sheet.detent == target {
            return [Announcement(say(.selectAlready(name: place.name)), kind: .selection)]
        }
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
        // Selected again: its milestones and arrival start afresh.
        position.milestone = nil
        position.arrivedAt = nil
        isSearching = false
        let moves = !sheet.isPresented || sheet.detent != target
        sheet.isPresented = true
        sheet.detent = target
        if let position = shown.firstIndex(of: index) { setFocus(position) }
        var answers = [
            placed(Announcement(say(.placeFocused(place: describe(index))), kind: .selection), at: index)
        ]
        if moves {
            // A detent change is always heard, as `find`'s rise is: the snap and the words.
            let key = settings.screen == .nearby ? Key.detailsAtFull : Key.sheetNowHalf
            answers.append(Announcement(say(key), priority: .polite, kind: .detent, earcon: .snap))
        }
        camera = .closeUp(placeID: place.id, altitude: settings.closeUpDistance)
        answers.append(visual(Announcement(cameraMovePhrase(to: index), priority: .polite, kind: .camera)))
        // The walk-time chip is the Nearby screen's (002); the Map Search Sheet has none.
        if settings.screen == .nearby { answers.append(walkChip(of: index)) }
        return answers
    }

    /// Where selecting puts the sheet: the Nearby screen opens the details at the top detent
    /// (002: "Tapping a pin or a place selects it … at the top detent"). The Map Search Sheet
    /// sets `detent = .medium` when a row is chosen (by its number, or the focused one); a
    /// marker chosen on the map (by its name, as markers are labelled) selects and leaves the
    /// sheet where it is (000's `Map(selection:)`), where the map answers touches: up
    /// through half height (`presentationBackgroundInteraction(.enabled(upThrough: .medium))`).
    func selectionDetent(for reference: PlaceReference) -> Detent {
        guard settings.screen == .mapSearch else { return .full }
        if case .name = reference, sheet.isPresented, sheet.detent != .full { return sheet.detent }
        return .half
    }

    /// Why a reference names no place, as it is said.
    private struct SelectionError: Error {
        let announcement: Announcement
        init(_ text: String) { announcement = Announcement(text, kind: .error, earcon: .error) }
    }

    private func refusal(_ phrase: Phrase) -> SelectionError {
        SelectionError(say(phrase))
    }

    /// The index among the places a reference names, or what to say when it names none.
    private func resolve(_ reference: PlaceReference) -> Result<Int, SelectionError> {
        switch reference {
        case .focused:
            guard let focus else {
                return .failure(refusal(Phrase(.selectNothingFocused)))
            }
            // After "Did you mean", `next` walks the suggestions.
            if shown.isEmpty, focus < suggestions.count { return .success(suggestions[focus]) }
            guard focus < shown.count else { return .failure(refusal(Phrase(.selectNothingFocused))) }
            return .success(shown[focus])
        case .position(let number):
            if shown.isEmpty, !suggestions.isEmpty {
                guard (1...suggestions.count).contains(number) else {
                    return .failure(
                        refusal(.selectNoSuchNumber(number: String(number), last: grouped(suggestions.count))))
                }
                return .success(suggestions[number - 1])
            }
            guard !shown.isEmpty else { return .failure(refusal(Phrase(.selectListEmpty))) }
            guard (1...shown.count).contains(number) else {
                return .failure(
                    refusal(.selectNoSuchNumber(number: String(number), last: grouped(shown.count))))
            }
            return .success(shown[number - 1])
        case .name(let typed):
            let wanted = TextFolding.fold(typed)
            if let exact = shown.first(where: { places.foldedName(at: $0) == wanted }) { return .success(exact) }
            let queryWords = TextFolding.queryWords(typed)
            let named = { (index: Int) in queryWords.allSatisfy { places.foldedName(at: index).contains($0) } }
            let candidates = shown.filter(named)
            if candidates.count == 1 { return .success(candidates[0]) }
            if candidates.count > 1 {
                let names = candidates.prefix(3).map { places.all[$0].name }.joined(
                    separator: say(.listSeparator))
                return .failure(
                    refusal(
                        .selectAmbiguous(
                            count: grouped(candidates.count), name: Self.echo(typed, words), names: names,
                            plural: candidates.count)))
            }
            if let hidden = places.all.indices.first(where: named) {
                let name = places.all[hidden].name
                if distances[hidden] > settings.radius,
                    places.matchSet(query: query, kind: kindFilter).contains(Int32(hidden))
                {
                    return .failure(
                        refusal(.selectBeyondRadius(name: name, where: distanceAndDirection(of: hidden))))
                }
                if let kindFilter, !filterAdmits(places.all[hidden].kind) {
                    return .failure(
                        refusal(.selectHiddenByFilter(name: name, kind: kindName(kindFilter), all: say(.filterAll))))
                }
                return .failure(refusal(.selectHiddenBySearch(name: name)))
            }
            // Nothing holds those words: the nearest spelling among the places shown.
            if let corrected = places.correctedQuery(typed, kind: kindFilter),
                let position = shown.firstIndex(where: { candidate in
                    TextFolding.queryWords(corrected).allSatisfy { places.foldedName(at: candidate).contains($0) }
                })
            {
                return .failure(
                    refusal(
                        .selectDidYouMean(
                            name: Self.echo(typed, words), suggestion: places.all[shown[position]].name,
                            number: grouped(position + 1))))
            }
            return .failure(refusal(.selectNoSuchName(name: Self.echo(typed, words))))
        }
    }

    /// `close`: the details close and the selection goes; the camera stays.
    mutating func clearSelection() -> [Announcement] {
        guard let index = selectedIndex else {
            return [Announcement(say(.selectionNone), kind: .error, earcon: .error)]
        }
        // The seed leaves the camera where it is when the selection goes.
        selection = nil
        // The Map Search Sheet shows no details to close (000): the row is unmarked.
        let key =
            settings.screen == .mapSearch
            ? Phrase.deselected(name: places.all[index].name) : .selectionCleared(name: places.all[index].name)
        return [Announcement(say(key), kind: .selection)]
    }

    /// `walk`: how long the walk to the selected place is.
    func walk() -> [Announcement] {
        guard let index = selectedIndex else {
            return [Announcement(say(.selectionNoneSelectFirst), kind: .error, earcon: .error)]
        }
        guard hasPosition else { return noPositionYet().announcements }
        let place = places.all[index]
        let text = say(
            .walkAnswer(name: place.name, walk: walkPhrase(of: index), where: distanceAndDirection(of: index)))
        return [placed(Announcement(text, kind: .walk), at: index)]
    }

    /// `details`: the selected place's details again, wherever the sheet is: within
    /// `detailsWordLimit` words, or with `all` everything the data holds.
    func details(all: Bool = false) -> [Announcement] {
        guard let index = selectedIndex else {
            return [Announcement(say(.selectionNoneSelectFirst), kind: .error, earcon: .error)]
        }
        return [placed(Announcement(detailPhrase(index, all: all), kind: .selection), at: index)]
    }

    /// The selected place's detail: what fits the limit, or with `all` everything the data
    /// holds (the website's whole address too).
    func detailPhrase(_ index: Int, all: Bool = false) -> String {
        let place = places.all[index]
        let heading = say(
            namesItsKind(index)
                ? .detailsKindInName(
                    name: place.name, where: distanceAndDirection(of: index), walk: walkPhrase(of: index))
                : .details(
                    name: place.name, kind: kindName(place.kind), where: distanceAndDirection(of: index),
                    walk: walkPhrase(of: index)))
        let fields = place.details.map { DetailPart(whole: say(.detailsField(label: $0.label, value: $0.value))) }
        let lines = servedByPhrase(place).map {
            DetailPart(whole: $0, short: servedByPhrase(place, limit: Self.calloutLines))
        }
        let gone = isMarkerPlaceGone(at: index) ? [DetailPart(whole: say(.markerPlaceGone))] : []
        return fitted(heading, gone + fields + (lines.map { [$0] } ?? []) + factsParts(place.facts, all: all), all: all)
    }
}
