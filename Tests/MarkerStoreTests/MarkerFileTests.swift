import Foundation
import PlaceData
import Testing

@testable import MarkerStore

/// The markers file on a real disk: where it is, saved and loaded, written whole or not at all.
@Suite("The markers file: its path, saves and loads, a failed save leaving the old file whole")
struct MarkerFileTests {
    static let library = MarkerLibrary(
        markers: [
            Marker(
                name: "Front door", coordinate: Coordinate(latitude: 60.1675, longitude: 24.9525), note: "Blue door",
                time: 1_796_119_200, placeID: "node/42"),
            Marker(name: "Bench 🪑", coordinate: Coordinate(latitude: 60.1701, longitude: 24.9412), time: 1_796_119_260),
        ],
        routes: [MarkedRoute(name: "Home", time: 1_796_119_300, waypoints: [])])

    @Test("$XDG_DATA_HOME/nearby-voice/markers.gpx, else ~/.local/share/nearby-voice/markers.gpx")
    func defaultPath() {
        #expect(
            MarkerFile.defaultPath(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/a"])
                == "/data/nearby-voice/markers.gpx")
        #expect(
            MarkerFile.defaultPath(environment: ["HOME": "/home/a"]) == "/home/a/.local/share/nearby-voice/markers.gpx")
        // An empty or relative XDG_DATA_HOME is ignored, as the XDG specification says.
        for ignored in ["", "relative/data"] {
            #expect(
                MarkerFile.defaultPath(environment: ["XDG_DATA_HOME": ignored, "HOME": "/home/a"])
                    == "/home/a/.local/share/nearby-voice/markers.gpx")
        }
    }

    @Test("No file is an empty library; the first save makes the folders and a file of mode 0600 that loads back")
    func firstSave() throws {
        let folder = try temporaryFolder("first-save")
        let path = "\(folder)/data/nearby-voice/markers.gpx"
        let file = try MarkerFile(path: path)
        #expect(!file.isReadOnly)
        let empty = try file.load()
        #expect(empty.library == MarkerLibrary() && empty.damaged == nil)
        try file.save(Self.library)
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let loaded = try file.load()
        #expect(loaded.library == Self.library && loaded.damaged == nil)
        #expect(bytes(path) == Data(Self.library.gpx().utf8))
        // Nothing but the file and its lock is left in the folder.
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: "\(folder)/data/nearby-voice").sorted()
                == ["markers.gpx", "markers.gpx.lock"])
    }

    /// Makes `folder` one where no file can be made, also for root: immutable (chattr +i) as
    /// root, read-only (chmod 555) otherwise. Returns how to undo it.
    static func forbidWrites(in folder: String) throws -> () throws -> Void {
        if getuid() == 0 {
            let result = try runTool("/usr/bin/chattr", ["+i", folder])
            try #require(result.status == 0, "chattr +i: \(result.stderr)")
            return { _ = try runTool("/usr/bin/chattr", ["-i", folder]) }
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder)
        return { try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder) }
    }

    @Test("A save into a folder where nothing can be written throws and leaves the old file byte for byte")
    func failedSave() throws {
        let folder = try temporaryFolder("failed-save")
        let path = "\(folder)/markers.gpx"
        let file = try MarkerFile(path: path)
        try file.save(Self.library)
        let before = try #require(bytes(path))
        let undo = try Self.forbidWrites(in: folder)
        var bigger = Self.library
        bigger.markers += Array(repeating: Self.library.markers[0], count: 100)
        do {
            try file.save(bigger)
            Issue.record("The save into a folder that cannot be written did not throw")
        } catch {
            guard case .cannotWrite(let system) = error.reason else {
                Issue.record("Unexpected problem: \(error)")
                return
            }
            #expect(system.code == EPERM || system.code == EACCES, "\(system)")
        }
        try undo()
        #expect(bytes(path) == before)
        #expect(try file.load().library == Self.library)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["markers.gpx", "markers.gpx.lock"])
        // With the folder writable again, the save goes through.
        try file.save(bigger)
        #expect(try file.load().library == bigger)
    }

    @Test("A path under a file, not a folder, cannot be opened: the problem says why")
    func folderIsAFile() throws {
        let folder = try temporaryFolder("not-a-folder")
        FileManager.default.createFile(atPath: "\(folder)/plain", contents: Data("x".utf8))
        #expect {
            _ = try MarkerFile(path: "\(folder)/plain/markers.gpx")
        } throws: { error in
            guard let problem = error as? MarkerFileProblem, case .cannotOpen(let system) = problem.reason else {
                return false
            }
            return system.code == ENOTDIR
        }
    }
}
