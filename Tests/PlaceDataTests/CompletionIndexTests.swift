import Testing

@testable import PlaceData

/// Tab's rule the plain way, as `Completion` asked it before the index: the distinct names
/// sorted by their folded form (then as written), and each typed word beginning a word of the
/// name, in order, case and accents ignored.
struct PlainCompletion {
    let names: [String]
    let words: [[Substring]]

    init(_ places: [Place]) {
        var seen = Set<String>()
        let distinct = places.map(\.name).filter { seen.insert($0).inserted }
        // Folded once each rather than in the comparison, the same order sooner.
        let folded = distinct.map(TextFolding.fold)
        names = distinct.indices.sorted {
            folded[$0] != folded[$1] ? folded[$0] < folded[$1] : distinct[$0] < distinct[$1]
        }
        .map { distinct[$0] }
        words = names.map { TextFolding.queryWords($0) }
    }

    static func wordsBegin(_ typed: [Substring], _ nameWords: [Substring]) -> Bool {
        var nameWords = nameWords[...]
        for word in typed {
            guard let found = nameWords.firstIndex(where: { $0.hasPrefix(word) }) else { return false }
            nameWords = nameWords[(found + 1)...]
        }
        return true
    }

    func matches(_ typed: String, among: Set<String>? = nil) -> [String] {
        let typedWords = TextFolding.queryWords(typed)
        return names.indices.filter { Self.wordsBegin(typedWords, words[$0]) && among?.contains(names[$0]) != false }
            .map { names[$0] }
    }
}

@Suite("Tab's index of the names")
struct CompletionIndexTests {
    static func places(_ names: [String]) -> [Place] {
        names.enumerated().map { index, name in
            Place(id: "\(index)", name: name, kind: "Café", symbol: "cup", latitude: 38.7, longitude: -9.1)
        }
    }

    static let placeNames = [
        "Tile Museum Café", "Café Central", "cafe central", "Café Central", "Cafeteria Sol", "São Pedro Café",
        "Saint Pedro", "Sao Paulo", "Łódź Bar", "Museum", "Museu", "Muséum d’Histoire", "Zürich Bar", "Zurich Bar",
        "Bar Bar", "O’Brien’s", "한강 카페", "하늘 서울", "東京 喫茶", "Пушкин Кафе", "Θησείο", "Quay 12", "Quay 120",
    ]
    let indexed = Places(Self.places(Self.placeNames))

    func names(_ typed: String, among: [Int32]? = nil) -> [String] {
        Array(indexed.completionNames(typed, among: among))
    }

    /// Names whose fold is empty (quotes alone) have no bytes to compare, alone or among others.
    @Test func namesThatFoldToNothingAreOrderedAsThePlainRuleOrdersThem() {
        for names in [["'", "\"", "``", "'"], ["'", "Bar", "\"", "bar", "``", "Café"]] {
            let places = Self.places(names)
            #expect(Array(Places(places).completionNames("")) == PlainCompletion(places).matches(""))
        }
    }

