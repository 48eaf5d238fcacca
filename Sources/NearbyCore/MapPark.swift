import PlaceData

/// A park's outline as the `map` picture fills it: the id of the park's place ("way/N",
/// "relation/N"), its name, and its outer rings, each closed. The shell reads the outlines whose
/// boxes meet the picture's region from the place store (`MapPicture.Frame`) and hands them to
/// the core with `.mapMeasured`; a park place without one (the built-in places, a GeoJSON file,
/// a park not whole in the extract) is drawn about its point instead.
public struct MapPark: Equatable, Sendable {
    public var id: String
    public var name: String
    public var rings: [[Coordinate]]

    public init(id: String, name: String, rings: [[Coordinate]]) {
        self.id = id
        self.name = name
        self.rings = rings
    }
}
