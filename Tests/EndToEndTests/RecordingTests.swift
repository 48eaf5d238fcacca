import Foundation
import Testing

/// Recording a walk for real (issue 40, point 3): the built program follows a replayed GPX walk,
/// `record FILE.gpx` writes it, `mark` names a point of it, `record stop` ends it; Debian's
/// python3-gpxpy, a reader of its own, reads the track back. A session killed while recording
/// leaves a file gpxpy reads. The track replays with `--route`, and `route from` makes it a route.
@Suite("record: a walk as a GPX track other tools read", .serialized)
struct RecordingTests {
    /// 120 metres north of the built-in places' centre and back, a point every 10 metres.
    static let walk = RouteTests.fixtures.appendingPathComponent("routes/lisbon-out-and-back.gpx").path

    /// gpxpy's view of a track: each point as "lat|lon|time|name".
    static func trackPoints(_ path: String) throws -> [[String]]? {
        let result = try Program(
            tool: "/usr/bin/python3",
            [
                "-c",
                """
                from sys import argv
                from gpxpy import parse
                with open(argv[1]) as f:
                    gpx = parse(f)
                for track in gpx.tracks:
                    for segment in track.segments:
                        for p in segment.points:
                            print("%.7f|%.7f|%s|%s" % (p.latitude, p.longitude, p.time.isoformat() if p.time else "", p.name or ""))
                """,
                path,
            ]
        ).run()
        guard result.status == 0 else {
            Issue.record("gpxpy cannot read \(path): \(result.stderr)")
            return nil
        }
        return result.stdout.split(separator: "\n").map {
            $0.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        }
    }

    /// A session walking `walk` fast, with markers of its own under `folder`.
    static func session(_ folder: String, route: String = walk, speed: String = "20") throws -> Program.Running {
        try Program(
            ["--speech", "off", "--route", route, "--route-speed", speed],
            environment: ["XDG_DATA_HOME": "\(folder)/data"], input: .open, timeout: 120
        ).start()
    }

    @Test("record, mark, record stop: every point said is in the file, in order, and the mark names one")
    func recordedWalkReadByGpxpy() throws {
        let folder = temporaryPath("record")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let file = "\(folder)/walk.gpx"
        let running = try Self.session(folder)
        _ = running.send("record \(file)")
        #expect(waitUntil(timeout: 60) { running.stdoutSoFar.contains("End of the route") }, "\(running.stdoutSoFar)")
        _ = running.send("mark Home")
        _ = running.send("record stop")
        #expect(waitUntil { running.stdoutSoFar.contains("Recording stopped") }, "\(running.stdoutSoFar)")
        running.closeInput()
        #expect(running.wait().status == 0)
        let said = running.stdoutSoFar
        #expect(said.contains("Recording your walk to \(file). record stop ends it; mark names a point on it."))
        let stopped = try #require(
            said.firstMatch(of: /Recording stopped: ([0-9]+) points, ([0-9]+) metres, in (.*)\./))
        let points = try #require(try Self.trackPoints(file))
        #expect(points.count == Int(stopped.1), "said \(stopped.1), gpxpy read \(points.count)")
        #expect(String(stopped.3) == file)
        // Every point is on the walk's line (120 metres due north and back), timed in order; the
        // last is the mark, named.
        #expect(
            points.allSatisfy { $0[1] == "-9.1390000" && (38.7115...38.71258).contains(Double($0[0]) ?? 0) },
            "\(points.prefix(3))")
        #expect(points.last?[3] == "Home")
        #expect(points.dropLast().allSatisfy { $0[3].isEmpty })
        let times = points.map { $0[2] }
        #expect(times.allSatisfy { !$0.isEmpty } && times == times.sorted(), "\(times)")
        #expect(points.count >= 20, "most of the walk's 27 points were recorded: \(points.count)")

        // The track replays with --route, and route from makes a route of its named point.
        let replay = try Program(
            ["--speech", "off", "--route", file, "--route-speed", "100"],
            environment: ["XDG_DATA_HOME": "\(folder)/data"], input: .text("route from \(file)\nroutes\n"), timeout: 120
        ).run()
        #expect(replay.status == 0, "\(replay.stderr)")
        #expect(replay.stdout.contains("Made route walk from \(file): 1 waypoint. Type route start to walk it."))
        #expect(replay.stdout.contains("1 route: walk, 1 waypoint, at Home."), "\(replay.stdout)")
        #expect(replay.stdout.contains("End of the route: "), "\(replay.stdout)")
    }

    @Test("A session killed while recording leaves a GPX file gpxpy reads; a file there is never written over")
    func killedWhileRecording() throws {
        let folder = temporaryPath("record-kill")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let file = "\(folder)/walk.gpx"
        let running = try Self.session(folder, speed: "5")
        _ = running.send("record \(file)")
        #expect(waitUntil { fileSize(file) > 600 }, "\(running.stdoutSoFar)")
        running.signal(SIGKILL)
        _ = running.wait()
        let points = try #require(try Self.trackPoints(file))
        #expect(!points.isEmpty)
        let before = try Data(contentsOf: URL(fileURLWithPath: file))
        // Recording to it again is refused with the system's words, and the file stays as it was.
        let again = try Program(
            ["--speech", "off"], environment: ["XDG_DATA_HOME": "\(folder)/data"],
            input: .text("record \(file)\nrecord\nrecord stop\n")
        ).run()
        #expect(again.stdout.contains("Cannot record to \(file): File exists."), "\(again.stdout)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before)
        // `record` alone writes a new file in the data folder's walks.
        #expect(
            again.stdout.firstMatch(
                of: /Recording your walk to .*\/data\/nearby-voice\/walks\/walk-[0-9]{8}-[0-9]{6}\.gpx\./) != nil,
            "\(again.stdout)")
        #expect(again.stdout.contains("Recording stopped: 0 points, less than 5 metres, in "), "\(again.stdout)")
    }

    @Test("Recording follows gpsd: each fix is a point, and no point is made while there is no fix")
    func recordsGpsdFixes() throws {
        let folder = temporaryPath("record-gpsd")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let file = "\(folder)/walk.gpx"
        let gpsd = try FakeGpsd()
        let running = try Program(
            ["--speech", "off", "--at", "gpsd:127.0.0.1:\(gpsd.port)"],
            environment: ["XDG_DATA_HOME": "\(folder)/data"], input: .open, timeout: 120
        ).start()
        #expect(waitUntil { gpsd.watches == 1 }, "the program never asked gpsd to watch")
        _ = running.send("record \(file)")
        #expect(waitUntil { running.stdoutSoFar.contains("Recording your walk to") }, "\(running.stdoutSoFar)")
        let fixes = [(38.7109, -9.1420), (38.7110, -9.1419), (38.7111, -9.1418)]
        for (number, fix) in fixes.enumerated() {
            gpsd.fix(fix.0, fix.1, track: 45, speed: 1.3)
            // Each fix reaches the track before the next is sent (its size grows by a point).
            #expect(waitUntil { (try? Self.trackPoints(file))?.count == number + 1 }, "fix \(number + 1)")
            gpsd.noFix()
        }
        _ = running.send("record stop")
        #expect(waitUntil { running.stdoutSoFar.contains("Recording stopped: 3 points") }, "\(running.stdoutSoFar)")
        running.closeInput()
        #expect(running.wait(timeout: 60).status == 0)
        let points = try #require(try Self.trackPoints(file))
        #expect(
            points.map { "\($0[0])|\($0[1])" }
                == fixes.map { String(format: "%.7f|%.7f", $0.0, $0.1) })
    }
}
