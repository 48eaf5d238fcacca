import Foundation
import PlaceData
import Testing

@testable import MarkerStore

/// A damaged markers file is kept aside under a new name with its bytes as they were, said with
/// its line and column, and never written over: the session starts with an empty library and the
/// next save makes a new file.
@Suite("A damaged markers file is kept aside, said with its line and column, never overwritten")
struct DamagedFileTests {
    static let good = MarkerLibrary(markers: [
        Marker(name: "Front door", coordinate: Coordinate(latitude: 60.1675, longitude: 24.9525), time: 1_796_119_200),
        Marker(name: "Bench", coordinate: Coordinate(latitude: 60.1701, longitude: 24.9412), time: 1_796_119_260),
    ]).gpx()

    /// Each damage: the file's bytes, and the problem's line, column and reason.
    static let damages: [(String, [UInt8], Int, Int, GPXLibraryProblem.Reason)] = [
        // Cut in the middle of the second marker's tag (line 7: `  <wpt lat="60.1701000" lon="24.94`).
        ("cut mid-tag", Array(good.utf8.prefix(good.utf8.count - 100)), 7, 3, .unclosed("<wpt")),
        // Cut inside the first marker's name (`    <name>Front do`): the file ends inside <name>,
        // just after its 18th character.
        (
            "cut mid-element", Array(good.components(separatedBy: "Front do")[0].utf8) + Array("Front do".utf8), 5, 19,
            .endsInside("name")
        ),
        ("not XML", Array("These are my markers:\nFront door, 60.1675, 24.9525\n".utf8), 1, 1, .notXML),
        ("not text", [0x1F, 0x8B, 0x08, 0x00] + Array("gzip".utf8), 1, 2, .notText(0x8B)),
        ("empty", [], 1, 1, .notGPX(root: "")),
        (
            "XML but not GPX",
            Array("<?xml version=\"1.0\"?>\n<kml xmlns=\"http://www.opengis.net/kml/2.2\">\n</kml>\n".utf8),
            2, 1, .notGPX(root: "kml")
        ),
        (
            "bad lat", Array(good.replacingOccurrences(of: "lat=\"60.1701000\"", with: "lat=\"91.5\"").utf8), 7, 3,
            .badCoordinate("lat")
        ),
        (
            "bad time", Array(good.replacingOccurrences(of: "2026-12-01T10:01:00Z", with: "yesterday").utf8), 8, 11,
            .badTime("yesterday")
        ),
        (
            "tags that do not nest", Array(good.replacingOccurrences(of: "</name>\n  </wpt>", with: "</wpt>").utf8), 5,
            21,
            .mismatchedEnd(expected: "name", found: "wpt")
        ),
    ]

    @Test(
        "Kept aside with its bytes, said with line and column; an empty library; the next save a new file",
        arguments: 0..<damages.count)
    func keptAside(index: Int) throws {
        let (what, damaged, line, column, reason) = Self.damages[index]
        let folder = try temporaryFolder("damaged")
        let path = "\(folder)/markers.gpx"
        try Data(damaged).write(to: URL(fileURLWithPath: path))
        let file = try MarkerFile(path: path)
        let (library, problem) = try file.load()
        #expect(library == MarkerLibrary(), "\(what)")
        let kept = try #require(problem, "\(what) was not found damaged")
        #expect(kept.problem.location == .init(file: path, line: line, column: column), "\(what)")
        #expect(kept.problem.reason == reason, "\(what)")
        // Renamed aside, its bytes as they were; markers.gpx itself is gone.
        let name = String(kept.keptAs.dropFirst(folder.count + 1))
        #expect(name.wholeMatch(of: /markers\.gpx\.damaged-[0-9]{8}-[0-9]{6}/) != nil, "\(name)")
        #expect(bytes(kept.keptAs) == Data(damaged), "\(what)")
        #expect(!FileManager.default.fileExists(atPath: path))
        // The next save makes a new file and leaves the damaged one alone.
        try file.save(
            MarkerLibrary(markers: [Marker(name: "New", coordinate: Coordinate(latitude: 1, longitude: 2), time: 3)]))
        #expect(try file.load().library.markers.map(\.name) == ["New"])
        #expect(bytes(kept.keptAs) == Data(damaged), "\(what)")
    }

    @Test("A second damaged file in the same second is kept under a name of its own")
    func secondDamage() throws {
        let folder = try temporaryFolder("damaged-twice")
        let path = "\(folder)/markers.gpx"
        let stamp = MarkerFile.damagedName(path, time: 1_796_119_200)
        #expect(stamp == "\(path).damaged-20261201-100000")
        FileManager.default.createFile(atPath: stamp, contents: Data("first".utf8))
        #expect(MarkerFile.damagedName(path, time: 1_796_119_200) == "\(stamp)-2")
        FileManager.default.createFile(atPath: "\(stamp)-2", contents: Data("second".utf8))
        #expect(MarkerFile.damagedName(path, time: 1_796_119_200) == "\(stamp)-3")
    }

    @Test("A damaged file another session holds is said, and left where it is")
    func readOnlyDamaged() throws {
        let folder = try temporaryFolder("damaged-held")
        let path = "\(folder)/markers.gpx"
        try Data("not a GPX file".utf8).write(to: URL(fileURLWithPath: path))
        let holder = try MarkerFile(path: path)
        let second = try MarkerFile(path: path)
        #expect(!holder.isReadOnly && second.isReadOnly)
        let (library, problem) = try second.load()
        #expect(library == MarkerLibrary())
        #expect(problem?.keptAs == path)
        #expect(problem?.problem.reason == .notXML)
        #expect(bytes(path) == Data("not a GPX file".utf8))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["markers.gpx", "markers.gpx.lock"])
    }
}
