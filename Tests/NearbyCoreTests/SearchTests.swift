import Testing

@testable import NearbyCore
@testable import PlaceData

@Suite("Search, as the seed defines it")
struct SearchTests {
    let places = Places(BuiltInPlaces.lisbon)

    func names(_ query: String, kind: String? = nil) -> Set<String> {
        Set(places.matches(query: query, kind: kind).map { places.all[$0].name })
    }

    @Test func emptyQueryKeepsEveryPlace() {
        #expect(places.matches(query: "").count == 21)
        #expect(places.matches(query: "   ").count == 21)
    }

    @Test func kindMatchesIgnoringAccentsAndCase() {
        #expect(names("cafe") == ["Harbor Coffee", "Tile Museum Café", "Rossio Espresso Bar"])
        #expect(names("CAFÉ") == names("cafe"))
    }

    @Test func everyWordMustMatchInNameOrKind() {
        #expect(names("tile cafe") == ["Tile Museum Café"])
        #expect(names("museum") == ["Tile Museum Café", "Design Museum", "Azulejo Gallery"])
        #expect(names("museum design") == ["Design Museum"])
        #expect(names("tile bakery").isEmpty)
    }

    @Test func wordsMatchInsideWords() {
        #expect(names("harb") == ["Harbor Coffee"])
        #expect(names("sao") == ["Jardim São Pedro"])
        #expect(names("acores") == ["Açores Deli"])
        #expect(names("farmacia") == ["Farmácia Central"])
    }

    @Test func apostrophesOfEveryKindMatchEachOtherOrNothing() {
        #expect(names("d'alfama") == ["Taberna d'Alfama"])
        #expect(names("d’alfama") == ["Taberna d'Alfama"])
        #expect(names("dalfama") == ["Taberna d'Alfama"])
    }

    @Test func kindFilterCombinesWithTheQuery() {
        #expect(names("", kind: "Park") == ["Riverside Garden", "Miradouro Terrace", "Jardim São Pedro"])
        #expect(names("riverside", kind: "Park") == ["Riverside Garden"])
        #expect(names("riverside", kind: "Café").isEmpty)
    }

    @Test func resultsAreNearestFirst() {
        let state = NearbyState()
        let distances = state.shown.map { state.distances[$0] }
        #expect(distances == distances.sorted())
        #expect(state.shownPlaces.first?.name == "Paper & Ink")
    }

    @Test(arguments: [
        ("Æble Øst Łódź Straße", "aeble ost lodz strasse"),
        ("ÐÞı", "dthi"),
        ("“Quoted” — dash", "quoted - dash"),
        ("Crème Brûlée", "creme brulee"),
    ])
    func folding(_ input: String, _ folded: String) {
        #expect(TextFolding.fold(input) == folded)
    }

    @Test func builtInPlacesHoldTheSeedExactly() {
        let seed = Array(BuiltInPlaces.lisbon.prefix(7))
        #expect(
            seed[0]
                == Place(
                    id: "coffee", name: "Harbor Coffee", kind: "Café", symbol: "cup.and.saucer.fill", latitude: 38.7109,
                    longitude: -9.1422))
        #expect(
            seed[5]
                == Place(
                    id: "museum", name: "Tile Museum Café", kind: "Café", symbol: "cup.and.saucer.fill",
                    latitude: 38.7157, longitude: -9.1338))
        #expect(seed.map(\.id) == ["coffee", "bakery", "books", "park", "market", "museum", "diner"])
        let kinds = places.kindCounts()
        #expect(kinds.count >= 6)
        #expect(kinds.allSatisfy { $0.count >= 2 })
        #expect(Set(BuiltInPlaces.lisbon.map(\.id)).count == BuiltInPlaces.lisbon.count)
    }
}
