import Foundation
import PlaceData
import Testing

@testable import MarkerStore

/// Other programs' GPX imported whole: files gpxpy writes (GPX 1.0 and 1.1, with another
/// program's extensions, waypoints, routes and tracks with named points, names in many scripts),
/// and files in the style of OsmAnd's favourites and Organic Maps' exports.
@Suite("GPX files from other programs are imported whole")
struct GPXReadingTests {
    /// The library gpxpy is asked to write, in its JSON shape: waypoints, two routes, and a track
    /// of named and unnamed points.
    static func spec() -> [String: Any] {
        let base = 1_796_119_200
        let waypoints: [[String: Any]] = namesInManyScripts.enumerated().map { index, name in
            var point: [String: Any] = [
                "name": name, "lat": 60.1 + Double(index) * 0.0101011, "lon": -24.9 - Double(index) * 0.0202021,
                "time": base + index * 61,
            ]
            if index % 2 == 1 { point["desc"] = "Description of \(name)" }
            return point
        }
        let track: [[String: Any]] = [
            ["name": "Start 起点", "lat": 51.5007292, "lon": -0.1246254, "time": base],
            ["lat": 51.5010000, "lon": -0.1250000, "time": base + 10],
            ["name": "Μέση & τέλος", "lat": 51.5014, "lon": -0.1256, "time": base + 20],
            ["lat": 51.5020000, "lon": -0.1260000],
        ]
        return [
            "waypoints": waypoints,
            "routes": [
                ["name": "Ruta del café ☕", "desc": "Por la mañana", "points": Array(waypoints.prefix(4))],
                ["name": "بدون وصف", "points": Array(waypoints.suffix(3))],
            ],
            "tracks": [["name": "A walk", "points": track]],
        ]
    }

    static func expectSame(_ marker: Marker, _ point: [String: Any], undated: Double) {
        let name = point["name"] as? String ?? ""
        #expect(marker.name == name)
        #expect(marker.note == point["desc"] as? String, "\(name)")
        #expect(abs(marker.coordinate.latitude - (point["lat"] as! Double)) <= 1e-7, "\(name)")
        #expect(abs(marker.coordinate.longitude - (point["lon"] as! Double)) <= 1e-7, "\(name)")
        #expect(marker.time == (point["time"] as? Int).map(Double.init) ?? undated, "\(name)")
        #expect(marker.placeID == nil)
    }

    @Test("A file gpxpy writes is read whole: waypoints, routes, named track points", arguments: ["1.0", "1.1"])
    func gpxpyFile(version: String) throws {
        let folder = try temporaryFolder("gpxpy-\(version)")
        let path = "\(folder)/written.gpx"
        let spec = Self.spec()
        try gpxpyWrite(spec, version: version, to: path)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("version=\"\(version)\""))
        if version == "1.1" { #expect(text.contains("<osmand:color>")) }
        let library = try MarkerLibrary.read(gpx: text, undatedTime: 42)

        let waypoints = spec["waypoints"] as! [[String: Any]]
        let track = ((spec["tracks"] as! [[String: Any]])[0]["points"] as! [[String: Any]])
        let named = track.filter { $0["name"] != nil }
        try #require(library.markers.count == waypoints.count + named.count)
        for (marker, point) in zip(library.markers, waypoints + named) { Self.expectSame(marker, point, undated: 42) }

        let routes = spec["routes"] as! [[String: Any]]
        try #require(library.routes.count == routes.count)
        for (route, expected) in zip(library.routes, routes) {
            #expect(route.name == expected["name"] as? String)
            #expect(route.note == expected["desc"] as? String)
            let points = expected["points"] as! [[String: Any]]
            try #require(route.waypoints.count == points.count)
            for (marker, point) in zip(route.waypoints, points) { Self.expectSame(marker, point, undated: 42) }
            // No time of its own in another program's file: its first waypoint's.
            #expect(route.time == route.waypoints[0].time)
        }
    }

    @Test("OsmAnd's favourites: names, notes, times; its extensions and groups skipped")
    func osmAnd() throws {
        let text = try String(
            contentsOf: fixtures.appendingPathComponent("markers/osmand-favorites.gpx"), encoding: .utf8)
        let library = try MarkerLibrary.read(gpx: text)
        #expect(
            library
                == MarkerLibrary(markers: [
                    Marker(
                        name: "Kotiovi", coordinate: Coordinate(latitude: 60.1681231, longitude: 24.9523017),
                        time: 1_795_161_662),
                    Marker(
                        name: "Kauppatori & Kolera-allas",
                        coordinate: Coordinate(latitude: 60.1674881, longitude: 24.9536655),
                        note: "Ferry to Suomenlinna — market stalls", time: 1_795_161_900),
                    Marker(
                        name: "悉尼歌剧院", coordinate: Coordinate(latitude: -33.8567844, longitude: 151.2152967),
                        time: 1_795_162_200),
                ]))
    }

    @Test("Organic Maps' export: waypoints with names and notes (CDATA too), an unnamed track skipped")
    func organicMaps() throws {
        let text = try String(contentsOf: fixtures.appendingPathComponent("markers/organic-maps.gpx"), encoding: .utf8)
        let library = try MarkerLibrary.read(gpx: text, undatedTime: 7)
        #expect(
            library
                == MarkerLibrary(markers: [
                    Marker(
                        name: "Praça do Comércio", coordinate: Coordinate(latitude: 38.71157, longitude: -9.13649),
                        note: "<b>Terreiro do Paço</b> & o rio", time: 7),
                    Marker(
                        name: "Castelo de São Jorge", coordinate: Coordinate(latitude: 38.7139, longitude: -9.13348),
                        time: 7),
                    Marker(
                        name: "Torre de Belém", coordinate: Coordinate(latitude: 38.6916, longitude: -9.216),
                        note: "Manuelino, séc. XVI", time: 7),
                ]))
    }

    @Test("Our extensions are ours by namespace, not by prefix; a comment is the note when there is no desc")
    func namespacesAndComments() throws {
        let text = """
            <?xml version="1.0"?>
            <gpx version="1.1" creator="x" xmlns="http://www.topografix.com/GPX/1/1" xmlns:mine="\(MarkerLibrary.namespace)" xmlns:nv="https://example.org/other">
            <wpt lat="1" lon="2"><name>Ours</name><cmt>A comment</cmt><extensions><mine:place>way/7</mine:place></extensions></wpt>
            <wpt lat="1" lon="2"><name>Not ours</name><extensions><nv:place>node/9</nv:place></extensions></wpt>
            </gpx>
            """
        let library = try MarkerLibrary.read(gpx: text)
        #expect(library.markers.map(\.placeID) == ["way/7", nil])
        #expect(library.markers.map(\.note) == ["A comment", nil])
    }
}
