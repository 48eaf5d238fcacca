import PlaceData

/// A vertex of the walking network as a store gives it back (`NetworkBuilder` says the rules):
/// where ways meet or end.
public struct NetworkVertex: Equatable, Sendable {
    /// Its row in the store, for `PlaceStore.edges(of:)`.
    public var id: Int64
    /// Its OpenStreetMap node.
    public var node: Int64
    public var coordinate: Coordinate
    /// How many edge ends it holds.
    public var degree: Int
    public var isIntersection: Bool
    public var isDeadEnd: Bool
    public var isRoundabout: Bool
    /// Whether its node is a crossing (`PlaceStore.crossing(at:)` gives its facts).
    public var isCrossing: Bool
    /// The different names of its roads, sorted, and the kinds (`highway` values) of its
    /// unnamed roads: what it is called by ("Aleksanterinkatu and Mikonkatu", "a footpath").
    public var names: [String]
    public var unnamedKinds: [String]
}

/// An edge of the walking network: a stretch of one way between two vertices.
public struct NetworkEdge: Equatable, Sendable {
    public var id: Int64
    /// Its end vertices' ids, `from` at its first point.
    public var from: Int64
    public var to: Int64
    public var points: [Coordinate]
    /// Metres along its points.
    public var length: Double
    /// Its way's OpenStreetMap id and facts ("" where the way has none).
    public var wayID: Int64
    public var name: String
    public var ref: String
    /// The `highway` value.
    public var kind: String
    public var sidewalk: String
    public var footway: String
    public var isOneway: Bool
    public var isRoundabout: Bool
}

/// A crossing node and its facts ("" where it has none).
public struct NetworkCrossing: Equatable, Sendable {
    public var node: Int64
    public var coordinate: Coordinate
    /// The vertex it is, if any; and whether a walkable way passes through it.
    public var vertex: Int64?
    public var isOnWay: Bool
    /// `crossing` (traffic_signals, marked, uncontrolled, unmarked...), `crossing:signals`,
    /// `tactile_paving`, `button_operated`, `traffic_signals:sound`, and `highway=traffic_signals`.
    public var crossing: String
    public var signals: String
    public var tactilePaving: String
    public var buttonOperated: String
    public var sound: String
    public var hasTrafficSignals: Bool
}
