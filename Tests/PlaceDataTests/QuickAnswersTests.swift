import Testing

@testable import PlaceData

/// The quick paths of the forgiving search give the answers of the slow ones they stand for:
/// `finds` and `matchMembers` those of `matchSet`, and the one-edit index the scan of every
/// word (`Spelling.nearest(to:in:)`).
@Suite("Quick answers: the same as the slow paths they replace")
struct QuickAnswersTests {
    /// `count` places named with words of 2 to 9 letters over a five-letter alphabet, so that
    /// many words lie one or two edits from others (and share the index's buckets), with kinds
    /// of their own words and now and then a name of `NamePieces`.
    static func crowdedPlaces(count: Int, seed: UInt64) -> [Place] {
        var random = TestRandom(state: seed)
        func word() -> String {
            let length = 2 + Int(random.next() % 8)
            return String((0..<length).map { _ in Array("abcde")[Int(random.next() % 5)] })
        }
        let kinds = ["Cafe", "Bakery", "Eddac", "Abbey"]
        return (0..<count).map { index in
            let name =
                index % 11 == 0
                ? NamePieces.name(&random)
                : (0..<(1 + Int(random.next() % 3))).map { _ in word() }.joined(separator: " ")
            return Place(
                id: "p\(index)", name: name, kind: kinds[index % kinds.count], symbol: "mappin",
                latitude: 38.7 + Double(index % 100) / 1e4, longitude: -9.1 - Double(index / 100) / 1e4)
        }
    }

