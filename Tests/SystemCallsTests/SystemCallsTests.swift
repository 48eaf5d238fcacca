import Foundation
import SystemCalls
import Testing

/// The wrappers give the real errno and its text, and write everything or say how much went.
@Suite("System calls")
struct SystemCallsTests {
    static func temporaryFolder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "nv-sys-\(UUID().uuidString.prefix(8))"
        ).path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func openingAMissingFileGivesENOENTAndItsText() {
        #expect(
            throws: SystemError(
                code: SystemError.noSuchFile, operation: "open", path: "/nonexistent/x",
                reason: "No such file or directory")
        ) {
            try FileDescriptor.open("/nonexistent/x", .readOnly)
        }
    }

    @Test func readingAFolderGivesEISDIR() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        do {
            _ = try FileContents(path: folder)
            Issue.record("a folder was read")
        } catch {
            #expect(error.code == SystemError.isADirectory)
            #expect(error.reason == "Is a directory")
        }
    }

    @Test func aFullDiskIsENOSPC() throws {
        let fd = try FileDescriptor.open("/dev/full", .writeTruncating)
        defer { fd.close() }
        do {
            try fd.writeAll(Array("hello\n".utf8), path: "/dev/full")
            Issue.record("/dev/full took the bytes")
        } catch {
            #expect(error.code == SystemError.noSpace)
            #expect(error.description == "write /dev/full: No space left on device")
            #expect(error.written == 0)
        }
    }

    @Test func writesReadsAndMapsAFile() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = "\(folder)/f"
        try FileDescriptor.withOpened(path, .writeTruncating) { fd throws(SystemError) in
            try fd.writeAll(Array("hello world".utf8))
            try fd.writeAll(Array("J".utf8), at: 0)
            try fd.truncate(to: 5)
        }
        let contents = try FileContents(path: path)
        #expect(contents.array == Array("Jello".utf8))
        let empty = "\(folder)/empty"
        try FileDescriptor.open(empty, .writeTruncating).close()
        #expect(try FileContents(path: empty).count == 0)
        try FileSystem.rename(path, to: "\(folder)/g")
        #expect(throws: SystemError.self) { try FileSystem.remove(path) }
        try FileSystem.remove("\(folder)/g")
    }

    @Test func aPipeIsReadToItsEnd() throws {
        let (read, write) = try FileDescriptor.pipe()
        try write.writeAll(Array("through a pipe".utf8))
        write.close()
        defer { read.close() }
        #expect(try FileDescriptor.waitForInput([read], milliseconds: 1000) == [true])
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = try buffer.withUnsafeMutableBytes { try read.read(into: $0) }
        #expect(String(decoding: buffer.prefix(count), as: UTF8.self) == "through a pipe")
    }
}
