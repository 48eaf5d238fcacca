import Foundation
import Testing

/// The Nearby seed's street map, drawn in code "from the theme: contour lines, pastel parks and
/// category pins": with places from OpenStreetMap, `map` draws the place store's walking network
/// (streets, unnamed ways, crossings) and parks (filled to their outlines) around the position
/// and names them in its legend; places with no street data (the built-in set, a GeoJSON file)
/// say so in a legend line and get the theme's ground. Either way the theme's contour lines are
/// drawn and named once. Under `--screen nearby`, seed 002's profile.
@Suite("The map's streets and parks from OpenStreetMap, on the theme's ground")
struct MapGroundTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    /// `map` at the bottom detent on a 100 by 40 screen: the picture's rows and its captions.
    static func map(_ options: [String]) throws -> (picture: [Substring], captions: [Substring]) {
        let result = try Program(
            ["--speech", "off", "--screen", "nearby"] + options, environment: ["COLUMNS": "100", "LINES": "40"],
            input: .text("detent resting\nmap\n")
        ).run()
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
        // The picture is 35 rows (the screen less the prompt's and the captions' five).
        return (Array(lines.prefix(35)), Array(lines.dropFirst(35)))
    }

    @Test func theStoresStreetsAndParksAreDrawnAroundThePosition() throws {
        let helsinki = Self.fixtures.appendingPathComponent("osm/Helsinki.osm.pbf").path
        let (picture, captions) = try Self.map(["--places", helsinki, "--at", "60.1687,24.9420"])
        let streets = try #require(captions.first { $0.hasPrefix("Streets, drawn as lines of - | / \\: ") })
        // Central Helsinki's streets about the railway square, nearest first.
        #expect(streets.contains("Aleksanterinkatu") && streets.contains("Mannerheimintie"), "\(streets)")
        #expect(streets.hasSuffix(" more."))
        // The parks the store keeps outlines of are filled to them (Esplanadinpuisto about the
        // railway square); Töölönlahden puisto, partly outside the extract, about its point.
        let parks = try #require(captions.first { $0.hasPrefix("Parks, filled with \" to their outlines: ") })
        #expect(parks.contains("Esplanadinpuisto"), "\(parks)")
        let atPoint = try #require(captions.first { $0.hasPrefix("Parks, drawn as \" about their point: ") })
        #expect(atPoint.contains("Töölönlahden puisto"), "\(atPoint)")
        #expect(captions.filter { $0 == "~ contour lines, the theme's decoration, not heights." }.count == 1)
        #expect(!captions.contains { $0.hasPrefix("No street data") })
        // More kinds than letters: the rest are drawn as ? and counted in the legend.
        let legend = try #require(captions.first { $0.hasPrefix("Legend: ") })
        #expect(legend.contains("; ? ") && legend.hasSuffix(" other kinds."), "\(legend)")
        // The walking network: its unnamed ways and its crossings, told in the legend.
        #expect(captions.contains("Footpaths, steps and other unnamed ways, drawn as lines of :."), "\(captions)")
        #expect(captions.contains { $0.hasSuffix(" crossings, drawn as #.") }, "\(captions)")
        // Lines of every slope, unnamed ways, crossings and parks, in the picture's rows.
        let drawn = picture.joined()
        for mark in ["-", "|", "/", "\\", ":", "#", "\"", "~"] {
            #expect(drawn.contains(mark), "no \(mark) in the picture")
        }
    }

    /// The built-in places have three parks, the GeoJSON file one: drawn about their point on
    /// the theme's ground.
    @Test(arguments: [
        ([], "Miradouro Terrace, Riverside Garden, Jardim São Pedro"),
        (["--places", "places/lisbon.geojson"], "Jardim São Pedro"),
    ])
    func placesWithoutStreetsSaySoAndHaveTheThemesGround(options: [String], parks: String) throws {
        let resolved = options.map { $0.hasSuffix(".geojson") ? Self.fixtures.appendingPathComponent($0).path : $0 }
        let (picture, captions) = try Self.map(resolved)
        #expect(
            captions.contains(
                "No street data: streets are drawn only for places from an OpenStreetMap extract or store."),
            "\(captions)")
        #expect(!picture.joined().contains("#") && picture.joined().contains("~") && picture.joined().contains("\""))
        #expect(captions.contains("~ contour lines, the theme's decoration, not heights."))
        #expect(!captions.contains { $0.hasPrefix("Streets,") || $0.hasPrefix("Parks, filled") })
        #expect(captions.contains("Parks, drawn as \" about their point: \(parks)."), "\(captions)")
    }
}
