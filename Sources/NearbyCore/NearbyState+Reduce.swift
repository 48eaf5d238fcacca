/// The reducer: every action the user takes and every report the shell makes change the state in
/// place and return what is to be said and what the shell is to do. Each feature of the screen
/// is reduced in its own file under `Features/`; this file composes them, as
/// swift-composable-architecture composes reducers: what every action goes through (a `find`
/// line being typed is settled, the study's goal is checked, history keeps the answer), what
/// every report goes through (history keeps what it says), and the two `switch`es that hand each
/// to its feature.
extension NearbyState {
    /// Applies what the user did; returns its announcements, in the order they are to be said,
    /// and its effects. History keeps every announcement except the answers of `repeat`,
    /// `current` and `history` themselves, which review it.
    public mutating func reduce(_ action: Action) -> Reaction {
        let fall = settleTyping(before: action)
        let before = study != nil && Study.checksGoal(after: action) ? self : nil
        var reaction = route(action)
        keepKeyboardAtTop()
        if let fall { reaction.beginWith(fall) }
        if let before { followStudy(&reaction, before: before, action: action) }
        if action.keepsAnswers { review.keep(&reaction) }
        return reaction
    }

    /// Applies what the shell found out; returns what it says and asks, as `reduce` does. A
    /// report is no command: a `find` line being typed goes on being typed, and no study task
    /// ends by it. History keeps what it says.
    public mutating func apply(_ report: Report) -> Reaction {
        var reaction = route(report)
        keepKeyboardAtTop()
        review.keep(&reaction)
        return reaction
    }

    /// The keyboard is up only at the top detent (002: "When the keyboard appears the sheet
    /// moves to the top detent"): a sheet lowered or dismissed while a search is typed puts
    /// it away, as a tap on the dim does. The list keeps its scroll within the rows it shows.
    private mutating func keepKeyboardAtTop() {
        if isSearching && (!sheet.isPresented || sheet.detent != .full) { isSearching = false }
        if scrollOffset > maxScrollOffset { scrollOffset = maxScrollOffset }
    }

    /// Hands `action` to the feature it belongs to: one case an action, no `default`, so that
    /// a new action is a compile error until it is routed.
    private mutating func route(_ action: Action) -> Reaction {
        switch action {
        // The search field (SearchFeature.swift) and the filter pills (FilterFeature.swift).
        case .searchFocused: return Reaction(focusSearch())
        case .queryEntered(let text): return enterQueryNearFirst(text)
        case .queryTyped(let text): return Reaction(typeQuery(text))
        case .typingAbandoned: return Reaction(abandonTyping().map { [$0] } ?? [])
        case .queryCleared: return Reaction(clearQuery())
        case .searchDismissed: return Reaction(dismissSearch())
        case .filterChosen(let kind): return Reaction(chooseFilter(kind))
        case .filtersRequested: return Reaction([Announcement(filtersPhrase(), kind: .results)])
        // The list and its focus (ListFeature.swift).
        case .nextFocused: return Reaction(moveFocus(by: 1))
        case .previousFocused: return Reaction(moveFocus(by: -1))
        // The selection and its details (SelectionFeature.swift).
        case .placeSelected(let reference): return Reaction(select(reference))
        case .selectionCleared: return Reaction(clearSelection())
        case .walkRequested: return Reaction(walk())
        case .detailsRequested(let all): return Reaction(details(all: all))
        case .aboutRequested: return Reaction([Announcement(aboutPhrase(), kind: .notice)])
        // The sheet (SheetFeature.swift).
        case .handleIncremented: return Reaction(sheet.step(up: true, words, settings.verbosity))
        case .handleDecremented: return Reaction(sheet.step(up: false, words, settings.verbosity))
        case .handleActivated: return Reaction(sheet.cycle(words, settings.verbosity))
        case .detentChosen(let detent): return Reaction(sheet.choose(detent, words, settings.verbosity))
        case .dimmedMapTapped: return Reaction(tapDimmedMap())
        case .sheetDragged(let translation, let velocity): return Reaction(drag(translation, velocity: velocity))
        // Reading the screen (ReadingFeature.swift).
        case .readRequested: return Reaction(readScreen())
        case .whereRequested(let exact): return whereRequested(exact: exact)
        case .aroundRequested: return aroundRequested()
        case .aheadRequested: return aheadRequested()
        case .countRequested: return Reaction([Announcement(countPhrase(), kind: .results)])
        case .mapRequested: return Reaction(effects: [.measureScreen])
        // Reviewing what was said (ReviewFeature.swift).
        case .repeatRequested: return Reaction(review.repeatLast(words))
        case .historyRequested(let number): return Reaction(review.history(number, words))
        case .currentRequested: return Reaction([current()])
        case .spellRequested: return Reaction([spell()])
        // The moving position and its callouts (PositionFeature.swift, CalloutFeature.swift).
        case .routeRequested: return Reaction([Announcement(waypointWalkPhrase() ?? routePhrase(), kind: .location)])
        case .calloutsMuted(let minutes): return mute(minutes: minutes)
        // Walking routes (RouteFeature.swift).
        case .routeTo(let name): return routeRequested(to: name)
        case .routeStepsRequested: return routeStepsRequested()
        case .routeExportRequested(let path): return keptRouteExport(path) ?? routeExportRequested(path)
        // Routes of waypoints (WaypointRouteFeature.swift) and recording (RecordingFeature.swift).
        case .routeNew(let name): return routeNew(name)
        case .routeAdd: return routeAdd()
        case .routeRemove(let number): return routeRemove(number)
        case .routeDelete(let name): return routeDelete(name)
        case .routesRequested: return Reaction([routesPhrase()])
        case .routeStart(let name): return routeStart(name)
        case .routeSkip: return routeSkip()
        case .routeStop: return routeStop()
        case .routeFrom(let path): return Reaction(effects: [.readRouteFile(path: path)])
        case .recordStart(let path): return recordStart(path)
        case .recordStop: return recordStop()
        // Markers (MarkerFeature.swift).
        case .markRequested(let name): return mark(name)
        case .markersRequested: return Reaction([markersPhrase()])
        case .markersExportRequested(let path): return Reaction(effects: [.exportMarkers(path: path, markers)])
        case .markersImportRequested(let path): return Reaction(effects: [.importMarkers(path: path)])
        case .unmarkRequested: return unmark()
        case .undoRequested: return undoUnmark()
        // Street preview (PreviewFeature.swift).
        case .previewRequested: return previewRequested()
        case .previewAt(let name): return previewRequested(at: name)
        case .previewLeft: return previewLeft()
        case .goRequested(let choice): return goRequested(choice)
        // A usability study (StudyFeature.swift).
        case .tasksGiven(let tasks): return beginStudy(tasks)
        case .taskRequested: return repeatTask()
        case .taskSkipped: return skipTask()
        // Settings, and the files they have the shell read (SettingsFeature.swift).
        case .settingChanged(let setting, let value): return changeSetting(setting, value)
        case .settingsRequested(let all): return Reaction([Announcement(settingsPhrase(all: all), kind: .settings)])
        // The synthesiser's voices (VoicesFeature.swift).
        case .voicesRequested(let all): return voicesRequested(all: all)
        // The session around the screen (SessionFeature.swift).
        case .sessionStarted: return Reaction(greeting())
        case .speechStopped: return Reaction(effects: [.stopSpeech])
        case .quitRequested, .inputEnded: return Reaction(finish())
        case .helpRequested(let topic): return Reaction(help(topic))
        case .invalid(let error): return Reaction([invalid(error)])
        }
    }

