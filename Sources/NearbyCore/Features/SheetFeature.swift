import Words

/// The bottom sheet: the handle (`up`, `down`, `handle`) and `detent NAME` work on its own
/// slice of the state, `Sheet`. `back` on the dimmed map also closes the keyboard, and `drag`
/// hands its gesture over to the full list's scroll (the seed's scroll handoff), so those two
/// are extensions on `NearbyState`.
extension NearbyState {
    /// The sheet's own state: whether it is shown, the detent it rests at, and whether its
    /// handle's hint has been heard. The search (the keyboard) and the selection (the details)
    /// raise it too, with `raiseToFull()`.
    public struct Sheet: Equatable, Sendable {
        public internal(set) var detent: Detent = .half
        public internal(set) var isPresented = true
        /// Whether the handle's hint ("type up or down to adjust") has been heard.
        public internal(set) var hasHeardHandleHint = false

        /// `up` or `down`: the adjustable handle's increment or decrement. A dismissed sheet
        /// comes back at the bottom detent.
        mutating func step(up: Bool, _ words: Catalog, _ verbosity: Settings.Verbosity) -> [Announcement] {
            guard isPresented else {
                isPresented = true
                detent = .resting
                return [handleAnswer(words, verbosity)]
            }
            guard let next = up ? detent.higher : detent.lower else {
                let text = words.text(up ? Key.sheetAlreadyFull : Key.sheetAlreadyResting)
                return [Announcement(text, kind: .detent, earcon: .end)]
            }
            detent = next
            return [handleAnswer(words, verbosity)]
        }

        /// `handle`: a tap on the handle, which cycles the detents (from the top back to the
        /// bottom); a dismissed sheet comes back at the bottom detent.
        mutating func cycle(_ words: Catalog, _ verbosity: Settings.Verbosity) -> [Announcement] {
            if !isPresented {
                isPresented = true
                detent = .resting
            } else {
                detent = detent.higher ?? .resting
            }
            return [handleAnswer(words, verbosity)]
        }

        /// `detent NAME`: the app moves the sheet itself.
        mutating func choose(_ target: Detent, _ words: Catalog, _ verbosity: Settings.Verbosity) -> [Announcement] {
            if isPresented && detent == target {
                return [Announcement(words.text(.sheetAlready(detent: target.situation(words))), kind: .detent)]
            }
            isPresented = true
            detent = target
            return [handleAnswer(words, verbosity)]
        }

        /// The keyboard or the details lift the sheet to the top detent; true when it moved.
        mutating func raiseToFull() -> Bool {
            isPresented = true
            defer { detent = .full }
            return detent != .full
        }

        /// Where the sheet is, to follow "The sheet is": "at half height", or dismissed.
        func situation(_ words: Catalog) -> String {
            isPresented ? detent.situation(words) : words.text(.sheetSituationDismissed)
        }

        /// The handle, said with the snap of a sheet that moved.
        mutating func handleAnswer(_ words: Catalog, _ verbosity: Settings.Verbosity) -> Announcement {
            Announcement(handlePhrase(words, verbosity), kind: .detent, earcon: .snap)
        }

        /// The handle, as VoiceOver reads an adjustable element: name, value, position, and the
        /// hint the first time (always when verbose, never when terse).
        mutating func handlePhrase(_ words: Catalog, _ verbosity: Settings.Verbosity) -> String {
            var text = words.text(
                .handle(
                    detent: detent.spoken(words), position: String(detent.position),
                    count: String(Detent.allCases.count)))
            let wantsHint: Bool
            switch verbosity {
            case .terse: wantsHint = false
            case .normal: wantsHint = !hasHeardHandleHint
            case .verbose: wantsHint = true
            }
            if wantsHint { text += " " + words.text(.handleHint) }
            hasHeardHandleHint = true
            return text
        }
    }

    /// What a command that needs the sheet says when it is dismissed.
    func sheetDismissedError() -> Announcement {
        Announcement(say(.sheetDismissedError), kind: .error, earcon: .error)
    }

    /// `back`: a tap on the dimmed map at the top detent lowers the sheet to half height, and
    /// the keyboard goes.
    mutating func tapDimmedMap() -> [Announcement] {
        // The Map Search Sheet dims nothing and the map behind its full sheet takes no taps
        // (000's `.presentationBackgroundInteraction(.enabled(upThrough: .medium))`).
        if settings.screen == .mapSearch {
            return [Announcement(say(.backNoDim(detent: sheet.situation(words))), kind: .error, earcon: .error)]
        }
        guard sheet.isPresented, sheet.detent == .full else {
            let situation = sheet.situation(words)
            return [Announcement(say(.backOnlyAtFull(detent: situation)), kind: .error, earcon: .error)]
        }
        isSearching = false
        sheet.detent = .half
        return [sheet.handleAnswer(words, settings.verbosity)]
    }

    /// The seed's scroll handoff, within one gesture: at the top detent a drag up scrolls the
    /// list, and a drag down scrolls it back to offset 0 before it moves the sheet again.
    mutating func drag(_ translation: Double, velocity: Double) -> [Announcement] {
        guard sheet.isPresented else { return [sheetDismissedError()] }
        let geometry = SheetGeometry(settings)
        var translation = translation
        var velocity = velocity
        var scrolledToTop = false
        // An upward drag, or a fling up in place, scrolls the full list.
        if listScrolls && (translation < 0 || (translation == 0 && velocity < 0)) {
            guard scrollList(by: -translation - SheetGeometry.projection(velocity: velocity)) else {
                // Less than a row moves nothing: the end is said only at the end.
                guard scrollOffset >= maxScrollOffset else { return [Announcement(pagePhrase(), kind: .screen)] }
                return [Announcement(say(.listPageEnd(page: pagePhrase())), kind: .screen, earcon: .end)]
            }
            return [Announcement(pagePhrase(), kind: .screen)]
        }
        if sheet.detent == .full && !detailsShown && scrollOffset > 0 && translation > 0 {
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
        let before = sheet.detent
        let beyondTop = geometry.height(of: sheet.detent) - translation - geometry.height(of: .full)
        // The Map Search Sheet cannot be dragged away (000's `interactiveDismissDisabled`).
        let dismissible = settings.dismissible && settings.screen == .nearby
        switch geometry.settle(
            from: sheet.detent, translation: translation, velocity: velocity, dismissible: dismissible)
        {
        case .dismissed:
            sheet.isPresented = false
            isSearching = false
            return [Announcement(say(.sheetDismissed), kind: .detent, earcon: .snap)]
        case .detent(let target):
            if target == sheet.detent {
                // The list came back to its top and the sheet stayed: the page is what moved.
                if scrolledToTop { return [Announcement(pagePhrase(), kind: .screen)] }
                return [
                    Announcement(
                        say(.sheetSpringsBack(detent: target.situation(words))), kind: .detent, earcon: .snap),
                    releaseMotion(to: target, velocity: velocity),
                ]
            }
            sheet.detent = target
            var answers = [
                sheet.handleAnswer(words, settings.verbosity), releaseMotion(to: target, velocity: velocity),
            ]
            // Dragged past the top detent: the rest of the gesture scrolls the list.
            if before != .full, target == .full, beyondTop > 0, listScrolls, scrollList(by: beyondTop) {
                answers.append(Announcement(pagePhrase(), priority: .polite, kind: .screen))
            }
            return answers
        }
    }
}
