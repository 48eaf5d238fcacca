import PlaceData

extension StoreSchema {
    /// The parks' outlines (version 8): each named `leisure=park` way or multipolygon relation
    /// whose outline lies whole in the extract (`cosmium_park`), with its id as `places.ident`
    /// keeps it (a way's negative number, a relation's "relation/N" as text), its own name, and
    /// its outer rings (`ParkOutline.bytes`); an R*Tree of their boxes finds those a picture's
    /// region meets, as `streets_index` does the streets.
    static let parkTables = """
        CREATE TABLE parks(id INTEGER PRIMARY KEY, ident NOT NULL, name TEXT NOT NULL, rings BLOB NOT NULL);
        CREATE VIRTUAL TABLE parks_index USING rtree(id, min_latitude, max_latitude, min_longitude, max_longitude);
        """
}

/// How the store keeps a park's outline (`StoreSchema.parkTables`).
extension ParkOutline {
    /// The rings as the store keeps them: each ring's points as little-endian Float64 pairs
    /// (latitude, longitude), as `streets` keeps a street's, the rings separated by a pair of NaNs.
    static func bytes(_ rings: [[(latitude: Double, longitude: Double)]]) -> [UInt8] {
        let separator = [(latitude: Double.nan, longitude: Double.nan)]
        return StreetIndex.bytes(Array(rings.map { $0 }.joined(separator: separator)))
    }

    /// The rings read back from `bytes`.
    static func rings(_ bytes: UnsafeRawBufferPointer) -> [[Coordinate]] {
        StreetIndex.points(bytes).split { $0.latitude.isNaN }.map { ring in
            ring.map { Coordinate(latitude: $0.latitude, longitude: $0.longitude) }
        }
    }
}
