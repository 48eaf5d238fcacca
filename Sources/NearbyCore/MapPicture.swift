import Foundation
import PlaceData
import Words

/// A text picture of the map for a sighted collaborator: the region the camera shows, pins as
/// category letters with a legend, the user, the selected place, a scale, and the sheet drawn
/// over the bottom rows at its detent's share of the screen. It reads right without colour.
public struct MapPicture {
    public let text: String
    /// What is spoken of the picture: what it shows, not the characters.
    public let summary: String
    /// How many of the text's first lines are the map itself; the legend, scale and notes follow.
    public let pictureRows: Int

    public init(state: NearbyState, columns: Int, rows: Int) {
        let words = state.words
        let columns = max(30, min(columns, 200))
        let rows = max(10, min(rows, 80))
        var grid = Array(repeating: Array(repeating: Character(" "), count: columns), count: rows)
        // The sheet covers the bottom rows at its detent's share of the screen.
        let geometry = SheetGeometry(state.settings)
        let share = state.sheet.isPresented ? geometry.height(of: state.sheet.detent) / state.settings.screenHeight : 0
        let sheetRows = state.sheet.isPresented ? max(2, Int((share * Double(rows)).rounded())) : 0
        let sheetTop = rows - min(rows, sheetRows)
        // As the seed pads the map's safe area (the resting height, else half the map), what the
        // camera centres on stays in the rows the sheet leaves free.
        let freeRows = !state.sheet.isPresented ? rows : state.sheet.detent == .resting ? sheetTop : rows / 2
        let region = Self.region(for: state, rows: rows, freeRows: max(2, freeRows))
        let letters = Self.letters(for: state.places.kindCounts(among: state.shown).map(\.kind), named: words.kindWord)

        func cell(_ point: Coordinate) -> (row: Int, column: Int)? {
            let x = (point.longitude - region.west) / (region.east - region.west)
            let y = (region.north - point.latitude) / (region.north - region.south)
            guard x >= 0, x <= 1, y >= 0, y <= 1 else { return nil }
            return (
                min(rows - 1, Int(y * Double(rows - 1) + 0.5)), min(columns - 1, Int(x * Double(columns - 1) + 0.5))
            )
        }
        for index in state.shown.reversed() {
            let place = state.places.all[index]
            guard let spot = cell(place.coordinate) else { continue }
            grid[spot.row][spot.column] = place.id == state.selection ? "*" : letters[place.kind] ?? "?"
        }
        if let spot = cell(state.settings.origin) { grid[spot.row][spot.column] = "@" }

        let opaque = state.settings.reduceTransparency
        for row in sheetTop..<rows {
            for column in 0..<columns {
                let behind = grid[row][column]
                grid[row][column] = opaque || behind == " " ? (opaque ? " " : ".") : Character(behind.lowercased())
            }
        }
        if sheetRows > 0 {
            Self.write("+" + String(repeating: "-", count: columns - 2) + "+", into: &grid, row: sheetTop)
            let title = words.text(.mapSheetTitle, ["detent": state.sheet.detent.spoken(words)])
            Self.write("= \(title) =", into: &grid, row: sheetTop, centred: true)
            if sheetTop + 1 < rows {
                let field = state.query.isEmpty ? words.text(.searchPlaceholder) : state.query
                Self.write(" [ \(field) ]", into: &grid, row: sheetTop + 1)
            }
        }
        // The keyboard over the bottom rows; the map behind keeps its place.
        let keyboard = Self.drawKeyboard(state, into: &grid, below: sheetTop)
        let dimmed = state.sheet.isPresented && state.sheet.detent == .full && !opaque
        if dimmed && !state.settings.reduceMotion {
            // Behind the top detent the map is scaled down with rounded corners.
            for (row, column) in [(0, 0), (0, columns - 1)] { grid[row][column] = row == 0 && column == 0 ? "(" : ")" }
        }

        var lines = grid.map { String($0).replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
        let separator = words.text(.listSeparator)
        let legend = letters.sorted { $0.value < $1.value }.map { "\($0.value) \(words.kindWord($0.key))" }.joined(
            separator: separator)
        lines.append(words.text(.mapLegend, ["pins": legend.isEmpty ? words.text(.mapNoPins) : legend]))
        let widthMetres = Coordinate(latitude: region.south, longitude: region.west)
            .distance(to: Coordinate(latitude: region.south, longitude: region.east))
        let width = SpokenMeasure.distance(widthMetres, units: state.settings.units, words)
        lines.append(words.text(.mapScale, ["columns": String(columns), "distance": width]))
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
            lines.append(words.text(.mapNotes, ["notes": notes.joined(separator: words.text(.listItemSeparator))]))
        }
        text = lines.joined(separator: "\n")
        pictureRows = rows
        let pins = state.placesPhrase(state.shown.count)
        summary = words.text(state.selection == nil ? Key.mapSummary : Key.mapSummarySelected, ["places": pins])
    }

    /// Writes sheet text over a row, over whatever pins are behind it: the sheet's border, title
    /// and field are drawn last, as the sheet is on top of the map.
    static func write(_ text: String, into grid: inout [[Character]], row: Int, centred: Bool = false) {
        let columns = grid[row].count
        let characters = Array(text.prefix(columns))
        let start = centred ? max(0, (columns - characters.count) / 2) : 0
        for (offset, character) in characters.enumerated() where start + offset < columns {
            grid[row][start + offset] = character
        }
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

    /// The region the camera shows, on `rows` rows of which the top `freeRows` are clear of the
    /// sheet: the close-up centred in the free rows, or every shown place and the user fitted
    /// into them.
    static func region(for state: NearbyState, rows: Int, freeRows: Int) -> (
        north: Double, south: Double, east: Double, west: Double
    ) {
        if case .closeUp(let id, let altitude) = state.camera,
            let place = state.places.all.first(where: { $0.id == id })
        {
            // A camera `altitude` metres up sees about as far across.
            let halfLat = altitude / 2 / 111_320
            let halfLon = halfLat / max(0.01, cos(place.coordinate.latitude * .pi / 180))
            let latitudePerRow = 2 * halfLat / Double(rows - 1)
            let north = place.coordinate.latitude + Double(freeRows - 1) / 2 * latitudePerRow
            return (
                north, north - 2 * halfLat, place.coordinate.longitude + halfLon, place.coordinate.longitude - halfLon
            )
        }
        let points = state.shown.prefix(10_000).map { state.places.all[$0].coordinate } + [state.settings.origin]
        var north = points.map(\.latitude).max()!
        var south = points.map(\.latitude).min()!
        var east = points.map(\.longitude).max()!
        var west = points.map(\.longitude).min()!
        let latMargin = max(0.0005, (north - south) * 0.08)
        let lonMargin = max(0.0005, (east - west) * 0.08)
        north += latMargin
        south -= latMargin
        east += lonMargin
        west -= lonMargin
        // Stretch southwards so that the places fill the free rows only.
        south = north - (north - south) * Double(rows - 1) / Double(max(1, freeRows - 1))
        return (north, south, east, west)
    }
}
