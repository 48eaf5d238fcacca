import Foundation
import FoundationXML
import PlaceData
import Testing

@testable import Position

/// The GPX file `route export` writes, as text: escaped, in GPX 1.1's order, read back by
/// Foundation's XML parser (libxml2) and by our own GPX reader.
@Suite("A planned route is written as GPX 1.1 text")
struct GPXWriterTests {
    static let hostile = #"Café & Bar <"Aino's"> 1 < 2"#

    static let writer = GPXWriter(
        name: "Route to \(hostile)",
        track: [
            Coordinate(latitude: 60.1674986, longitude: 24.9524122),
            Coordinate(latitude: 60.16789811, longitude: 24.95190974),
            Coordinate(latitude: -33.5, longitude: -0.000_000_04),
        ],
        waypoints: [
            .init(
                coordinate: Coordinate(latitude: 60.1674986, longitude: 24.9524122), name: "1. Along <Main> & \"Side\"",
                description: "along 'Main' & <Side> 60 metres north"),
            .init(coordinate: Coordinate(latitude: -33.5, longitude: 0), name: "2. \(hostile)", description: "Then."),
        ])

    /// The texts of every element named `name`, as an XML parser decodes them, in order.
    final class Texts: NSObject, XMLParserDelegate {
        var found: [String: [String]] = [:]
        var elements: [String] = []
        private var current = ""

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            elements.append(name)
            current = ""
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { current += string }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            found[name, default: []].append(current)
            current = ""
        }
    }

    @Test("Every text is escaped: a parser reads the names and descriptions back as they were")
    func escaping() throws {
        let text = Self.writer.text(time: 0)
        #expect(text.contains("<name>Route to Café &amp; Bar &lt;&quot;Aino&apos;s&quot;&gt; 1 &lt; 2</name>"))
        #expect(text.contains("<desc>along &apos;Main&apos; &amp; &lt;Side&gt; 60 metres north</desc>"))
        #expect(!text.contains(Self.hostile))
        let texts = Texts()
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = texts
        #expect(parser.parse(), "\(String(describing: parser.parserError))")
        #expect(
            texts.found["name"]
                == [
                    "Route to \(Self.hostile)", "1. Along <Main> & \"Side\"", "2. \(Self.hostile)",
                    "Route to \(Self.hostile)",
                ]
        )
        #expect(texts.found["desc"] == ["along 'Main' & <Side> 60 metres north", "Then."])
        #expect(texts.found["time"] == ["1970-01-01T00:00:00Z"])
        // GPX 1.1's order: metadata, the waypoints, then the track.
        let top = texts.elements.filter { ["metadata", "wpt", "trk"].contains($0) }
        #expect(top == ["metadata", "wpt", "wpt", "trk"])
    }

    @Test("Coordinates with 7 decimals; the track read back by the GPX reader, point for point")
    func coordinates() throws {
        let text = Self.writer.text(time: 1_796_119_200)
        #expect(text.contains(#"<wpt lat="60.1674986" lon="24.9524122">"#))
        #expect(text.contains(#"<trkpt lat="60.1678981" lon="24.9519097"/>"#))
        #expect(text.contains(#"<trkpt lat="-33.5000000" lon="-0.0000000"/>"#))
        #expect(
            text.hasPrefix(
                #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n" + #"<gpx version="1.1" creator="nearby-voice""#))
        let read = try GPXRoute.parse(text)
        #expect(read.points.count == 3)
        for (point, written) in zip(read.points, Self.writer.track) {
            #expect(point.coordinate.distance(to: written) < 0.01)
        }
    }

    @Test(
        "Times as GPX writes them, read back as they were",
        arguments: [
            (0.0, "1970-01-01T00:00:00Z"), (1_796_119_200.75, "2026-12-01T10:00:00Z"),
            (951_782_400, "2000-02-29T00:00:00Z"), (-1, "1969-12-31T23:59:59Z"),
            (4_107_542_399, "2100-02-28T23:59:59Z"),
        ])
    func times(seconds: Double, text: String) {
        #expect(ISOTime.text(seconds) == text)
        #expect(ISOTime.seconds(text) == seconds.rounded(.down))
    }
}
