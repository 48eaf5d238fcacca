import Foundation

/// A 16-bit mono WAV file written as it grows: the header's sizes are rewritten after every
/// append, so that a run stopped at any moment leaves a valid file.
public final class WAVWriter {
    public let path: String
    public let sampleRate: Int
    /// The file's descriptor, written with write(2) and pwrite(2). Not FileHandle: its errors
    /// lose errno ("NSCocoaErrorDomain error 512" instead of "No space left on device").
    private var fd: Int32
    public private(set) var sampleCount = 0

    /// Creates (or truncates) the file and writes an empty header. The file is opened in place
    /// (open(2) with O_CREAT | O_TRUNC), never replaced: FileManager.createFile writes a new file
    /// and renames it over the path, which replaced /dev/full with a regular file when run as
    /// root and would break a symbolic link.
    public init(path: String, sampleRate: Int) throws(OutputFileError) {
        self.path = path
        self.sampleRate = sampleRate
        fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw OutputFileError(path: path, reason: OutputFileError.reason(creating: path)) }
        do { try write(Self.header(sampleRate: sampleRate, dataBytes: 0), at: nil) } catch {
            close()
            throw error
        }
    }

    /// Appends samples and brings the header up to date.
    public func append(_ samples: UnsafeBufferPointer<Int16>) throws(OutputFileError) {
        guard !samples.isEmpty else { return }
        var bytes = Data(capacity: samples.count * 2)
        for sample in samples {
            let little = UInt16(bitPattern: sample).littleEndian
            bytes.append(UInt8(little & 0xFF))
            bytes.append(UInt8(little >> 8))
        }
        try write(bytes, at: nil)
        sampleCount += samples.count
        // The header in place (pwrite at 0; the file offset stays at the end): one 44-byte write.
        try write(Self.header(sampleRate: sampleRate, dataBytes: sampleCount * 2), at: 0)
    }

    public func append(_ samples: [Int16]) throws(OutputFileError) {
        try samples.withUnsafeBufferPointer { (buffer) throws(OutputFileError) in try append(buffer) }
    }

    public func close() {
        if fd >= 0 { Glibc.close(fd) }
        fd = -1
    }

    deinit { close() }

    /// Writes `data` whole at the file's offset (nil) or at `offset`, or throws with errno's text.
    private func write(_ data: Data, at offset: Int?) throws(OutputFileError) {
        var done = 0
        while done < data.count {
            let count = data.withUnsafeBytes { bytes in
                let base = bytes.baseAddress! + done
                return offset.map { pwrite(fd, base, data.count - done, off_t($0 + done)) }
                    ?? Glibc.write(fd, base, data.count - done)
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                let error = count < 0 ? errno : ENOSPC
                // Samples half written on a full disk are taken back: the file stays exactly what
                // its header says.
                if offset == nil && done > 0 { _ = ftruncate(fd, off_t(44 + sampleCount * 2)) }
                throw OutputFileError(path: path, reason: "cannot write: \(String(cString: strerror(error)))")
            }
            done += count
        }
    }

    /// The 44-byte RIFF header of a PCM WAV file.
    static func header(sampleRate: Int, dataBytes: Int) -> Data {
        var data = Data()
        func u32(_ value: Int) { withUnsafeBytes(of: UInt32(truncatingIfNeeded: value).littleEndian) { data.append(contentsOf: $0) } }
        func u16(_ value: Int) { withUnsafeBytes(of: UInt16(truncatingIfNeeded: value).littleEndian) { data.append(contentsOf: $0) } }
        data.append(contentsOf: Array("RIFF".utf8)); u32(36 + dataBytes)
        data.append(contentsOf: Array("WAVEfmt ".utf8)); u32(16); u16(1); u16(1)
        u32(sampleRate); u32(sampleRate * 2); u16(2); u16(16)
        data.append(contentsOf: Array("data".utf8)); u32(dataBytes)
        return data
    }
}

/// An output file (WAV or transcript) that cannot be written: exit code 74.
public struct OutputFileError: Error, CustomStringConvertible, Sendable {
    public let path: String
    public let reason: String
    /// Whether the file is a pipe whose reader has gone (EPIPE): `nearby-voice` then stops
    /// quietly with 141 instead of reporting a failure.
    public var isBrokenPipe = false

    public var description: String { "Cannot write \(path): \(reason)." }

    static func reason(creating path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            return "it is a folder"
        }
        if !folder.isEmpty && !FileManager.default.fileExists(atPath: folder) { return "no such folder" }
        return "permission denied"
    }
}
