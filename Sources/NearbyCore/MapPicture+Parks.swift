import Foundation
import PlaceData

extension MapPicture.Canvas {
    /// The mark of a park's cells.
    static let parkMark: Character = "\""

    /// The parks drawn: those filled to their outlines and those drawn about their point, each
    /// named once, nearest to the user first.
    struct Parks: Equatable {
        var outlined: [String] = []
        var atPoint: [String] = []

        var count: Int { outlined.count + atPoint.count }
    }

    /// Draws the parks: each outline's cells filled (a cell whose centre is inside its outer
    /// rings, by the even-odd rule; one too small for any cell's centre takes the cell of its
    /// first point), named as the session's place of the same id is where it holds one; then
    /// each park place without an outline as a patch three cells wide about its point.
    mutating func drawParks(_ state: NearbyState, outlines: [ParkOutline]) -> Parks {
        var places: [String: Int] = [:]
        for index in state.places.all.indices where state.places.all[index].kind == MapPicture.parkKind {
            places[state.places.all[index].id] = index
        }
        let origin = state.settings.origin
        var outlined: [(name: String, distance: Double)] = []
        for park in outlines {
            guard fill(park.rings) else { continue }
            let place = places[park.id]
            let inside = Self.contains(park.rings, origin)
            let distance =
                inside ? 0 : park.rings.joined().map { origin.distance(to: $0) }.min() ?? .infinity
            outlined.append((place.map { state.places.all[$0].name } ?? park.name, distance))
        }
        let drawn = Set(outlines.map(\.id))
        var atPoint: [(name: String, distance: Double)] = []
        for (id, index) in places where !drawn.contains(id) {
            guard let spot = frame.cell(state.places.all[index].coordinate) else { continue }
            for column in max(0, spot.column - 1)...min(frame.columns - 1, spot.column + 1) {
                grid[spot.row][column] = Self.parkMark
            }
            atPoint.append((state.places.all[index].name, state.distances[index]))
        }
        func named(_ parks: [(name: String, distance: Double)]) -> [String] {
            var seen = Set<String>()
            return parks.sorted { ($0.distance, $0.name) < ($1.distance, $1.name) }.map(\.name)
                .filter { seen.insert($0).inserted }
        }
        return Parks(outlined: named(outlined), atPoint: named(atPoint))
    }

    /// Fills the cells whose centres lie inside `rings` (even-odd), row by row; true when any
    /// cell is the park's.
    private mutating func fill(_ rings: [[Coordinate]]) -> Bool {
        let positioned = rings.map { $0.map { frame.position($0) } }
        var filled = false
        for row in 0..<frame.rows {
            let y = Double(row)
            var crossings: [Double] = []
            for ring in positioned {
                for (a, b) in zip(ring, ring.dropFirst()) where (a.y <= y) != (b.y <= y) {
                    crossings.append(a.x + (y - a.y) * (b.x - a.x) / (b.y - a.y))
                }
            }
            crossings.sort()
            var pair = 0
            while pair + 1 < crossings.count {
                let from = max(0, Int(crossings[pair].rounded(.up)))
                let to = min(frame.columns - 1, Int((crossings[pair + 1]).rounded(.up)) - 1)
                if from <= to {
                    for column in from...to { grid[row][column] = Self.parkMark }
                    filled = true
                }
                pair += 2
            }
        }
        if !filled, let first = rings.first?.first, let spot = frame.cell(first) {
            grid[spot.row][spot.column] = Self.parkMark
            filled = true
        }
        return filled
    }

    /// Whether `point` lies inside `rings` (even-odd), in degrees: for the user standing in a
    /// park, which is then the nearest.
    static func contains(_ rings: [[Coordinate]], _ point: Coordinate) -> Bool {
        var inside = false
        for ring in rings {
            for (a, b) in zip(ring, ring.dropFirst())
            where (a.latitude <= point.latitude) != (b.latitude <= point.latitude) {
                let longitude =
                    a.longitude + (point.latitude - a.latitude) * (b.longitude - a.longitude)
                    / (b.latitude - a.latitude)
                if point.longitude < longitude { inside.toggle() }
            }
        }
        return inside
    }
}
