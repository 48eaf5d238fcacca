/// A park's outline: its place id ("way/N", "relation/N", as the park's place has it), its own
/// name, and its outer rings, each closed (its last point its first); the holes of a
/// multipolygon are not kept. The place store reads them (`PlaceStore.parks(in:)`) and the `map`
/// picture fills them (`MapPicture`); a park place without one (the built-in places, a GeoJSON
/// file, a park not whole in the extract) is drawn about its point instead.
public struct ParkOutline: Equatable, Sendable {
    public var id: String
    public var name: String
    public var rings: [[Coordinate]]

    public init(id: String, name: String, rings: [[Coordinate]]) {
        self.id = id
        self.name = name
        self.rings = rings
    }
}
