import Foundation
import PlaceData
import Testing

/// What is said on the move is true when it is heard: a walk at real walking pace along
/// Aleksanterinkatu, Helsinki's densest shopping street, spoken live into a private PulseAudio
/// null sink. Each callout heard names a place and its distance; the session's log says when its
/// speech began; the test finds where the walker was then on the GPX track (by its times) and
/// the place where pyosmium (Debian's python3-pyosmium) reads it, and checks the distance said
/// against the distance then.
@Suite("Callouts on the move are true when heard", .serialized)
struct FreshCalloutTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")
    static let helsinki = fixtures.appendingPathComponent("osm/Helsinki.osm.pbf").path

    /// Aleksanterinkatu at Keskuskatu and at Mikonkatu (their shared nodes in the extract).
    static let west = Coordinate(latitude: 60.1687529, longitude: 24.9429086)
    static let east = Coordinate(latitude: 60.1688182, longitude: 24.9455589)
    /// The walk: this many metres east from Keskuskatu, at 1.4 m/s, a point a second.
    static let length = 84.0
    static let pace = 1.4

    /// The walker's place `seconds` into the walk.
    static func walker(at seconds: Double) -> Coordinate {
        let fraction = min(max(seconds * pace, 0), length) / west.distance(to: east)
        return Coordinate(
            latitude: west.latitude + (east.latitude - west.latitude) * fraction,
            longitude: west.longitude + (east.longitude - west.longitude) * fraction)
    }

    /// Every place pyosmium reads from the extract, by name.
    static func placesByName() throws -> [String: [Coordinate]] {
        let script = fixtures.appendingPathComponent("osm/independent-reader.py").path
        let result = try Program(tool: "/usr/bin/python3", [script, helsinki]).run()
        var byName: [String: [Coordinate]] = [:]
        for line in result.stdout.split(separator: "\n") {
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                let name = object["name"] as? String, let lat = object["lat"] as? Double,
                let lon = object["lon"] as? Double
            else { continue }
            byName[name, default: []].append(Coordinate(latitude: lat, longitude: lon))
        }
        return byName
    }

    /// "Kämp, 20 metres ahead to the left." → ("Kämp", 20); "less than 5 metres" is 5; "Kämp,
    /// close by to the left." (within 15 m) is ("Kämp", nil).
    static func nameAndDistance(_ text: String) -> (name: String, metres: Double?)? {
        if let match = text.firstMatch(of: #/^(.+), close by/#) { return (String(match.1), nil) }
        let pattern = #/^(.+), (less than )?([0-9]+) metres?/#
        guard let match = text.firstMatch(of: pattern), let metres = Double(match.3) else { return nil }
        return (String(match.1), metres)
    }

    @Test(
        "At walking pace with live speech, each place callout's distance is true when heard; none is for a place passed"
    )
    func trueWhenHeard() throws {
        let server = try PulseServer()
        let folder = temporaryPath("fresh")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let start = Date(timeIntervalSince1970: 1_796_000_000)
        let formatter = ISO8601DateFormatter()
        let points = (0...Int(Self.length / Self.pace)).map { second in
            let point = Self.walker(at: Double(second))
            return #"<trkpt lat="\#(point.latitude)" lon="\#(point.longitude)"><time>"#
                + formatter.string(from: start.addingTimeInterval(Double(second))) + "</time></trkpt>"
        }
        let gpx = "\(folder)/aleksanterinkatu.gpx"
        try (#"<?xml version="1.0"?><gpx version="1.1"><trk><trkseg>"# + points.joined() + "</trkseg></trk></gpx>")
            .write(toFile: gpx, atomically: true, encoding: .utf8)
        let environment = server.environment.merging(["XDG_CACHE_HOME": "\(folder)/cache"]) { $1 }
        // The store is made from the extract first, so that the walk starts with the session.
        let made = try Program(
            ["--speech", "off", "--places", Self.helsinki], environment: environment, input: .text("quit\n")
        ).run()
        #expect(made.status == 0, "\(made.stderr)")
        let log = "\(folder)/walk.log"
        let result = try Program(
            [
                "--speech", "on", "--earcons", "off", "--callouts", "all", "--places", Self.helsinki, "--route", gpx,
                "--log", log,
            ],
            environment: environment, timeout: 240
        ).transcribed().run()
        #expect(result.status == 0, "\(result.stderr)")

        // When each announcement's speech began, in the log's seconds; the walk began with it.
        var begun: [Int: Double] = [:]
        var walkBegan = 0.0
        for line in try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n") {
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                continue
            }
            if object["event"] as? String == "start" { walkBegan = object["t"] as? Double ?? 0 }
            if object["event"] as? String == "speech", let seq = object["seq"] as? Int,
                let at = object["begun"] as? Double
            {
                begun[seq] = at
            }
        }
        let places = try Self.placesByName()
        let callouts = try result.transcript().filter { $0["kind"] as? String == "callout" }
        var heard = 0
        var wrong: [String] = []
        var remeasured = 0
        for entry in callouts {
            guard let text = entry["text"] as? String, let said = Self.nameAndDistance(text),
                let seq = entry["seq"] as? Int
            else { continue }
            if entry["expired"] != nil || entry["dropped"] != nil { continue }
            guard let at = begun[seq] else {
                wrong.append("\(text): no time it was heard")
                continue
            }
            heard += 1
            if entry["decided"] != nil { remeasured += 1 }
            let walker = Self.walker(at: at - walkBegan)
            guard let place = places[said.name]?.min(by: { walker.distance(to: $0) < walker.distance(to: $1) }) else {
                wrong.append("\(text): no place of that name")
                continue
            }
            let truth = walker.distance(to: place)
            let tolerance = max(5, truth * 0.2)
            // "Close by" is true within 15 m, with the same tolerance.
            let error = said.metres.map { abs(truth - $0) } ?? max(0, truth - 15)
            if error > tolerance + (text.contains("less than") ? 5 : 0) {
                wrong.append(
                    "\(text) heard at \(String(format: "%.1f", at - walkBegan)) s: truly \(String(format: "%.1f", truth)) m"
                )
            }
            // Passed: the walker has gone more than 10 m beyond a place that lay ahead of the
            // walk's start (along the street, from Keskuskatu). One beside or behind the start
            // when the walk began was never passed.
            let walked = min(max(at - walkBegan, 0) * Self.pace, Self.length)
            let course = Self.west.bearing(to: Self.east)
            let along = Self.west.distance(to: place) * cos((Self.west.bearing(to: place) - course) * .pi / 180)
            if along > 0 && along < walked - 10 {
                wrong.append("\(text): passed when heard (\(Int(walked - along)) m behind along the street)")
            }
        }
        let expired = callouts.filter { $0["expired"] != nil }.count
        print(
            "Aleksanterinkatu at 1.4 m/s, live: \(callouts.count) callouts decided, \(heard) place callouts heard,"
                + " \(remeasured) measured again when heard, \(expired) expired before they could be heard;"
                + " wrong: \(wrong.count)")
        #expect(heard >= 4, "\(callouts.map { $0["text"] as? String ?? "" })")
        #expect(wrong.isEmpty, "\(wrong.joined(separator: "\n"))")
    }
}
