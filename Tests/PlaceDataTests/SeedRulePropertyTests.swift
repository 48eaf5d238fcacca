import Foundation
import Testing

@testable import PlaceData

/// A property: whatever the seed's own rule finds (Foundation's case- and diacritic-insensitive
/// folding, then `contains`, every word), the index finds too, over names written the ways real
/// data writes them: ligatures (ﬁ, ﬀ, ﬂ), the long s (ſ), fullwidth letters, zero-width
/// characters, composed and decomposed accents.
@Suite("The index finds everything the seed's rule finds")
struct SeedRulePropertyTests {
    static let extraWords = [
        "Griffin", "Fife", "Tiffany", "Effingham", "Fifth", "Saffron", "Official", "Flores", "Offenbach",
        "Schaffhausen",
        "Fiesole", "Affoltern", "Flensburg", "Saint-Ouen", "Sassari", "Passau", "Mississauga", "Kassel",
    ]

    /// The same text, written one of the ways real data writes it.
    static func dressed(_ word: String, _ random: inout TestRandom) -> String {
        switch random.next() % 8 {
        case 0:
            return word.replacingOccurrences(of: "fi", with: "ﬁ").replacingOccurrences(of: "ff", with: "ﬀ")
                .replacingOccurrences(of: "fl", with: "ﬂ")
        case 1: return word.replacingOccurrences(of: "s", with: "ſ")
        case 2:
            // Fullwidth forms of the ASCII letters (U+FF21…).
            return String(
                String.UnicodeScalarView(
                    word.unicodeScalars.map { scalar in
                        scalar.isASCII && scalar.properties.isAlphabetic
                            ? Unicode.Scalar(scalar.value + 0xFEE0)! : scalar
                    }))
        case 3:
            let zeroWidth = ["\u{200B}", "\u{200C}", "\u{200D}", "\u{FEFF}", "\u{00AD}"][Int(random.next() % 5)]
            var characters = Array(word)
            characters.insert(contentsOf: zeroWidth, at: Int(random.next() % UInt64(characters.count + 1)))
            return String(characters)
        case 4: return word.decomposedStringWithCanonicalMapping
        case 5: return word.uppercased()
        default: return word
        }
    }

    static func seedFinds(_ places: [Place], _ query: String) -> Set<Int> {
        func folded(_ text: String) -> String {
            text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        }
        let words = folded(query).split(separator: " ")
        return Set(
            places.indices.filter { index in
                let text = folded("\(places[index].name) \(places[index].kind)")
                return words.allSatisfy { text.contains($0) }
            })
    }

    @Test func everyPlaceTheSeedFindsTheIndexFinds() {
        var random = TestRandom(state: 2024)
        let vocabulary = NamePieces.words + Self.extraWords
        let places = (0..<3_000).map { index in
            let name = (0..<(1 + Int(random.next() % 3))).map { _ in
                Self.dressed(vocabulary[Int(random.next() % UInt64(vocabulary.count))], &random)
            }.joined(separator: " ")
            return Place(
                id: "\(index)", name: name, kind: NamePieces.kinds[Int(random.next() % UInt64(NamePieces.kinds.count))],
                symbol: "mappin", latitude: 38.7, longitude: -9.1)
        }
        let indexed = Places(places)
        var missed: [String] = []
        for index in 0..<Instrumented.scaled(400) {
            // A piece of a word of some place, written plainly or dressed, alone or with a kind word.
            let place = places[Int(random.next() % UInt64(places.count))]
            let words = place.name.split(separator: " ")
            let word = Array(words[Int(random.next() % UInt64(words.count))])
            let length = 1 + Int(random.next() % UInt64(word.count))
            let start = Int(random.next() % UInt64(word.count - length + 1))
            var query = String(word[start..<(start + length)])
            if index % 3 == 0 { query = Self.dressed(query, &random) }
            if index % 4 == 0 { query += " " + place.kind.prefix(3) }
            let seed = Self.seedFinds(places, query)
            let ours = Set(indexed.matches(query: query))
            let lost = seed.subtracting(ours)
            if !lost.isEmpty {
                let example = places[lost.first!].name
                missed.append(
                    "\(query.unicodeScalars.map { String($0.value, radix: 16) }) in \(example.unicodeScalars.map { String($0.value, radix: 16) }) (\(lost.count) missed)"
                )
            }
        }
        #expect(missed.isEmpty, "\(missed.count) queries missed places the seed finds: \(missed.prefix(4))")
    }
}
