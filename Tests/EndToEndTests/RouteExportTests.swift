import Foundation
import Testing

/// `route export FILE.gpx` for real: the built program plans a route through Helsinki's streets
/// and writes it; Debian's python3-gpxpy, a reader of its own, reads the file back. The refusals
/// and the faults are spoken, and the session goes on (exit 0); a file that was there is
/// replaced whole or left whole.
@Suite("route export: a planned route as a GPX file other tools read", .serialized)
struct RouteExportTests {
    static let helsinki = RouteTests.helsinki
    /// The harbour's edge by Kauppatori, where the route sets off (as preview-walk.nvtest).
    static let start = (60.1675, 24.9525)
    /// Ravintola Aino, the route's end, as OpenStreetMap has it.
    static let aino = (60.16795, 24.95005)

    /// One store for the suite: the extract is imported once, by the first run.
    static let cache = temporaryPath("route-export-cache")

    /// A folder of this test's own.
    static func folder() throws -> String {
        let folder = temporaryPath("route-export")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    /// The program at the harbour, with Helsinki's store, typing `lines`.
    static func run(_ lines: [String], shell: String? = nil) throws -> Program.Result {
        var program = Program(
            ["--speech", "off", "--places", helsinki, "--at", "\(start.0),\(start.1)"],
            environment: ["XDG_CACHE_HOME": cache], input: .text(lines.joined(separator: "\n") + "\n"), timeout: 180)
        // `ulimit` and `trap` in the shell apply to the program, which replaces it.
        program.shell = shell
        return try program.run()
    }

    /// Metres between two points on a sphere of the Earth's mean radius.
    static func metres(_ a: (Double, Double), _ b: (Double, Double)) -> Double {
        let radians = Double.pi / 180
        let dLat = (b.0 - a.0) * radians
        let dLon = (b.1 - a.1) * radians
        let h = sin(dLat / 2) * sin(dLat / 2) + cos(a.0 * radians) * cos(b.0 * radians) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * 6_371_008.8 * asin(min(1, sqrt(h)))
    }

    /// The independent reader: gpxpy's view of a GPX file, as JSON.
    static let reader = RouteTests.fixtures.appendingPathComponent("routes/gpx-read.py").path

    /// What gpxpy reads in the GPX file at `path` (`reader`); nil (with its error recorded) when
    /// it cannot.
    static func gpxpy(_ path: String) throws -> [String: Any]? {
        let result = try Program(tool: "/usr/bin/python3", [Self.reader, path]).run()
        guard result.status == 0, let data = result.stdout.data(using: .utf8) else {
            Issue.record("gpxpy cannot read \(path): \(result.stderr)")
            return nil
        }
        return try JSONSerialization.jsonObject(with: data) as? [String: Any]
    }

    /// The files in `folder` but those named, sorted: what a write left beside the file.
    static func others(in folder: String, but names: Set<String>) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { !names.contains($0) }.sorted()
    }

    @Test("route to Ravintola Aino, then route export: gpxpy reads GPX 1.1, the track and the turn points")
    func readByGpxpy() throws {
        let folder = try Self.folder()
        let file = "\(folder)/to Aino.gpx"
        let result = try Self.run(["route to Ravintola Aino", "route export \(file)"])
        #expect(result.status == 0, "\(result.stderr)")
        let said = result.stdout.split(separator: "\n").map(String.init)
        let answer = try #require(said.first { $0.hasPrefix("Route to Ravintola Aino") }, "\(result.stdout)")
        #expect(said.last == "Route written to \(file).")
        // The length the program said: "…: 165 metres, 2 minute walk."
        let metres = try #require(
            answer.firstMatch(of: /: ([0-9]+) metres,/).flatMap { Double($0.1) }, "\(answer)")
        #expect(metres == 165)

        let gpx = try #require(try Self.gpxpy(file))
        #expect(gpx["version"] as? String == "1.1")
        #expect(gpx["name"] as? String == "Route to Ravintola Aino (Finnish cuisine)")
        #expect(gpx["time"] is String, "metadata time: \(String(describing: gpx["time"]))")
        #expect(gpx["routes"] as? Int == 0)
        let tracks = try #require(gpx["tracks"] as? [[String: Any]])
        #expect(tracks.count == 1)
        let track = try #require(tracks.first)
        #expect(track["name"] as? String == "Route to Ravintola Aino (Finnish cuisine)")
        let segments = try #require(track["segments"] as? [[[Double]]])
        #expect(segments.count == 1)
        let points = try #require(segments.first).map { ($0[0], $0[1]) }
        #expect(points.count > 10)
        let first = try #require(points.first)
        let last = try #require(points.last)
        #expect(Self.metres(first, Self.start) < 25, "first point \(first)")
        #expect(Self.metres(last, Self.aino) < 40, "last point \(last)")
        // gpxpy's own length of the track, against the length said.
        let length = try #require(track["length"] as? Double)
        #expect(abs(length - metres) / metres < 0.02, "gpxpy \(length) m, said \(metres) m")

