import Foundation
import Testing

/// What the program writes: the transcript and the WAV file hold what was typed and said, so
/// they are the owner's alone (0600, as the log is); a recorded test and a JUnit report are
/// written into a new file beside the old and renamed over it, so a killed run leaves the old
/// one whole, and nothing else is left in the folder.
@Suite("Files written: modes, and whole replacement")
final class FileModeAndReplaceTests {
    private let folder: String

    init() throws {
        folder = temporaryPath("files-written")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    func mode(_ path: String) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    func inode(_ path: String) throws -> UInt64 {
        try #require((FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? NSNumber)?.uint64Value)
    }

    func names() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: folder).sorted() }

    @Test func aNewTranscriptAndWAVFileAreTheOwnersAlone() throws {
        let transcript = folder + "/said.txt"
        let wav = folder + "/said.wav"
        // One that exists already, readable by all, is made the owner's too.
        #expect(FileManager.default.createFile(atPath: wav, contents: Data(), attributes: [.posixPermissions: 0o644]))
        let result = try Program(
            ["--speech", "off", "--transcript", transcript, "--wav", wav], input: .text("find cafe\n")
        ).run()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try mode(transcript) == 0o600)
        #expect(try mode(wav) == 0o600)
    }

    @Test func recordReplacesTheTestFileWholeKeepingItsMode() throws {
        let file = folder + "/new.nvtest"
        let text = "# options: --heading 90\n\n> find cafe\n"
        #expect(
            FileManager.default.createFile(
                atPath: file, contents: Data(text.utf8), attributes: [.posixPermissions: 0o640]))
        let before = try inode(file)
        let result = try Program(["test", "--record", file], environment: ["CI": ""]).run()
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        let recorded = try String(contentsOfFile: file, encoding: .utf8)
        #expect(recorded.hasPrefix(text))
        #expect(recorded.count > text.count)
        // A new file renamed over the old (a new inode), with the old one's mode, nothing left.
        #expect(try inode(file) != before)
        #expect(try mode(file) == 0o640)
        #expect(try names() == ["new.nvtest"])
    }

    @Test func junitReplacesTheReportWhole() throws {
        let test = folder + "/pass.nvtest"
        try "> stop\n".write(toFile: test, atomically: false, encoding: .utf8)
        let report = folder + "/report.xml"
        try "old report\n".write(toFile: report, atomically: false, encoding: .utf8)
        let before = try inode(report)
        _ = try Program(["test", "--junit", report, test], environment: ["CI": ""]).run()
        #expect(try String(contentsOfFile: report, encoding: .utf8).hasPrefix("<?xml"))
        #expect(try inode(report) != before)
        #expect(try names() == ["pass.nvtest", "report.xml"])
    }

    @Test func aReportThatCannotBeWrittenLeavesTheOldOneAndNoNewFile() throws {
        let test = folder + "/pass.nvtest"
        try "> stop\n".write(toFile: test, atomically: false, encoding: .utf8)
        let result = try Program(["test", "--junit", folder + "/missing/report.xml", test], environment: ["CI": ""])
            .run()
        #expect(result.status == 74)
        #expect(result.stderr.contains("No such file or directory"), "\(result.stderr)")
        #expect(try names() == ["pass.nvtest"])
    }
}
