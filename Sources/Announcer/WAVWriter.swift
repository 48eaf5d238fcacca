import Foundation
import SystemCalls
import Words

/// A 16-bit mono WAV file written as it grows: the header's sizes are rewritten after every
/// append, so that a run stopped at any moment leaves a valid file.
public final class WAVWriter {
    public let path: String
    public let sampleRate: Int
    /// 1, or 2 when spatial audio renders stereo (interleaved left, right).
    public let channels: Int
    /// The file's descriptor, written with write(2) and pwrite(2). Not FileHandle: its errors
    /// lose errno ("NSCocoaErrorDomain error 512" instead of "No space left on device").
    private var fd: FileDescriptor?
    public private(set) var sampleCount = 0

    /// Creates (or truncates) the file and writes an empty header. The file is opened in place
    /// (open(2) with O_CREAT | O_TRUNC), never replaced: FileManager.createFile writes a new file
    /// and renames it over the path, which replaced /dev/full with a regular file when run as
    /// root and would break a symbolic link. It holds what was said, the places and what was
    /// typed among it: a file is made, or left, mode 0600, as the transcript and the log are.
    public init(path: String, sampleRate: Int, channels: Int = 1) throws(OutputFileError) {
        self.path = path
        self.sampleRate = sampleRate
        self.channels = channels
        do {
            fd = try FileDescriptor.open(path, .writeTruncating, permissions: 0o600)
            try fd?.restrictToOwner(path: path)
        } catch {
            fd?.close()
            throw OutputFileError(path: path, creating: error)
        }
        do { try write(Self.header(sampleRate: sampleRate, dataBytes: 0, channels: channels), at: nil) } catch {
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
        try write(Self.header(sampleRate: sampleRate, dataBytes: sampleCount * 2, channels: channels), at: 0)
    }

    public func append(_ samples: [Int16]) throws(OutputFileError) {
        try samples.withUnsafeBufferPointer { (buffer) throws(OutputFileError) in try append(buffer) }
    }

    public func close() {
        fd?.close()
        fd = nil
    }

    deinit { close() }

    /// Writes `data` whole at the file's offset (nil) or at `offset`, or throws with errno's text.
    private func write(_ data: Data, at offset: Int?) throws(OutputFileError) {
        guard let fd else { return }
        do { try fd.writeAll(Array(data), at: offset, path: path) } catch {
            // Samples half written on a full disk are taken back: the file stays exactly what
            // its header says.
            if offset == nil && error.written > 0 { try? fd.truncate(to: 44 + sampleCount * 2) }
            throw OutputFileError(path: path, writing: error)
        }
    }

    /// The 44-byte RIFF header of a PCM WAV file.
    static func header(sampleRate: Int, dataBytes: Int, channels: Int = 1) -> Data {
        var data = Data()
        func u32(_ value: Int) {
            withUnsafeBytes(of: UInt32(truncatingIfNeeded: value).littleEndian) { data.append(contentsOf: $0) }
        }
        func u16(_ value: Int) {
            withUnsafeBytes(of: UInt16(truncatingIfNeeded: value).littleEndian) { data.append(contentsOf: $0) }
        }
        data.append(contentsOf: Array("RIFF".utf8))
        u32(36 + dataBytes)
        data.append(contentsOf: Array("WAVEfmt ".utf8))
        u32(16)
        u16(1)
        u16(channels)
        u32(sampleRate)
        u32(sampleRate * 2 * channels)
        u16(2 * channels)
        u16(16)
        data.append(contentsOf: Array("data".utf8))
        u32(dataBytes)
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

    /// Whether it failed at a write rather than at the opening.
    public var atWrite = false

    public var description: String { text(.builtIn(.english)) }

    /// "Cannot write F: errno's words.", in the words of `words`.
    public func text(_ words: Catalog) -> String {
        words.text(
            atWrite ? .outputCannotWriteTo(file: path, reason: reason) : .outputCannotWrite(file: path, reason: reason))
    }

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// The file could not be opened: errno's text ("Permission denied", "Is a directory").
    init(path: String, creating error: SystemError) {
        self.init(path: path, reason: error.reason)
    }

    /// A write failed: "cannot write: " and errno's text; EPIPE is a reader that has gone.
    init(path: String, writing error: SystemError) {
        self.init(path: path, reason: error.reason)
        atWrite = true
        isBrokenPipe = error.isBrokenPipe
    }
}
