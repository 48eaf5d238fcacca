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

    @Test("The tracker: a lost fix once, a jump doubted until confirmed, the end of a connection")
    func tracker() {
        var tracker = GpsdTracker()
        // No fix before any: nothing to say.
        #expect(tracker.feed(.init(mode: 1)) == nil)
        let here = Coordinate(latitude: 60.17, longitude: 24.94)
        #expect(
            tracker.feed(.init(mode: 3, latitude: 60.17, longitude: 24.94, track: 90, speed: 1))
                == .position(here, course: 90, speed: 1, accuracy: nil))
        #expect(tracker.feed(.init(mode: 1)) == .lost)
        #expect(tracker.feed(.init(mode: 0)) == nil)
        #expect(tracker.feed(.init(mode: 3, latitude: 60.17, longitude: 24.94)) != nil)
        // 111 km away: doubted; a second report near it confirms it.
        #expect(tracker.feed(.init(mode: 3, latitude: 61.17, longitude: 24.94)) == nil)
        #expect(tracker.feed(.init(mode: 3, latitude: 60.1701, longitude: 24.94)) != nil)
        #expect(tracker.feed(.init(mode: 3, latitude: 61.17, longitude: 24.94)) == nil)
        #expect(tracker.feed(.init(mode: 3, latitude: 61.1701, longitude: 24.94)) != nil)
        #expect(tracker.disconnected() == .lost)
        #expect(tracker.disconnected() == nil)
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
