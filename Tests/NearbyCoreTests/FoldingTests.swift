import Testing

@testable import NearbyCore
@testable import PlaceData

@Suite("Folding: what people can type finds what the names say")
struct FoldingTests {
    @Test(arguments: [
        ("Łódź Fabryczna", "lodz fabryczna"),
        ("ŁÓDŹ", "lodz"),
        ("Søndre Ørsted", "sondre orsted"),
        ("Ærøskøbing", "aeroskobing"),
        ("Cœur Œuvre", "coeur oeuvre"),
        ("Straße STRASSE ẞ", "strasse strasse ss"),
        ("Đà Nẵng", "da nang"),
        ("Eyjafjörður Ðó", "eyjafjordur do"),
        ("Þingvellir þ", "thingvellir th"),
        ("Kadıköy İskelesi", "kadikoy iskelesi"),
        ("Ħamrun Ŧ", "hamrun t"),
        ("Ｃａｆé ＴＯＫＹＯ", "cafe tokyo"),
        ("Καφενείο ΣΟΦΟΣ", "καφενειο σοφοσ"),
        ("Кафе Ёлка", "кафе елка"),
        ("東京駅", "東京駅"),
        ("Saint‐Denis – Porte—Nord", "saint-denis - porte-nord"),
        ("O’Brien‘s „Pub“ «Bar» ‹x› ʼokina ʻokina", "obriens pub bar x okina okina"),
        ("Mu\u{0308}ller", "muller"),
        ("soft\u{00AD}hyphen", "softhyphen"),
    ])
    func foldSpellsLettersTheUsualLatinWay(_ input: String, _ folded: String) {
        #expect(TextFolding.fold(input) == folded)
    }

    static let forms: [(String, [String])] = [
        ("São Pedro", ["saopedro"]),
        ("Saint‐Denis", ["saintdenis"]),
        ("d’Alfama", ["dalfama"]),
        ("Müller-Lüdenscheidt", ["mullerludenscheidt", "muellerluedenscheidt"]),
        ("Mu\u{0308}ller", ["muller", "mueller"]),
        ("KÖLN", ["koln", "koeln"]),
    ]

    @Test(arguments: forms)
    func searchFormsJoinWordsAndSpellUmlautsBothWays(_ input: String, _ forms: [String]) {
        #expect(TextFolding.searchForms(input).map { String(decoding: $0, as: UTF8.self) } == forms)
    }

    static let places: [Place] = [
        ("lodz", "Łódź Fabryczna", "Station"), ("orsted", "Ørsted Park", "Park"),
        ("aero", "Ærøskøbing Havn", "Harbour"), ("coeur", "Cœur de Lion", "Restaurant"),
        ("strasse", "Straße des 17. Juni", "Street"), ("danang", "Chợ Đà Nẵng", "Market"),
        ("fjord", "Eyjafjörður Hótel", "Hotel"), ("thing", "Þingvellir Centre", "Visitor centre"),
        ("kadikoy", "Kadıköy İskelesi", "Ferry terminal"), ("mueller", "Bäckerei Müller", "Bakery"),
        ("mueller2", "Mueller Optik", "Optician"), ("zurich", "Zürich HB", "Station"),
        ("alfama", "Taberna d’Alfama", "Restaurant"), ("denis", "Saint‐Denis Basilique", "Church"),
        ("obrien", "O'Brien's Pub", "Pub"), ("saopedro", "Jardim São Pedro", "Park"),
        ("tram", "Tram Stop Diner", "Restaurant"), ("pushkin", "Кафе Пушкин", "Café"),
        ("greek", "Καφενείο Ωραίο", "Café"), ("tokyo", "東京駅", "Station"),
        ("manuel", "Casa Manuel", "Restaurant"),
    ].enumerated().map { offset, place in
        Place(
            id: place.0, name: place.1, kind: place.2, symbol: "mappin", latitude: 50 + Double(offset) / 100,
            longitude: 10)
    }

    let places = Places(Self.places)

    func ids(_ query: String, kind: String? = nil) -> Set<String> {
        Set(places.matches(query: query, kind: kind).map { places.all[$0].id })
    }

    static let latinSpellings: [(String, String)] = [
        ("lodz", "lodz"), ("ŁÓDŹ", "lodz"), ("orsted", "orsted"), ("ørsted", "orsted"),
        ("aeroskobing", "aero"), ("coeur", "coeur"), ("strasse", "strasse"), ("straße", "strasse"),
        ("da nang", "danang"), ("eyjafjordur", "fjord"), ("thingvellir", "thing"),
        ("kadikoy iskelesi", "kadikoy"), ("пушкин", "pushkin"), ("ПУШКИН", "pushkin"),
        ("καφενειο", "greek"), ("東京", "tokyo"),
    ]

    @Test(arguments: latinSpellings)
    func lettersThatDoNotDecomposeMatchTheirLatinSpellings(_ query: String, _ expected: String) {
        #expect(ids(query) == [expected])
    }

    @Test(arguments: [
        "d'alfama", "d’alfama", "d‘alfama", "d`alfama", "dʼalfama", "dalfama", "D’ALFAMA", "d alfama",
    ])
    func everyApostropheMatchesEveryOtherOrNone(_ query: String) {
        #expect(ids(query) == ["alfama"])
    }

    @Test(arguments: ["saint-denis", "saint‐denis", "saint–denis", "saint—denis", "saintdenis", "saint denis"])
    func everyDashMatchesEveryOtherOrNone(_ query: String) {
        #expect(ids(query) == ["denis"])
    }

    @Test func apostrophesInsideWordsAreLeftOut() {
        #expect(ids("o'brien's") == ["obrien"])
        #expect(ids("obriens") == ["obrien"])
        #expect(ids("o’brien’s pub") == ["obrien"])
    }

