import Foundation
import PlaceData

/// The reducer: every action changes the state in place and returns what is to be said and
/// what the shell is to do.
extension NearbyState {
    /// Applies `action`; returns its announcements, in the order they are to be said, and its
    /// effects. History keeps every announcement except the answers of `repeat` and `history`
    /// themselves, which review it.
    public mutating func reduce(_ action: Action) -> Reaction {
        var reaction = answer(action)
        guard Self.keepsAnswers(to: action) else { return reaction }
        for (offset, announcement) in reaction.announcements.enumerated() where announcement.kind != .history {
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

    /// Whether history keeps the answers to `action`: not those of `repeat` and `history`.
    static func keepsAnswers(to action: Action) -> Bool {
        switch action {
        case .repeatRequested, .historyRequested: false
        default: true
        }
    }

    private mutating func answer(_ action: Action) -> Reaction {
        switch action {
        case .searchFocused: return Reaction(focusSearch())
        case .queryEntered(let text): return Reaction(enterQuery(text))
        case .queryTyped(let text): return Reaction(typeQuery(text))
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
        case .readRequested: return Reaction([Announcement(readPhrase(), kind: .screen)])
        case .whereRequested: return Reaction([Announcement(wherePhrase(), kind: .location)])
        case .walkRequested: return Reaction(walk())
        case .repeatRequested: return Reaction(repeatLast())
        case .historyRequested(let number): return Reaction(history(number))
        case .speechStopped: return Reaction(effects: [.stopSpeech])
        case .settingChanged(let setting, let value): return changeSetting(setting, value)
        case .placesLoaded(let newCatalog, let source, let skipped):
            replaceCatalog(newCatalog)
            updateSettings { $0.placesFile = source }
            let skippedNote = skipped > 0 ? " Skipped \(PlacesFile.skippedPhrase(skipped))." : ""
            let nearest = shown.first.map { " Nearest, \(describe($0))." } ?? ""
            return Reaction([
                Announcement(
                    "Loaded \(Self.places(catalog.count)) from \(source).\(skippedNote)\(nearest)", kind: .settings)
            ])
        case .placesFailed(let message):
            return Reaction([
                Announcement("\(message) The places stay as they were.", kind: .error, earcon: .error)
            ])
        case .settingsRequested: return Reaction([Announcement(settingsPhrase(), kind: .settings)])
        case .mapRequested: return Reaction(effects: [.measureScreen])
        case .mapMeasured(let columns, let rows):
            let picture = MapPicture(state: self, columns: columns, rows: rows)
            return Reaction([Announcement(picture.summary, kind: .screen, display: picture.text)])
        case .helpRequested(let topic): return Reaction(help(topic))
        case .voicesRequested:
            guard installedVoices != nil else { return Reaction(effects: [.listVoices(then: action)]) }
            return Reaction([voicesAnnouncement()])
        case .voicesInstalled(let voices):
            installedVoices = voices
            return Reaction()
        case .speechEnded(let number, let mark):
            if number > spokenTotal - spoken.count && number <= spokenTotal { speechMarks[number] = mark }
            return Reaction()
        case .quitRequested, .inputEnded:
            isFinished = true
            return Reaction([Announcement("Goodbye.", kind: .notice)])
        case .sessionStarted:
            return Reaction([
                Announcement(
                    "Nearby: \(Self.places(catalog.count)) around you. Type help for commands, quit to leave.",
                    kind: .notice)
            ])
        case .invalid(let error): return Reaction([invalid(error)])
        }
    }

    // MARK: Search

    private mutating func focusSearch() -> [Announcement] {
        isSearching = true
        let moved = raiseForKeyboard()
        let field = query.isEmpty ? "Search places" : query
        return [Announcement("\(field), search field, editing.\(moved ? " Sheet at full height." : "")", kind: .screen)]
    }

    /// The keyboard lifts the sheet to the top detent; true when it moved.
    private mutating func raiseForKeyboard() -> Bool {
        isSheetPresented = true
        defer { detent = .full }
        return detent != .full
    }

    private mutating func enterQuery(_ text: String) -> [Announcement] {
        isSearching = true
        _ = raiseForKeyboard()
        return applyQuery(text, priority: .assertive)
    }

    private mutating func typeQuery(_ text: String) -> [Announcement] {
        guard text != query else { return [] }
        isSearching = true
        _ = raiseForKeyboard()
        var answers = applyQuery(text, priority: .status)
        answers.removeAll { $0.kind == .camera }
        return answers
    }

    /// The seed's `onChange(of: query)`: the selection goes and the camera shows every match.
    private mutating func applyQuery(_ text: String, priority: Announcement.Priority) -> [Announcement] {
        query = text.trimmingCharacters(in: .whitespaces)
        selection = nil
        focus = nil
        refreshShown()
        let earcon: Announcement.Earcon? = shown.isEmpty ? .noResults : nil
        var answers = [Announcement(resultsPhrase(), priority: priority, kind: .results, earcon: earcon)]
        if camera != .showingAll {
            camera = .showingAll
            answers.append(Announcement(cameraOverviewPhrase(), priority: .polite, kind: .camera))
        }
        return answers
    }

    private mutating func clearQuery() -> [Announcement] {
        guard !query.isEmpty || selection != nil else {
            return [Announcement("Search is already empty. \(resultsPhrase())", kind: .results)]
        }
        var answers = applyQuery("", priority: .assertive)
        answers[0].text = "Search cleared. " + answers[0].text
        return answers
    }

    private mutating func dismissSearch() -> [Announcement] {
        guard isSearching else {
            return [Announcement("The search field is not in use. Type find to search.", kind: .error, earcon: .error)]
        }
        isSearching = false
        return [Announcement("Search field closed. Sheet stays \(detent.situation).", kind: .screen)]
    }

    private mutating func chooseFilter(_ kind: String?) -> [Announcement] {
        guard let kind else {
            kindFilter = nil
            return afterFilterChange()
        }
        let wanted = TextFolding.fold(kind)
        let kinds = catalog.kindCounts()
        guard let match = kinds.first(where: { TextFolding.fold($0.kind) == wanted })
            ?? kinds.first(where: { TextFolding.fold($0.kind).hasPrefix(wanted) })
        else {
            let names = kinds.map(\.kind).joined(separator: ", ")
            return [Announcement("No filter called \(kind). Filters are: all, \(names).", kind: .error, earcon: .error)]
        }
        kindFilter = match.kind
        return afterFilterChange()
    }

    private mutating func afterFilterChange() -> [Announcement] {
        selection = nil
        focus = nil
        refreshShown()
        var answers = [
            Announcement(
                "Filter \(kindFilter ?? "all"), selected. \(resultsPhrase())", kind: .results,
                earcon: shown.isEmpty ? .noResults : nil)
        ]
        if camera != .showingAll {
            camera = .showingAll
            answers.append(Announcement(cameraOverviewPhrase(), priority: .polite, kind: .camera))
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
        let pills = counts.map { pill in
            "\(pill.kind) \(pill.count)\(pill.kind == kindFilter ? ", selected" : "")"
        }
        let all = "All \(matching.count)\(kindFilter == nil ? ", selected" : "")"
        return "Filters: " + ([all] + pills).joined(separator: "; ") + "."
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
            let text = query.isEmpty ? "The list is empty." : "No results for \"\(query)\"."
            return [Announcement(text, kind: .place, earcon: .end)]
        }
        guard detent != .resting else {
            return [Announcement("The list is hidden while the sheet rests at the bottom. Type up to show it.", kind: .place, earcon: .end)]
        }
        // A focus beyond what this detent reaches (the sheet came down) steps back into it.
        let target = focus.map { min($0, reachableCount) + step } ?? (step > 0 ? 0 : reachableCount - 1)
        if target < 0 {
            return [Announcement("Start of list. \(describe(shown[0], position: 1)).", kind: .place, earcon: .end)]
        }
        if target >= reachableCount {
            if detent == .half && reachableCount < shown.count {
                return [Announcement("End of the nearest places. \(Self.morePlaces(shown.count - reachableCount)) one step up: type up.", kind: .place, earcon: .end)]
            }
            return [Announcement("End of list. \(describe(shown[reachableCount - 1], position: reachableCount)).", kind: .place, earcon: .end)]
        }
        focus = target
        return [Announcement(describe(shown[target], position: target + 1) + ".", kind: .place)]
    }

    // MARK: Selection

    private mutating func select(_ reference: PlaceReference) -> [Announcement] {
        let resolved = resolve(reference)
        guard case .success(let index) = resolved else {
            if case .failure(let error) = resolved { return [error.announcement] }
            return []
        }
        let place = catalog.places[index]
        selection = place.id
        isSearching = false
        isSheetPresented = true
        if let position = shown.firstIndex(of: index) { focus = position }
        var answers = [Announcement("\(describe(index)).", kind: .selection)]
        if detent != .full {
            detent = .full
            answers.append(Announcement("Details at full height.", priority: .polite, kind: .screen, earcon: .snap))
        }
        camera = .closeUp(placeID: place.id, altitude: settings.closeUpDistance)
        answers.append(Announcement(cameraMovePhrase(to: index), priority: .polite, kind: .camera))
        return answers
    }

    private struct SelectionError: Error {
        let announcement: Announcement
        init(_ text: String) { announcement = Announcement(text, kind: .error, earcon: .error) }
    }

    /// The catalog index a reference names, or what to say when it names none.
    private func resolve(_ reference: PlaceReference) -> Result<Int, SelectionError> {
        switch reference {
        case .focused:
            guard let focus else {
                return .failure(SelectionError("No place is focused. Type next to move to one, or select a number or a name."))
            }
            return .success(shown[focus])
        case .position(let number):
            guard !shown.isEmpty else { return .failure(SelectionError("The list is empty: nothing to select.")) }
            guard (1...shown.count).contains(number) else {
                return .failure(SelectionError("No place \(number). Choose 1 to \(shown.count)."))
            }
            return .success(shown[number - 1])
        case .name(let words):
            let wanted = TextFolding.fold(words)
            if let exact = shown.first(where: { catalog.foldedName(at: $0) == wanted }) { return .success(exact) }
            let queryWords = TextFolding.queryWords(words)
            let named = { (index: Int) in queryWords.allSatisfy { catalog.foldedName(at: index).contains($0) } }
            let candidates = shown.filter(named)
            if candidates.count == 1 { return .success(candidates[0]) }
            if candidates.count > 1 {
                let names = candidates.prefix(3).map { catalog.places[$0].name }.joined(separator: ", ")
                return .failure(SelectionError("\(candidates.count) places are called \"\(words)\": \(names). Say more of the name, or a number."))
            }
            if let hidden = catalog.places.indices.first(where: named) {
                let name = catalog.places[hidden].name
                if let kindFilter, catalog.places[hidden].kind != kindFilter {
                    return .failure(SelectionError("\(name) is hidden by the filter \(kindFilter). Type filter all to show every place."))
                }
                return .failure(SelectionError("\(name) is hidden by the search. Type clear to show every place."))
            }
            return .failure(SelectionError("No place called \"\(words)\". Type find \(words) to search."))
        }
    }

    private mutating func clearSelection() -> [Announcement] {
        guard let index = selectedIndex else {
            return [Announcement("Nothing is selected.", kind: .error, earcon: .error)]
        }
        selection = nil
        camera = .showingAll
        return [
            Announcement("\(catalog.places[index].name) deselected. Details closed.", kind: .selection),
            Announcement(cameraOverviewPhrase(), priority: .polite, kind: .camera),
        ]
    }

    private func walk() -> [Announcement] {
        guard let index = selectedIndex else {
            return [Announcement("Nothing is selected. Select a place first, for example: select 1.", kind: .error, earcon: .error)]
        }
        let place = catalog.places[index]
        return [Announcement("\(place.name): \(walkPhrase(of: index)), \(distanceAndDirection(of: index)).", kind: .walk)]
    }

    // MARK: The sheet

    private func sheetDismissedError() -> Announcement {
        Announcement("The sheet is dismissed. Type handle to bring it back.", kind: .error, earcon: .error)
    }

    private mutating func stepSheet(up: Bool) -> [Announcement] {
        guard isSheetPresented else {
            isSheetPresented = true
            detent = .resting
            return [Announcement(handlePhrase(), kind: .detent, earcon: .snap)]
        }
        guard let next = up ? detent.higher : detent.lower else {
            let text = up ? "Already at full height." : "Already resting at the bottom."
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
            return [Announcement("Back works at full height, where the map is dimmed. The sheet is \(isSheetPresented ? detent.situation : "dismissed").", kind: .error, earcon: .error)]
        }
        isSearching = false
        detent = .half
        return [Announcement(handlePhrase(), kind: .detent, earcon: .snap)]
    }

    private mutating func chooseDetent(_ target: Detent) -> [Announcement] {
        if isSheetPresented && detent == target {
            return [Announcement("Sheet already \(target.situation).", kind: .detent)]
        }
        isSheetPresented = true
        detent = target
        return [Announcement(handlePhrase(), kind: .detent, earcon: .snap)]
    }

    private mutating func drag(_ translation: Double, velocity: Double) -> [Announcement] {
        guard isSheetPresented else { return [sheetDismissedError()] }
        let geometry = SheetGeometry(screenHeight: settings.screenHeight)
        switch geometry.settle(from: detent, translation: translation, velocity: velocity, dismissible: settings.dismissible) {
        case .dismissed:
            isSheetPresented = false
            isSearching = false
            return [Announcement("Sheet dismissed. Type handle to bring it back.", kind: .detent, earcon: .snap)]
        case .detent(let target):
            if target == detent {
                return [Announcement("Sheet springs back, \(target.situation).", kind: .detent, earcon: .snap)]
            }
            detent = target
            return [Announcement(handlePhrase(), kind: .detent, earcon: .snap)]
        }
    }

    // MARK: Reading the screen

    /// What the sheet shows at its detent: title and field; then the pills and the rail; then
    /// the whole list or the detail, over the dimmed map.
    func readPhrase() -> String {
        guard isSheetPresented else { return "The sheet is dismissed; only the map shows. \(cameraPhrase())" }
        let field = query.isEmpty ? "Search field, Search places" : "Search field, \(query)"
        var parts = ["Nearby, \(detent.spokenValue). \(field)\(isSearching ? ", editing" : "")."]
        if detent >= .half && detent != .full {
            parts.append(filtersPhrase())
            parts.append(railPhrase())
        }
        if detent == .full {
            if let index = selectedIndex {
                parts.append(detailPhrase(index))
            } else {
                parts.append(filtersPhrase())
                parts.append(listPhrase())
            }
            if !settings.reduceTransparency {
                parts.append(settings.reduceMotion ? "The map behind is dimmed." : "The map behind is dimmed, scaled down with rounded corners.")
            }
        }
        return parts.joined(separator: " ")
    }

    /// The rail of the half detent: the nearest few, with their distances.
    func railPhrase() -> String {
        let rail = shown.prefix(Self.railSize)
        guard !rail.isEmpty else { return emptyListPhrase() }
        let blocks = rail.map { "\(catalog.places[$0].name), \(SpokenMeasure.distance(distances[$0], units: settings.units))" }
        let more = shown.count > rail.count ? " \(Self.morePlaces(shown.count - rail.count)) one step up." : ""
        return "Nearest: " + blocks.joined(separator: "; ") + "." + more
    }

    /// The whole list at full height, read in one go (capped: `next` walks the rest).
    func listPhrase() -> String {
        let limit = 25
        guard !shown.isEmpty else { return emptyListPhrase() }
        let rows = shown.prefix(limit).enumerated().map { "\($0.offset + 1), \(catalog.places[$0.element].name), \(distanceAndDirection(of: $0.element))" }
        let more = shown.count > limit ? " And \(shown.count - limit) more: type next to walk the list." : ""
        return "\(Self.places(shown.count)): " + rows.joined(separator: "; ") + "." + more
    }

    /// The selected place's detail: everything the data holds.
    func detailPhrase(_ index: Int) -> String {
        let place = catalog.places[index]
        var text = "Details of \(place.name), selected. \(place.kind), \(distanceAndDirection(of: index)), \(walkPhrase(of: index))."
        for detail in place.details { text += " \(detail.label): \(detail.value)." }
        return text
    }

    func wherePhrase() -> String {
        let facing = settings.heading.map { ", facing \(SpokenMeasure.compass($0))" } ?? ""
        return "You are at \(SpokenMeasure.coordinate(settings.origin))\(facing). \(cameraPhrase())"
    }

    // MARK: Review

    private func repeatLast() -> [Announcement] {
        guard let last = spoken.last else {
            return [Announcement("Nothing has been said yet.", kind: .history)]
        }
        return [Announcement(last.text, kind: .history)]
    }

    private func history(_ number: Int?) -> [Announcement] {
        guard !spoken.isEmpty else { return [Announcement("Nothing has been said yet.", kind: .history)] }
        let count = spoken.count
        /// Item 1 is the newest; a mark says when it was not heard whole.
        func item(_ position: Int) -> String {
            let mark = speechMarks[spokenTotal - position + 1].map { " (\($0.rawValue))" } ?? ""
            return "Item \(position) of \(count)\(mark), \(spoken[count - position].text)"
        }
        if let number {
            guard number <= count else {
                return [Announcement("No item \(number). History holds \(count).", kind: .error, earcon: .error)]
            }
            return [Announcement(item(number), kind: .history)]
        }
        let recent = (1...min(5, count)).map(item)
        let more = count > 5 ? " Type history and a number for older ones." : ""
        return [Announcement("History, newest first. " + recent.joined(separator: " ") + more, kind: .history)]
    }

    private func help(_ topic: String?) -> [Announcement] {
        guard let topic else {
            let names = Command.allCases.map(\.name).joined(separator: ", ")
            return [Announcement("Commands: \(names). Type help and a command to hear more.", kind: .help)]
        }
        guard let info = Command(word: topic) ?? Command.nearest(to: topic) else {
            return [Announcement("No command called \(topic). Type help for the list.", kind: .error, earcon: .error)]
        }
        let aliases = info.aliases.isEmpty ? "" : " Short: \(info.aliases.joined(separator: ", "))."
        return [Announcement("\(info.usage): \(info.summary).\(aliases)", kind: .help)]
    }

    private func invalid(_ error: CommandError) -> Announcement {
        switch error {
        case .unknownCommand(let word, let suggestion):
            let line = "\(word)"
            if suggestion == nil, !catalog.matches(query: line).isEmpty, TextFolding.queryWords(line).count > 0 {
                return Announcement("Unknown command \(word). To search for it, type find \(word).", kind: .error, earcon: .error)
            }
            let hint = suggestion.map { "Did you mean \($0)?" } ?? "Type help for commands."
            return Announcement("Unknown command \(word). \(hint)", kind: .error, earcon: .error)
        case .badArgument(_, let message):
            return Announcement(message, kind: .error, earcon: .error)
        case .unknownSetting(let key, let suggestion):
            let hint = suggestion.map { " Did you mean \($0)?" } ?? ""
            return Announcement(
                "No setting called \(key).\(hint) Type settings to hear them all.", kind: .error, earcon: .error)
        }
    }
}
