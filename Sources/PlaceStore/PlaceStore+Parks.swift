import PlaceData

extension PlaceStore {
    /// The parks' outlines whose boxes meet `box` (`parks_index`), in the order of the import:
    /// what `map` fills with its parks' mark. A store of places without an OpenStreetMap
    /// extract holds none.
    public func parks(in box: BoundingBox) -> [ParkOutline] {
        var parks: [ParkOutline] = []
        locked {
            try? parksInBox.forEachRow([.real(box.south), .real(box.north), .real(box.west), .real(box.east)]) {
                row in
                parks.append(
                    ParkOutline(
                        id: StoreSchema.ident(row, 0), name: row.text(1) ?? "", rings: ParkOutline.rings(row.bytes(2))))
            }
        }
        return parks
    }
}
