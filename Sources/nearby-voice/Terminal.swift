import Foundation
import SystemCalls

/// What the terminal on standard output can show.
enum Terminal {
    /// Columns and rows of the terminal on standard output (`TIOCGWINSZ`), else `COLUMNS` and
    /// `LINES`, else 80 by 24.
    static func size(_ environment: [String: String]) -> (columns: Int, rows: Int) {
        let output = FileDescriptor.standardOutput
        if output.isTerminal, let window = try? output.windowSize(), window.columns > 0 {
            return window
        }
        let columns = environment["COLUMNS"].flatMap(Int.init) ?? 80
        let rows = environment["LINES"].flatMap(Int.init) ?? 24
        return (columns, rows)
    }

    /// Colour is an addition: only on a terminal, never with `NO_COLOR` or `TERM=dumb`.
    static func allowsColour(_ environment: [String: String]) -> Bool {
        FileDescriptor.standardOutput.isTerminal && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb"
            && environment["TERM"] != nil
    }

    /// The map picture with its pins coloured: the user, the selection, pins, and the pins
    /// seen through the sheet dimmed. Every character stays where it was. Only its first `rows`
    /// lines are the map: the captions after them are words, in any language, never coloured.
    /// A pin is a capital letter with no letter either side: the letters of a pin's name label
    /// beside it stay plain.
    static func colourMap(_ picture: String, rows: Int) -> String {
        var lines = picture.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard rows > 0 else { return picture }
        for index in 0..<min(rows, lines.count) {
            var coloured = ""
            let characters = Array(lines[index])
            for (column, character) in characters.enumerated() {
                let lone =
                    !(column > 0 && characters[column - 1].isLetter)
                    && !(column + 1 < characters.count && characters[column + 1].isLetter)
                switch character {
                case "@": coloured += "\u{1B}[1;33m@\u{1B}[0m"
                case "*": coloured += "\u{1B}[1;35m*\u{1B}[0m"
                case "A"..."Z" where lone && !lines[index].hasPrefix("+") && !lines[index].hasPrefix(" ["):
                    coloured += "\u{1B}[1;36m\(character)\u{1B}[0m"
                default: coloured.append(character)
                }
            }
            lines[index] = coloured
        }
        return lines.joined(separator: "\n")
    }
}
