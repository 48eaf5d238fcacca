import Foundation
import Testing

@testable import PlaceData

/// What a GeoJSON file of OpenStreetMap data says beyond names and kinds.
@Suite("Places files: OpenStreetMap's facts")
struct FactsTests {
    /// `isEmpty` asks each field (not `== Facts()`, which made and compared a second value for
    /// every place made): each one set alone makes the facts not empty, and a new field fails
    /// here until `isEmpty` asks it too.
    @Test("isEmpty is false with any one field set, true with none")
    func emptyFieldByField() {
        #expect(Place.Facts().isEmpty)
        let each: [Place.Facts] = [
            .init(street: ""), .init(houseNumber: ""), .init(city: ""), .init(streetIsNearest: true),
            .init(openingHours: ""), .init(phone: ""), .init(website: ""), .init(wheelchair: ""), .init(lines: ""),
        ]
        #expect(each.allSatisfy { !$0.isEmpty })
        #expect(Mirror(reflecting: Place.Facts()).children.count == each.count)
    }

    static func collection(_ properties: String) -> String {
        #"{"type": "FeatureCollection", "features": [{"type": "Feature", "geometry": {"type": "Point", "coordinates": [24.94, 60.17]}, "properties": \#(properties)}]}"#
    }

    @Test("The address, hours, phone, website and wheelchair properties become the place's facts")
    func factsFromProperties() throws {
        let properties = #"""
            {"name": "Kahvila", "amenity": "cafe", "addr:street": "Mannerheimintie", "addr:housenumber": 12,
             "addr:city": "Helsinki", "opening_hours": "Mo-Fr 08:00-18:00", "phone": "+358 9 123 4567",
             "website": "https://example.fi/", "wheelchair": "limited", "addr:postcode": "00100"}
            """#
        let file = Data(Self.collection(properties).utf8)
        let expected = Place.Facts(
            street: "Mannerheimintie", houseNumber: "12", city: "Helsinki", openingHours: "Mo-Fr 08:00-18:00",
            phone: "+358 9 123 4567", website: "https://example.fi/", wheelchair: "limited")
        for parallel in [false, true] {
            let places = try file.withUnsafeBytes { raw in
                try GeoJSONLoader.load(raw.bindMemory(to: UInt8.self), file: "f.geojson", parallel: parallel).places
            }
            #expect(places.first?.facts == expected)
        }
        // Long opening hours are kept whole (never cut to a name's 200 characters, which could
        // drop a rule and say wrong hours); longer than 1,000 characters, they are left out.
        let rules = Array(repeating: "Mo 08:00-18:00", count: 20).joined(separator: "; ")
        let long = Self.collection(#"{"name": "L", "opening_hours": "\#(rules)\u0007"}"#)
        #expect(try PlacesFile.load(Data(long.utf8), file: "l.geojson").places.first?.facts.openingHours == rules)
        let tooLong = Self.collection(#"{"name": "T", "opening_hours": "\#(String(repeating: "x", count: 1001))"}"#)
        #expect(try PlacesFile.load(Data(tooLong.utf8), file: "t.geojson").places.first?.facts.openingHours == nil)
        // A fact that is a list or null is left out, never an error.
        let odd = Self.collection(#"{"name": "B", "phone": ["1"], "wheelchair": null, "website": {"a": 1}}"#)
        #expect(try PlacesFile.load(Data(odd.utf8), file: "b.geojson").places.first?.facts.isEmpty == true)
    }
}
