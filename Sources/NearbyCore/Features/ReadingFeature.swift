import PlaceData
import Words

/// Reading the screen: `read` (what the sheet shows at its detent), `where` and `where exact`,
/// `map` (a text picture, once the shell has measured the screen), and the words of the rail
/// and the full list; `around` and `count` are said in `NearbyState+Wording.swift`. Reading
/// looks at every part of the state, so these are extensions on `NearbyState`, gathered here.
extension NearbyState {
    /// `read`: what the sheet shows at its detent, ordered for the ear. At half height the
    /// nearest places come first, then the field (when it holds a search) and the pills; at
    /// full height the count and the first `readLimit` places (the focus then rests on the last
    /// read, so that `next` goes on), or the details.
    mutating func readScreen() -> [Announcement] {
        guard sheet.isPresented else {
            return [Announcement(say(.readDismissed) + " " + cameraPhrase(), kind: .screen)]
        }
        let text = query.isEmpty ? say(.searchPlaceholder) : query
        // The Map Search Sheet (000) has no title and no filters: a sheet of a field and a list.
        let mapSearch = settings.screen == .mapSearch
        var parts = [
            mapSearch
                ? say(.readTitleSheet(detent: sheet.detent.spoken(words)))
                : say(.readTitle(detent: sheet.detent.spoken(words)))
        ]
        let field = isSearching ? say(.readFieldEditing(text: text)) : say(.readField(text: text))
        switch sheet.detent {
        case .resting:
            parts.append(field)
        case .half where mapSearch:
            // 000's list scrolls whole at `.medium`: the list as at full height, after the field.
            if !query.isEmpty || isSearching { parts.append(field) }
            parts.append(listPhrase())
            if shown.count > readCount { setFocus(readCount - 1) }
        case .half:
            // An empty field says nothing a listener needs there (its placeholder): the field is
            // read when it holds a search or is being typed in.
            parts += [railPhrase()] + (query.isEmpty && !isSearching ? [] : [field]) + [filtersSummary()]
            // The hint is heard once, in the first answer it leaves within the budget (a hint is
            // what a listener can best do without); every time when verbose.
            if let hint = filtersHint,
                settings.verbosity == .verbose || Self.wordCount(parts + [hint]) <= Self.halfReadWords
            {
                parts.append(hint)
                hasHeardFiltersHint = true
            }
        case .full:
            if detailsShown, let index = selectedIndex {
                parts.append(detailPhrase(index))
            } else {
                // An empty list: the pills say what the filter leaves out.
                if shown.isEmpty { parts.append(filtersPhrase()) }
                parts.append(listPhrase())
                let first = firstRowShown
                if shown.count > first + readCount { setFocus(first + readCount - 1) }
            }
            // Reduce transparency makes the sheet opaque, nothing else: the map behind stays.
            if settings.visuals {
                parts.append(say(settings.reduceMotion ? Key.readMapDimmed : Key.readMapDimmedScaled))
            }
        }
        return [Announcement(parts.joined(separator: " "), kind: .screen)]
    }

    /// The words `read` at half height keeps to when it can (issue 26: 50 words there were
    /// 12.7 s of speech): the hint on the filters waits for a `read` short enough to hold it.
    static let halfReadWords = 30

    /// The words an answer keeps to where it can choose how much to say (issue 26): `settings`
    /// and the choices of `set at NAME`. `help all`, `settings all` and a place's `details`
    /// are read whole, as asked for.
    static let answerWords = 45

    /// Words as a listener counts them: runs between spaces.
    static func wordCount(_ parts: [String]) -> Int {
        parts.reduce(0) { $0 + $1.split(whereSeparator: \.isWhitespace).count }
    }

    /// How many places `read` says at full height: a listener holds five.
    static let readLimit = 5

    /// How many places `read` says of the full list: `readLimit`, or the rows the keyboard
    /// leaves on the screen when there are fewer.
    var readCount: Int { keyboardHidesRows ? min(Self.readLimit, visibleRows) : Self.readLimit }

    /// Whether the keyboard covers rows of the full list that would show without it.
    var keyboardHidesRows: Bool {
        keyboardHeight != nil && visibleRows < rowsShown(keyboard: nil) && shown.count - firstRowShown > visibleRows
    }

    /// A place's name, said to be selected when it is: "Selected, Harbor Coffee".
    private func markedName(_ index: Int) -> String {
        let name = places.all[index].name
        return places.all[index].id == selection ? say(.placeSelected(place: name)) : name
    }

