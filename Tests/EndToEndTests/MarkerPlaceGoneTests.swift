import Foundation
import Testing

/// A marker stays where it was put when the place it came from leaves the map data (issue 40,
/// point 1), and says so: a markers file holding a marker of Ravintola Aino (still in Helsinki's
/// extract) and one of a place the extract no longer has, opened over Helsinki's place store.
@Suite("A marker whose place is gone says so")
struct MarkerPlaceGoneTests {
    @Test func aMarkerOfAPlaceNoLongerMappedSaysSoInMarkersAndDetails() throws {
        let data = temporaryPath("gone-data")
        try FileManager.default.createDirectory(atPath: "\(data)/nearby-voice", withIntermediateDirectories: true)
        try """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="nearby-voice" xmlns="http://www.topografix.com/GPX/1/1" \
        xmlns:nv="https://nearby-voice.invalid/gpx/extensions/1">
          <wpt lat="60.1679484" lon="24.9500488"><name>Aino</name>\
        <extensions><nv:place>node/600394451</nv:place></extensions></wpt>
          <wpt lat="60.1677000" lon="24.9515000"><name>Old kiosk</name>\
        <extensions><nv:place>node/1</nv:place></extensions></wpt>
          <wpt lat="60.1676000" lon="24.9520000"><name>Bench</name></wpt>
        </gpx>

        """.write(toFile: "\(data)/nearby-voice/markers.gpx", atomically: true, encoding: .utf8)
        let result = try Program(
            ["--speech", "off", "--places", RouteTests.helsinki, "--at", "60.1675,24.9525"],
            environment: ["XDG_DATA_HOME": data, "XDG_CACHE_HOME": temporaryPath("gone-cache")],
            input: .text("markers\nselect Old kiosk\ndetails\nselect Aino\ndetails\n"), timeout: 180
        ).run()
        #expect(result.status == 0, "\(result.stderr)")
        let said = result.stdout
        #expect(said.contains("Old kiosk, 60 metres west, its place gone"), "\(said)")
        #expect(!said.contains("Aino, 145 metres west, its place gone"), "\(said)")
        #expect(!said.contains("Bench, 30 metres west, its place gone"), "\(said)")
        #expect(
            said.contains("Its place is gone from the map data; the marker stays where it was put."), "\(said)")
        #expect(
            said.components(separatedBy: "Its place is gone").count == 2, "said of Old kiosk alone: \(said)")
    }
}
