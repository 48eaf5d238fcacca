import PlaceData
import Position
import TextFormats

extension MarkerLibrary {
    /// The library as the text of a GPX 1.1 file, in the order GPX 1.1's schema gives: each
    /// marker a `<wpt>` with `<time>`, `<name>`, `<desc>` (when it has a note) and its place in
    /// `<extensions>`; each route a `<rte>` with `<name>`, `<desc>`, its time in `<extensions>`,
    /// and its waypoints as `<rtept>`, each written as a marker is. Coordinates have 7 decimals
    /// (about a centimetre), times whole seconds in UTC; every text is escaped (`XMLText`).
    /// Ends in a line feed.
    public func gpx(creator: String = "nearby-voice") -> String {
        var out = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        out += #"<gpx version="1.1" creator="\#(XMLText.escaped(creator))" xmlns="http://www.topografix.com/GPX/1/1""#
        out += #" xmlns:nv="\#(Self.namespace)""#
        out += #" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance""#
        out += #" xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">"#
        out += "\n"
        for marker in markers { Self.write(marker, as: "wpt", indent: "  ", to: &out) }
        for route in routes {
            out += "  <rte>\n"
            out += "    <name>\(XMLText.escaped(route.name))</name>\n"
            if let note = route.note { out += "    <desc>\(XMLText.escaped(note))</desc>\n" }
            out += "    <extensions><nv:time>\(ISOTime.text(route.time))</nv:time></extensions>\n"
            for waypoint in route.waypoints { Self.write(waypoint, as: "rtept", indent: "    ", to: &out) }
            out += "  </rte>\n"
        }
        out += "</gpx>\n"
        return out
    }

    /// One point, `<wpt>` or `<rtept>`, with its children.
    private static func write(_ marker: Marker, as element: String, indent: String, to out: inout String) {
        out += "\(indent)<\(element) \(GPXWriter.attributes(marker.coordinate))>\n"
        out += "\(indent)  <time>\(ISOTime.text(marker.time))</time>\n"
        out += "\(indent)  <name>\(XMLText.escaped(marker.name))</name>\n"
        if let note = marker.note { out += "\(indent)  <desc>\(XMLText.escaped(note))</desc>\n" }
        if let place = marker.placeID {
            out += "\(indent)  <extensions><nv:place>\(XMLText.escaped(place))</nv:place></extensions>\n"
        }
        out += "\(indent)</\(element)>\n"
    }

}
