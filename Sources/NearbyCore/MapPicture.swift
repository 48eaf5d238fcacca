import Foundation
import PlaceData
import Words

/// A text picture of the map for a sighted collaborator: the region the camera shows, on the
/// theme's ground (its contour lines, a decoration) with the parks (filled to their outlines
/// where the place store keeps them, else about their point) and the store's walking network
/// (its ways, named or not, and its crossings, when the places have street data), pins as category
/// letters labelled by name where the name fits (by a number where it does not), the user, the
/// selected place with its walk-time chip, a scale, and the sheet drawn over the bottom rows at
/// its detent's share of the screen. It reads right without colour, and every mark is told in
/// words in the lines after the picture, for a screen reader.
public struct MapPicture {
    public let text: String
    /// What is spoken of the picture: what it shows, not the characters.
    public let summary: String
    /// How many of the text's first lines are the map itself; the legend, scale and notes follow.
    public let pictureRows: Int

    /// The kind whose places are drawn as parks on the ground (OpenStreetMap's `leisure=park`).
    static let parkKind = "Park"
    /// At most this many pins are labelled by number; the rest, where no name fits, are counted.
    static let indexLimit = 20

    public init(
        state: NearbyState, columns: Int, rows: Int, streets: [MapStreet]? = nil, crossings: [Coordinate] = [],
        parks outlines: [ParkOutline] = []
    ) {
        let words = state.words
        let frame = Frame(state: state, columns: columns, rows: rows)
        var canvas = Canvas(frame: frame)
        // The ground, bottom up: the theme's contour lines, the parks, the streets.
        let contours = canvas.drawContours()
        let parks = canvas.drawParks(state, outlines: outlines)
        let ground = streets.map { canvas.drawStreets(state, streets: $0, crossings: crossings) }
        // The commonest kinds in view get letters first: beyond 26 kinds the rest are drawn as ?.
        let kinds = state.places.kindCounts(among: state.shown).sorted { ($1.count, $0.kind) < ($0.count, $1.kind) }
        let letters = Self.letters(for: kinds.map(\.kind), named: words.kindWord)
        let pins = canvas.drawPins(state, letters: letters)
        let chip = canvas.drawChip(state)
        // Reduce transparency makes the sheet opaque and changes nothing else: behind the top
        // detent the map is dimmed, and scaled down with rounded corners unless motion is reduced.
        let dimmed = state.sheet.isPresented && state.sheet.detent == .full
        let rounded = dimmed && !state.settings.reduceMotion
        if rounded {
            // No label is written where the corners go.
            canvas.taken[0][0] = true
            canvas.taken[0][frame.columns - 1] = true
        }
        let labels = canvas.label(pins, state)
        let opaque = state.settings.reduceTransparency
        canvas.drawSheet(state)
        // The keyboard over the bottom rows; the map behind keeps its place.
        let keyboard = Self.drawKeyboard(state, into: &canvas.grid, below: frame.sheetTop)
        if rounded {
            canvas.grid[0][0] = "("
            canvas.grid[0][frame.columns - 1] = ")"
        }

        var lines = canvas.grid.map {
            String($0).replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }
        lines.append(Self.legend(state, letters: letters))
        if !labels.numbered.isEmpty || labels.unlabelled > 0 {
            var sentences: [String] = []
            if !labels.numbered.isEmpty {
                let items = labels.numbered.enumerated().map {
                    words.text(.mapIndexPin(number: String($0.offset + 1), name: state.places.all[$0.element].name))
                }
                sentences.append(
                    words.text(.mapIndex(pins: items.joined(separator: words.text(.listItemSeparator)))))
            }
            if labels.unlabelled > 0 {
                sentences.append(
                    words.text(.mapUnlabelled(count: state.grouped(labels.unlabelled), plural: labels.unlabelled)))
            }
            lines.append(sentences.joined(separator: " "))
        }
        if chip, let index = state.selectedIndex {
            lines.append(
                words.text(.mapChipLegend(name: state.places.all[index].name, walk: state.walkPhrase(of: index))))
        }
        lines += Self.groundLegend(ground, parks: parks, contours: contours, state)
        let widthMetres = Coordinate(latitude: frame.region.south, longitude: frame.region.west)
            .distance(to: Coordinate(latitude: frame.region.south, longitude: frame.region.east))
        let width = SpokenMeasure.distance(widthMetres, units: state.settings.units, words)
        lines.append(words.text(.mapScale(columns: String(frame.columns), distance: width)))
        var notes: [String] = []
        if dimmed {
            notes.append(words.text(state.settings.reduceMotion ? Key.mapNoteDimmed : Key.mapNoteDimmedScaled))
        }
        if opaque && state.sheet.isPresented {
            notes.append(words.text(.mapNoteOpaque))
        } else if state.sheet.isPresented {
            notes.append(words.text(.mapNoteLowerCase))
        }
        if keyboard { notes.append(words.text(.mapNoteKeyboard)) }
        if !notes.isEmpty {
            lines.append(words.text(.mapNotes(notes: notes.joined(separator: words.text(.listItemSeparator)))))
        }
        text = lines.joined(separator: "\n")
        pictureRows = frame.rows
        let pinsPhrase = state.placesPhrase(state.shown.count)
        var summary =
            state.selection == nil
            ? words.text(.mapSummary(places: pinsPhrase)) : words.text(.mapSummarySelected(places: pinsPhrase))
        if chip, let index = state.selectedIndex {
            summary += " " + words.text(.mapSummaryChip(walk: state.walkPhrase(of: index)))
        }
        let parksPhrase = words.text(.mapParkCount(count: state.grouped(parks.count), plural: parks.count))
        if let ground {
            let streetsPhrase = words.text(
                .mapStreetCount(count: state.grouped(ground.streets.count), plural: ground.streets.count))
            summary += " " + words.text(.mapSummaryGround(streets: streetsPhrase, parks: parksPhrase))
        } else {
            summary += " " + words.text(.mapSummaryThemeGround(parks: parksPhrase))
        }
        self.summary = summary
    }