    /// Hands `report` to the feature it belongs to: one case a report, no `default`.
    private mutating func route(_ report: Report) -> Reaction {
        switch report {
        // The search field (SearchFeature.swift).
        case .wholeStoreSearched(let query, let kind, let found):
            return Reaction(wholeStoreSearched(query: query, kind: kind, found: found))
        // Reading the screen (ReadingFeature.swift).
        case .mapMeasured(let columns, let rows, let streets, let crossings, let parks):
            return Reaction(
                mapPicture(columns: columns, rows: rows, streets: streets, crossings: crossings, parks: parks))
        // Reviewing what was said (ReviewFeature.swift).
        case .speechEnded(let number, let mark):
            review.speechEnded(number: number, mark)
            return Reaction()
        // The moving position and its callouts (PositionFeature.swift, CalloutFeature.swift).
        case .positionReported(let report): return positionReported(report)
        case .routePlanned(let destination, let route): return routePlanned(destination: destination, route)
        case .routeExported(let path, let outcome): return routeExported(path: path, outcome)
        case .markersLoaded(let loaded, let routes, let notice):
            return markersLoaded(loaded, routes: routes, notice: notice)
        case .markerPlacesGone(let gone): return markerPlacesGone(gone)
        case .routeFileRead(let path, let route, let failure):
            guard let route else { return routeRefused(.routeFromFailed(path: path, reason: failure ?? "")) }
            return routeFileRead(path: path, route)
        case .recordingStarted(let path, let failure): return recordingStarted(path: path, failure: failure)
        case .recordingStopped(let path, let failure): return recordingStopped(path: path, failure: failure)
        case .markersSaved(let change, let failure): return markersSaved(change, failure: failure)
        case .markersExported(let path, let count, let failure):
            return markersExported(path: path, count: count, failure: failure)
        case .markersImported(let path, let imported, let failure):
            if let failure { return markersFailed(.markersImportFailed(path: path, reason: failure)) }
            return markersImported(path: path, imported)
        case .namedStreetFound(let query, let street): return namedStreetFound(query, street)
        case .fixLost: return fixLost()
        case .waitingForFix: return waitingForFix()
        case .gpsSilent: return gpsSilent()
        case .gpsFollowed(let address): return gpsFollowed(address)
        case .gpsUnavailable(let address): return gpsUnavailable(address)
        case .streetFound(let name, let point, let network): return streetFound(name, at: point, network: network)
        // The files the settings have the shell read (SettingsFeature.swift).
        case .placesLoaded(let newPlaces, let source, let skipped, let centre, let count):
            if let centre { updateSettings { $0.origin = centre } }
            return placesLoaded(newPlaces, source: source, skipped: skipped, sourceCount: count)
        case .placesFailed(let message): return placesFailed(message)
        case .windowMoved(let newPlaces): return windowMoved(newPlaces)
        case .windowPartRead(let part): return windowPartRead(part)
        case .stringsLoaded(let loaded, let source): return stringsLoaded(loaded, source: source)
        case .stringsFailed(let message): return stringsFailed(message)
        // The synthesiser's voices (VoicesFeature.swift).
        case .voicesInstalled(let voices):
            installedVoices = voices
            return Reaction()
        }
    }
}
