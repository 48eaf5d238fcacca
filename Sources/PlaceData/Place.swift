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
    /// What OpenStreetMap says of the place beyond its name and kind; empty for other data.
    /// Kept behind one reference, nil when empty: eight optional strings inline would add
    /// 130 bytes to every place, 130 MB at a million, most of them with no facts at all.
    public var facts: Facts {
        get { factsStorage?.facts ?? Facts() }
        set { factsStorage = newValue.isEmpty ? nil : FactsStorage(newValue) }
    }
    var factsStorage: FactsStorage?

    /// The facts of a place that has some, shared by its copies, and by the places of one file
    /// with the same facts (`PlaceBuilder.shareFacts`: opening hours repeat).
    final class FactsStorage: Hashable, Sendable {
        let facts: Facts
        init(_ facts: Facts) { self.facts = facts }
        static func == (lhs: FactsStorage, rhs: FactsStorage) -> Bool { lhs.facts == rhs.facts }
        func hash(into hasher: inout Hasher) { hasher.combine(facts) }
    }

    /// One further labelled field of a place, read out in its detail.
    public struct Detail: Hashable, Sendable {
        public var label: String
        public var value: String

        public init(label: String, value: String) {
            self.label = label
            self.value = value
        }
    }

    /// What OpenStreetMap's tags say of a place, as mapped (every field may be missing): its
    /// address (`addr:street`, `addr:housenumber`, `addr:city`), or the nearest named street when
    /// it has none; `opening_hours`, `phone`, `website` and `wheelchair` as their tags hold them.
    public struct Facts: Hashable, Sendable {
        public var street: String?
        public var houseNumber: String?
        public var city: String?
        /// `street` is the nearest named street, not the place's own address.
        public var streetIsNearest: Bool
        public var openingHours: String?
        public var phone: String?
        public var website: String?
        /// `yes`, `no`, `limited` or `designated`, as the `wheelchair` tag holds it.
        public var wheelchair: String?
        /// A stop's lines, from the route relations it is a stop of: `TransitLines`' text
        /// ("bus 16;bus 17;tram 4").
        public var lines: String?

        /// Inlinable: every place made without facts makes an empty one (`Place.init`'s default),
        /// which a call into this module for each took a third of making 10,000 markers' places.
        @inlinable
        public init(
            street: String? = nil, houseNumber: String? = nil, city: String? = nil,
            streetIsNearest: Bool = false, openingHours: String? = nil, phone: String? = nil,
            website: String? = nil, wheelchair: String? = nil, lines: String? = nil
        ) {
            self.street = street
            self.houseNumber = houseNumber
            self.city = city
            self.streetIsNearest = streetIsNearest
            self.openingHours = openingHours
            self.phone = phone
            self.website = website
            self.wheelchair = wheelchair
            self.lines = lines
        }

        /// Nothing is known beyond the name and kind: `self == Facts()`, field by field (every
        /// place made asks, 10,000 markers' places among them).
        public var isEmpty: Bool {
            street == nil && houseNumber == nil && city == nil && !streetIsNearest && openingHours == nil
                && phone == nil && website == nil && wheelchair == nil && lines == nil
        }
    }

    public init(
        id: String, name: String, kind: String, symbol: String,
        latitude: Double, longitude: Double, details: [Detail] = [], facts: Facts = Facts()
    ) {
        self.id = id
        self.name = name
        self.kind = kind
        self.symbol = symbol
        self.coordinate = Coordinate(latitude: latitude, longitude: longitude)
        self.details = details
        self.factsStorage = facts.isEmpty ? nil : FactsStorage(facts)
    }
}
