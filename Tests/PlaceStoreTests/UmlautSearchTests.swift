import Foundation
import PlaceData
import Testing

@testable import PlaceStore

/// A word typed with an umlaut is looked for in the store's index as it is spelled without
/// ("gothe") and, with umlauts as "ae", "oe", "ue" ("goethe"), only among the places whose key
/// spells one of those (`StoreSchema.spelledUmlautMark`). These check that the store still finds
/// what memory finds, on names made of a few letters with and without umlauts, spelled every
/// way, for every word of two and three of those letters and some longer.
@Suite("A word with an umlaut in the store's index")
struct UmlautSearchTests {
    static let letters = ["a", "o", "u", "e", "b", "ä", "ö", "ü"]

    /// 400 places named from `letters`, seeded, and a few real spellings, imported.
    static let store: PlaceStore = {
        var seed: UInt64 = 42
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        var names = ["Goethe-Institut", "Göthe Café", "Gothe Bar", "Göethe", "Goethö", "Öä", "Ae", "Blue Bär"]
        for _ in 0..<400 {
            let length = 2 + next(5)
            names.append((0..<length).map { _ in letters[next(letters.count)] }.joined().capitalized)
        }
        var xml = "<?xml version='1.0' encoding='UTF-8'?>\n<osm version=\"0.6\" generator=\"test\">\n"
        for (index, name) in names.enumerated() {
            let latitude = 60.17 + Double(index % 20) * 0.0002
            let longitude = 24.94 + Double(index / 20) * 0.0002
            xml += "  <node id=\"\(index + 1)\" version=\"1\" lat=\"\(latitude)\" lon=\"\(longitude)\">"
            xml += "<tag k=\"amenity\" v=\"cafe\"/><tag k=\"name\" v=\"\(name)\"/></node>\n"
        }
        xml += "</osm>\n"
        let file = StoreFixtures.path("umlauts.osm")
        try! xml.write(toFile: file, atomically: true, encoding: .utf8)
        let path = StoreFixtures.path("umlauts.places")
        _ = try! PlaceImport.importOSM(file, format: "osm", into: path)
        return try! PlaceStore.open(path: path)
    }()

    static let origin = Coordinate(latitude: 60.17, longitude: 24.94)

    @Test func everyShortWordFindsWhatMemoryFinds() {
        let places = StoreFixtures.all(Self.store)
        #expect(places.count == 408)
        let memory = Places(places)
        var words = Self.letters.flatMap { a in Self.letters.map { a + $0 } }
        words += words.flatMap { ab in Self.letters.map { ab + $0 } }
        words += ["öbö", "bäbe"].flatMap { abc in Self.letters.map { abc + $0 } }
        words += ["Göthe", "goethe", "gothe", "eä", "Göethe", "Goethö", "blüe", "blü bä", "ö ä"]
        // Whether a word is looked for among the marked places.
        func isMarked(_ word: String) -> Bool {
            let plan = SearchPlan(word, kind: nil, store: Self.store)
            return plan?.trigrams.contains { $0.contains { $0.contains(StoreSchema.spelledUmlautMark) } } ?? false
        }
        var marked = 0
        var ways: Set<PlaceStore.Way> = []
        for word in words {
            let expected = Set(memory.matches(query: word).map { places[$0].id })
            let amongMarked = isMarked(word)
            if amongMarked { marked += 1 }
            // The index's ways: the rarest trigram, and with fewer candidates allowed every
            // word as phrases, then outwards.
            for candidates in [nil, 1, 8, 40] as [Int?] {
                let (found, way) = Self.store.searchTelling(
                    word, kind: nil, near: Self.origin, within: nil, limit: .max, candidates: candidates)
                if amongMarked { ways.insert(way) }
                #expect(Set(found.map(\.id)) == expected, "\(word), at most \(candidates ?? 0) candidates, \(way)")
            }
        }
        // Words with an umlaut were looked for among the marked places, each way.
        #expect(marked > 100)
        #expect(ways.isSuperset(of: [.rarest, .everyWord]), "\(ways)")
    }

    @Test func theMarkIsLeftOutWhereItWouldMissAPlace() {
        #expect(SearchPlan.spellsUmlautsAlone(Array("gothe".utf8)))
        #expect(!SearchPlan.spellsUmlautsAlone(Array("goetho".utf8)))
        #expect(!SearchPlan.spellsUmlautsAlone(Array("ea".utf8)))
        #expect(!SearchPlan.spellsUmlautsAlone(Array("blue".utf8)))
        #expect(SearchPlan.spellsUmlautsAlone(Array("be".utf8)))
    }
}
