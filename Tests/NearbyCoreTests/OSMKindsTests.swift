import Foundation
import Testing
import Words

@testable import PlaceData

/// OpenStreetMap's kinds (`amenity=cafe`) in the session's language, from the tagging schema's
/// table and the catalogs' overrides.
@Suite("OpenStreetMap's kinds in every language")
struct OSMKindsTests {
    @Test("OpenStreetMap's kinds are said in the catalog's language, a GeoJSON file's too")
    func kindsInEveryLanguage() throws {
        let spanish = Catalog.builtIn(.spanish)
        #expect(OSMKinds.word(key: "amenity", value: "cafe", words: spanish) == "Cafetería")
        #expect(OSMKinds.word(key: "amenity", value: "fast_food;cafe", words: .builtIn(.portuguese)) == "Comida rápida")
        #expect(OSMKinds.word(key: "highway", value: "bus_stop", words: spanish) == "Parada de autobús")
        #expect(OSMKinds.word(key: "highway", value: "bus_stop", words: .builtIn(.brazilian)) == "Ponto de ônibus")
        #expect(OSMKinds.word(key: "shop", value: "xyz_abc", words: spanish) == "Tienda (xyz abc)")
        #expect(OSMKinds.word(key: "office", value: "ngo", words: .builtIn(.portuguese)) == "ONG")
        let file =
            #"{"type": "FeatureCollection", "features": [{"type": "Feature", "geometry": {"type": "Point", "#
            + #""coordinates": [24.94, 60.17]}, "properties": {"name": "A", "amenity": "cafe"}}, "#
            + #"{"type": "Feature", "geometry": {"type": "Point", "coordinates": [24.94, 60.17]}, "#
            + #""properties": {"name": "B", "leisure": "swimming_pool"}}]}"#
        let loaded = try PlacesFile.load(Data(file.utf8), file: "a.geojson", kindWords: spanish)
        #expect(loaded.places.map(\.kind) == ["Cafetería", "Piscina"])
    }

    @Test("The store's English kind is said in the session's language, an unknown value's too")
    func englishKindsInTheSessionsLanguage() {
        let spanish = Catalog.builtIn(.spanish)
        #expect(spanish.kindWord("Café") == "Cafetería")
        #expect(spanish.kindWord("Bus stop") == "Parada de autobús")
        #expect(spanish.kindWord("Xyz abc shop") == "Tienda (xyz abc)")
        #expect(Catalog.builtIn(.portuguese).kindWord("Historic wayside thing") == "Local histórico (wayside thing)")
        #expect(spanish.kindWord("Tapas") == "Tapas")
        // A store imported before the schema's words: its values in words.
        #expect(spanish.kindWord("Bag") == "Tienda de bolsos o equipaje")
        #expect(spanish.kindWord("Subway entrance") == "Entrada del metro")
        #expect(
            Catalog.kindWordsInEveryLanguage("Bus stop")
                == ["Bus stop", "Parada de autobús", "Paragem de autocarro", "Ponto de ônibus"])
        #expect(Catalog.kindWordsInEveryLanguage("Tapas") == ["Tapas"])
    }
}
