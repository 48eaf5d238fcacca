import PlaceData

/// The grid a store's places are ordered by: cells of 1/1024 of a degree each way (108 m of
/// latitude; of longitude 108 m at the equator, 54 m at 60° north), numbered along strips of
/// latitude, south to north, and along each strip west to east. A box is then one run of cells
/// a strip, and so one range of the store's rows a strip (`StoreSchema`).
enum Cell {
    /// Cells a degree.
    static let perDegree = 1024.0
    /// Bits of a cell's column (360 × 1024 columns < 2^19).
    static let columnBits: Int64 = 19
    static let lastColumn: Int64 = (1 << columnBits) - 1
    static let lastRow: Int64 = Int64(180 * perDegree)

    /// The strip of latitude of `latitude`, clamped to the globe.
    static func row(_ latitude: Double) -> Int64 {
        min(max(Int64(((latitude + 90) * perDegree).rounded(.down)), 0), lastRow)
    }

    /// The column of `longitude`, clamped to the globe.
    static func column(_ longitude: Double) -> Int64 {
        min(max(Int64(((longitude + 180) * perDegree).rounded(.down)), 0), lastColumn)
    }

    /// The number of the cell that holds a point.
    static func key(latitude: Double, longitude: Double) -> Int64 {
        row(latitude) << columnBits | column(longitude)
    }

    /// The south-west corner of the cell numbered `key`, in degrees (latitude, longitude).
    static func corner(_ key: Int64) -> (latitude: Double, longitude: Double) {
        (Double(key >> columnBits) / perDegree - 90, Double(key & lastColumn) / perDegree - 180)
    }

    /// The runs of cells that cover a box: one a strip, first and last cell.
    static func runs(_ box: BoundingBox) -> [(first: Int64, last: Int64)] {
        let west = column(box.west)
        let east = column(box.east)
        guard west <= east else { return [] }
        return (row(box.south)...row(box.north)).map { strip in
            (strip << columnBits | west, strip << columnBits | east)
        }
    }
}
