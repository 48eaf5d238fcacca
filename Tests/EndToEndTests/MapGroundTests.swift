import Foundation
import Testing

/// The Nearby seed's street map, drawn in code: with places from OpenStreetMap, `map` draws the
/// place store's walking network (streets, unnamed ways, crossings) and parks around the
/// position and names them in its legend; places with no street data (the built-in set, a
/// GeoJSON file) say so in a legend line.
@Suite("The map's streets and parks from OpenStreetMap")
struct MapGroundTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    /// `map` at the bottom detent on a 100 by 40 screen: the picture's rows and its captions.
    static func map(_ options: [String]) throws -> (picture: [Substring], captions: [Substring]) {
        let result = try Program(
            ["--speech", "off"] + options, environment: ["COLUMNS": "100", "LINES": "40"],
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
        let parks = try #require(captions.first { $0.hasPrefix("Parks, drawn as \" about their point: ") })
        #expect(parks.contains("Esplanadinpuisto"), "\(parks)")
        #expect(!captions.contains { $0.hasPrefix("No street data") })
        // More kinds than letters: the rest are drawn as ? and counted in the legend.
        let legend = try #require(captions.first { $0.hasPrefix("Legend: ") })
        #expect(legend.contains("; ? ") && legend.hasSuffix(" other kinds."), "\(legend)")
        // The walking network: its unnamed ways and its crossings, told in the legend.
        #expect(captions.contains("Footpaths, steps and other unnamed ways, drawn as lines of :."), "\(captions)")
        #expect(captions.contains { $0.hasSuffix(" crossings, drawn as #.") }, "\(captions)")
        // Lines of every slope, unnamed ways, crossings and parks, in the picture's rows.
        let drawn = picture.joined()
        for mark in ["-", "|", "/", "\\", ":", "#", "\""] {
            #expect(drawn.contains(mark), "no \(mark) in the picture")
        }
    }

    @Test(arguments: [[], ["--places", "places/lisbon.geojson"]])
    func placesWithoutStreetsSaySo(options: [String]) throws {
        let resolved = options.map { $0.hasSuffix(".geojson") ? Self.fixtures.appendingPathComponent($0).path : $0 }
        let (picture, captions) = try Self.map(resolved)
        #expect(
            captions.contains(
                "No street data: streets and parks are drawn only for places from an OpenStreetMap extract or store."),
            "\(captions)")
        #expect(!picture.joined().contains("\"") && !picture.joined().contains("#"))
        #expect(!captions.contains { $0.hasPrefix("Streets,") || $0.hasPrefix("Parks,") })
    }
}
