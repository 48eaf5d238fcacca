import Foundation
import Testing
import Words

@testable import PlaceData

/// OpenStreetMap's kinds (`amenity=cafe`) in the session's language, from the catalogs.
@Suite("OpenStreetMap's kinds in every language")
struct OSMKindsTests {
    @Test("OpenStreetMap's kinds are said in the catalog's language; every value has its words in each")
    func kindsInEveryLanguage() throws {
        let spanish = Catalog.builtIn(.spanish)
        #expect(OSMKinds.word(for: "cafe", words: spanish) == "Cafetería")
        #expect(OSMKinds.word(for: "fast_food;cafe", words: .builtIn(.portuguese)) == "Comida rápida")
        #expect(OSMKinds.word(for: "bicycle_repair_station", words: spanish) == "Bicycle repair station")
        #expect(OSMKinds.values.count == 137)
        for language in [Language.english, .spanish, .portuguese] {
            let words = Catalog.builtIn(language)
            for value in OSMKinds.values {
                #expect(words.has(Key(family: "osm-kind", value)), "\(language.code) lacks osm-kind.\(value)")
            }
        }
        let file =
            #"{"type": "FeatureCollection", "features": [{"type": "Feature", "geometry": {"type": "Point", "#
            + #""coordinates": [24.94, 60.17]}, "properties": {"name": "A", "amenity": "cafe"}}]}"#
        let loaded = try PlacesFile.load(Data(file.utf8), file: "a.geojson", kindWords: spanish)
        #expect(loaded.places.map(\.kind) == ["Cafetería"])
    }

}
