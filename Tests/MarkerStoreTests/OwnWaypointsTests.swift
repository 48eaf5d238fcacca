import Foundation
import PlaceData
import Testing

@testable import MarkerStore

/// The short path for waypoints as our writer writes them (GPXLibraryReader+OwnWaypoints.swift)
/// gives what the general reader gives: the same library from the same bytes, and the same
/// problem, at the same line and column, from a file changed to be damaged or unlike ours.
@Suite("Our own waypoints read on the short path as the general reader reads them")
struct OwnWaypointsTests {
    typealias Read = Result<MarkerLibrary, GPXLibraryProblem>

    /// Both ways of reading `text`: the library or the problem, each; and how many waypoints
    /// the short path read.
    static func readBoth(_ text: String) -> (short: Read, general: Read, shortPath: Int) {
        func read(_ short: Bool) -> (Read, Int) {
            var reader = GPXLibraryReader(bytes: Array(text.utf8), file: "f.gpx", undatedTime: 5)
            reader.readsOwnWaypoints = short
            do throws(GPXLibraryProblem) {
                return (.success(try reader.read()), reader.ownWaypointsRead)
            } catch {
                return (.failure(error), reader.ownWaypointsRead)
            }
        }
        let (short, count) = read(true)
        return (short, read(false).0, count)
    }

    /// Markers with names in many scripts, names and notes with white space, entities and
    /// controls around and inside them, places and not, and a route among them.
    static func library() -> MarkerLibrary {
        let names =
            namesInManyScripts + [
                " leading space", "trailing tab\t", "\u{00A0}no-break space\u{00A0}", "line\nbreak", "x\u{3000}",
                "", "  ", "1 < 2 > 0", "a&b", "\u{1F600}", "e\u{301}", "nv:place",
            ]
        var markers: [Marker] = []
        for (index, name) in names.enumerated() {
            markers.append(
                Marker(
                    name: name,
                    coordinate: Coordinate(
                        latitude: -89.9 + Double(index) * 7.123_456_7, longitude: 179.9 - Double(index) * 13.7654321),
                    note: index % 3 == 0 ? "Note: \(name) \u{2028}" : nil, time: 1_796_119_200 + Double(index) * 3601,
                    placeID: index % 2 == 0 ? "node/\(index)" : nil))
        }
        let route = MarkedRoute(
            name: "Route", note: "by the sea", time: 1_796_000_000, waypoints: Array(markers.prefix(3)))
        return MarkerLibrary(markers: markers, routes: [route])
    }

    @Test("Our file: the same library both ways, and the one written")
    func ownFile() throws {
        let library = Self.library()
        let (short, general, shortPath) = Self.readBoth(library.gpx())
        let read = try short.get()
        #expect(read == (try general.get()))
        #expect(read.markers.count == library.markers.count)
        #expect(read.routes.count == 1)
        // Every marker on the short path (the route's waypoints are the general reader's).
        #expect(shortPath == library.markers.count)
    }

