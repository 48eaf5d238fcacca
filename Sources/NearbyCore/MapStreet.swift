import PlaceData

/// A named street of the place store, as the `map` picture draws it: its points in order. The
/// shell reads the streets in the picture's region (`MapPicture.Frame`) and hands them to the
/// core with `.mapMeasured`; places that come without a store have none.
public struct MapStreet: Equatable, Sendable {
    public var name: String
    public var points: [Coordinate]

    public init(name: String, points: [Coordinate]) {
        self.name = name
        self.points = points
    }
}
