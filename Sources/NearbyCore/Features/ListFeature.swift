import Words

/// The list of places: the focus that `next` and `previous` move (as VoiceOver swipes), and the
/// full list's inner scroll. The list, the focus and the scroll are read by almost every other
/// feature, so these are extensions on `NearbyState`, gathered here.
extension NearbyState {
    /// Sets the focus, noting the detent it was set at.
    mutating func setFocus(_ position: Int?) {
        focus = position
        focusDetent = sheet.detent
    }

    /// The places `next` can reach at this detent: none at the bottom, the rail at half height,
    /// all of them at full.
    var reachableCount: Int {
        switch sheet.detent {
        case .resting: 0
        // The Map Search Sheet's list scrolls whole at `.medium` (000); the Nearby screen's half
        // height is the rail (002).
        case .half: settings.screen == .mapSearch ? shown.count : min(Self.railSize, shown.count)
        case .full: shown.count
        }
    }

    /// `next` (`step` 1) or `previous` (-1): a VoiceOver swipe through what the detent shows.
    mutating func moveFocus(by step: Int) -> [Announcement] {
        guard sheet.isPresented else { return [sheetDismissedError()] }
        if shown.isEmpty, !suggestions.isEmpty { return moveThroughSuggestions(by: step) }
        if shown.isEmpty {
            let text = query.isEmpty ? say(.listEmpty) : say(.resultsNone(query: query))
            return [Announcement(text, kind: .place, earcon: .end)]
        }
        guard sheet.detent != .resting else {
            return [Announcement(say(.listHiddenAtResting), kind: .place, earcon: .end)]
        }
        // At full height the details cover the list: `next` never reads rows not shown.
        if detailsShown, let index = selectedIndex {
            return [
                Announcement(
                    say(.listBehindDetails(name: places.all[index].name)), kind: .place, earcon: .end)
            ]
        }
        // A focus beyond what this detent reaches, set before the sheet came down, steps back
        // into it. With nothing focused, `next` starts at the first place and `previous` at the
        // last this detent shows (the rail's last at half height), as a swipe does.
        let current = focus.map { focusDetent > sheet.detent ? min($0, reachableCount) : $0 }
        let target = current.map { $0 + step } ?? (step > 0 ? 0 : reachableCount - 1)
        if target < 0 {
            return [
                placed(
                    Announcement(
                        say(.listStart(place: describe(shown[0], position: 1))), kind: .place, earcon: .end),
                    at: shown[0])
            ]
        }
        if target >= shown.count || (step > 0 && target >= reachableCount && (current ?? 0) <= reachableCount) {
            if sheet.detent == .half && reachableCount < shown.count && target < shown.count {
                let more = shown.count - reachableCount
                return [
                    Announcement(
                        settings.screen == .nearby
                            ? say(.listEndOfRail(count: grouped(more), plural: more))
                            : say(.listEndOfRailInOrder(count: grouped(more), plural: more)),
                        kind: .place, earcon: .end)
                ]
            }
            let last = describe(shown[shown.count - 1], position: shown.count)
            return [
                placed(
                    Announcement(say(.listEnd(place: last)), kind: .place, earcon: .end), at: shown[shown.count - 1]
                )
            ]
        }
        setFocus(target)
        if sheet.detent == .full { scrollToShow(row: target) }
        return [
            placed(
                Announcement(
                    say(.placeFocused(place: describe(shown[target], position: target + 1))), kind: .place),
                at: shown[target])
        ]
    }

    /// `next` or `previous` after "Did you mean": the suggested places, each with its distance,
    /// direction and number, which `select` (or `select N`) then takes.
    private mutating func moveThroughSuggestions(by step: Int) -> [Announcement] {
        func said(_ position: Int) -> String {
            let row = say(.suggestionPosition(index: grouped(position + 1), count: grouped(suggestions.count)))
            return say(.placeWithPosition(place: describe(suggestions[position]), position: row))
        }
        let target = focus.map { $0 + step } ?? (step > 0 ? 0 : suggestions.count - 1)
        if target < 0 {
            return [Announcement(say(.listStart(place: said(0))), kind: .place, earcon: .end)]
        }
        if target >= suggestions.count {
            return [Announcement(say(.listEnd(place: said(suggestions.count - 1))), kind: .place, earcon: .end)]
        }
        setFocus(target)
        return [Announcement(say(.placeFocused(place: said(target))), kind: .place)]
    }

    /// Whether a drag reaches the full list's scroll: the list is shown at the top detent.
    var listScrolls: Bool { sheet.detent == .full && !detailsShown && maxScrollOffset > 0 }

    /// Scrolls the full list by `points` (positive shows later rows), whole rows at a time.
    /// Returns whether it moved.
    mutating func scrollList(by points: Double) -> Bool {
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
        return say(.listPage(first: grouped(first), last: grouped(last), count: grouped(shown.count)))
    }
}
