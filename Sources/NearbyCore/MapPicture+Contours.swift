import Foundation
import PlaceData

extension MapPicture {
    /// The theme's contour lines: the Nearby seed draws its map "from the theme", and the place
    /// data holds no heights, so these are a decoration, not the ground's shape. They are the
    /// level lines of a pattern fixed to the ground: a sum of waves over latitude and longitude
    /// (three a fold length, in octaves from 160 metres up), so a line stays where it is as the
    /// camera moves across it. A picture sums the three octaves whose shortest fold spans at
    /// least 12 columns and 6 rows, so a wider view shows broader folds rather than noise, and
    /// draws `~` wherever a level line passes between a cell and its neighbour to the right or
    /// below, under everything else.
    enum Contours {
        /// The mark of a contour line.
        static let mark: Character = "~"
        /// The shortest fold, in metres; each octave doubles it.
        static let shortestFold = 160.0
        /// Octaves there are, and octaves a picture sums.
        static let octaves = 16
        static let octavesDrawn = 3
        /// How long the shortest fold drawn is at least, in columns and in rows.
        static let foldColumns = 12.0
        static let foldRows = 6.0
        /// The height between two level lines, in the shortest fold drawn's lengths.
        static let interval = 10.0

        /// The first octave a picture of `frame` sums: the first whose folds span `foldColumns`
        /// and `foldRows`.
        static func firstOctave(_ frame: Frame) -> Int {
            let region = frame.region
            let south = Coordinate(latitude: region.south, longitude: region.west)
            let width = south.distance(to: Coordinate(latitude: region.south, longitude: region.east))
            let height = south.distance(to: Coordinate(latitude: region.north, longitude: region.west))
            let needed = max(
                foldColumns * width / Double(max(1, frame.columns - 1)),
                foldRows * height / Double(max(1, frame.rows - 1)))
            let octave = Int(log2(max(1, needed / shortestFold)).rounded(.up))
            return min(max(0, octave), octaves - octavesDrawn)
        }

        /// A wave of the pattern: its amplitude, its phase, and how its phase grows a metre east
        /// and a metre north.
        struct Wave {
            var amplitude: Double
            var phase: Double
            var east: Double
            var north: Double
        }

        /// The waves of `octaves`: three an octave, each one's length its octave's fold and its
        /// amplitude that length; its direction and phase fixed by its number (the golden angle
        /// and the golden ratio apart), the same for every picture.
        static func waves(_ octaves: Range<Int>) -> [Wave] {
            octaves.flatMap { octave in
                let length = shortestFold * pow(2, Double(octave))
                return (0..<3).map { wave in
                    let number = Double(octave * 3 + wave + 1)
                    let angle = number * 2.399_963_229_728_653
                    let phase = (number * 0.618_033_988_749_895).truncatingRemainder(dividingBy: 1) * 2 * .pi
                    return Wave(
                        amplitude: length, phase: phase, east: 2 * .pi * cos(angle) / length,
                        north: 2 * .pi * sin(angle) / length)
                }
            }
        }

        static let metresPerDegree = 111_320.0

        /// The pattern's value over `waves` at a point `east` and `north` metres from where the
        /// equator meets the prime meridian (east measured at the point's own latitude).
        static func height(east: Double, north: Double, _ waves: [Wave]) -> Double {
            var sum = 0.0
            for wave in waves { sum += wave.amplitude * sin(wave.east * east + wave.north * north + wave.phase) }
            return sum
        }
    }
}

extension MapPicture.Canvas {
    /// Draws the theme's contour lines (`MapPicture.Contours`) on the empty grid; true when any
    /// is in the picture.
    mutating func drawContours() -> Bool {
        typealias Contours = MapPicture.Contours
        let first = Contours.firstOctave(frame)
        let waves = Contours.waves(first..<(first + Contours.octavesDrawn))
        let interval = Contours.interval * Contours.shortestFold * pow(2, Double(first))
        let region = frame.region
        // The level band of each cell's centre, one more row and column beyond the grid.
        let bands = (0...frame.rows).map { row in
            let latitude = region.north - Double(row) / Double(frame.rows - 1) * (region.north - region.south)
            let north = latitude * Contours.metresPerDegree
            let eastPerDegree = Contours.metresPerDegree * cos(latitude * .pi / 180)
            return (0...frame.columns).map { column in
                let longitude = region.west + Double(column) / Double(frame.columns - 1) * (region.east - region.west)
                return (Contours.height(east: longitude * eastPerDegree, north: north, waves) / interval)
                    .rounded(.down)
            }
        }
        var drawn = false
        for row in 0..<frame.rows {
            for column in 0..<frame.columns
            where bands[row][column] != bands[row][column + 1] || bands[row][column] != bands[row + 1][column] {
                grid[row][column] = Contours.mark
                drawn = true
            }
        }
        return drawn
    }
}
