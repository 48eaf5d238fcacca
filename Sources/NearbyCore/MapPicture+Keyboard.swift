import Words

extension MapPicture {
    /// Draws the keyboard over the bottom rows of `grid` while a search is typed, at its share
    /// of the screen (`keyboard-height` of `screen-height`), below the sheet's title and field
    /// (which start at `sheetTop`). The sheet above it keeps its top edge and the map behind
    /// keeps its place (002: the background ignores the keyboard). Returns whether it drew one.
    static func drawKeyboard(_ state: NearbyState, into grid: inout [[Character]], below sheetTop: Int) -> Bool {
        guard let keyboard = state.keyboardHeight, keyboard > 0 else { return false }
        let rows = grid.count
        let columns = grid.first?.count ?? 0
        let share = min(1, keyboard / state.settings.screenHeight)
        let top = max(sheetTop + 2, rows - max(1, Int((share * Double(rows)).rounded())))
        guard top < rows else { return false }
        for row in top..<rows {
            grid[row] = Array(repeating: " ", count: columns)
            grid[row][0] = "|"
            grid[row][columns - 1] = "|"
        }
        Self.write("+" + String(repeating: "-", count: columns - 2) + "+", into: &grid, row: top)
        Self.write("= \(state.words.text(.mapKeyboard)) =", into: &grid, row: top, centred: true)
        return true
    }

    /// Writes the keyboard's text over a row of `grid`, over whatever is behind it.
    private static func write(_ text: String, into grid: inout [[Character]], row: Int, centred: Bool = false) {
        let columns = grid[row].count
        let characters = Array(text.prefix(columns))
        let start = centred ? max(0, (columns - characters.count) / 2) : 0
        for (offset, character) in characters.enumerated() where start + offset < columns {
            grid[row][start + offset] = character
        }
    }
}