    @Test func namesComeOnceEachInFoldedOrderThenAsWritten() {
        #expect(
            names("caf") == ["Café Central", "cafe central", "Cafeteria Sol", "São Pedro Café", "Tile Museum Café"])
        #expect(names("cafe cen") == ["Café Central", "cafe central"])
        #expect(indexed.completionNames("caf").count == 5)
    }

    @Test func everyTypedWordBeginsAWordInTheOrderTyped() {
        #expect(names("s p") == ["Saint Pedro", "Sao Paulo", "São Pedro Café"])
        #expect(names("sao ped") == ["São Pedro Café"])
        #expect(names("ped sao").isEmpty)
        #expect(names("ped caf") == ["São Pedro Café"])
        // A repeated word must be in the name twice.
        #expect(names("bar bar") == ["Bar Bar"])
        #expect(names("bar b") == ["Bar Bar"])
        #expect(names("useum").isEmpty)
    }

    @Test func accentsCaseQuotesAndLettersLikeŁAreIgnored() {
        #expect(names("lodz") == ["Łódź Bar"])
        #expect(names("ZURICH") == ["Zurich Bar", "Zürich Bar"])
        #expect(names("obrien") == ["O’Brien’s"])
        #expect(names("o'brien's") == ["O’Brien’s"])
        #expect(names("muse") == ["Museu", "Museum", "Muséum d’Histoire", "Tile Museum Café"])
        #expect(names("museum") == ["Museum", "Muséum d’Histoire", "Tile Museum Café"])
        #expect(names("muséum d") == ["Muséum d’Histoire"])
        #expect(names("quay 12") == ["Quay 12", "Quay 120"])
    }

    @Test func otherScriptsBeginByWholeCharacters() {
        #expect(names("кафе") == ["Пушкин Кафе"])
        #expect(names("θη") == ["Θησείο"])
        #expect(names("東") == ["東京 喫茶"])
        #expect(names("喫") == ["東京 喫茶"])
        #expect(names("한") == ["한강 카페"])
        // 하 is not the beginning of 한 (its jamo are, but not its characters): the plain rule's way.
        #expect(names("하") == ["하늘 서울"])
        #expect(names("서") == ["하늘 서울"])
    }

    @Test func nothingTypedIsEveryName() {
        #expect(names("") == PlainCompletion(indexed.all).names)
        #expect(names("   ") == PlainCompletion(indexed.all).names)
        #expect(indexed.completionNames("").count == Set(Self.placeNames).count)
    }

    @Test func amongSomePlacesOnlyTheirNames() {
        // Places 1 and 3 are both "Café Central"; 2 is "cafe central".
        #expect(names("", among: [1, 3]) == ["Café Central"])
        #expect(names("caf", among: [0, 2, 5]) == ["cafe central", "São Pedro Café", "Tile Museum Café"])
        #expect(names("caf", among: []).isEmpty)
        #expect(names("bar", among: [8, 12, 14]) == ["Bar Bar", "Łódź Bar", "Zürich Bar"])
        #expect(indexed.completionNames("bar", among: [8, 12, 14]).count == 3)
    }

    @Test func containsFindsANameEqualAsAString() {
        let matches = indexed.completionNames("mus")
        #expect(matches.contains("Museum", in: indexed))
        #expect(matches.contains("Muse\u{301}um d’Histoire", in: indexed))
        #expect(!matches.contains("Museums", in: indexed))
        #expect(!matches.contains("Café Central", in: indexed))
    }

    @Test(arguments: [
        "", "c", "ca", "caf", "cafe c", "s", "sa", "s p", "p", "pedro", "b", "ba", "bar b", "m", "mu", "mus d", "q",
        "quay 1", "quay 12", "z", "zu", "zür", "ł", "l", "o", "o b", "к", "ка", "ф", "θ", "東", "한", "하", "서", "x",
        "c c", "cafe cafe", "'", "-",
    ])
    func theIndexGivesWhatThePlainRuleGives(typed: String) {
        let plain = PlainCompletion(indexed.all)
        #expect(names(typed) == plain.matches(typed))
        let among: [Int32] = [0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22]
        #expect(names(typed, among: among) == plain.matches(typed, among: Set(among.map { Self.placeNames[Int($0)] })))
    }

    @Test func at200kPlacesTheIndexGivesWhatThePlainRuleGives() {
        var random = TestRandom(state: 7)
        let places = (0..<200_000).map { index in
            Place(
                id: "\(index)", name: NamePieces.name(&random) + (index % 5 == 0 ? " \(index % 1000)" : ""),
                kind: "Café", symbol: "mappin", latitude: 38.7, longitude: -9.1)
        }
        let indexed = Places(places)
        let plain = PlainCompletion(places)
        // Beginnings of words of names (1 to 4 letters), two words, a word and a number, and
        // words no name holds; typed in lower case, upper case or without accents.
        var queries: [String] = []
        for index in 0..<Instrumented.scaled(60) {
            let name = places[Int(random.next() % UInt64(places.count))].name
            let words = name.split(separator: " ").map(String.init)
            let word = words[Int(random.next() % UInt64(words.count))]
            let letters = Array(word).prefix(1 + index % 4)
            switch index % 6 {
            case 0, 1: queries.append(String(letters).lowercased())
            case 2: queries.append(String(letters).uppercased())
            case 3: queries.append(words.prefix(2).map { String($0.prefix(2)) }.joined(separator: " "))
            case 4: queries.append(TextFolding.fold(word) + " \(index % 10)")
            default: queries.append(index % 2 == 0 ? "qzx" : String(letters) + "qzx")
            }
        }
        var mismatches: [String] = []
        for query in queries {
            let found = Array(indexed.completionNames(query))
            let expected = plain.matches(query)
            if found != expected || indexed.completionNames(query).count != expected.count {
                mismatches.append("\"\(query)\": index \(found.count), plain \(expected.count)")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) of \(queries.count) differ: \(mismatches.prefix(5))")
        // Among the places a search shows: the names of those places alone.
        let shown = indexed.matches(query: "sao").map { Int32($0) }
        let shownNames = Set(shown.map { places[Int($0)].name })
        for query in ["", "p", "sao pe", "be"] {
            #expect(Array(indexed.completionNames(query, among: shown)) == plain.matches(query, among: shownNames))
        }
    }
}
