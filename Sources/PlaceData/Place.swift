/// A place on the map: the seed's `MapSearchSheetPlace`, plus whatever else its data holds.
public struct Place: Identifiable, Hashable, Sendable {
    public var id: String
    public var name: String
    public var kind: String
    /// An SF Symbols name, kept from the data so that an app can draw the same pin.
    public var symbol: String
    public var coordinate: Coordinate
    /// Further fields of the data (an address, opening hours), in the order the data gave them.
    public var details: [Detail]

    /// One further labelled field of a place, read out in its detail.
    public struct Detail: Hashable, Sendable {
        public var label: String
        public var value: String

        public init(label: String, value: String) {
            self.label = label
            self.value = value
        }
    }

    public init(
        id: String, name: String, kind: String, symbol: String,
        latitude: Double, longitude: Double, details: [Detail] = []
    ) {
        self.id = id
        self.name = name
        self.kind = kind
        self.symbol = symbol
        self.coordinate = Coordinate(latitude: latitude, longitude: longitude)
        self.details = details
    }
}
