/// The map picture's colours at a terminal: the seed's accent, `.tint(.indigo)`, on the pins,
/// the parks pastel, the theme's contour lines faint, the user yellow. Every character stays
/// where it was: colour only adds to what the characters already say.
struct MapColouring {
    /// SGR parameters (the numbers between ESC [ and m) of each mark.
    let user: String
    let pin: String
    let selected: String
    let park: String
    let contour: String

    /// iOS's systemIndigo, #5856D6.
    static let indigo = (red: 88, green: 86, blue: 214)

    /// The colours for a terminal that shows `colours`: indigo itself in true colour; xterm's
    /// 62 (#5F5FD7, the nearest of its 256) in 256; else blue, the nearest of the eight
    /// (`nearestOfEight`). A pin is indigo and bold; the selected pin is white on indigo, as a
    /// chosen marker is a balloon of the tint with a white glyph.
    init(_ colours: Terminal.Colours) {
        user = "1;33"
        contour = "2"
        switch colours {
        case .trueColour:
            let indigo = "\(Self.indigo.red);\(Self.indigo.green);\(Self.indigo.blue)"
            pin = "1;38;2;\(indigo)"
            selected = "1;97;48;2;\(indigo)"
            park = "38;2;163;214;150"
        case .palette256:
            pin = "1;38;5;62"
            selected = "1;97;48;5;62"
            park = "38;5;151"
        case .eight:
            let nearest = Self.nearestOfEight(Self.indigo)
            pin = "1;\(30 + nearest)"
            selected = "1;37;\(40 + nearest)"
            park = "32"
        }
    }

    /// The eight colours as xterm draws them (its defaults), by their number (30 + n, 40 + n).
    static let eight: [(red: Int, green: Int, blue: Int)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
        (229, 229, 229),
    ]

    /// The number of the eight colours nearest `colour` (by the distance in red, green and
    /// blue): blue (4) for indigo.
    static func nearestOfEight(_ colour: (red: Int, green: Int, blue: Int)) -> Int {
        func distance(_ other: (red: Int, green: Int, blue: Int)) -> Int {
            let (r, g, b) = (colour.red - other.red, colour.green - other.green, colour.blue - other.blue)
            return r * r + g * g + b * b
        }
        return eight.indices.min { distance(eight[$0]) < distance(eight[$1]) }!
    }

    /// `picture` with its marks coloured. Only its first `rows` lines are the map: the captions
    /// after them are words, in any language, never coloured; nor are the letters, quotes and
    /// tildes of the sheet's border and field. A pin is a capital letter, a park's cell `"` and a contour `~`, each with no letter
    /// either side: the letters of a pin's name beside it stay plain, and so do quotes and
    /// tildes in a name. Neighbours of one colour share one escape sequence.
    func colour(_ picture: String, rows: Int) -> String {
        var lines = picture.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard rows > 0 else { return picture }
        for index in 0..<min(rows, lines.count) {
            let characters = Array(lines[index])
            let sheet = lines[index].hasPrefix("+") || lines[index].hasPrefix(" [")
            var coloured = ""
            var open: String?
            func isLetter(_ column: Int) -> Bool { characters.indices.contains(column) && characters[column].isLetter }
            let pins = characters.indices.map { column in
                !sheet && ("A"..."Z").contains(characters[column]) && !isLetter(column - 1) && !isLetter(column + 1)
            }
            func inWord(_ column: Int) -> Bool { isLetter(column) && !pins[column] }
            for (column, character) in characters.enumerated() {
                let mark = !sheet && !inWord(column - 1) && !inWord(column + 1)
                var style: String?
                switch character {
                case "@": style = user
                case "*": style = selected
                case "A"..."Z" where pins[column]: style = pin
                case "\"" where mark: style = park
                case "~" where mark: style = contour
                default: style = nil
                }
                if style != open {
                    if open != nil { coloured += "\u{1B}[0m" }
                    if let style { coloured += "\u{1B}[\(style)m" }
                    open = style
                }
                coloured.append(character)
            }
            if open != nil { coloured += "\u{1B}[0m" }
            lines[index] = coloured
        }
        return lines.joined(separator: "\n")
    }
}