    @Test func umlautsMatchTheirPlainAndTheirESpellings() {
        #expect(ids("muller") == ["mueller"])
        #expect(ids("mueller") == ["mueller", "mueller2"])
        #expect(ids("müller") == ["mueller", "mueller2"])
        #expect(ids("baeckerei") == ["mueller"])
        #expect(ids("backerei") == ["mueller"])
        #expect(ids("zuerich") == ["zurich"])
        #expect(ids("zurich") == ["zurich"])
        #expect(ids("zürich") == ["zurich"])
    }

    @Test func aWordMatchesAcrossSpacesAndHyphens() {
        #expect(ids("saopedro") == ["saopedro"])
        #expect(ids("saoped") == ["saopedro"])
        #expect(ids("jardimsao") == ["saopedro"])
        #expect(ids("tramstop") == ["tram"])
        #expect(ids("tram-stop") == ["tram"])
        #expect(ids("danang") == ["danang"])
        #expect(ids("bäckereimüller") == ["mueller"])
    }

    @Test func everyWordMustMatchInTheNameOrTheKind() {
        #expect(ids("muller bakery") == ["mueller"])
        #expect(ids("muller optician").isEmpty)
        #expect(ids("station") == ["lodz", "zurich", "tokyo"])
        #expect(ids("station zuerich") == ["zurich"])
        #expect(ids("cafe") == ["pushkin", "greek"])
        #expect(ids("ferry") == ["kadikoy"])
        #expect(ids("manuel") == ["manuel"])
        #expect(ids("nowhere").isEmpty)
    }

    @Test func theKindFilterKeepsOnlyItsKind() {
        #expect(ids("", kind: "Station") == ["lodz", "zurich", "tokyo"])
        #expect(ids("zurich", kind: "Park").isEmpty)
        #expect(ids("", kind: "No such kind").isEmpty)
    }

    @Test func shortWordsUseTheirExactListsAndAgreeWithAScan() {
        // Every one- and two-letter word, and every three-letter piece of every name, against a
        // plain scan of the joined names and kinds.
        var words: Set<String> = []
        for place in Self.places {
            let letters = Array(TextFolding.fold(place.name).filter { $0 != " " && $0 != "-" })
            for length in 1...3 where letters.count >= length {
                for start in 0...(letters.count - length) { words.insert(String(letters[start..<(start + length)])) }
            }
        }
        for word in words {
            let form = TextFolding.searchForms(word)
            let expected = Set(
                Self.places.filter { place in
                    let texts = TextFolding.searchForms(place.name) + TextFolding.searchForms(place.kind)
                    return form.contains { f in texts.contains { SearchIndex.contains($0[...], f) } }
                }.map(\.id))
            #expect(ids(word) == expected, "\(word)")
        }
    }
}

@Suite("Nearest first, without sorting every match")
struct NearestFirstTests {
    /// A thousand places on a line north of the origin, some at equal distances.
    static let places: [Place] = (0..<1000).map { index in
        let step = Double((index * 7919) % 500)  // two places at each distance
        return Place(
            id: "p\(index)", name: index % 3 == 0 ? "Café \(index)" : "Shop \(index)", kind: "Kind", symbol: "mappin",
            latitude: 38 + step / 10_000, longitude: -9)
    }

    static var settings: Settings {
        var settings = Settings()
        settings.origin = Coordinate(latitude: 38, longitude: -9)
        // Every place in the list (they reach 5.5 km): the order, not the radius, is tested.
        settings.radius = 100_000
        return settings
    }

    @Test func theNearestIsFoundWithoutOrderingTheRest() {
        let state = NearbyState(places: Self.places, settings: Self.settings)
        #expect(state.shown.count == 1000)
        #expect(state.shown.orderedCount == 0)
        let first = state.shown.first!
        // The first block alone, found in one pass.
        #expect(state.shown.orderedCount == 16)
        let nearest = Self.places.indices.min { (state.distances[$0], $0) < (state.distances[$1], $1) }
        #expect(first == nearest)
        let rail = Array(state.shown.prefix(4))
        #expect(rail.count == 4)
        #expect(state.shown.orderedCount < 100)
    }

    @Test(
        "Reading across the first block, or a set smaller than it, gives the order of a full sort",
        arguments: [1, 5, 15, 16, 17, 40, 1000])
    func theFirstBlockAndWhatFollowsIt(size: Int) {
        let state = NearbyState(places: Array(Self.places.prefix(size)), settings: Self.settings)
        let expected = state.places.all.indices.sorted {
            (state.distances[$0], $0) < (state.distances[$1], $1)
        }
        // Each position read first in a fresh copy, then everything in one.
        for position in [0, 14, 15, 16, 17, 31, 32, 33].filter({ $0 < size }) {
            let fresh = NearbyState(places: Array(Self.places.prefix(size)), settings: Self.settings)
            #expect(fresh.shown[position] == expected[position], "position \(position) of \(size)")
        }
        #expect(Array(state.shown) == expected)
    }

    @Test func readingEverythingGivesTheOrderOfAFullSort() {
        var state = NearbyState(places: Self.places, settings: Self.settings)
        _ = state.reduce(Action.queryEntered("cafe"))
        let expected = state.places.matches(query: "cafe").sorted {
            (state.distances[$0], $0) < (state.distances[$1], $1)
        }
        #expect(expected.count == 334)
        #expect(state.shown.prefix(10).map { $0 } == Array(expected.prefix(10)))
        #expect(Array(state.shown) == expected)
        #expect(state.shown.firstIndex(of: expected[200]) == 200)
    }
}
