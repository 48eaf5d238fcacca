import Testing

@testable import PlaceData

/// Which tags make a place people walk to, its kind and its facts: the rule the import keeps
/// (libosmium's filter in COsmium is the same list) and the independent reader writes again.
@Suite("OpenStreetMap tags to a place")
struct OSMTaggingTests {
    @Test(arguments: [
        (["name": "Kiasma", "tourism": "museum"], "Museum"),
        (["name": "A", "shop": "yes"], "Shop"),
        (["name": "A", "office": "company", "amenity": "cafe"], "Café"),
        (["name": "A", "railway": "platform", "public_transport": "platform"], "Transit platform"),
        (["name": "A", "railway": "tram_stop"], "Tram stop"),
        (["name": "A", "highway": "bus_stop"], "Bus stop"),
        (["name": "A", "historic": "memorial"], "Memorial"),
    ])
    func aNamedPlaceHasTheKindOfItsFirstTag(_ tags: [String: String], _ kind: String) throws {
        let place = try #require(OSMTagging.place(id: "node/1", latitude: 60, longitude: 25, tags: tags))
        #expect(place.kind == kind)
    }

    @Test(arguments: [
        ["amenity": "cafe"], ["name": "", "amenity": "cafe"], ["name": "  ", "shop": "bakery"],
        ["name": "Mannerheimintie", "highway": "primary"], ["name": "A", "railway": "rail"],
        ["name": "A", "public_transport": "stop_position"], ["name": "A", "building": "yes"],
    ])
    func otherTagsMakeNoPlace(_ tags: [String: String]) {
        #expect(OSMTagging.place(id: "node/1", latitude: 60, longitude: 25, tags: tags) == nil)
    }

    @Test func factsAndNamesInTheSessionsLanguages() {
        let tags = [
            "name": "Kiasma", "tourism": "museum", "addr:street": "Mannerheiminaukio", "addr:housenumber": "2",
            "addr:city": "Helsinki", "opening_hours": "Tu 10:00-17:00", "contact:phone": "+358 294 500 501",
            "website": "https://kiasma.fi", "wheelchair": "yes", "name:en": "Museum of Modern Art Kiasma",
            "name:sv": "Kiasma", "name:pt": " Kiasma\u{200B} ",
        ]
        #expect(
            OSMTagging.facts(tags)
                == Place.Facts(
                    street: "Mannerheiminaukio", houseNumber: "2", city: "Helsinki", openingHours: "Tu 10:00-17:00",
                    phone: "+358 294 500 501", website: "https://kiasma.fi", wheelchair: "yes"))
        #expect(OSMTagging.names(tags) == ["en": "Museum of Modern Art Kiasma", "pt": "Kiasma"])
    }
}
