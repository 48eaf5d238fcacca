import Foundation
import PlaceData

extension MapPicture {
    /// The picture's size, the rows the sheet covers, and the region the camera shows: what the
    /// shell needs to read the streets of that region before the picture is drawn.
    public struct Frame: Sendable {
        public let columns: Int
        public let rows: Int
        /// The first row the sheet covers (`rows` when it is dismissed).
        public let sheetTop: Int
        /// The region the camera shows.
        public let region: BoundingBox

        public init(state: NearbyState, columns: Int, rows: Int) {
            let columns = max(30, min(columns, 200))
            let rows = max(10, min(rows, 80))
            // The sheet covers the bottom rows at its detent's share of the screen.
            let geometry = SheetGeometry(state.settings)
            let presented = state.sheet.isPresented
            let share = presented ? geometry.height(of: state.sheet.detent) / state.settings.screenHeight : 0
            let sheetRows = presented ? max(2, Int((share * Double(rows)).rounded())) : 0
            let sheetTop = rows - min(rows, sheetRows)
            // As the seed pads the map's safe area (the resting height, else half the map), what
            // the camera centres on stays in the rows the sheet leaves free.
            let freeRows = !presented ? rows : state.sheet.detent == .resting ? sheetTop : rows / 2
            self.columns = columns
            self.rows = rows
            self.sheetTop = sheetTop
            region = Self.region(for: state, rows: rows, freeRows: max(2, freeRows))
        }

        /// A frame of `region` as it is, for the tests of what is drawn on the ground.
        init(columns: Int, rows: Int, sheetTop: Int, region: BoundingBox) {
            self.columns = columns
            self.rows = rows
            self.sheetTop = sheetTop
            self.region = region
        }

        /// Where `point` falls on the grid, in columns and rows from the top left (outside the
        /// grid when it is beyond the region).
        func position(_ point: Coordinate) -> (x: Double, y: Double) {
            let (north, south, east, west) = (region.north, region.south, region.east, region.west)
            return (
                (point.longitude - west) / (east - west) * Double(columns - 1),
                (north - point.latitude) / (north - south) * Double(rows - 1)
            )
        }

        /// The cell `point` falls in, or nil beyond the region.
        func cell(_ point: Coordinate) -> (row: Int, column: Int)? {
            let (north, south, east, west) = (region.north, region.south, region.east, region.west)
            let x = (point.longitude - west) / (east - west)
            let y = (north - point.latitude) / (north - south)
            guard x >= 0, x <= 1, y >= 0, y <= 1 else { return nil }
            return (
                min(rows - 1, Int(y * Double(rows - 1) + 0.5)), min(columns - 1, Int(x * Double(columns - 1) + 0.5))
            )
        }

        /// The region the camera shows, on `rows` rows of which the top `freeRows` are clear of
        /// the sheet: the close-up centred in the free rows, or every shown place and the user
        /// fitted into them.
        static func region(for state: NearbyState, rows: Int, freeRows: Int) -> BoundingBox {
            if case .closeUp(let id, let altitude) = state.camera,
                let place = state.places.all.first(where: { $0.id == id })
            {
                // A camera `altitude` metres up sees about as far across.
                let halfLat = altitude / 2 / 111_320
                let halfLon = halfLat / max(0.01, cos(place.coordinate.latitude * .pi / 180))
                let latitudePerRow = 2 * halfLat / Double(rows - 1)
                let north = place.coordinate.latitude + Double(freeRows - 1) / 2 * latitudePerRow
                return BoundingBox(
                    south: north - 2 * halfLat, north: north, west: place.coordinate.longitude - halfLon,
                    east: place.coordinate.longitude + halfLon)
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
            return BoundingBox(south: south, north: north, west: west, east: east)
        }
    }
}
