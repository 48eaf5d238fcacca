import Foundation
import PlaceData
import Testing

@testable import MarkerStore

/// One session holds the markers file: a second, in another process or this one, opens it
/// read-only and cannot save; once the first lets go, a new open writes again.
@Suite("The markers file is locked against a second session")
struct LockTests {
    static let library = MarkerLibrary(markers: [
        Marker(name: "Front door", coordinate: Coordinate(latitude: 60.1675, longitude: 24.9525), time: 1_796_119_200)
    ])

    /// A Python process holding `fcntl.flock(LOCK_EX)` on the lock file, as another session would,
    /// until its standard input closes.
    final class OtherSession {
        let process = Process()
        let input = Pipe()

        init(lockPath: String) throws {
            let output = Pipe()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            process.arguments = [
                "-c",
                """
                from fcntl import flock, LOCK_EX
                from sys import argv, stdin
                f = open(argv[1], "a")
                flock(f, LOCK_EX)
                print("locked", flush=True)
                stdin.read()
                """,
                lockPath,
            ]
            process.standardInput = input
            process.standardOutput = output
            try process.run()
            // Wait until the lock is taken: its line, read to its end.
            var line = Data()
            while !line.contains(UInt8(ascii: "\n")) {
                let more = output.fileHandleForReading.availableData
                if more.isEmpty { break }
                line += more
            }
            try #require(String(decoding: line, as: UTF8.self) == "locked\n")
        }

        /// Lets go of the lock: the process ends when its input closes.
        func end() throws {
            try input.fileHandleForWriting.close()
            process.waitUntilExit()
        }
    }

    @Test("Held by another process: read-only, its save throws, its load reads; after, a new open writes")
    func anotherProcess() throws {
        let folder = try temporaryFolder("lock-process")
        let path = "\(folder)/markers.gpx"
        try MarkerFile(path: path).save(Self.library)
        let before = try #require(bytes(path))

        let other = try OtherSession(lockPath: path + ".lock")
        let second = try MarkerFile(path: path)
        #expect(second.isReadOnly)
        #expect(try second.load().library == Self.library)
        #expect(throws: MarkerFileProblem(path: path, reason: .heldByAnotherSession)) {
            try second.save(MarkerLibrary())
        }
        #expect(bytes(path) == before)
        try other.end()

        let third = try MarkerFile(path: path)
        #expect(!third.isReadOnly)
        try third.save(MarkerLibrary())
        #expect(try third.load().library == MarkerLibrary())
    }

    @Test("Our lock is seen by another process (flock -n fails) and given back when the file goes")
    func seenByFlock() throws {
        let folder = try temporaryFolder("lock-seen")
        let path = "\(folder)/markers.gpx"
        func othersTry() throws -> Int32 {
            try runTool("/usr/bin/flock", ["--nonblock", "--conflict-exit-code", "75", path + ".lock", "true"]).status
        }
        do {
            let file = try MarkerFile(path: path)
            #expect(!file.isReadOnly)
            #expect(try othersTry() == 75)
            withExtendedLifetime(file) {}
        }
        #expect(try othersTry() == 0)
    }

    @Test("A second open in the same process is read-only too; the first's end frees the file")
    func sameProcess() throws {
        let folder = try temporaryFolder("lock-same")
        let path = "\(folder)/markers.gpx"
        var first: MarkerFile? = try MarkerFile(path: path)
        let second = try MarkerFile(path: path)
        #expect(first?.isReadOnly == false)
        #expect(second.isReadOnly)
        first = nil
        #expect(try MarkerFile(path: path).isReadOnly == false)
        #expect(second.isReadOnly)
    }
}