    /// Changes to our file's fifth waypoint (`inFifth`), or to the whole file.
    static let changes: [(label: String, inFifth: Bool, change: @Sendable (String) -> String)] = [
        ("a comment inside", true, { $0.replacingOccurrences(of: "<name>", with: "<!-- c --><name>") }),
        ("CDATA in a name", true, { $0.replacingOccurrences(of: "<name>", with: "<name><![CDATA[Ra]]>") }),
        ("a time that is not one", true, { $0.replacingOccurrences(of: "Z</time>", with: "X</time>") }),
        ("a latitude out of range", true, { $0.replacingOccurrences(of: "lat=\"-", with: "lat=\"-9") }),
        ("a latitude not a number", true, { $0.replacingOccurrences(of: "lat=\"-", with: "lat=\"x") }),
        ("attributes spaced otherwise", true, { $0.replacingOccurrences(of: "<wpt lat", with: "<wpt  lat") }),
        (
            "an element of another program", true,
            { $0.replacingOccurrences(of: "</name>", with: "</name><ele>3</ele>") }
        ),
        ("an end tag that does not match", true, { $0.replacingOccurrences(of: "</wpt>", with: "</wptx>") }),
        ("text between the fields", true, { $0.replacingOccurrences(of: "</time>", with: "</time>words") }),
        ("a cmt", true, { $0.replacingOccurrences(of: "<name>", with: "<cmt>said</cmt><name>") }),
        ("an entity in a number", true, { $0.replacingOccurrences(of: "lat=\"", with: "lat=\"&#32;") }),
        ("no extensions' prefix", false, { $0.replacingOccurrences(of: "xmlns:nv=", with: "xmlns:other=") }),
        ("a file cut short", false, { String(decoding: $0.utf8.prefix($0.utf8.count / 2), as: UTF8.self) }),
        ("the root left open", false, { $0.replacingOccurrences(of: "</gpx>", with: "") }),
    ]

    /// `text` with `change` made to its fifth `<wpt>…</wpt>` alone.
    static func inFifthWaypoint(_ text: String, _ change: (String) -> String) -> String {
        var starts: [Range<String.Index>] = []
        var from = text.startIndex
        while let found = text.range(of: "<wpt ", range: from..<text.endIndex) {
            starts.append(found)
            from = found.upperBound
        }
        let start = starts[4].lowerBound
        let end = text.range(of: "</wpt>", range: start..<text.endIndex)!.upperBound
        return String(text[..<start]) + change(String(text[start..<end])) + String(text[end...])
    }

    @Test("A change to our file: the same library, or the same problem where it is", arguments: changes.indices)
    func changed(_ index: Int) throws {
        let (label, inFifth, change) = Self.changes[index]
        let original = Self.library().gpx()
        let text = inFifth ? Self.inFifthWaypoint(original, change) : change(original)
        #expect(text != original, "\(label): the change changed nothing")
        let (short, general, shortPath) = Self.readBoth(text)
        // The four waypoints before a change are read on the short path (and those after it
        // too, when the file reads on).
        if inFifth { #expect(shortPath >= 4, "\(label)") }
        switch (short, general) {
        case (.success(let a), .success(let b)): #expect(a == b, "\(label)")
        case (.failure(let a), .failure(let b)): #expect(a == b, "\(label)")
        default: Issue.record("\(label): \(short) against \(general)")
        }
    }
}

@Suite("A plain decimal read without a string, as Double(String) reads it")
struct OwnDecimalTests {
    static func decimal(_ text: String) -> Double? {
        Array(text.utf8).withUnsafeBufferPointer { OwnCursor.decimal($0[...]) }
    }

    @Test("Positions as we write them, seeded, and the forms around them")
    func asDouble() {
        var state: UInt64 = 40
        var texts = [
            "0", "-0", "0.0000000", "-0.0000000", "90.0000000", "-180.0000000", "123456789012345", "1.23456789012345",
            "-99999.9999999999", "0.1", "0.3", "7", "38.7115000", "-9.1390000",
        ]
        for _ in 0..<20_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let value = Double(state >> 11) / Double(1 << 53) * 360 - 180
            texts.append(String(format: "%.7f", value))
            texts.append(String(format: "%.12f", value / 1000))
        }
        for text in texts {
            let read = Self.decimal(text)
            #expect(read != nil, "\(text)")
            #expect(read?.bitPattern == Double(text)?.bitPattern, "\(text)")
        }
    }

    @Test(
        "Any other text is left to Double(String)",
        arguments: [
            "", "-", ".5", "5.", "+1.5", "1e5", " 1.5", "1.5 ", "1.2.3", "1234567890123456",
            "123456789012345678901234567890", "0x10", "nan", "1,5",
        ])
    func notPlain(_ text: String) {
        #expect(Self.decimal(text) == nil)
    }
}
