import Foundation
import NearbyCore
import PlaceData
import Testing
import Words

/// A phone number in a place's details is heard digit by digit: real espeak-ng, in each
/// language, says one word a digit (and one for the plus), never "three hundred and fifty-eight",
/// as it does when the same digits come in groups.
@Suite("Phone numbers are heard digit by digit")
struct PhoneDigitsTests {
    /// espeak-ng's phonemes for `text` in `voice` (`-x`), one word a token.
    static func phonemeWords(_ text: String, voice: String) throws -> [String] {
        let output = try Program(tool: "/usr/bin/espeak-ng", ["-q", "-x", "-v", voice, text]).run().stdout
        return output.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
    }

    @Test("What details say of +358 9 123 4567 is eleven digits and a plus", arguments: ["en", "es", "pt"])
    func digits(language: String) throws {
        let place = Place(
            id: "a", name: "Kahvila", kind: "Café", symbol: "mappin", latitude: 60.1687, longitude: 24.9420,
            facts: Place.Facts(phone: "+358 9 123 4567"))
        var settings = Settings()
        settings.origin = place.coordinate
        settings.language = try #require(Language(code: language))
        var state = NearbyState(places: [place], settings: settings)
        _ = state.reduce(.placeSelected(.position(1)))
        let details = try #require(state.reduce(.detailsRequested).announcements.first?.text)
        // The phone's sentence: after its label, up to its full stop.
        let sentence = try #require(details.split(separator: ".").last { $0.contains("3 5 8") })
        let number = try #require(sentence.split(separator: ":", maxSplits: 1).last).trimmingCharacters(
            in: .whitespaces)
        // Each digit as the synthesiser says it, alone and after another (Spanish softens a d
        // after a vowel).
        var digitWords = Set(try Self.phonemeWords("0 1 2 3 4 5 6 7 8 9 0", voice: language))
        for digit in 0...9 { digitWords.formUnion(try Self.phonemeWords(String(digit), voice: language)) }
        let words = try Self.phonemeWords(number, voice: language)
        #expect(words.count == 12, "\(number) was heard as \(words)")
        #expect(words.dropFirst().allSatisfy(digitWords.contains), "\(number) was heard as \(words)")
        // The same digits in their groups are heard as numbers ("three hundred and fifty-eight"):
        // the check tells them apart.
        let grouped = try Self.phonemeWords("358 9 123 4567", voice: language)
        #expect(!grouped.allSatisfy(digitWords.contains), "\(grouped)")
    }
}
