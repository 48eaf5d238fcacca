import Foundation
import PlaceData
import Words

extension MapPicture {
    /// The grid of characters the picture is drawn on, in layers: the ground (the theme's
    /// contour lines, parks, streets),
    /// the pins and the user, the walk-time chip, the pins' labels, and the sheet on top.
    /// `taken` marks the cells a label may not cover (pins, the user, the chip, other labels);
    /// the ground may be covered.
    struct Canvas {
        let frame: Frame
        var grid: [[Character]]
        var taken: [[Bool]]

        init(frame: Frame) {
            self.frame = frame
            grid = Array(repeating: Array(repeating: " ", count: frame.columns), count: frame.rows)
            taken = Array(repeating: Array(repeating: false, count: frame.columns), count: frame.rows)
        }

        /// What the street data drew: the streets, each named once, nearest to the user first;
        /// whether any unnamed way was drawn, and how many crossings.
        struct Ground: Equatable {
            var streets: [String]
            var unnamedWays = false
            var crossings = 0
        }

        /// A pin drawn: the place's index and its cell.
        struct Pin {
            var index: Int
            var row: Int
            var column: Int
        }

        /// What the labels came to: the places numbered (in order, from 1), and how many pins
        /// got no label at all.
        struct Labels {
            var numbered: [Int] = []
            var unlabelled = 0
        }

        // MARK: The ground

        /// The mark of an unnamed way (a footpath, steps, a service road), whatever its slope:
        /// lighter than a named street's, which is drawn over it.
        static let unnamedMark: Character = ":"
        /// The mark of a crossing, drawn over the ways.
        static let crossingMark: Character = "#"

        /// Draws the unnamed ways (lines of `:`), the named streets over them (lines of `-`, `|`,
        /// `/` and `\`) and the crossings (`#`), and says which were drawn.
        mutating func drawStreets(_ state: NearbyState, streets: [MapStreet], crossings: [Coordinate] = []) -> Ground {
            var unnamedWays = false
            for street in streets where street.name == nil {
                if draw(street.points, mark: Self.unnamedMark) { unnamedWays = true }
            }
            var nearest: [String: Double] = [:]
            let origin = state.settings.origin
            for street in streets {
                guard let name = street.name, draw(street.points) else { continue }
                let distance = street.points.map { origin.distance(to: $0) }.min() ?? .infinity
                nearest[name] = min(nearest[name] ?? .infinity, distance)
            }
            var crossingsDrawn = 0
            for crossing in crossings {
                guard let spot = frame.cell(crossing) else { continue }
                grid[spot.row][spot.column] = Self.crossingMark
                crossingsDrawn += 1
            }
            return Ground(
                streets: nearest.sorted { ($0.value, $0.key) < ($1.value, $1.key) }.map(\.key),
                unnamedWays: unnamedWays, crossings: crossingsDrawn)
        }

        /// Draws a line through `points`, of `mark` or else of each segment's slope's mark; true
        /// when any of it is in the picture.
        private mutating func draw(_ points: [Coordinate], mark fixed: Character? = nil) -> Bool {
            var drawn = false
            for (from, to) in zip(points, points.dropFirst()) {
                let a = frame.position(from)
                let b = frame.position(to)
                guard let clipped = Self.clip(a, b, width: Double(frame.columns), height: Double(frame.rows)) else {
                    continue
                }
                let dx = clipped.1.x - clipped.0.x
                let dy = clipped.1.y - clipped.0.y
                let mark = fixed ?? Self.mark(dx: dx, dy: dy)
                let steps = max(1, Int(max(abs(dx), abs(dy)).rounded(.up)))
                for step in 0...steps {
                    let t = Double(step) / Double(steps)
                    let row = min(frame.rows - 1, max(0, Int((clipped.0.y + t * dy).rounded())))
                    let column = min(frame.columns - 1, max(0, Int((clipped.0.x + t * dx).rounded())))
                    grid[row][column] = mark
                    drawn = true
                }
            }
            return drawn
        }

        /// The line's character for its slope on the screen, where a cell is about twice as
        /// high as it is wide.
        static func mark(dx: Double, dy: Double) -> Character {
            let angle = atan2(abs(dy) * 2, abs(dx)) * 180 / .pi
            if angle < 22.5 { return "-" }
            if angle > 67.5 { return "|" }
            // Rows count downwards: right and up is `/`.
            return (dx >= 0) == (dy <= 0) ? "/" : "\\"
        }

        /// The part of the segment `a`-`b` within the grid's cells (Liang-Barsky), or nil.
        static func clip(
            _ a: (x: Double, y: Double), _ b: (x: Double, y: Double), width: Double, height: Double
        ) -> ((x: Double, y: Double), (x: Double, y: Double))? {
            let dx = b.x - a.x
            let dy = b.y - a.y
            var low = 0.0
            var high = 1.0
            let edges = [(-dx, a.x + 0.5), (dx, width - 0.5 - a.x), (-dy, a.y + 0.5), (dy, height - 0.5 - a.y)]
            for (p, q) in edges {
                if p == 0 {
                    if q < 0 { return nil }
                    continue
                }
                let r = q / p
                if p < 0 { low = max(low, r) } else { high = min(high, r) }
                if low > high { return nil }
            }
            return ((a.x + low * dx, a.y + low * dy), (a.x + high * dx, a.y + high * dy))
        }

        // MARK: Pins, the user, the chip

