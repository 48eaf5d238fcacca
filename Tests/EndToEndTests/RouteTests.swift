import Foundation
import Testing

/// Walking for real: the built program follows the real gpsd, which gpsfake's library (Debian's
/// python3-gps) feeds an NMEA walk past Helsinki places; and walks a GPX file, whose end a
/// script's end waits for.
@Suite("Walks past Helsinki places, from gpsd and from GPX files", .serialized)
struct RouteTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")
    static let helsinki = fixtures.appendingPathComponent("osm/Helsinki.osm.pbf").path
    static let esplanadi = fixtures.appendingPathComponent("routes/esplanadi.gpx").path

    /// The callouts a walk east along Pohjoisesplanadi gives at 5 metres with every category
    /// (`--callouts all`), in order: each within 15 m, "close by".
    static let callouts = [
        "Eino Leino, close by ahead.", "Bus stop Fabianinkatu, close by ahead.",
        "Annikki Karvinen, close by ahead to the right.",
    ]

    /// An NMEA log (GGA and RMC a second, with their checksums) of a walk from `from` to `to` at
    /// 1.4 m/s, as a receiver would write it.
    static func nmeaWalk(from: (Double, Double), to: (Double, Double), metres: Double) -> String {
        func checksum(_ body: String) -> String { String(format: "%02X", body.utf8.reduce(0) { $0 ^ $1 }) }
        func degreesMinutes(_ value: Double, width: Int) -> String {
            let degrees = Int(value)
            return String(format: "%0\(width)d%07.4f", degrees, (value - Double(degrees)) * 60)
        }
        let seconds = Int(metres / 1.4)
        var lines: [String] = []
        for second in 0...seconds {
            let fraction = Double(second) / Double(seconds)
            let latitude = degreesMinutes(from.0 + (to.0 - from.0) * fraction, width: 2)
            let longitude = degreesMinutes(from.1 + (to.1 - from.1) * fraction, width: 3)
            let time = String(format: "10%02d%02d.00", second / 60, second % 60)
            for body in [
                "GPGGA,\(time),\(latitude),N,\(longitude),E,1,08,0.9,10.0,M,17.0,M,,",
                "GPRMC,\(time),A,\(latitude),N,\(longitude),E,2.72,80.0,011226,,,A",
            ] {
                lines.append("$\(body)*\(checksum(body))")
            }
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    @Test("The real gpsd, fed an NMEA walk by gpsfake: three callouts in order, once each")
    func realGpsd() throws {
        let folder = temporaryPath("gpsfake")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let log = "\(folder)/walk.nmea"
        try Self.nmeaWalk(from: (60.1675, 24.9440), to: (60.1680, 24.9500), metres: 337)
            .write(toFile: log, atomically: true, encoding: .utf8)
        let go = "\(folder)/go"
        let feeder = try Program(
            tool: "/usr/bin/python3", [Self.fixtures.appendingPathComponent("routes/gpsfake-walk.py").path, log, go],
            timeout: 120
        ).start()
        // gpsfake ignores SIGTERM and never ends: its process group (it and its gpsd) is killed.
        defer {
            kill(-feeder.pid, SIGKILL)
            _ = feeder.wait(timeout: 10)
        }
        #expect(waitUntil { feeder.stdoutSoFar.hasPrefix("ready ") }, "\(feeder.stderrSoFar)")
        let port = feeder.stdoutSoFar.dropFirst("ready ".count).trimmingCharacters(in: .whitespacesAndNewlines)
        let running = try Program(
            [
                "--speech", "off", "--places", Self.helsinki, "--at", "gpsd:127.0.0.1:\(port)", "--callout-distance",
                "5", "--callouts", "all",
            ], environment: ["XDG_CACHE_HOME": "\(folder)/cache"], input: .open, timeout: 120
        ).start()
        // Connected and watching once the first line is answered: the walk begins.
        running.send("count")
        #expect(waitUntil { running.stdoutSoFar.contains("places.") }, "\(running.stderrSoFar)")
        FileManager.default.createFile(atPath: go, contents: Data())
        #expect(waitUntil { running.stdoutSoFar.contains("Annikki Karvinen") }, "\(running.stdoutSoFar)")
        running.send("where")
        // The street from the walking network (then its nearest cross street, if one is near).
        #expect(
            waitUntil {
                running.stdoutSoFar.contains("On Pohjoisesplanadi")
                    && running.stdoutSoFar.contains("You face east, from your walking.")
            }, "\(running.stdoutSoFar)")
        running.closeInput()
        let result = running.wait(timeout: 60)
        #expect(result.status == 0, "\(result.stderr)")
        let said = result.stdout.split(separator: "\n").map(String.init)
        #expect(said.filter { $0.contains(", close by") } == Self.callouts)
    }

    @Test("A script's end waits for the GPX walk's end: its callouts in order, in the transcript as callouts")
    func scriptWaitsForTheRoute() throws {
        let folder = temporaryPath("route")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let script = "\(folder)/walk.txt"
        try "route\nsettings\n".write(toFile: script, atomically: true, encoding: .utf8)
        // 335 metres at 1.4 m/s is 239 seconds of walk: at 60 times, 4 seconds.
        let result = try Program(
            [
                "--speech", "off", "--places", Self.helsinki, "--route", Self.esplanadi, "--route-speed", "60",
                "--callout-distance", "5", "--callouts", "all", "--script", script,
            ], environment: ["XDG_CACHE_HOME": "\(folder)/cache"], timeout: 120
        ).transcribed().run()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.seconds >= 239 / 60.0)
        let entries = try result.transcript()
        let callouts = entries.filter { $0["kind"] as? String == "callout" }
        let texts = callouts.map { $0["text"] as? String ?? "" }
        // The places, in order, among the corners of the walking network (StreetCalloutTests and
        // the walked-route oracle check the corners' words).
        #expect(
            texts.filter { !$0.hasPrefix("Intersection ahead: ") }
                == Self.callouts + ["End of the route: 335 metres walked."])
        #expect(texts.filter { $0.hasPrefix("Intersection ahead: ") }.count == 7, "\(texts)")
        #expect(callouts.allSatisfy { $0["line"] as? Int == 0 && $0["priority"] as? String == "polite" })
    }

    /// The bench's measure of a report's handling (`NEARBY_VOICE_BENCH_REPORT_CPU`): a line of
    /// microseconds of the session's thread for each position report of the walk, and nothing
    /// else.
    @Test("The bench's hook writes the session's CPU for each position report of a walk")
    func eachReportsHandlingIsWrittenForTheBench() throws {
        let folder = temporaryPath("route-cpu")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let log = "\(folder)/report-cpu.txt"
        let result = try Program(
            [
                "--speech", "off", "--places", Self.helsinki, "--route", Self.esplanadi, "--route-speed", "60",
            ], environment: ["XDG_CACHE_HOME": "\(folder)/cache", "NEARBY_VOICE_BENCH_REPORT_CPU": log],
            input: .text("count\n"), timeout: 120
        ).run()
        #expect(result.status == 0, "\(result.stderr)")
        let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        let micros = lines.compactMap { Int($0) }
        #expect(micros.count == lines.count, "\(lines.prefix(5))")
        // 335 metres at 1.4 m/s: a report a second of the walk, about 239.
        #expect((200...260).contains(lines.count), "\(lines.count) reports")
        #expect(micros.allSatisfy { $0 >= 0 && $0 < 1_000_000 })
        #expect(micros.contains { $0 > 0 })
    }

    @Test("A malformed GPX file: FILE:LINE: and 65; a missing one: 66")
    func malformed() throws {
        let path = Self.fixtures.appendingPathComponent("routes/malformed.gpx").path
        let result = try Program(["--speech", "off", "--route", path]).run()
        #expect(result.status == 65)
        #expect(result.stderr == "nearby-voice: \(path):5: a track point's lon is missing or not a number in range\n")
        let missing = try Program(["--speech", "off", "--route", "/nonexistent/walk.gpx"]).run()
        #expect(missing.status == 66)
        #expect(missing.stderr.hasPrefix("nearby-voice: cannot read the route /nonexistent/walk.gpx: "))
    }
}
