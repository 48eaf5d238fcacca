import Foundation
import PlaceData
import Testing

@testable import NearbyCore

/// The ground of `map` (issue 41, item 7): the theme's contour lines, a pattern fixed to the
/// ground that stays put as the camera moves, and the parks filled to their outlines where the
/// store keeps them, else drawn about their point; with the built-in places, the theme's ground
/// and no streets.
@Suite("The map's ground: the theme's contour lines and the parks' outlines")
struct MapGroundDrawingTests {
    /// About 1.1 km by 1.1 km of central Helsinki.
    static let region = BoundingBox(south: 60.163, north: 60.173, west: 24.93, east: 24.95)
    static let frame = MapPicture.Frame(columns: 60, rows: 20, sheetTop: 20, region: region)

    /// A session of one kiosk in the middle of the region, and `others`.
    static func state(_ others: [Place] = []) -> NearbyState {
        var settings = Settings()
        settings.origin = Coordinate(latitude: 60.168, longitude: 24.94)
        let kiosk = Place(
            id: "node/1", name: "Kiosk", kind: "Kiosk", symbol: "mappin", latitude: 60.168, longitude: 24.94)
        return NearbyState(places: [kiosk] + others, settings: settings)
    }

    /// The centre of the cell at `row` and `column` of `frame`.
    static func centre(_ row: Int, _ column: Int, in frame: MapPicture.Frame = frame) -> Coordinate {
        let region = frame.region
        return Coordinate(
            latitude: region.north - Double(row) / Double(frame.rows - 1) * (region.north - region.south),
            longitude: region.west + Double(column) / Double(frame.columns - 1) * (region.east - region.west))
    }

    static let triangle = [
        Coordinate(latitude: 60.1642, longitude: 24.9331), Coordinate(latitude: 60.1653, longitude: 24.9462),
        Coordinate(latitude: 60.1717, longitude: 24.9386), Coordinate(latitude: 60.1642, longitude: 24.9331),
    ]

    @Test func aParkIsFilledWhereTheCellsCentresLieInsideItsOutline() {
        var canvas = MapPicture.Canvas(frame: Self.frame)
        let parks = canvas.drawParks(
            Self.state(), outlines: [ParkOutline(id: "way/7", name: "Kolmio", rings: [Self.triangle])])
        #expect(parks == MapPicture.Canvas.Parks(outlined: ["Kolmio"], atPoint: []))
        var filled = 0
        for row in 0..<Self.frame.rows {
            for column in 0..<Self.frame.columns {
                let inside = MapPicture.Canvas.contains([Self.triangle], Self.centre(row, column))
                #expect((canvas.grid[row][column] == "\"") == inside, "row \(row), column \(column)")
                if inside { filled += 1 }
            }
        }
        #expect(filled > 100)
    }

    @Test func aParkSmallerThanACellTakesTheCellOfItsFirstPoint() {
        var canvas = MapPicture.Canvas(frame: Self.frame)
        let tiny = [
            Coordinate(latitude: 60.16801, longitude: 24.94101), Coordinate(latitude: 60.16802, longitude: 24.94101),
            Coordinate(latitude: 60.16802, longitude: 24.94102), Coordinate(latitude: 60.16801, longitude: 24.94101),
        ]
        let parks = canvas.drawParks(Self.state(), outlines: [ParkOutline(id: "way/8", name: "Pieni", rings: [tiny])])
        #expect(parks.outlined == ["Pieni"])
        #expect(canvas.grid.joined().filter { $0 == "\"" }.count == 1)
        let cell = Self.frame.cell(tiny[0])!
        #expect(canvas.grid[cell.row][cell.column] == "\"")
    }

    /// A park place whose outline the store gave is drawn by its outline only, named as the
    /// session names the place (its language's name); one without an outline about its point.
    @Test func aParkPlaceWithAnOutlineIsNotAlsoDrawnAboutItsPoint() {
        let parks = [
            Place(
                id: "way/7", name: "Triangle Park", kind: "Park", symbol: "tree.fill", latitude: 60.172,
                longitude: 24.948),
            Place(
                id: "way/9", name: "Corner Park", kind: "Park", symbol: "tree.fill", latitude: 60.1725,
                longitude: 24.932),
        ]
        var canvas = MapPicture.Canvas(frame: Self.frame)
        let drawn = canvas.drawParks(
            Self.state(parks), outlines: [ParkOutline(id: "way/7", name: "Kolmio", rings: [Self.triangle])])
        #expect(drawn == MapPicture.Canvas.Parks(outlined: ["Triangle Park"], atPoint: ["Corner Park"]))
        let outlinePlace = Self.frame.cell(parks[0].coordinate)!
        #expect(canvas.grid[outlinePlace.row][outlinePlace.column] == " ")
        let pointPlace = Self.frame.cell(parks[1].coordinate)!
        #expect(canvas.grid[pointPlace.row][pointPlace.column - 1...pointPlace.column + 1] == ["\"", "\"", "\""])
    }

