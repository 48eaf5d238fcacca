import Foundation
import PlaceData
import Words

/// `set KEY VALUE` and `settings`: every setting of `Setting`, the one table of them, and the
/// files `set places` and `set strings` have the shell read. Settings change the words, the
/// places and the distances everything else reads, so these are extensions on `NearbyState`.
extension NearbyState {
    /// `settings all`: every setting and its value (over a hundred words, as `help all` is).
    /// `settings`: those whose value differs from their default, as many as fit in
    /// `answerWords`, then how to hear them all: the answer a listener waits for stays short.
    func settingsPhrase(all: Bool) -> String {
        if all {
            let items = Setting.allCases.map { settingFields($0, Phrase.settingsItem, Phrase.settingsItemWithUnit) }
            return say(.settings(items: items.joined(separator: say(.listItemSeparator))))
        }
        let defaults = Settings()
        let changed = Setting.allCases.filter { $0.value(in: settings) != $0.value(in: defaults) }
        let hint = say(
            .settingsHearAll(
                all: say(.filterAll), count: grouped(Setting.allCases.count), plural: Setting.allCases.count))
        guard !changed.isEmpty else { return say(.settingsAllDefault) + " " + hint }
        func listed(_ items: [String]) -> String {
            say(.settingsChanged(items: items.joined(separator: say(.listItemSeparator))))
        }
        // Room is kept for "N more changed." (three words) when any is left out.
        var items: [String] = []
        for setting in changed {
            let item = settingFields(setting, Phrase.settingsItem, Phrase.settingsItemWithUnit)
            let tail = items.count + 1 < changed.count ? 3 : 0
            if !items.isEmpty && Self.wordCount([listed(items + [item]), hint]) + tail > Self.answerWords { break }
            items.append(item)
        }
        var text = listed(items)
        if changed.count > items.count {
            let more = changed.count - items.count
            text += " " + say(.settingsChangedMore(count: grouped(more), plural: more))
        }
        return text + " " + hint
    }

    /// A setting's name, value and unit in the listener's language, as `set` answers and
    /// `settings` lists: `plain` without a unit, `withUnit` with one.
    func settingFields(
        _ setting: Setting, _ plain: (String, String) -> Phrase, _ withUnit: (String, String, String) -> Phrase
    ) -> String {
        // No position yet (`--at gpsd` before its first fix): no invented one is said.
        let value =
            setting == .at && !hasPosition ? say(.positionSettingWaiting) : setting.spokenValue(in: settings, words)
        let name = say(setting.nameKey)
        let unit = setting == .heading && settings.heading == nil ? nil : setting.unitKey
        guard let unit else { return say(plain(name, value)) }
        return say(withUnit(name, value, say(unit)))
    }

    /// `set KEY VALUE`: the setting changed and said, or what was wrong with the value; a file
    /// to read, or the voices to list, is asked of the shell.
    mutating func changeSetting(_ setting: Setting, _ value: String) -> Reaction {
        // A place's name or address, or gpsd (PositionFeature.swift).
        if setting == .at, let reaction = setPosition(byWords: value) { return reaction }
        var updated = settings
        if let error = setting.apply(value, to: &updated, words) {
            return Reaction([Announcement(error, kind: .error, earcon: .error)])
        }
        var effects: [Effect] = setting.isSpeech ? [.applySpeechSettings] : []
        switch setting {
        case .places:
            guard updated.placesFile != nil else {
                // The built-in places need no file.
                let builtIn = Places(BuiltInPlaces.lisbon)
                return replacePlaces(
                    with: builtIn, file: nil,
                    opening: [say(.placesBuiltInAgain(places: placesPhrase(builtIn.count)))])
            }
            // Reading the file is the shell's: it answers with .placesLoaded or .placesFailed.
            return Reaction(effects: [.loadPlaces(path: value.trimmingCharacters(in: .whitespaces))])
        case .strings:
            guard let path = updated.stringsFile else {
                updateSettings { $0 = updated }
                words = Catalog.builtIn(settings.language)
                return Reaction([Announcement(say(.stringsDropped), kind: .settings)])
            }
            // Reading the file is the shell's: it answers with .stringsLoaded or .stringsFailed.
            return Reaction(effects: [.loadStrings(path: path, language: settings.language)])
        case .voice:
            guard let chosen = updated.chosenVoice else { break }
            guard let voices = installedVoices else {
                return Reaction(effects: [.listVoices(then: .settingChanged(setting, value: value))])
            }
            guard voices.contains(where: { $0.isNamed(chosen) }) else {
                let close = Self.closestVoices(to: chosen, in: voices).joined(separator: say(.listSeparator))
                return Reaction([
                    Announcement(say(.voiceUnknown(voice: chosen, close: close)), kind: .error, earcon: .error)
                ])
            }
        case .at:
            // A place store's places in memory are those about the position: the shell loads
            // those about the new one.
            if updated.placesFile != nil {
                effects.append(.moveWindow(around: updated.origin))
                position.windowCentre = updated.origin
            }
            // Set by hand: a gpsd or a route followed is followed no more, and its fix is gone.
            if position.source != .fixed {
                effects.append(.stopFollowing)
                position.source = .fixed
                position.route = nil
            }
            position.forgetFix()
        case .heading:
            // A heading given by hand holds while standing and yields to the course once walking,
            // unless locked (`set heading lock`).
            position.followsCourse = !updated.headingLocked
            position.headingFromCourse = false
        case .language:
            if updated.language != settings.language {
                words = Catalog.builtIn(updated.language)
                // A place store's places are named in the language where they can be.
                if updated.placesFile != nil { effects.append(.moveWindow(around: updated.origin)) }
                // A file of words is re-applied to the new language's own.
                if let path = updated.stringsFile {
                    effects.append(.loadStrings(path: path, language: updated.language))
                }
            }
        default:
            break
        }
        updateSettings { $0 = updated }
        var text = Self.sentence(settingFields(setting, Phrase.settingChanged, Phrase.settingChangedWithUnit))
        // A new radius: what the list now holds.
        if setting == .radius { text += " " + (isBeyondRadius ? resultsPhrase() : countPhrase()) }
        return Reaction([Announcement(text, kind: .settings)], effects: effects)
    }