    /// Misspellings of the places' words: none, one or two random edits (a letter added,
    /// dropped, changed, or two neighbours swapped), and a few strangers.
    static func typedWords(_ places: [Place], count: Int, seed: UInt64) -> [String] {
        var random = TestRandom(state: seed)
        let words = places.flatMap { TextFolding.queryWords($0.name).map(String.init) }.filter { $0.utf8.count >= 2 }
        let letters = Array("abcdefz".utf8)
        return (0..<count).map { index in
            var bytes = Array(words[Int(random.next() % UInt64(words.count))].utf8)
            if index % 17 == 0 {
                bytes = (0..<(3 + Int(random.next() % 5))).map { _ in letters[Int(random.next() % 7)] }
            }
            for _ in 0..<Int(random.next() % 3) where bytes.count >= 2 {
                let at = Int(random.next() % UInt64(bytes.count - 1))
                switch random.next() % 4 {
                case 0: bytes.insert(letters[Int(random.next() % 7)], at: at)
                case 1: bytes.remove(at: at)
                case 2: bytes[at] = letters[Int(random.next() % 7)]
                default: bytes.swapAt(at, at + 1)
                }
            }
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    @Test func theOneEditIndexFindsTheWordTheScanFinds() {
        let places = Self.crowdedPlaces(count: 4_000, seed: 5)
        let spelling = Spelling()
        var byIndex = 0
        var nearer = 0
        for typed in Self.typedWords(places, count: 3_000, seed: 6) where typed.utf8.count >= 3 {
            let scanned = Spelling.nearest(
                to: typed,
                in: spelling.words(near: typed.utf8.count, allowed: Spelling.allowedDistance(typed), of: places))
            let found = spelling.nearest(to: typed, of: places)
            #expect(found == scanned, "\(typed)")
            let vocabulary = spelling.vocabulary(of: places)
            if let near = vocabulary.oneEdit.nearest(to: Array(typed.utf8), in: vocabulary.byLength) {
                byIndex += 1
                if near.distance == 1 { nearer += 1 }
            }
        }
        // Most answers came from the index, many of them one edit away (not the word itself).
        #expect(byIndex > 1_500, "\(byIndex)")
        #expect(nearer > 500, "\(nearer)")
    }

    @Test func theIndexFindsEveryKindOfOneEdit() {
        let places = ["Cafe Harbor", "Bakery Rose", "The Tea House"].enumerated().map { index, name in
            Place(id: "\(index)", name: name, kind: "Place", symbol: "mappin", latitude: 38.7, longitude: -9.1)
        }
        let spelling = Spelling()
        for (typed, meant) in [
            ("caffe", "cafe"), ("cae", "cafe"), ("cafo", "cafe"), ("acfe", "cafe"), ("cfae", "cafe"),
            ("harbro", "harbor"), ("rsoe", "rose"), ("teh", "tea"), ("hosue", "house"), ("bakrey", "bakery"),
        ] {
            let vocabulary = spelling.vocabulary(of: places)
            let near = vocabulary.oneEdit.nearest(to: Array(typed.utf8), in: vocabulary.byLength)
            #expect(near.map { String(decoding: $0.word, as: UTF8.self) } == meant, "\(typed)")
            #expect(near?.distance == 1, "\(typed)")
        }
        let vocabulary = spelling.vocabulary(of: places)
        // Two edits are the scan's, not the index's.
        #expect(vocabulary.oneEdit.nearest(to: Array("hrabro".utf8), in: vocabulary.byLength) == nil)
        #expect(spelling.nearest(to: "hrabro", of: places) == "harbor")
    }

    /// Queries over `places`: words and pieces of their names, kinds, letters alone and in
    /// pairs, punctuation, two words, and misspellings.
    static func queries(_ places: [Place], seed: UInt64) -> [String] {
        var random = TestRandom(state: seed)
        var queries = [
            "a", "e", "ab", "zz", "'", "-", "café", "cafe", "bakery", "eddac", "abbey", "and", "&", "é", "ß",
        ]
        for _ in 0..<300 {
            let name = places[Int(random.next() % UInt64(places.count))].name
            let folded = Array(TextFolding.fold(name))
            let start = Int(random.next() % UInt64(max(folded.count, 1)))
            let length = 1 + Int(random.next() % 7)
            queries.append(String(folded[start..<min(folded.count, start + length)]))
            queries.append(name.split(separator: " ").first.map(String.init) ?? name)
        }
        queries += typedWords(places, count: 200, seed: seed + 1)
        queries += ["abc cafe", "sao pedro", "ab ba"]
        // Umlauts as ae, oe, ue: found in the names' umlaut forms alone.
        queries += ["mueller", "koenigsberg", "schaefer", "jaeger", "loewen", "luebeck", "goettingen", "ue", "oew"]
        return queries
    }

    @Test func umlautFormsAreFoundByTheQuickPaths() {
        let places = Places(Self.crowdedPlaces(count: 3_000, seed: 7))
        for query in ["mueller", "koenigsberg", "luebeck"] {
            let found = places.finds(query)
            let members = places.matchMembers(query: query).count
            #expect(found, "\(query)")
            #expect(members > 0, "\(query)")
        }
    }

    /// The runs of four bytes (`quadBits`) and the kinds' triples (`kindTriples`) only ever
    /// pass over a word no name or kind holds: every misspelling, stranger and kind word finds
    /// what the linear scan finds, in a crowded set (many runs shared) and in Lisbon, with
    /// umlaut forms and kinds of many words.
    @Test(arguments: [0, 1])
    func theQuickMissesAgreeWithTheLinearScan(_ which: Int) {
        var crowded = Self.crowdedPlaces(count: 3_000, seed: 11)
        crowded += ["Müllerstraße Café", "Bäckerei Kühn", "Königsallee"].enumerated().map { index, name in
            Place(id: "u\(index)", name: name, kind: "Coffee Roaster", symbol: "cup", latitude: 38.7, longitude: -9.1)
        }
        let places = which == 0 ? crowded : BuiltInPlaces.lisbon
        let indexed = Places(places)
        let scan = AtScaleTests.LinearScan(places)
        let words =
            Self.typedWords(places, count: 1_500, seed: 12)
            + ["roaster", "oaste", "coffee", "ffee r", "mueller", "muller", "kuehn", "koenigs", "strasse", "bakery"]
        for word in words {
            #expect(indexed.matches(query: word) == scan.matches(word), "\(word)")
            #expect(indexed.finds(word) == !scan.matches(word).isEmpty, "\(word)")
        }
    }

    /// The byte paths of a query's words give what the character paths gave.
    @Test func wordsSplitAndLiteralWordsAsTheCharactersGaveThem() {
        let queries = [
            "cafe", " cafe  bar ", "a\tb\nc\r\nd\u{0B}e\u{0C}f", "x\u{85}y", "x\u{A0}y", "Café Rosé", "한강 카페",
            "&", " & ", "—", "...", "a&b", "4", "Z", "@home", "«»", "", "   ", "e\u{301} x",
        ]
        for query in queries {
            #expect(TextFolding.whitespaceSplit(query) == query.split(whereSeparator: \.isWhitespace), "\(query)")
            for word in query.split(whereSeparator: \.isWhitespace).map(String.init) + [query] {
                let slow = TextFolding.searchForms(word).allSatisfy(\.isEmpty) && !TextFolding.literalForm(word).isEmpty
                #expect(TextFolding.isLiteralWord(word) == slow, "\(word)")
            }
        }
    }

    @Test(arguments: [0, 1])
    func findsAndTheMembersAreWhatTheSetGives(_ which: Int) {
        let crowded = Self.crowdedPlaces(count: 3_000, seed: 7)
        let places = which == 0 ? Places(crowded) : Places(BuiltInPlaces.lisbon)
        for query in Self.queries(places.all, seed: 8) {
            let set = places.matchSet(query: query)
            #expect(places.finds(query) == !set.isEmpty, "\(query)")
            #expect(places.matchMembers(query: query) == set.members, "\(query)")
            for kind in ["Cafe", "Bakery", "Food & Drink"] {
                #expect(places.finds(query, kind: kind) == !places.matchSet(query: query, kind: kind).isEmpty)
            }
        }
    }

    @Test func aGrownWindowAnswersFromBothItsParts() {
        let crowded = Self.crowdedPlaces(count: 3_000, seed: 9)
        let window = Places(Array(crowded.prefix(2_000)), source: nil, isWindow: true)
        let grown = window.adding(Array(crowded.suffix(1_000)))
        let whole = Places(crowded)
        for query in Self.queries(crowded, seed: 10) {
            // Asked before the grown window's whole index is built: from its two parts.
            #expect(grown.finds(query) == whole.finds(query), "\(query)")
            #expect(grown.matchMembers(query: query) == whole.matchMembers(query: query), "\(query)")
        }
    }
}
