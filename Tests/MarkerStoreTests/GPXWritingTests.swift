import Foundation
import PlaceData
import Testing

@testable import MarkerStore

/// The GPX the library writes, read back by gpxpy (Debian's python3-gpxpy), a reader of its own:
/// every name, note, position (to 1e-7 degrees) and time as written, markers and routes; and by
/// our own reader, into an equal library.
@Suite("The markers file's GPX is read back whole by gpxpy")
struct GPXWritingTests {
    /// A library with a marker of each name, notes and places on some, and two routes.
    static let library: MarkerLibrary = {
        let base = 1_796_119_200.0
        let markers = namesInManyScripts.enumerated().map { index, name in
            Marker(
                name: name,
                coordinate: Coordinate(
                    latitude: sevenDecimals(60.1675123 - Double(index) * 0.0012345),
                    longitude: sevenDecimals(24.9525987 + Double(index) * 0.0543219)),
                note: index % 3 == 0 ? nil : "Note for \(name)\nsecond line",
                time: base + Double(index) * 3601,
                placeID: index % 2 == 0 ? "node/\(1000 + index)" : nil)
        }
        let far = [
            Marker(name: "South-west", coordinate: Coordinate(latitude: -89.9999999, longitude: -179.9999999), time: 0),
            Marker(
                name: "North-east", coordinate: Coordinate(latitude: 89.9999999, longitude: 179.9999999),
                time: 4_102_444_799),
        ]
        return MarkerLibrary(
            markers: markers + far,
            routes: [
                MarkedRoute(
                    name: "To the market & back", note: "Saturdays", time: base - 86_400,
                    waypoints: Array(markers.prefix(3))),
                MarkedRoute(name: "Ruta a la panadería 🥖", time: base + 5, waypoints: Array(markers.suffix(5)) + far),
                MarkedRoute(name: "Empty", time: base + 6, waypoints: []),
            ])
    }()

    /// `value` as the file keeps it: 7 decimals, so that a library read back is equal.
    static func sevenDecimals(_ value: Double) -> Double { (value * 1e7).rounded() / 1e7 }

    static func expectSame(_ point: [String: Any], _ marker: Marker, _ what: String) {
        #expect(point["name"] as? String == marker.name, "\(what)")
        #expect(point["desc"] as? String == marker.note, "\(what)")
        #expect(abs((point["lat"] as? Double ?? .nan) - marker.coordinate.latitude) <= 1e-7, "\(what) lat")
        #expect(abs((point["lon"] as? Double ?? .nan) - marker.coordinate.longitude) <= 1e-7, "\(what) lon")
        #expect(point["time"] as? Double == marker.time, "\(what) time")
        let extensions = point["extensions"] as? [String: String] ?? [:]
        #expect(extensions["{\(MarkerLibrary.namespace)}place"] == marker.placeID, "\(what) place")
    }

    @Test("gpxpy reads every marker and route: names in many scripts, notes, positions to 1e-7°, times")
    func gpxpyReadsBack() throws {
        let folder = try temporaryFolder("write")
        let path = "\(folder)/markers.gpx"
        try Data(Self.library.gpx().utf8).write(to: URL(fileURLWithPath: path))
        let read = try gpxpyRead(path)
        #expect(read["version"] as? String == "1.1")
        let waypoints = try #require(read["waypoints"] as? [[String: Any]])
        try #require(waypoints.count == Self.library.markers.count)
        for (point, marker) in zip(waypoints, Self.library.markers) { Self.expectSame(point, marker, marker.name) }
        let routes = try #require(read["routes"] as? [[String: Any]])
        try #require(routes.count == Self.library.routes.count)
        for (route, mine) in zip(routes, Self.library.routes) {
            #expect(route["name"] as? String == mine.name)
            #expect(route["desc"] as? String == mine.note)
            let points = try #require(route["points"] as? [[String: Any]])
            try #require(points.count == mine.waypoints.count, "\(mine.name)")
            for (point, marker) in zip(points, mine.waypoints) {
                Self.expectSame(point, marker, "\(mine.name): \(marker.name)")
            }
        }
        #expect((read["tracks"] as? [Any])?.isEmpty == true)
    }

    @Test("Our own reader reads what we write into the same library, routes' times too")
    func roundTrip() throws {
        let text = Self.library.gpx(creator: "nearby-voice 1.0 \"test\"")
        #expect(try MarkerLibrary.read(gpx: text) == Self.library)
        #expect(
            text.hasPrefix(
                #"<?xml version="1.0" encoding="UTF-8"?>"#
                    + "\n<gpx version=\"1.1\" creator=\"nearby-voice 1.0 &quot;test&quot;\""))
        #expect(text.contains(#"<wpt lat="60.1675123" lon="24.9525987">"#))
        #expect(try MarkerLibrary.read(gpx: MarkerLibrary().gpx()) == MarkerLibrary())
    }
}
