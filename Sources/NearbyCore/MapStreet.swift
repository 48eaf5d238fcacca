import PlaceData

/// A way of the walking network as the `map` picture draws it: its points in order, and its
/// name, or none for an unnamed way (a footpath, steps, a service road), drawn lighter and left
/// out of the legend's names. The shell reads the network in the picture's region
/// (`MapPicture.Frame`) and hands its edges to the core with `.mapMeasured`; places that come
/// without a store have none.
public struct MapStreet: Equatable, Sendable {
    public var name: String?
    public var points: [Coordinate]

    public init(name: String?, points: [Coordinate]) {
        self.name = name
        self.points = points
    }
}