    /// The contour lines are fixed to the ground: a camera moved by a whole number of cells
    /// sees the same marks on the same ground.
    @Test(arguments: [(7, 0), (0, 3), (-11, -5)])
    func theContourLinesStayOnTheGroundAsTheCameraMoves(columns: Int, rows: Int) {
        let region = Self.region
        let width = (region.east - region.west) / Double(Self.frame.columns - 1)
        let height = (region.north - region.south) / Double(Self.frame.rows - 1)
        let moved = MapPicture.Frame(
            columns: Self.frame.columns, rows: Self.frame.rows, sheetTop: Self.frame.rows,
            region: BoundingBox(
                south: region.south - Double(rows) * height, north: region.north - Double(rows) * height,
                west: region.west + Double(columns) * width, east: region.east + Double(columns) * width))
        var before = MapPicture.Canvas(frame: Self.frame)
        var after = MapPicture.Canvas(frame: moved)
        let drawn = (before.drawContours(), after.drawContours())
        #expect(drawn == (true, true))
        var same = 0
        var compared = 0
        // The last row and column of the frame before are compared with neighbours beyond it.
        for row in 0..<(Self.frame.rows - 1) {
            for column in 0..<(Self.frame.columns - 1) {
                let row2 = row - rows
                let column2 = column - columns
                guard (0..<(moved.rows - 1)).contains(row2), (0..<(moved.columns - 1)).contains(column2) else {
                    continue
                }
                compared += 1
                if before.grid[row][column] == after.grid[row2][column2] { same += 1 }
            }
        }
        #expect(compared > 500 && same == compared, "\(same) of \(compared)")
    }

    /// A wider view sums broader folds: the lines stay lines, a few cells apart, from a street's
    /// view to a region's.
    @Test(arguments: [0.002, 0.01, 0.05, 0.3, 2.0])
    func everyScaleDrawsLinesNotNoise(degrees: Double) {
        let frame = MapPicture.Frame(
            columns: 100, rows: 35, sheetTop: 35,
            region: BoundingBox(south: 60.16, north: 60.16 + degrees, west: 24.93, east: 24.93 + degrees * 2))
        var canvas = MapPicture.Canvas(frame: frame)
        let drawn = canvas.drawContours()
        #expect(drawn)
        let share = Double(canvas.grid.joined().filter { $0 == "~" }.count) / Double(100 * 35)
        #expect(share > 0.03 && share < 0.3, "\(share) of the cells at \(degrees)°")
    }

    @Test func aWiderViewStartsAtABroaderFold() {
        let octaves = [0.002, 0.02, 0.2, 2.0].map { degrees in
            MapPicture.Contours.firstOctave(
                MapPicture.Frame(
                    columns: 100, rows: 35, sheetTop: 35,
                    region: BoundingBox(south: 60.16, north: 60.16 + degrees, west: 24.93, east: 24.93 + degrees)))
        }
        #expect(octaves == octaves.sorted() && octaves.first! < octaves.last!, "\(octaves)")
    }

    /// With the built-in places the picture is not empty: the theme's ground (its contour lines,
    /// the parks about their point) and, said and written, no streets.
    @Test func theBuiltInPlacesHaveTheThemesGround() {
        var state = NearbyState()
        _ = state.reduce(.handleDecremented)
        let reaction = state.apply(.mapMeasured(columns: 80, rows: 24))
        let picture = reaction.announcements[0].display!
        let lines = picture.split(separator: "\n").map(String.init)
        let map = lines.prefix(24).joined()
        #expect(map.contains("\"") && map.contains("~"))
        #expect(lines.filter { $0 == "~ contour lines, the theme's decoration, not heights." }.count == 1)
        #expect(
            lines.contains("No street data: streets are drawn only for places from an OpenStreetMap extract or store."))
        #expect(
            lines.contains(
                "Parks, drawn as \" about their point: Miradouro Terrace, Riverside Garden, Jardim São Pedro."))
        #expect(!lines.contains { $0.hasPrefix("Streets") || $0.hasPrefix("Parks, filled") })
        #expect(
            reaction.announcements[0].text
                == "Map drawn for a sighted collaborator: 21 places as letters, you as @. Drawn from the theme: 3 parks, no streets."
        )
    }

    /// With outlines from a store: filled, named in a legend line of their own, counted with the
    /// parks drawn about their point in the summary.
    @Test func outlinesAreNamedApartFromParksAboutTheirPoint() {
        // Places at two corners of the region, which the camera then shows.
        var state = Self.state([
            Place(
                id: "way/9", name: "Corner Park", kind: "Park", symbol: "tree.fill", latitude: 60.172, longitude: 24.949
            ),
            Place(id: "node/2", name: "Kiosk", kind: "Kiosk", symbol: "mappin", latitude: 60.164, longitude: 24.931),
        ])
        _ = state.reduce(.handleDecremented)
        let street = MapStreet(
            name: "Katu",
            points: [Coordinate(latitude: 60.1705, longitude: 24.9), Coordinate(latitude: 60.1705, longitude: 24.98)])
        let reaction = state.apply(
            .mapMeasured(
                columns: 60, rows: 20, streets: [street],
                parks: [ParkOutline(id: "way/7", name: "Kolmio", rings: [Self.triangle])]))
        let lines = reaction.announcements[0].display!.split(separator: "\n").map(String.init)
        #expect(lines.contains("Parks, filled with \" to their outlines: Kolmio."), "\(lines)")
        #expect(lines.contains("Parks, drawn as \" about their point: Corner Park."), "\(lines)")
        #expect(lines.contains("~ contour lines, the theme's decoration, not heights."))
        #expect(reaction.announcements[0].text.hasSuffix("Drawn from OpenStreetMap: 1 street and 2 parks."))
    }
}