    /// The legend's first line: you, the selection, and each pin's letter with its kind and the
    /// symbols its places carry ("C Café (cup.and.saucer.fill)").
    static func legend(_ state: NearbyState, letters: [String: Character]) -> String {
        let words = state.words
        var symbols: [String: [String]] = [:]
        for index in state.shown.prefix(100_000) {
            let place = state.places.all[index]
            if !(symbols[place.kind]?.contains(place.symbol) ?? false) {
                symbols[place.kind, default: []].append(place.symbol)
            }
        }
        let pins = letters.sorted { $0.value < $1.value }.map { kind, letter in
            words.text(
                .mapLegendPin(
                    letter: String(letter), kind: state.kindName(kind),
                    symbols: (symbols[kind] ?? []).joined(separator: words.text(.listSeparator))))
        }
        var legend = pins.joined(separator: words.text(.listItemSeparator))
        // Kinds beyond the alphabet's letters are drawn as ?: the legend counts them.
        let others = state.places.kindCounts(among: state.shown).filter { letters[$0.kind] == nil }.count
        if others > 0 {
            let other = words.text(.mapLegendOther(count: state.grouped(others), plural: others))
            legend += (legend.isEmpty ? "" : words.text(.listItemSeparator)) + other
        }
        return words.text(.mapLegend(pins: legend.isEmpty ? words.text(.mapNoPins) : legend))
    }

    /// How many street names the legend gives, nearest first, before "and N more".
    static let namedStreets = 6

    /// The ground's lines of the legend: the streets drawn, nearest first, the unnamed ways and
    /// the crossings where any are drawn (or that the places have no street data), the parks
    /// filled to their outlines and those drawn about their point, and the contour lines.
    static func groundLegend(
        _ ground: Canvas.Ground?, parks: Canvas.Parks, contours: Bool, _ state: NearbyState
    ) -> [String] {
        let words = state.words
        func names(_ all: [String], limit: Int) -> String {
            let shown = all.prefix(limit).joined(separator: words.text(.listSeparator))
            guard all.count > limit else { return shown }
            let more = all.count - limit
            return words.text(.mapMore(names: shown, count: state.grouped(more), plural: more))
        }
        var lines: [String] = []
        if let ground {
            lines.append(
                ground.streets.isEmpty
                    ? words.text(.mapStreetsNone)
                    : words.text(.mapStreets(names: names(ground.streets, limit: namedStreets))))
            if ground.unnamedWays { lines.append(words.text(.mapUnnamedWays)) }
            if ground.crossings > 0 {
                lines.append(
                    words.text(.mapCrossings(count: state.grouped(ground.crossings), plural: ground.crossings)))
            }
        } else {
            lines.append(words.text(.mapNoStreetData))
        }
        if !parks.outlined.isEmpty {
            lines.append(words.text(.mapParksOutlined(names: names(parks.outlined, limit: namedStreets))))
        }
        if !parks.atPoint.isEmpty {
            lines.append(words.text(.mapParks(names: names(parks.atPoint, limit: namedStreets))))
        }
        if parks.count == 0 { lines.append(words.text(.mapParksNone)) }
        if contours { lines.append(words.text(.mapContours)) }
        return lines
    }

    /// A capital letter for each kind: the first free letter of its word in the legend's
    /// language (`named`: "P" for Panadería in Spanish).
    static func letters(for kinds: [String], named: (String) -> String = { $0 }) -> [String: Character] {
        var used = Set<Character>(["@", "*"])
        var result: [String: Character] = [:]
        for kind in kinds {
            let candidates =
                TextFolding.fold(named(kind)).uppercased().filter { $0.isLetter && $0.isASCII }
                + "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
            if let letter = candidates.first(where: { !used.contains($0) }) {
                used.insert(letter)
                result[kind] = letter
            }
        }
        return result
    }
}