        // The turn points, numbered from 1 to the end, each with words; the first at the start,
        // the last the destination at the track's end.
        let waypoints = try #require(gpx["waypoints"] as? [[String: Any]])
        let names = waypoints.compactMap { $0["name"] as? String }
        #expect(
            names == [
                "1. Along Eteläranta", "2. Straight on onto Pohjoisesplanadi", "3. Left onto a footpath",
                "4. Ravintola Aino (Finnish cuisine)",
            ])
        #expect(
            waypoints.compactMap { $0["desc"] as? String } == [
                "along Eteläranta 60 metres north", "then straight on onto Pohjoisesplanadi for 60 metres",
                "then left onto a footpath for 45 metres", "Then you are at Ravintola Aino (Finnish cuisine).",
            ])
        let places = waypoints.compactMap { $0["at"] as? [Double] }.map { ($0[0], $0[1]) }
        #expect(places.count == names.count)
        #expect(places.first.map { Self.metres($0, first) } ?? 1 < 0.01)
        #expect(places.last.map { Self.metres($0, last) } ?? 1 < 0.01)
        // Each turn point lies on the track.
        for place in places {
            #expect(points.contains { Self.metres($0, place) < 0.01 }, "\(place) is not on the track")
        }
        #expect(try Self.others(in: folder, but: ["to Aino.gpx"]) == [])
    }

    @Test("Refused, each said, the session going on: no route planned, no file, no such folder, a folder")
    func refusals() throws {
        let folder = try Self.folder()
        let file = "\(folder)/out.gpx"
        let missing = "\(folder)/no such folder/out.gpx"
        let result = try Self.run([
            "route export \(file)", "route export", "route to Ravintola Aino", "route export \(missing)",
            "route export \(folder)", "count",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let said = result.stdout.split(separator: "\n").map(String.init)
        #expect(said.count == 6, "\(said)")
        guard said.count == 6 else { return }
        #expect(said[0] == "No route planned: type route to and a place's name.")
        #expect(said[1] == "route export takes a file's name: route export FILE.gpx.")
        #expect(said[2].hasPrefix("Route to Ravintola Aino (Finnish cuisine): 165 metres"))
        #expect(said[3] == "Cannot write the route to \(missing): No such file or directory.")
        #expect(said[4] == "Cannot write the route to \(folder): Is a directory.")
        #expect(said[5].hasSuffix("places."), "the session went on: \(said[5])")
        #expect(!FileManager.default.fileExists(atPath: file))
        // Nothing left anywhere: neither a file nor a temporary one.
        #expect(try Self.others(in: folder, but: []) == [])
    }

    @Test("A file that exists is replaced whole, and said so")
    func replacesWhole() throws {
        let folder = try Self.folder()
        let file = "\(folder)/walk.gpx"
        // Longer than the route's GPX, so that a write over it in place would leave its tail.
        let old = String(repeating: "<old/>\n", count: 10_000)
        try old.write(toFile: file, atomically: false, encoding: .utf8)
        let result = try Self.run(["route to Ravintola Aino", "route export \(file)"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasSuffix("Route written to \(file), replacing the file there.\n"), "\(result.stdout)")
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.hasPrefix("<?xml"))
        #expect(text.hasSuffix("</gpx>\n"))
        #expect(!text.contains("<old/>"))
        #expect(text.utf8.count < old.utf8.count)
        #expect(try Self.gpxpy(file)?["version"] as? String == "1.1")
        #expect(try Self.others(in: folder, but: ["walk.gpx"]) == [])
    }

    /// The disk fills while the file is written (a file size limit, `ulimit -f`, with SIGXFSZ
    /// ignored: the write fails with EFBIG as it would with ENOSPC): said with the reason, the
    /// old file left as it was, no half file beside it.
    @Test(
        "The disk fills during the write: said, the old file left whole, nothing beside it",
        .disabled(if: Sanitizer.thread, Sanitizer.fileSizeLimitReason))
    func fullDiskLeavesTheOldFile() throws {
        let folder = try Self.folder()
        let file = "\(folder)/walk.gpx"
        let old = "<gpx>an old walk</gpx>\n"
        try old.write(toFile: file, atomically: false, encoding: .utf8)
        // The store is imported without the limit first, then only read.
        _ = try Self.run(["count"])
        let result = try Self.run(
            ["route to Ravintola Aino", "route export \(file)", "count"], shell: "ulimit -f 1; trap '' XFSZ")
        #expect(result.status == 0, "\(result.stderr)")
        let said = result.stdout.split(separator: "\n").map(String.init)
        #expect(said.dropFirst().first == "Cannot write the route to \(file): File too large.", "\(said)")
        #expect(said.last?.hasSuffix("places.") == true, "\(said)")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == old)
        #expect(try Self.others(in: folder, but: ["walk.gpx"]) == [])
    }
}
