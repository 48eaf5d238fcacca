import Testing

@testable import PlaceData

/// Stops of public transport: the kind rule puts a stop before the platform that says nothing
/// of what stops at it; one stop mapped as a pole, a platform and a stop position is one place;
/// the lines of the routes any of its parts belongs to are its lines, in the order they are said.
@Suite("Stops and their lines")
struct TransitStopsTests {
    @Test(arguments: [
        (["name": "A", "public_transport": "platform", "bus": "yes"], "Bus stop"),
        (["name": "A", "public_transport": "platform", "trolleybus": "yes"], "Bus stop"),
        (["name": "A", "public_transport": "platform", "highway": "bus_stop"], "Bus stop"),
        (["name": "A", "public_transport": "platform", "tram": "yes"], "Tram stop"),
        (["name": "A", "public_transport": "platform", "railway": "tram_stop"], "Tram stop"),
        (["name": "A", "public_transport": "platform"], "Transit platform"),
        (["name": "A", "public_transport": "station", "railway": "station"], "Railway station"),
        (["name": "A", "amenity": "bus_station", "public_transport": "station"], "Bus station"),
    ])
    func aStopIsKindedBeforeTheGenericPlatform(_ tags: [String: String], _ kind: String) throws {
        let place = try #require(OSMTagging.place(id: "node/1", latitude: 60, longitude: 25, tags: tags))
        #expect(place.kind == kind)
    }

    /// A stop's three objects, 10 m apart, and a stop of the same name 200 m away.
    private func kauppatori() -> TransitStops {
        var stops = TransitStops()
        let pole = ["name": "Kauppatori", "highway": "bus_stop"]
        let platform = ["name": "Kauppatori", "public_transport": "platform", "bus": "yes"]
        let position = ["name": "Kauppatori", "public_transport": "stop_position", "bus": "yes"]
        #expect(add(&stops, "way/5", 60.16760, 24.95200, platform))
        #expect(add(&stops, "node/1", 60.16768, 24.95200, pole))
        #expect(add(&stops, "node/2", 60.16770, 24.95210, position, place: false))
        #expect(add(&stops, "node/3", 60.16950, 24.95200, pole))
        stops.addMembership(member: "node/2", relation: 100, route: "bus", ref: "17")
        stops.addMembership(member: "way/5", relation: 101, route: "bus", ref: "16")
        stops.addMembership(member: "node/1", relation: 101, route: "bus", ref: "16")
        stops.addMembership(member: "node/3", relation: 102, route: "trolleybus", ref: "2")
        stops.addMembership(member: "node/3", relation: 103, route: "hiking", ref: "E6")
        return stops
    }

    @Test func thePartsOfOneStopAreOnePlaceWithEveryLine() {
        let stops = kauppatori().stops()
        #expect(stops.map(\.place.id) == ["node/1", "node/3"])
        // The pole ranks before the platform: it is the stop, at its own position.
        #expect(stops.first?.place.id == "node/1")
        #expect(stops.first?.place.coordinate.latitude == 60.16768)
        #expect(stops.first?.place.facts.lines == "bus 16;bus 17")
        #expect(stops.last?.place.facts.lines == "bus 2")
    }

    @Test func aStopAreaJoinsPartsOfOtherNamesAndDistances() {
        var stops = TransitStops()
        #expect(add(&stops, "node/1", 60.0, 25.0, ["name": "Rautatientori", "railway": "tram_stop"]))
        #expect(add(&stops, "way/2", 60.001, 25.0, ["name": "Rautatientori A", "public_transport": "platform"]))
        #expect(stops.stops().count == 2)
        stops.addMembership(member: "node/1", relation: 9, route: "stop_area", ref: "")
        stops.addMembership(member: "way/2", relation: 9, route: "stop_area", ref: "")
        #expect(stops.stops().map(\.place.id) == ["node/1"])
    }

    @Test func partsOfOtherModesOrFurtherThan50MetresAreTwoStops() {
        var stops = TransitStops()
        #expect(add(&stops, "node/1", 60.0, 25.0, ["name": "Senaatintori", "highway": "bus_stop"]))
        #expect(add(&stops, "node/2", 60.0001, 25.0, ["name": "Senaatintori", "railway": "tram_stop"]))
        // 0.0005 degrees of latitude is 55.6 m.
        #expect(add(&stops, "node/3", 60.0005, 25.0, ["name": "Senaatintori", "highway": "bus_stop"]))
        #expect(stops.stops().map(\.place.id) == ["node/1", "node/2", "node/3"])
        // A platform that says nothing of its mode joins the stop within 50 m (33 m), whatever
        // its mode, and is no place of its own.
        #expect(add(&stops, "way/4", 60.0008, 25.0, ["name": "Senaatintori", "public_transport": "platform"]))
        #expect(stops.stops().map(\.place.id) == ["node/1", "node/2", "node/3"])
    }

    @Test func otherObjectsAreNoPartsAndStopPositionsAloneNoStop() {
        var stops = TransitStops()
        #expect(!add(&stops, "node/1", 60, 25, ["name": "Kamppi", "railway": "subway_entrance"]))
        #expect(!add(&stops, "node/2", 60, 25, ["name": "Kamppi", "amenity": "bus_station"]))
        #expect(!add(&stops, "node/3", 60, 25, ["name": "Kamppi", "amenity": "cafe"]))
        #expect(add(&stops, "node/4", 60, 25, ["name": "Kamppi", "public_transport": "stop_position"], place: false))
        #expect(stops.partCount == 1)
        #expect(stops.stops().isEmpty)
    }

    @Test func linesAreSaidByModeThenNumber() {
        let lines = TransitLines(text: "tram 10;bus 67V;tram 2;bus 16;train I;bus 16;ferry x;tram 6T;bogus 1;bus ")
        #expect(lines.text == "bus 16;bus 67V;tram 2;tram 6T;tram 10;train I;ferry x")
        #expect(lines.byMode.map(\.mode) == [.bus, .tram, .train, .ferry])
        #expect(TransitLines.Mode(route: "light_rail") == .tram)
        #expect(TransitLines.Mode(route: "hiking") == nil)
    }

    private func add(
        _ stops: inout TransitStops, _ id: String, _ latitude: Double, _ longitude: Double, _ tags: [String: String],
        place: Bool = true
    ) -> Bool {
        let made = place ? OSMTagging.place(id: id, latitude: latitude, longitude: longitude, tags: tags) : nil
        return stops.add(
            id: id, latitude: latitude, longitude: longitude, tags: tags, place: made, names: [:], ident: nil)
    }
}

/// `filter transit`'s group: every stop and station, in memory as in a search of the store.
@Suite("The transit group of kinds")
struct KindGroupTests {
    @Test func theGroupHoldsEveryStopAndStationAndNothingElse() {
        let kinds = ["Bus stop", "Tram stop", "Station", "Subway entrance", "Café", "Ferry terminal", "Platform"]
        let places = Places(
            kinds.enumerated().map { index, kind in
                Place(id: "\(index)", name: "Kamppi", kind: kind, symbol: "mappin", latitude: 60, longitude: 25)
            })
        let group = KindGroup.transit.filterName
        #expect(places.matches(query: "", kind: group) == [0, 1, 2, 3, 5, 6])
        #expect(places.matches(query: "kamppi", kind: group).count == 6)
        #expect(places.matches(query: "bus", kind: group) == [0])
        #expect(KindGroup.filter(group, admits: "Bus stop"))
        #expect(!KindGroup.filter(group, admits: "Café"))
        #expect(KindGroup.filter("Café", admits: "Café"))
        #expect(KindGroup(filterName: "transit") == nil)
    }
}
