import PlaceData
import Testing

@testable import Position

@Suite("GPX routes are read and walked in time")
struct GPXRouteTests {
    static let header = "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" creator=\"test\">\n<trk><trkseg>\n"

    @Test("Track points are read with their times, in order")
    func readsPoints() throws {
        let text =
            Self.header + """
                <trkpt lat="60.1700" lon="24.9400"><time>2026-12-01T10:00:00Z</time></trkpt>
                <trkpt lat='60.1701' lon='24.9402'><ele>10</ele><time>2026-12-01T10:00:10.5Z</time></trkpt>
                <!-- a comment <trkpt lat="1" lon="1"/> -->
                <trkpt lat="60.1702" lon="24.9404"/>
                </trkseg></trk></gpx>
                """
        let route = try GPXRoute.parse(text)
        #expect(route.points.count == 3)
        #expect(route.points[0].coordinate == Coordinate(latitude: 60.17, longitude: 24.94))
        #expect(route.points[1].time! - route.points[0].time! == 10.5)
        #expect(route.points[2].time == nil)
        // Not every point has a time: the walking speed sets the pace.
        let walk = RouteWalk(route, walkSpeed: 1.4)
        #expect(!walk.usesFileTimes)
        #expect(abs(walk.duration - walk.length / 1.4) < 1e-9)
    }

    @Test("The file's times pace the walk, sampled at least every second")
    func fileTimes() throws {
        let text =
            Self.header + """
                <trkpt lat="60.1700" lon="24.9400"><time>2026-12-01T10:00:00Z</time></trkpt>
                <trkpt lat="60.1709" lon="24.9400"><time>2026-12-01T10:01:00+00:00</time></trkpt>
                </trkseg></trk></gpx>
                """
        let walk = RouteWalk(try GPXRoute.parse(text), walkSpeed: 1.4)
        #expect(walk.usesFileTimes)
        #expect(walk.duration == 60)
        let samples = walk.samples(every: 1)
        #expect(samples.count == 61)
        #expect(samples.last!.coordinate == Coordinate(latitude: 60.1709, longitude: 24.94))
        #expect(abs(samples.last!.walked - walk.length) < 1e-6)
        #expect(abs(samples[1].course! - 0) < 0.01)
        #expect(abs(samples[1].speed - walk.length / 60) < 1e-9)
    }

    @Test(
        "A malformed GPX file is refused with its line",
        arguments: [
            ("<html></html>", 1, GPXRoute.Problem.Reason.notGPX),
            (header + "<trkpt lon=\"24.9\"></trkpt>", 4, .badCoordinate("lat")),
            (header + "\n<trkpt lat=\"95\" lon=\"24.9\"/>", 5, .badCoordinate("lat")),
            (header + "<trkpt lat=\"60\" lon=\"24.9\"><time>yesterday</time></trkpt>", 4, .badTime("yesterday")),
            (header + "<trkpt lat=\"60\" lon=\"24.9\">\n<trkpt lat=\"60\" lon=\"24.9\"/>", 4, .unclosed("trkpt")),
            (header + "<trkpt lat=\"60\" lon=\"24.9\"", 4, .unclosed("<trkpt")),
            (header + "</trkseg></trk></gpx>", 4, .noPoints),
        ])
    func malformed(text: String, line: Int, reason: GPXRoute.Problem.Reason) {
        #expect(throws: GPXRoute.Problem(line: line, reason: reason)) { try GPXRoute.parse(text) }
    }

    @Test("ISO 8601 times as GPX and gpsd write them")
    func times() {
        #expect(ISOTime.seconds("1970-01-01T00:00:00Z") == 0)
        #expect(ISOTime.seconds("2026-12-01T10:00:00Z") == 1_796_119_200)
        #expect(ISOTime.seconds("2026-12-01T12:00:00+02:00") == 1_796_119_200)
        #expect(ISOTime.seconds("2026-12-01T10:00:00.250Z") == 1_796_119_200.25)
        #expect(ISOTime.seconds("2026-13-01T10:00:00Z") == nil)
        #expect(ISOTime.seconds("2026-12-01") == nil)
        #expect(ISOTime.seconds("2026-12-01T10:00:00Zjunk") == nil)
    }
}
