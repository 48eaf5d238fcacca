import Foundation
import PlaceStore
import Testing

/// `nearby-voice import --node-index`, through the built binary: the choices are PlaceStore's,
/// a disk that fills while the node index grows is a short message and 74 (never a SIGBUS), and
/// the index's temporary file never has a name, so that nothing is left of it after an import,
/// a failed one or a killed one.
@Suite("The node index's file, end to end", .serialized)
struct NodeIndexImportTests {
    func folder() throws -> String {
        let path = temporaryPath("node-index")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func importsHelpOffersTheNodeIndexChoices() throws {
        let result = try Program(["import", "--help"]).run()
        #expect(result.status == 0)
        let choices = NodeIndex.allCases.map(\.rawValue).joined(separator: "|")
        #expect(result.stdout.contains("[--node-index \(choices)]"), "\(result.stdout)")
    }

    @Test func aWrongChoiceIsRefused() throws {
        let folder = try folder()
        let result = try Program([
            "import", ImportTests.helsinki, "--output", "\(folder)/x.places", "--node-index", "disk",
        ])
        .run()
        #expect(result.status == 64)
        #expect(result.stderr.contains("--node-index"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    /// The index's first growth is a million 16-byte entries: under an 8 MB file size limit
    /// (`ulimit -f`, SIGXFSZ ignored: the reservation fails with EFBIG as it would with ENOSPC)
    /// it cannot be reserved, and the import ends at once with the system's words.
    @Test(.disabled(if: Sanitizer.thread, Sanitizer.fileSizeLimitReason))
    func aFullDiskWhileTheIndexGrowsEndsWith74AndLeavesNothing() throws {
        let folder = try folder()
        let store = "\(folder)/full.places"
        var program = Program(["import", ImportTests.helsinki, "--output", store, "--node-index", "file"])
        program.shell = "ulimit -f 16384; trap '' XFSZ"
        let result = try program.run()
        #expect(result.status == 74)
        #expect(
            result.stderr
                == "nearby-voice: \(store): cannot write the place store: the node index in \(folder): "
                + "cannot grow the temporary file: File too large.\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    /// The import's open files that are the node index: in the store's folder, without a name.
    static func indexFiles(_ pid: pid_t, in folder: String) -> [String] {
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
        return descriptors.compactMap {
            try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\($0)")
        }
        .filter { $0.hasPrefix(folder + "/") && $0.hasSuffix(" (deleted)") }
    }

    /// While an import with the index in a file runs, the file is open and has no name (the
    /// folder lists only the store's unfinished file); killed then (SIGKILL, nothing of the
    /// program runs after), nothing of the index is left: only the store's unfinished file,
    /// which SIGKILL leaves as it always did (ImportKillTests); SIGTERM removes that too.
    @Test(arguments: [SIGKILL, SIGTERM])
    func theIndexFileHasNoNameAndNothingOfItIsLeftWhenTheImportIsKilled(_ signal: Int32) throws {
        let folder = try folder()
        let store = "\(folder)/killed.places"
        let process = try Program(["import", ImportTests.helsinki, "--output", store, "--node-index", "file"]).start()
        var seen: [String] = []
        waitUntil(every: 0.001) {
            seen = Self.indexFiles(process.pid, in: folder)
            return !seen.isEmpty || !process.isRunning
        }
        let listed = try FileManager.default.contentsOfDirectory(atPath: folder)
        process.signal(signal)
        let result = process.wait(timeout: 20)
        try #require(seen.count == 1, "the import ended before its index file was seen: \(result.stdout)")
        #expect(listed.allSatisfy { $0.hasSuffix(".partial") }, "\(listed)")
        let left = try FileManager.default.contentsOfDirectory(atPath: folder)
        if signal == SIGKILL {
            #expect(result.end == .killed(SIGKILL))
            #expect(left.allSatisfy { $0.hasSuffix(".partial") }, "\(left)")
        } else {
            #expect(left.isEmpty, "\(left)")
        }
    }

    @Test func afterAnImportTheFolderHoldsTheStoreAlone() throws {
        let folder = try folder()
        let store = "\(folder)/whole.places"
        let result = try Program(["import", ImportTests.helsinki, "--output", store, "--node-index", "file"]).run()
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("Imported 1,576 places and "))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["whole.places"])
    }
}
