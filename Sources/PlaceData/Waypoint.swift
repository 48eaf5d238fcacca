/// A named point of a walk, with words about it: a turn of a planned route ("2. Left onto
/// Mikonkatu", "then left onto Mikonkatu for 80 metres") or its end. Plain values: the core
/// words a route's turns as these (`route export`), and Position's `GPXWriter` writes them as a
/// GPX file's `<wpt>` with `<name>` and `<desc>`; neither module sees the other.
public struct Waypoint: Equatable, Sendable {
    public var coordinate: Coordinate
    public var name: String
    public var description: String

    public init(coordinate: Coordinate, name: String, description: String) {
        self.coordinate = coordinate
        self.name = name
        self.description = description
    }
}
