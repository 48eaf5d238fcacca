/// What the map's camera shows.
public enum Camera: Equatable, Sendable {
    /// The whole region of the places shown (the seed's `.automatic` position).
    case showingAll
    /// Close above one place, `altitude` metres up.
    case closeUp(placeID: String, altitude: Double)
}
