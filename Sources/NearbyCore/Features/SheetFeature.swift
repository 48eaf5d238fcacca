/// The bottom sheet: the handle (`up`, `down`, `handle`), `detent NAME`, `back` on the dimmed
/// map, `drag` with the seed's scroll handoff, and the keyboard that lifts the sheet.
extension NearbyState {
    /// The keyboard lifts the sheet to the top detent; true when it moved.
    mutating func raiseForKeyboard() -> Bool {
        isSheetPresented = true
        defer { detent = .full }
        return detent != .full
    }

    func sheetDismissedError() -> Announcement {
        Announcement(say("sheet.dismissed-error"), kind: .error, earcon: .error)
    }

    mutating func stepSheet(up: Bool) -> [Announcement] {
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

    mutating func cycleSheet() -> [Announcement] {
        if !isSheetPresented {
            isSheetPresented = true
            detent = .resting
        } else {
            detent = detent.higher ?? .resting
        }
        return [Announcement(handlePhrase(), kind: .detent, earcon: .snap)]
    }

    mutating func tapDimmedMap() -> [Announcement] {
        guard isSheetPresented, detent == .full else {
            let situation = isSheetPresented ? detent.situation(words) : say("sheet.situation-dismissed")
            return [Announcement(say("back.only-at-full", ["detent": situation]), kind: .error, earcon: .error)]
        }
        isSearching = false
        detent = .half
        return [Announcement(handlePhrase(), kind: .detent, earcon: .snap)]
    }

    mutating func chooseDetent(_ target: Detent) -> [Announcement] {
        if isSheetPresented && detent == target {
            return [Announcement(say("sheet.already", ["detent": target.situation(words)]), kind: .detent)]
        }
        isSheetPresented = true
        detent = target
        return [Announcement(handlePhrase(), kind: .detent, earcon: .snap)]
    }

    /// The seed's scroll handoff, within one gesture: at the top detent a drag up scrolls the
    /// list, and a drag down scrolls it back to offset 0 before it moves the sheet again.
    mutating func drag(_ translation: Double, velocity: Double) -> [Announcement] {
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
}
