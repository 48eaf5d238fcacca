import PlaceData

/// A place the user marked: "Front door", a bus stop, a bench. It keeps its own copy of the
/// name and the position, so that it stays where it was put when the place it came from changes
/// in a newer extract; `placeID` says which place that was, so that the session can say when it
/// is gone. In the markers file it is a GPX `<wpt>`.
public struct Marker: Equatable, Sendable {
    /// The name the user gave, or the place's: `<name>`.
    public var name: String
    /// Where it is, kept to 7 decimals (about a centimetre) in the file.
    public var coordinate: Coordinate
    /// The user's note: `<desc>`.
    public var note: String?
    /// When it was marked, in seconds since 1970 (UTC): `<time>`, kept to the whole second in
    /// the file.
    public var time: Double
    /// The OpenStreetMap place it was marked from ("node/123", "way/45"), nil for a point marked
    /// where the user stood. In the file: `<extensions><nv:place>node/123</nv:place></extensions>`
    /// (see `MarkerLibrary.namespace`).
    public var placeID: String?

    public init(name: String, coordinate: Coordinate, note: String? = nil, time: Double, placeID: String? = nil) {
        self.name = name
        self.coordinate = coordinate
        self.note = note
        self.time = time
        self.placeID = placeID
    }
}

/// A route of waypoints the user strings together and walks in order: a GPX `<rte>`, its
/// waypoints `<rtept>` with what a marker has.
public struct MarkedRoute: Equatable, Sendable {
    /// `<name>`.
    public var name: String
    /// `<desc>`.
    public var note: String?
    /// When it was made, in seconds since 1970 (UTC). GPX 1.1 gives a route no `<time>`: it is
    /// kept as `<extensions><nv:time>…</nv:time></extensions>`; a route read from another
    /// program's file without it takes its first waypoint's time.
    public var time: Double
    /// The waypoints in walking order.
    public var waypoints: [Marker]

    public init(name: String, note: String? = nil, time: Double, waypoints: [Marker]) {
        self.name = name
        self.note = note
        self.time = time
        self.waypoints = waypoints
    }
}