    /// The rail of the half detent: the nearest few, with their distances (the first few in
    /// the places' own order, under the Map Search Sheet).
    func railPhrase() -> String {
        let rail = shown.prefix(Self.railSize)
        guard !rail.isEmpty else { return emptyListPhrase() }
        let blocks = rail.map {
            say(.railItem(name: markedName($0), distance: distanceAndDirection(of: $0)))
        }
        let railPlaces = blocks.joined(separator: say(.listItemSeparator))
        var text = settings.screen == .nearby ? say(.rail(places: railPlaces)) : say(.railInOrder(places: railPlaces))
        let listed = listedCount
        if listed > rail.count {
            let more = listed - rail.count
            text += " " + say(.railMore(count: grouped(more), plural: more))
        }
        return text
    }

    /// The first row the full list shows, as it is scrolled.
    var firstRowShown: Int { min(Int((scrollOffset / Self.rowHeight).rounded()), max(0, shown.count - 1)) }

    /// The list at full height: how many, `readLimit` of them from the first row shown (as the
    /// list is scrolled), and how to hear more.
    func listPhrase() -> String {
        let limit = readCount
        guard !shown.isEmpty else { return emptyListPhrase() }
        let first = firstRowShown
        let rows = (first..<min(first + limit, shown.count)).map { position in
            // The Map Search Sheet's row is name, then kind (000); the Nearby screen's `read`
            // keeps to name and where (docs/decisions.md).
            let name =
                settings.screen == .mapSearch
                ? markedName(shown[position]) + say(.listSeparator) + kindName(self.places.all[shown[position]].kind)
                : markedName(shown[position])
            return say(
                .listRow(number: String(position + 1), name: name, where: distanceAndDirection(of: shown[position])))
        }
        // The keyboard covers the bottom of the sheet: the rows above it, and which they are.
        let places =
            keyboardHidesRows
            ? say(
                .readKeyboard(
                    first: grouped(first + 1), last: grouped(first + visibleRows), count: grouped(shown.count)))
            : placesPhrase(shown.count)
        var text = say(.listAll(places: places, rows: rows.joined(separator: say(.listItemSeparator))))
        if shown.count > first + limit {
            let more = shown.count - first - limit
            text += " " + say(.listMore(count: grouped(more), plural: more))
        }
        return text
    }

    /// `where`: where you are, in words people use: the nearest place shown and its
    /// direction, what is selected, the sheet and the search; the map's close-up when there is
    /// one. The coordinates are `where exact`'s.
    func wherePhrase() -> String {
        var parts: [String] = []
        if let heading = settings.heading {
            let direction = SpokenMeasure.compass(heading, words)
            // On the move, where the heading comes from: the walking, or what was typed.
            parts.append(
                say(
                    settings.headingLocked
                        ? .whereFacingLocked(direction: direction)
                        : position.source == .fixed
                            ? .whereFacing(direction: direction)
                            : position.headingFromCourse
                                ? .whereFacingWalking(direction: direction) : .whereFacingTyped(direction: direction)))
        }
        // The nearest place, whatever the search, unless it is the selected place, which is
        // said next.
        let around = placesAround()
        if let nearest = around.prefix(Self.whereLooksAt).first(where: {
            SpokenMeasure.hasDirection(atDistance: distances[$0])
        }) ?? around.first,
            places.all[nearest].id != selection
        {
            parts.append(
                say(.whereNearest(name: places.all[nearest].name, where: distanceAndDirection(of: nearest)))
            )
        }
        if let index = selectedIndex {
            parts.append(
                say(.whereSelected(name: places.all[index].name, where: distanceAndDirection(of: index))))
        }
        parts.append(say(.whereSheet(detent: sheet.situation(words))))
        parts.append(countPhrase())
        // What the map shows is for the eye: a height above a place, heard, sounds like a walk.
        if settings.visuals, case .closeUp = camera { parts.append(cameraPhrase()) }
        return parts.joined(separator: " ")
    }

    /// `where`, or `where exact`.
    func whereAnswer(exact: Bool) -> [Announcement] {
        [Announcement(exact ? exactWherePhrase() : wherePhrase(), kind: .location)]
    }

    /// `map`, once the shell measured the screen: the picture shown, its summary said.
    func mapPicture(
        columns: Int, rows: Int, streets: [MapStreet]? = nil, crossings: [Coordinate] = [], parks: [ParkOutline] = []
    ) -> [Announcement] {
        let picture = MapPicture(
            state: self, columns: columns, rows: rows, streets: streets, crossings: crossings, parks: parks)
        var announcement = Announcement(picture.summary, kind: .screen, display: picture.text)
        announcement.pictureRows = picture.pictureRows
        return [announcement]
    }

    /// `where exact`: the coordinates, and the heading.
    func exactWherePhrase() -> String {
        let point = SpokenMeasure.coordinate(settings.origin, words)
        return settings.heading.map {
            say(.whereAtFacing(point: point, direction: SpokenMeasure.compass($0, words)))
        } ?? say(.whereAt(point: point))
    }
}
