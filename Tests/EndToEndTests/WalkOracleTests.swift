import Foundation
import Testing

/// The streets as a walker hears them, against an oracle of their own: pyosmium (Debian's
/// python3-pyosmium) reads the Helsinki extract, builds the walking network, walks the shortest
/// path along named streets between two fixed corners and says, by the rules written in
/// Tests/Fixtures/osm/walk-oracle.py, which corners that walk passes and what each must say,
/// and where the street changes. The built program then walks the same GPX track.
@Suite("A walk through Helsinki's centre, and where at 20 points, against pyosmium")
struct WalkOracleTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")
    static let helsinki = fixtures.appendingPathComponent("osm/Helsinki.osm.pbf").path
    static let oracle = fixtures.appendingPathComponent("osm/walk-oracle.py").path

    struct Walk: Decodable {
        var length: Double
        var points: Int
        var corners: [Corner]
        var changes: [Change]
        var crossings: [CrossingAhead]
    }

    /// A crossing node inside an edge walked, and its words.
    struct CrossingAhead: Decodable {
        var node: Int64
        var at: Double
        var words: String
    }

    struct Corner: Decodable {
        var node: Int64
        var kind: String
        var roads: [Road]
        var crossing: String?
        var ends: String?
        /// Metres along the walk.
        var at: Double
        /// The track's point at the corner, and the first point of a walk that starts far
        /// enough before it to hear it afresh (no earlier point within 46 m of it).
        var arrival: Int
        var window: Int?
        /// Whether some point at or after the corner has it ahead (within 90 degrees of the
        /// course) and 2.5 m away or more: then a callout's bearing cannot tell it was before.
        var aheadAfter: Bool?
        /// A corner straight on past a turn, which one standing at the turn may hear.
        var optional: Bool
    }

    struct Road: Decodable, Equatable {
        var street: String
        var direction: String
        var angle: Double
    }

    struct Change: Decodable {
        var street: String
        var at: Double
        var length: Double
        var headings: [String]
    }

    /// The oracle's answer, as JSON.
    static func ask<T: Decodable>(_ type: T.Type, _ arguments: [String]) throws -> T {
        let result = try Program(tool: "/usr/bin/python3", [oracle, arguments[0], helsinki] + arguments.dropFirst())
            .run()
        guard result.status == 0 else { throw Program.Failure(description: "walk-oracle.py: \(result.stderr)") }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode(T.self, from: Data(result.stdout.utf8))
    }

    /// A corner callout read back: its kind, its roads with their directions, its crossing words.
    struct Heard: Equatable {
        var kind: String
        var roads: [(street: String, direction: String)]
        var crossing: String?

        static func == (lhs: Heard, rhs: Heard) -> Bool {
            lhs.kind == rhs.kind && lhs.crossing == rhs.crossing && lhs.roads.elementsEqual(rhs.roads) { $0 == $1 }
        }

        init?(_ text: String) {
            if text.hasSuffix(" ends ahead.") {
                kind = "dead end"
                roads = [(String(text.dropLast(" ends ahead.".count)), "ends")]
                return
            }
            let prefixes = ["Intersection ahead: ": "intersection", "Roundabout ahead: ": "roundabout"]
            guard let (prefix, kind) = prefixes.first(where: { text.hasPrefix($0.key) }) else { return nil }
            self.kind = kind
            let body = text.dropFirst(prefix.count)
            let list: Substring
            if let stop = body.range(of: ". ") {
                list = body[..<stop.lowerBound]
                crossing = String(body[stop.upperBound...])
            } else {
                list = body.dropLast()
            }
            let directions = [" goes left": "left", " goes right": "right", " continues ahead": "ahead"]
            roads = list.components(separatedBy: ", ").map { road in
                for (suffix, direction) in directions where road.hasSuffix(suffix) {
                    return (String(road.dropLast(suffix.count)), direction)
                }
                return (road, "?")
            }
        }
    }

    /// Whether what was heard is what the oracle says of `corner`. A road within 1 degree of a
    /// boundary (30 degrees, or straight behind) may be heard on either side of it, and two
    /// roads within 1 degree of each other in either order.
    static func agrees(_ heard: Heard, _ corner: Corner) -> Bool {
        if corner.kind == "dead end" { return heard.kind == "dead end" && heard.roads.first?.street == corner.ends }
        guard heard.kind == corner.kind, heard.crossing == corner.crossing, heard.roads.count == corner.roads.count
        else { return false }
        var remaining = Array(heard.roads.enumerated())
        for (index, road) in corner.roads.enumerated() {
            let near = abs(abs(road.angle) - 30) <= 1 || abs(road.angle) >= 179
            let found = remaining.firstIndex { candidate in
                candidate.element.street == road.street
                    && (candidate.element.direction == road.direction || near)
                    && (candidate.offset == index
                        || abs(corner.roads[candidate.offset].angle - road.angle) <= 1)
            }
            guard let found else { return false }
            remaining.remove(at: found)
        }
        return true
    }

    @Test(
        "Every corner worth a word is said once, before it, its roads where the bearings put them; every street change once"
    )
    func walk() throws {
        let began = Date()
        let folder = temporaryPath("walk")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let gpx = "\(folder)/walk.gpx"
        let walk = try Self.ask(Walk.self, ["route", gpx])
        let environment = ["XDG_CACHE_HOME": "\(folder)/cache"]
        let options = [
            "--speech", "off", "--places", Self.helsinki, "--route-speed", "10000", "--callout-distance", "5",
            "--spatial", "stereo",
        ]
        let result = try Program(options + ["--route", gpx], environment: environment, timeout: 120).transcribed()
            .run()
        #expect(result.status == 0, "\(result.stderr)")
        let callouts = try result.transcript().filter { $0["kind"] as? String == "callout" }
        let corners = callouts.compactMap { entry -> (heard: Heard, text: String, bearing: Int?)? in
            guard let text = entry["text"] as? String, let heard = Heard(text) else { return nil }
            return (heard, text, entry["bearing"] as? Int)
        }

        // The corner callouts, in order, must be the walk's corners, each once, with at each turn
        // at most the corner straight on past it (said to one standing at the turn, still facing
        // the way they came), and nothing else.
        var next = 0
        var matched: [Int?] = []
        var wrong: [String] = []
        var unexplained: [String] = []
        for corner in walk.corners {
            if next < corners.count, Self.agrees(corners[next].heard, corner) {
                matched.append(next)
                next += 1
            } else if corner.optional {
                matched.append(nil)
            } else if let index = corners[next...].firstIndex(where: { Self.agrees($0.heard, corner) }) {
                unexplained += corners[next..<index].map(\.text)
                matched.append(index)
                next = index + 1
            } else {
                matched.append(nil)
                let near = corners[next..<min(next + 2, corners.count)].map(\.text)
                wrong.append(
                    "node/\(corner.node) at \(Int(corner.at)) m: expected \(corner.roads) \(corner.crossing ?? ""),"
                        + " next heard \(near)")
            }
        }
        unexplained += corners[next...].map(\.text)
        #expect(wrong.isEmpty, "\(wrong.joined(separator: "\n"))")
        #expect(unexplained.isEmpty, "said but no corner of the walk: \(unexplained)")
        let passed = walk.corners.filter { !$0.optional }
        let beyond = zip(walk.corners, matched).filter { $0.0.optional && $0.1 != nil }.count

        // Before it: the callout's bearing puts the corner ahead, 2.5 m away or more, where no
        // point at or after the corner would; else a walk of the track's points from well
        // before the corner to the point before it must say it.
        var byBearing = 0
        var byWindow: [Int] = []
        for (corner, index) in zip(walk.corners, matched) where !corner.optional {
            guard let index else { continue }
            if corner.aheadAfter == false, let bearing = corners[index].bearing, abs(bearing) < 90 {
                byBearing += 1
            } else {
                byWindow.append(walk.corners.firstIndex { $0.node == corner.node && !$0.optional }!)
            }
        }
        let lines = try String(contentsOfFile: gpx, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        let points = lines.filter { $0.hasPrefix("<trkpt") }
        let head = lines.prefix { !$0.hasPrefix("<trkpt") }.joined(separator: "\n")
        let windows = byWindow.map { walk.corners[$0] }
        let late = concurrently(windows.count, width: 2) { number -> String? in
            let corner = windows[number]
            let path = "\(folder)/before-\(corner.node).gpx"
            let track =
                [head] + points[(corner.window ?? 0)..<corner.arrival].map(String.init) + ["</trkseg></trk>", "</gpx>"]
            do {
                try track.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
                let before = try Program(options + ["--route", path], environment: environment, timeout: 120)
                    .transcribed().run()
                let heard = try before.transcript().compactMap { ($0["text"] as? String).flatMap(Heard.init) }
                return heard.contains { Self.agrees($0, corner) }
                    ? nil
                    : "node/\(corner.node) at \(Int(corner.at)) m: not said before it (\(heard.count) corners said)"
            } catch {
                return "node/\(corner.node): \(error)"
            }
        }.compactMap { $0 }
        #expect(late.isEmpty, "\(late)")

        // Each street change once, in order, with a heading of the walk just past it.
        let changes = callouts.compactMap { $0["text"] as? String }.filter { $0.hasPrefix("Now on ") }
        var expected: [String] = []
        var heardChanges = changes[...]
        var missing: [String] = []
        for change in walk.changes {
            let words = change.headings.map { "Now on \(change.street), heading \($0)." }
            expected.append(words[0])
            if let found = heardChanges.firstIndex(where: words.contains) {
                heardChanges = heardChanges[(found + 1)...]
            } else {
                missing.append("\(change.street) at \(Int(change.at)) m (\(change.headings))")
            }
        }
        #expect(missing.isEmpty, "missing: \(missing); heard: \(changes)")
        #expect(changes.count == walk.changes.count, "heard \(changes), expected \(expected)")

        // Each crossing node inside a street walked once, in order, with its facts, ahead.
        let crossingsHeard = callouts.filter {
            guard let text = $0["text"] as? String else { return false }
            return text.hasPrefix("Crossing ahead across ") || text.hasPrefix("Marked crossing ahead across ")
        }
        #expect(!walk.crossings.isEmpty)
        #expect(crossingsHeard.compactMap { $0["text"] as? String } == walk.crossings.map(\.words))
        #expect(
            crossingsHeard.allSatisfy { ($0["bearing"] as? Int).map { abs($0) < 90 } ?? true },
            "\(crossingsHeard)")
        let seconds = Date().timeIntervalSince(began)
        print(
            "Walk: \(Int(walk.length)) m, \(walk.points) points; \(passed.count) corners worth a word passed,"
                + " \(matched.compactMap { $0 }.count - beyond) said as the oracle says, \(beyond) of \(walk.corners.count - passed.count)"
                + " corners straight on past a turn said at the turn (\(corners.count) corner callouts in all,"
                + " \(unexplained.count) unexplained); before the corner by the bearing \(byBearing),"
                + " by a walk to it \(byWindow.count - late.count) of \(byWindow.count); street changes"
                + " \(walk.changes.count), heard \(changes.count); crossings inside the streets walked"
                + " \(walk.crossings.count), heard \(crossingsHeard.count); \(String(format: "%.1f", seconds)) s")
    }

    struct Points: Decodable {
        var points: [Point]
    }

    struct Point: Decodable {
        var lat: Double
        var lon: Double
        var street: String?
        var distance: Double?
        var margin: Double?
    }

    @Test("where at 20 seeded points about the centre names the street the oracle finds by the same rule")
    func whereAtRandomPoints() throws {
        let points = try Self.ask(Points.self, ["where", "36", "20"]).points
        let folder = temporaryPath("where")
        let input = points.map { "set at \($0.lat),\($0.lon)\nwhere\n" }.joined()
        let result = try Program(
            ["--speech", "off", "--places", Self.helsinki], environment: ["XDG_CACHE_HOME": "\(folder)/cache"],
            input: .text(input), timeout: 120
        ).transcribed().run()
        #expect(result.status == 0, "\(result.stderr)")
        // The first thing said for each `where` typed: it begins with the street.
        var answers: [String] = []
        var lines = Set<Int>()
        for entry in try result.transcript() where entry["input"] as? String == "where" {
            guard let line = entry["line"] as? Int, let text = entry["text"] as? String, lines.insert(line).inserted
            else { continue }
            answers.append(text)
        }
        #expect(answers.count == points.count)
        var agreed = 0
        var wrong: [String] = []
        for (point, answer) in zip(points, answers) {
            let right =
                if let street = point.street {
                    answer.hasPrefix("On \(street), ") || answer.hasPrefix("On \(street).")
                } else { !answer.hasPrefix("On ") }
            if right {
                agreed += 1
            } else {
                wrong.append(
                    "\(point.lat),\(point.lon): oracle \(point.street ?? "no way within 25 m") at \(point.distance ?? -1) m"
                        + " (margin \(point.margin ?? -1) m), heard \(answer)")
            }
        }
        #expect(wrong.isEmpty, "\(wrong.joined(separator: "\n"))")
        let named = points.filter { $0.street != nil }.count
        print("where at \(points.count) points: \(agreed) agree (\(named) with a way within 25 m)")
    }
}
