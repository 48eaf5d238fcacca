import Foundation
import Testing

/// `--places FILE` through the built binary: each format loads and is searched; each broken file
/// stops the program with one message naming where, and exit 65; a missing file exits 66.
@Suite("Places files, end to end")
struct PlacesFileTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/places")

    static func path(_ name: String) -> String { fixtures.appendingPathComponent(name).path }

    func run(_ file: String, _ input: String) throws -> Program.Result {
        try Program(["--places", file, "--speech", "off"], input: .text(input)).run()
    }

    @Test func geoJSONLoadsItsPointsAndSaysOnceWhatItSkipped() throws {
        let file = Self.path("lisbon.geojson")
        let result = try run(file, "find saopedro\nfind cafe\nfind dalfama\n")
        #expect(result.status == 0)
        #expect(result.stderr == "nearby-voice: \(file): skipped 2 features that are not Points.\n")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines.first?.hasPrefix("1 place matches \"saopedro\": Jardim São Pedro, Park, ") == true)
        #expect(lines.dropFirst().first == "Sheet at full height.")
        #expect(lines.dropFirst(2).first?.hasPrefix("1 place matches \"cafe\": Café A Brasileira, 285 metres ") == true)
        #expect(lines.last?.hasPrefix("1 place matches \"dalfama\": Taberna d’Alfama, Restaurant, ") == true)
    }

    @Test func csvLoadsQuotedFieldsAndCRLF() throws {
        let result = try run(Self.path("places.csv"), "find tramstop\nfind lodz\n")
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("1 place matches \"tramstop\": Tram Stop Diner, Restaurant, ") == true)
        #expect(lines.last?.hasPrefix("1 place matches \"lodz\": Kawiarnia \"Łódź\", Café, ") == true)
    }

    @Test func jsonLoadsTheSeedsShape() throws {
        let result = try run(Self.path("places.json"), "find aero\nfind mueller\n")
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("1 place matches \"aero\": Ærø Ostsee Café, ") == true)
        #expect(lines.last?.hasPrefix("1 place matches \"mueller\": Bäckerei Müller, Bakery, ") == true)
    }

    @Test(arguments: [
        ("broken-name.geojson", "5:105: feature 2 name: missing from the properties."),
        ("duplicate.csv", "4:1: id: duplicate id \"a\" (first at line 2)."),
        ("out-of-range.json", "2:60: place 1 latitude: 95.5 is out of range (-90 to 90)."),
    ])
    func aBrokenFileStopsWithOneMessageAndExit65(_ name: String, _ message: String) throws {
        let file = Self.path(name)
        let result = try run(file, "find a\n")
        #expect(result.status == 65)
        #expect(result.stderr == "nearby-voice: \(file):\(message)\n")
        #expect(result.stdout == "")
    }

    @Test func aMissingFileExits66() throws {
        let result = try run("/nonexistent/places.geojson", "")
        #expect(result.status == 66)
        #expect(
            result.stderr
                == "nearby-voice: Cannot open the places file /nonexistent/places.geojson: No such file or directory.\n"
        )
        let folder = try run(Self.fixtures.path, "")
        #expect(folder.status == 66)
        #expect(folder.stderr == "nearby-voice: Cannot read the places file \(Self.fixtures.path): Is a directory.\n")
    }
}