    /// The shell read the places file `set places` named: its places replace the list's. A
    /// store's `sourceCount`, how many it holds, is what is said (its window is fewer) and what
    /// `about` says after.
    mutating func placesLoaded(_ newPlaces: Places, source: String, skipped: Int, sourceCount: Int?) -> Reaction {
        var opening = [say(.placesLoaded(places: placesPhrase(sourceCount ?? newPlaces.count), file: source))]
        if skipped > 0 { opening.append(say(.placesSkipped(count: grouped(skipped), plural: skipped))) }
        let reaction = replacePlaces(with: newPlaces, file: source, opening: opening)
        self.sourceCount = sourceCount
        return reaction
    }

    /// The shell could not read the places file: the places stay.
    func placesFailed(_ message: String) -> Reaction {
        Reaction([Announcement(say(.placesUnchanged(problem: message)), kind: .error, earcon: .error)])
    }

    /// A place store's places about the new position: nothing said; the search, the filter and
    /// the selection (when still among them) stay.
    mutating func windowMoved(_ newPlaces: Places) -> Reaction {
        let focused = focus.map { places.all[shown[$0]].id }
        let kept = (query: query, kind: kindFilter, selection: selection)
        replaceCatalog(newPlaces)
        query = kept.query
        kindFilter = kept.kind
        // The places as installed (with the markers, `withMarkers`), not as given.
        selection = kept.selection.flatMap { id in places.all.contains { $0.id == id } ? id : nil }
        refreshShown()
        // The focus stays on the same place, by identity, when it is still among them.
        if let focused, let index = places.all.firstIndex(where: { $0.id == focused }) { focus = rank(of: index) }
        return Reaction()
    }

    /// New places in the list (search, filter and selection start afresh), and the answer:
    /// `opening` (said of the new places), then the nearest of them.
    mutating func replacePlaces(with newPlaces: Places, file: String?, opening: [String]) -> Reaction {
        replaceCatalog(newPlaces)
        sourceCount = nil
        updateSettings { $0.placesFile = file }
        var parts = opening
        // The first row: the nearest, or under the Map Search Sheet the file's first.
        if let first = shown.first {
            parts.append(
                say(
                    settings.screen == .mapSearch
                        ? .placesFirst(place: describe(first)) : .placesNearest(place: describe(first))))
        }
        return Reaction([Announcement(parts.joined(separator: " "), kind: .settings)])
    }

    /// The shell read the file of words `set strings` named: they are said from now on.
    mutating func stringsLoaded(_ loaded: Catalog, source: String) -> Reaction {
        words = loaded
        updateSettings { $0.stringsFile = source }
        return Reaction([Announcement(say(.stringsLoaded(file: source)), kind: .settings)])
    }

    /// The shell could not use the file of words: the words stay.
    func stringsFailed(_ message: String) -> Reaction {
        Reaction([Announcement(say(.stringsUnchanged(problem: message)), kind: .error, earcon: .error)])
    }
}

extension NearbyState {
    /// `text` with its first letter in capitals, as a sentence begins: "Heading: 90 degrees."
    static func sentence(_ text: String) -> String {
        guard let first = text.first, first.isLowercase else { return text }
        return first.uppercased() + text.dropFirst()
    }
}
