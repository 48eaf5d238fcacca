import PlaceData
import Testing

@testable import Position

/// gpsd's JSON lines, read as untrusted input, and what the tracker makes of the reports.
@Suite("gpsd's protocol: lines parsed, fixes tracked")
struct GpsdProtocolTests {
    @Test(
        "Lines are read; anything else is malformed, never fatal",
        arguments: [
            (#"{"class":"VERSION","release":"3.22","rev":"3.22"}"#, GpsdMessage.version(release: "3.22")),
            (
                #"{"class":"TPV","mode":3,"lat":60.17,"lon":24.94,"track":80.5,"speed":1.4,"eph":4.5,"time":"2026-12-01T10:00:00Z"}"#,
                .tpv(
                    .init(
                        mode: 3, latitude: 60.17, longitude: 24.94, track: 80.5, speed: 1.4, accuracy: 4.5,
                        time: "2026-12-01T10:00:00Z"))
            ),
            (#"{"class":"TPV","mode":1}"#, .tpv(.init(mode: 1))),
            (
                #"{"class":"TPV","mode":2,"lat":60,"lon":24,"epx":3,"epy":7}"#,
                .tpv(.init(mode: 2, latitude: 60, longitude: 24, accuracy: 7))
            ),
            (#"{"class":"SKY","satellites":[]}"#, .other("SKY")),
            (#"{"class":"TPV","lat":60}"#, .malformed),
            (#"{"class":"TPV","mode":true}"#, .malformed),
            // Found by the fuzzer (Fuzz/Targets/GpsdFuzz.swift): a mode too large for an Int crashed.
            (#"{"class":"TPV","mode":1e300,"lat":60,"lon":24}"#, .malformed),
            (#"{"class":"TPV","mode":-1}"#, .malformed),
            (#"{"class":"TPV","mode":2.5}"#, .malformed),
            (#"{"class":"TPV","mode":3,"lat":NaN,"lon":24}"#, .malformed),
            (#"[1,2,3]"#, .malformed),
            (#"{"class":7}"#, .malformed),
            ("", .malformed),
            ("\u{0}\u{1}garbage", .malformed),
        ])
    func parse(line: String, expected: GpsdMessage) {
        #expect(GpsdMessage.parse(line) == expected)
    }

    @Test("A TPV with a string for a number, or out of range, is no fix")
    func noFix() {
        guard case .tpv(let tpv) = GpsdMessage.parse(#"{"class":"TPV","mode":3,"lat":"60","lon":24}"#) else {
            Issue.record("not a TPV")
            return
        }
        #expect(!tpv.hasFix)
        #expect(!GpsdMessage.TPV(mode: 3, latitude: 95, longitude: 24).hasFix)
    }

    @Test("The tracker: no fix yet once, a lost fix once, a jump doubted until confirmed, the end of a connection")
    func tracker() {
        var tracker = GpsdTracker()
        // No fix before any: none yet, said once.
        #expect(tracker.feed(.init(mode: 1), at: 0) == .waiting)
        #expect(tracker.feed(.init(mode: 1), at: 0.5) == nil)
        let here = Coordinate(latitude: 60.17, longitude: 24.94)
        #expect(
            tracker.feed(.init(mode: 3, latitude: 60.17, longitude: 24.94, track: 90, speed: 1), at: 1)
                == .position(here, course: 90, speed: 1, accuracy: nil, mode: 3))
        #expect(tracker.feed(.init(mode: 1), at: 1) == .lost)
        #expect(tracker.feed(.init(mode: 0), at: 1) == nil)
        #expect(tracker.feed(.init(mode: 3, latitude: 60.17, longitude: 24.94), at: 1) != nil)
        // 111 km away: doubted; a second report near it confirms it.
        #expect(tracker.feed(.init(mode: 3, latitude: 61.17, longitude: 24.94), at: 1) == nil)
        #expect(tracker.feed(.init(mode: 3, latitude: 60.1701, longitude: 24.94), at: 1) != nil)
        #expect(tracker.feed(.init(mode: 3, latitude: 61.17, longitude: 24.94), at: 1) == nil)
        #expect(tracker.feed(.init(mode: 3, latitude: 61.1701, longitude: 24.94), at: 1) != nil)
        #expect(tracker.disconnected() == .lost)
        #expect(tracker.disconnected() == nil)
        #expect(tracker.skipped == 2)
    }

    @Test("The tracker in time: no fix yet after 3 s, silent once more than 3 s after a fix, back with the next")
    func trackerInTime() {
        var tracker = GpsdTracker(started: 100)
        // Nothing at all from gpsd: none yet is said once 3 s after following began.
        #expect(tracker.tick(at: 101) == nil)
        #expect(tracker.tick(at: 102.9) == nil)
        #expect(tracker.tick(at: 103) == .waiting)
        #expect(tracker.tick(at: 110) == nil)
        // A report without a fix after that says nothing more.
        #expect(tracker.feed(.init(mode: 1), at: 111) == nil)
        // A 2D fix, gpsd's own accuracy (epx/epy read as the larger), then nothing for 3 s: silent, once.
        let here = Coordinate(latitude: 60.17, longitude: 24.94)
        #expect(
            tracker.feed(.init(mode: 2, latitude: 60.17, longitude: 24.94, accuracy: 7), at: 120)
                == .position(here, course: nil, speed: nil, accuracy: 7, mode: 2))
        #expect(tracker.tick(at: 122) == nil)
        #expect(tracker.tick(at: 123) == nil)
        #expect(tracker.tick(at: 123.2) == .silent)
        #expect(tracker.isSilent)
        #expect(tracker.tick(at: 145) == nil)
        // Fixes again: the silence is over; a second silence is said again.
        #expect(tracker.feed(.init(mode: 3, latitude: 60.17, longitude: 24.94), at: 146) != nil)
        #expect(!tracker.isSilent && tracker.lastFixTime == 146)
        #expect(tracker.tick(at: 148) == nil)
        #expect(tracker.tick(at: 149.5) == .silent)
        // A lost fix (gpsd says so) is no silence: silent is not said while it is lost.
        #expect(tracker.feed(.init(mode: 3, latitude: 60.17, longitude: 24.94), at: 150) != nil)
        #expect(tracker.feed(.init(mode: 1), at: 151) == .lost)
        #expect(tracker.tick(at: 160) == nil)
        // Reports without a fix keep coming and do not refresh the fix; one with a fix does.
        #expect(tracker.feed(.init(mode: 3, latitude: 60.17, longitude: 24.94), at: 161) != nil)
        #expect(tracker.feed(.init(mode: 1), at: 162) == .lost)
        #expect(tracker.feed(.init(mode: 3, latitude: 60.17, longitude: 24.94), at: 163) != nil)
        #expect(tracker.disconnected() == .lost)
        #expect(tracker.tick(at: 200) == nil)
        // A negative accuracy is none.
        #expect(
            tracker.feed(.init(mode: 3, latitude: 60.17, longitude: 24.94, accuracy: -1), at: 201)
                == .position(here, course: nil, speed: nil, accuracy: nil, mode: 3))
    }

    @Test("The tracker before any fix: a fix within 3 s says nothing of waiting; a doubted jump is no fix")
    func trackerFirstFix() {
        var tracker = GpsdTracker(started: 0)
        #expect(tracker.tick(at: 1) == nil)
        #expect(tracker.feed(.init(mode: 3, latitude: 60.17, longitude: 24.94), at: 2) != nil)
        #expect(tracker.tick(at: 4) == nil)
        #expect(!tracker.saidWaiting)
        // A jump held back does not count as a fix: 3 s after the last followed, silent.
        #expect(tracker.feed(.init(mode: 3, latitude: 61.17, longitude: 24.94), at: 4.5) == nil)
        #expect(tracker.tick(at: 5.1) == .silent)
        // Mode 2 or 3 without a position is skipped, and no fix.
        #expect(tracker.feed(.init(mode: 3), at: 6) == nil)
        #expect(tracker.skipped == 2)
    }

    @Test("gpsd's address: gpsd, gpsd:HOST, gpsd:HOST:PORT")
    func address() {
        #expect(GpsdAddress(parsing: "gpsd") == .standard)
        #expect(GpsdAddress(parsing: "GPSD:gps.local") == GpsdAddress(host: "gps.local", port: 2947))
        #expect(GpsdAddress(parsing: "gpsd:127.0.0.1:2948") == GpsdAddress(host: "127.0.0.1", port: 2948))
        #expect(GpsdAddress(parsing: "gpsd:host:99999") == nil)
        #expect(GpsdAddress(parsing: "gpsd:a b:1") == nil)
        #expect(GpsdAddress(parsing: "Pääposti") == nil)
    }
}
