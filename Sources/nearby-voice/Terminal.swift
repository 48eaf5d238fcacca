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

    /// How many colours a terminal shows, as its environment says.
    enum Colours: Equatable {
        /// The eight colours of every colour terminal.
        case eight
        /// xterm's 256 (`TERM` names `256color`).
        case palette256
        /// Any colour as red, green and blue (`COLORTERM` is `truecolor` or `24bit`).
        case trueColour
    }

    /// The colours the terminal on standard output shows, or nil for none: colour is an
    /// addition, only on a terminal, never with `NO_COLOR` or `TERM=dumb` (or no `TERM`).
    static func colours(_ environment: [String: String]) -> Colours? {
        guard FileDescriptor.standardOutput.isTerminal else { return nil }
        return colours(environment: environment)
    }

    /// The colours a terminal with `environment` shows, whatever standard output is.
    static func colours(environment: [String: String]) -> Colours? {
        guard environment["NO_COLOR"] == nil, let term = environment["TERM"], term != "dumb" else { return nil }
        if let colourTerm = environment["COLORTERM"], ["truecolor", "24bit"].contains(colourTerm.lowercased()) {
            return .trueColour
        }
        return term.contains("256color") ? .palette256 : .eight
    }
}
