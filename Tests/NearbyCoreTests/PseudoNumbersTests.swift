import Testing
import Words

@testable import NearbyCore

/// Numbers and their separators are data: the pseudo-locale (en-XA) brackets and accents the
/// catalog's words, never a number. The separators come from the catalog's examples ("1.5",
/// "1,000"), which en-XA writes "⟦1.5⟧": cut by position they were "1.5" and "1,0", and
/// "3.75 km" was read "31.575".
@Suite("Numbers in every language, en-XA too")
struct PseudoNumbersTests {
    @Test(
        arguments: [
            (Language.english, 3.75, "3.75"), (.english, 1.5, "1.5"), (.english, 1500.25, "1,500.25"),
            (.spanish, 3.75, "3,75"), (.spanish, 1500.25, "1500,25"),
            (.portuguese, 3.75, "3,75"), (.portuguese, 1500.25, "1500,25"),
            (.pseudo, 3.75, "3.75"), (.pseudo, 1.5, "1.5"), (.pseudo, 1500.25, "1,500.25"), (.pseudo, 2, "2"),
        ] as [(Language, Double, String)])
    func decimals(language: Language, value: Double, written: String) {
        #expect(SpokenMeasure.decimal(value, Catalog.builtIn(language)) == written)
    }

    @Test(
        arguments: [
            (Language.english, 1_500, "1,500"), (.spanish, 1_500, "1500"), (.portuguese, 1_500, "1500"),
            (.pseudo, 1_500, "1,500"), (.pseudo, 1_234_567, "1,234,567"), (.pseudo, 999, "999"),
        ] as [(Language, Int, String)])
    func thousands(language: Language, value: Int, written: String) {
        #expect(SpokenMeasure.grouped(value, Catalog.builtIn(language)) == written)
    }

    @Test func aDistanceInEnXAKeepsItsNumberWhole() {
        let said = SpokenMeasure.distance(3_750, units: .metric, Catalog.builtIn(.pseudo))
        #expect(said.contains("3.75"), "\(said)")
        #expect(!said.contains("31.575"), "\(said)")
    }
}