        /// Draws the shown places as their kind's letter (the selected one as `*`), nearest on
        /// top, and the user as `@`; returns the pins still seen, nearest first.
        mutating func drawPins(_ state: NearbyState, letters: [String: Character]) -> [Pin] {
            var owner: [Int: Int] = [:]
            for index in state.shown.reversed() {
                let place = state.places.all[index]
                guard let spot = frame.cell(place.coordinate) else { continue }
                grid[spot.row][spot.column] = place.id == state.selection ? "*" : letters[place.kind] ?? "?"
                taken[spot.row][spot.column] = true
                owner[spot.row * frame.columns + spot.column] = index
            }
            var user: Int?
            if let spot = frame.cell(state.settings.origin) {
                grid[spot.row][spot.column] = "@"
                taken[spot.row][spot.column] = true
                user = spot.row * frame.columns + spot.column
            }
            return owner.filter { $0.key != user }
                .map { Pin(index: $0.value, row: $0.key / frame.columns, column: $0.key % frame.columns) }
                .sorted { state.distances[$0.index] < state.distances[$1.index] }
        }

        /// Raises the walk-time chip over the selected pin ("[4 min]", in the row above it, or
        /// below when there is none); true when it was drawn. It is part of the map: where the
        /// sheet covers the pin, the chip is seen through it as the pin is, or hidden by an
        /// opaque sheet.
        mutating func drawChip(_ state: NearbyState) -> Bool {
            guard let index = state.selectedIndex, let spot = frame.cell(state.places.all[index].coordinate)
            else { return false }
            let minutes = SpokenMeasure.walkMinutes(state.distances[index], speed: state.settings.walkSpeed)
            let chip = Array(state.words.text(.mapWalkChip(minutes: String(minutes))))
            let row = spot.row > 0 ? spot.row - 1 : spot.row + 1
            guard row < frame.rows, chip.count <= frame.columns else { return false }
            let start = min(max(0, spot.column - chip.count / 2), frame.columns - chip.count)
            for (offset, character) in chip.enumerated() {
                grid[row][start + offset] = character
                taken[row][start + offset] = true
            }
            return true
        }

        // MARK: Labels

        /// Labels each pin above the sheet by its place's name, to its right or else to its left
        /// where the name fits clear of other marks; else by a number (up to `indexLimit`), which
        /// the legend names. The selected pin first, then nearest first.
        mutating func label(_ pins: [Pin], _ state: NearbyState) -> Labels {
            var labels = Labels()
            let ordered =
                pins.filter { state.places.all[$0.index].id == state.selection }
                + pins.filter { state.places.all[$0.index].id != state.selection }
            for pin in ordered where pin.row < frame.sheetTop {
                if place(Array(state.places.all[pin.index].name), beside: pin) { continue }
                if labels.numbered.count < MapPicture.indexLimit,
                    place(Array(String(labels.numbered.count + 1)), beside: pin, gap: false)
                {
                    labels.numbered.append(pin.index)
                } else {
                    labels.unlabelled += 1
                }
            }
            return labels
        }

        /// Writes `text` beside `pin`, after a space (none with `gap` off), to the right or else
        /// to the left, where every cell it needs (and one either side) is free; true when written.
        private mutating func place(_ text: [Character], beside pin: Pin, gap: Bool = true) -> Bool {
            let space = gap ? 1 : 0
            let right = pin.column + 1 + space
            let left = pin.column - space - text.count
            for start in [right, left] where fits(text.count, row: pin.row, from: start, beside: pin.column) {
                if gap { grid[pin.row][start == right ? pin.column + 1 : pin.column - 1] = " " }
                for (offset, character) in text.enumerated() {
                    grid[pin.row][start + offset] = character
                    taken[pin.row][start + offset] = true
                }
                if gap { taken[pin.row][start == right ? pin.column + 1 : pin.column - 1] = true }
                return true
            }
            return false
        }

        /// Whether `count` cells from `start` on `row` are free, and the cell either side is
        /// free, beyond the row, or the pin at `pinColumn` itself.
        private func fits(_ count: Int, row: Int, from start: Int, beside pinColumn: Int) -> Bool {
            guard start >= 0, start + count <= frame.columns else { return false }
            let sides = [start - 1, start + count].allSatisfy {
                $0 < 0 || $0 >= frame.columns || $0 == pinColumn || !taken[row][$0]
            }
            return sides && (start..<(start + count)).allSatisfy { !taken[row][$0] }
        }

        // MARK: The sheet

        /// Draws the sheet over its rows: see-through (pins behind in lower case, its surface
        /// dotted) or, with reduce transparency, opaque; then its border, title and field.
        mutating func drawSheet(_ state: NearbyState) {
            let words = state.words
            let opaque = state.settings.reduceTransparency
            for row in frame.sheetTop..<frame.rows {
                for column in 0..<frame.columns {
                    let behind = grid[row][column]
                    grid[row][column] = opaque ? " " : behind == " " ? "." : Character(behind.lowercased())
                }
            }
            guard frame.sheetTop < frame.rows else { return }
            write("+" + String(repeating: "-", count: frame.columns - 2) + "+", row: frame.sheetTop)
            let title = words.text(.mapSheetTitle(detent: state.sheet.detent.spoken(words)))
            write("= \(title) =", row: frame.sheetTop, centred: true)
            if frame.sheetTop + 1 < frame.rows {
                let field = state.query.isEmpty ? words.text(.searchPlaceholder) : state.query
                write(" [ \(field) ]", row: frame.sheetTop + 1)
            }
        }

        /// Writes sheet text over a row, over whatever is behind it: the sheet is on top.
        private mutating func write(_ text: String, row: Int, centred: Bool = false) {
            let characters = Array(text.prefix(frame.columns))
            let start = centred ? max(0, (frame.columns - characters.count) / 2) : 0
            for (offset, character) in characters.enumerated() where start + offset < frame.columns {
                grid[row][start + offset] = character
            }
        }
    }
}
