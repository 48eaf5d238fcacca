import Foundation
import NearbyCore
import PlaceData
import Testing
import Words

/// A phone number in a place's details is heard in its groups, each group a number (issue 39:
/// eleven digits one by one were too slow to follow): real espeak-ng, in each language, says the
/// number's sentence as it says the plus and each group alone, one after the other, so that no
/// two groups run together into one bigger number.
@Suite("Phone numbers are heard in their groups")
struct PhoneDigitsTests {
    /// espeak-ng's phonemes for `text` in `voice` (`-x`), one word a token.
    static func phonemeWords(_ text: String, voice: String) throws -> [String] {
        let output = try Program(tool: "/usr/bin/espeak-ng", ["-q", "-x", "-v", voice, text]).run().stdout
        return output.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
    }

    @Test("What details say of +358 9 123 4567 is the plus and four numbers", arguments: ["en", "es", "pt"])
    func groups(language: String) throws {
        let place = Place(
            id: "a", name: "Kahvila", kind: "Café", symbol: "mappin", latitude: 60.1687, longitude: 24.9420,
            facts: Place.Facts(phone: "+358 9 123 4567"))
        var settings = Settings()
        settings.origin = place.coordinate
        settings.language = try #require(Language(code: language))
        var state = NearbyState(places: [place], settings: settings)
        _ = state.reduce(.placeSelected(.position(1)))
        let details = try #require(state.reduce(.detailsRequested(all: true)).announcements.first?.text)
        // The phone's sentence: after its label, up to its full stop.
        let sentence = try #require(details.split(separator: ".").last { $0.contains("358") })
        let number = try #require(sentence.split(separator: ":", maxSplits: 1).last).trimmingCharacters(
            in: .whitespaces)
        let pieces = number.split(separator: ",").flatMap { $0.split(separator: " ") }.map(String.init)
        #expect(pieces.dropFirst() == ["358", "9", "123", "4567"], "\(number)")
        let heard = try Self.phonemeWords(number, voice: language)
        let alone = try pieces.flatMap { try Self.phonemeWords($0, voice: language) }
        #expect(heard == alone, "\(number) was heard as \(heard), its pieces alone as \(alone)")
        // Run together, the digits are heard as one big number: the check tells them apart.
        let together = try Self.phonemeWords("3589 1234567", voice: language)
        #expect(together.count < alone.count || together != alone, "\(together)")
    }
}
