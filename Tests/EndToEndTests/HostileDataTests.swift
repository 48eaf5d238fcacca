import Foundation
import Testing

/// Place names meant to harm: escape sequences, bidirectional overrides, zero-width characters,
/// invalid UTF-8, 100,000-byte names and synthesiser markup never reach the terminal or the
/// synthesiser raw; they are shown and spoken safely, and the rest of the name survives.
@Suite("Hostile place data")
struct HostileDataTests {
    static let names: [(id: String, raw: String, shown: String)] = [
        ("csi", "Caf\u{1B}[31mé Rouge\u{1B}[0m", "Café Rouge"),
        ("osc", "\u{1B}]0;pwned\u{7}Title Bar", "Title Bar"),
        ("bel", "Bell\u{7} Tower", "Bell Tower"),
        ("bs", "Back\u{8}\u{8} Room", "Back Room"),
        ("cr", "Carriage\rReturn", "Carriage Return"),
        ("bidi", "\u{202E}evil\u{202C} Shop", "evil Shop"),
        ("zw", "Zero\u{200B}Width\u{FEFF} Deli", "ZeroWidth Deli"),
        ("ssml", "<speak><break time=\"5s\"/>Markup</speak> & Co", "<speak><break time=\"5s\"/>Markup</speak> & Co"),
    ]

    /// A CSV of the hostile names, every field quoted, with one 100,000-byte name and, when
    /// asked, a byte that is not UTF-8 in the first name.
    func writeCSV(invalidByte: Bool = false) throws -> String {
        var rows = ["\"id\",\"name\",\"kind\",\"lat\",\"lon\""]
        for (index, place) in Self.names.enumerated() {
            rows.append(
                "\"\(place.id)\",\"\(place.raw.replacingOccurrences(of: "\"", with: "\"\""))\",\"Café\",\(38.7115 + 0.0001 * Double(index + 1)),-9.139"
            )
        }
        rows.append("\"long\",\"Long \(String(repeating: "a", count: 100_000))\",\"Café\",38.7125,-9.139")
        var data = Data((rows.joined(separator: "\n") + "\n").utf8)
        if invalidByte, let range = data.range(of: Data("Caf".utf8)) {
            data.replaceSubrange(range, with: Data([0x43, 0xFF, 0x61, 0x66]))
        }
        let path = temporaryPath("hostile.csv")
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }

    /// True when `text` holds nothing a terminal or synthesiser would obey.
    func isInert(_ text: String) -> Bool {
        !text.unicodeScalars.contains { scalar in
            let value = scalar.value
            return (value < 0x20 && value != 0x0A) || (0x7F...0x9F).contains(value) || (0x200B...0x200F).contains(value)
                || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value) || value == 0xFEFF
        }
    }

    @Test func namesAreShownCleanOnTheScreenAndInTheTranscript() throws {
        let places = try writeCSV()
        let commands = "find cafe\n" + String(repeating: "next\n", count: Self.names.count + 1)
        let screen = try Program(["--speech", "off", "--places", places], input: .text(commands)).run()
        #expect(screen.status == 0)
        #expect(isInert(screen.stdout))
        // A name that says its kind ("Café Rouge") is not followed by it again.
        for place in Self.names { #expect(screen.stdout.contains("\(place.shown), "), "\(place.id)") }
        // The 100,000-byte name is cut to 200 characters and an ellipsis.
        #expect(screen.stdout.contains("Long " + String(repeating: "a", count: 195) + "\u{2026}, Café,"))
        let jsonl = try Program(
            ["--speech", "off", "--places", places, "--format", "jsonl", "--transcript", "-"], input: .text(commands)
        ).run()
        for line in jsonl.stdout.split(separator: "\n") {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(isInert(object?["text"] as? String ?? "\u{1B}"))
        }
    }

    @Test func invalidUTF8IsRefusedWithItsPlaceNeverReadAsAReplacementCharacter() throws {
        let places = try writeCSV(invalidByte: true)
        let result = try Program(["--speech", "off", "--places", places], input: .text("find rouge\n")).run()
        #expect(result.status == 65)
        #expect(result.stdout == "")
        #expect(
            result.stderr.hasSuffix(
                ":2:9: not UTF-8 (byte 0xFF). If the file is Latin-1, load it with --encoding latin1.\n"))
    }

    @Test func markupInANameIsSpokenAsWordsNotObeyed() throws {
        let places = try writeCSV()
        let wav = temporaryPath("hostile.wav")
        let result = try Program(
            ["--speech", "off", "--earcons", "off", "--places", places, "--wav", wav], input: .text("find markup\n")
        ).run()
        #expect(result.status == 0)
        let data = try Data(contentsOf: URL(fileURLWithPath: wav))
        let seconds = Double(data.count - 44) / 2 / 22_050
        // Obeyed, the break alone would last five seconds; read as words, the answer is short
        // speech with no long silence in it.
        #expect(seconds > 2 && seconds < 12, "\(seconds) s")
        var longestSilence = 0
        var run = 0
        for offset in stride(from: 44, to: data.count - 1, by: 2) {
            let sample = Int16(bitPattern: UInt16(data[offset]) | UInt16(data[offset + 1]) << 8)
            run = abs(Int(sample)) < 200 ? run + 1 : 0
            longestSilence = max(longestSilence, run)
        }
        #expect(Double(longestSilence) / 22_050 < 1.5)
    }
}
