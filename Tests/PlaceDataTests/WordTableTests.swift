import Testing

@testable import PlaceData

/// The words of a build counted and ordered without dictionaries (`WordTable`), against the
/// plain way the words were gathered before: strings in a dictionary, sorted as strings.
@Suite("The words of the names, numbered in a table of their bytes")
struct WordTableTests {
    static let names = [
        "Café Central", "cafe  central", "CAFÉ", "Tile Museum Café", "Muséum d’Histoire", "Zürich Bar",
        "한강 카페", "하늘 서울", "東京 喫茶", "Пушкин Кафе", "Θησείο", "Quay 12", "Quay 120", "O’Brien’s",
        "e\u{301}glise Saint", "x \u{301}y z", "Straße", "STRASSE", "İstanbul Çarşı", "a b c", "ab ab ab",
    ]

    static func places(_ names: [String], kinds: [String] = ["Café", "Bar", "Museum"]) -> [Place] {
        names.enumerated().map { index, name in
            Place(
                id: "\(index)", name: name, kind: kinds[index % kinds.count], symbol: "cup", latitude: 38.7,
                longitude: -9.1)
        }
    }

    /// The gathering of issue 42's fourth session, before `WordTable`: every word of two bytes
    /// or more counted in a dictionary of strings, then each length most frequent first, then
    /// alphabetical.
    static func plainGather(_ places: [Place]) -> [Int: [String]] {
        var counts: [String: Int] = [:]
        for place in places {
            for word in TextFolding.fold(place.name).split(separator: " ") where word.utf8.count >= 2 {
                counts[String(word), default: 0] += 1
            }
        }
        for kind in Set(places.map(\.kind)) {
            for word in TextFolding.fold(kind).split(separator: " ") where word.utf8.count >= 2 {
                counts[String(word), default: 0] += 1
            }
        }
        var byLength: [Int: [(count: Int, word: String)]] = [:]
        for (word, count) in counts { byLength[word.utf8.count, default: []].append((count, word)) }
        return byLength.mapValues { entries in
            entries.sorted { $0.count != $1.count ? $0.count > $1.count : $0.word < $1.word }.map(\.word)
        }
    }

    static func words(_ gathered: [Int: Spelling.Words]) -> [Int: [String]] {
        gathered.mapValues { words in
            (0..<words.count).map {
                String(decoding: words.bytes[$0 * words.length..<($0 + 1) * words.length], as: UTF8.self)
            }
        }
    }

    @Test func theWordsAreGatheredAsTheDictionaryGatheredThem() {
        let places = Self.places(Self.names)
        #expect(Self.words(Spelling.gather(places)) == Self.plainGather(places))
    }

    @Test func manyWordsGrowTheTableAndKeepTheirOrder() {
        // 40,000 names of words drawn from a small alphabet, so that words repeat often and
        // their counts tie; the table starts small and grows several times.
        var generator = SystemRandomNumberGenerator()
        let letters = Array("abcdeé한")
        let names = (0..<40_000).map { _ in
            (0..<Int.random(in: 1...3, using: &generator)).map { _ in
                String((0..<Int.random(in: 1...6, using: &generator)).map { _ in letters.randomElement()! })
            }.joined(separator: " ")
        }
        let places = Self.places(names)
        #expect(Self.words(Spelling.gather(places)) == Self.plainGather(places))
    }

    @Test func aWordHasOneNumberAndEachNumberOneWord() {
        var table = WordTable(capacity: 1)
        let words = (0..<5_000).map { "w\($0 % 1_700)" }
        let numbers = words.map { table.number(of: ArraySlice($0.utf8)) }
        #expect(table.count == 1_700)
        for (word, number) in zip(words, numbers) {
            #expect(String(decoding: table.word(Int(number)), as: UTF8.self) == word)
        }
        #expect(table.strings() == (0..<1_700).map { "w\($0)" })
    }

    @Test func wordsSortAndSplitAsStringsDo() {
        let forms = Self.names.map { Array(TextFolding.fold($0).utf8)[...] }
        for form in forms {
            var split: [String] = []
            WordTable.forEachWord(in: form) { split.append(String(decoding: $0, as: UTF8.self)) }
            #expect(split == TextFolding.queryWords(String(decoding: form, as: UTF8.self)).map(String.init))
        }
        // "x \u{301}y": the mark after the space makes one character of both, which does not split.
        var marked: [String] = []
        WordTable.forEachWord(in: Array("x \u{301}y z".utf8)[...]) {
            marked.append(String(decoding: $0, as: UTF8.self))
        }
        #expect(marked == ["x \u{301}y", "z"])
        let strings = forms.map { String(decoding: $0, as: UTF8.self) } + ["e\u{301}", "\u{e9}", "e", "f"]
        let bytes = strings.map { Array($0.utf8)[...] }
        for a in bytes.indices {
            for b in bytes.indices {
                let expected: Bool? = strings[a] == strings[b] ? nil : strings[a] < strings[b]
                #expect(WordTable.precedes(bytes[a], bytes[b]) == expected, "\(strings[a]) \(strings[b])")
            }
        }
    }
}
