import Foundation
import PlaceData
import TextFormats

/// A walking route as the text of a GPX 1.1 file that other GPX tools read: the route's name and
/// the time it was written (`<metadata>`), its turn points as waypoints (`<wpt>` with `<name>`
/// and `<desc>`), and its line as one track of one segment (`<trk>`, `<trkseg>`, `<trkpt>`), in
/// the order GPX 1.1's schema gives them. Every text is escaped (`XMLText`); coordinates have 7
/// decimals (about a centimetre). Pure: the caller gives the time and writes the file.
public struct GPXWriter: Equatable, Sendable {
    /// The file's name and the track's: "Route to Ravintola Aino".
    public var name: String
    /// The line walked, in order.
    public var track: [Coordinate]
    /// The turn points and the end, each with a name and a description.
    public var waypoints: [Waypoint]
    /// What `creator` says wrote the file.
    public var creator = "nearby-voice"

    public init(name: String, track: [Coordinate], waypoints: [Waypoint]) {
        self.name = name
        self.track = track
        self.waypoints = waypoints
    }

    /// The file's text, written at `time` (seconds since 1970, UTC), ending in a line feed.
    public func text(time: Double) -> String {
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<gpx version="1.1" creator="\#(XMLText.escaped(creator))" xmlns="http://www.topografix.com/GPX/1/1""#
                + #" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance""#
                + #" xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">"#,
            "  <metadata>",
            "    <name>\(XMLText.escaped(name))</name>",
            "    <time>\(ISOTime.text(time))</time>",
            "  </metadata>",
        ]
        for waypoint in waypoints {
            lines.append("  <wpt \(Self.attributes(waypoint.coordinate))>")
            lines.append("    <name>\(XMLText.escaped(waypoint.name))</name>")
            lines.append("    <desc>\(XMLText.escaped(waypoint.description))</desc>")
            lines.append("  </wpt>")
        }
        lines.append("  <trk>")
        lines.append("    <name>\(XMLText.escaped(name))</name>")
        lines.append("    <trkseg>")
        for point in track { lines.append("      <trkpt \(Self.attributes(point))/>") }
        lines.append("    </trkseg>")
        lines.append("  </trk>")
        lines.append("</gpx>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// `lat="60.1675000" lon="24.9525000"`: 7 decimals, a point as the decimal separator always.
    public static func attributes(_ point: Coordinate) -> String {
        #"lat="\#(String(format: "%.7f", point.latitude))" lon="\#(String(format: "%.7f", point.longitude))""#
    }
}
