import Foundation

/// A 16-bit mono WAV file written as it grows: the header's sizes are rewritten after every
/// append, so that a run stopped at any moment leaves a valid file.
public final class WAVWriter {
    public let path: String
    public let sampleRate: Int
    private let handle: FileHandle
    public private(set) var sampleCount = 0

    /// Creates (or truncates) the file and writes an empty header.
    public init(path: String, sampleRate: Int) throws(OutputFileError) {
        self.path = path
        self.sampleRate = sampleRate
        guard FileManager.default.createFile(atPath: path, contents: nil),
            let handle = FileHandle(forWritingAtPath: path)
        else { throw OutputFileError(path: path, reason: OutputFileError.reason(creating: path)) }
        self.handle = handle
        try write(Self.header(sampleRate: sampleRate, dataBytes: 0))
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
        try write(bytes)
        sampleCount += samples.count
        do {
            try handle.seek(toOffset: 0)
            try handle.write(contentsOf: Self.header(sampleRate: sampleRate, dataBytes: sampleCount * 2))
            try handle.seekToEnd()
        } catch {
            throw OutputFileError(path: path, reason: "\(error.localizedDescription)")
        }
    }

    public func append(_ samples: [Int16]) throws(OutputFileError) {
        try samples.withUnsafeBufferPointer { (buffer) throws(OutputFileError) in try append(buffer) }
    }

    public func close() { try? handle.close() }

    private func write(_ data: Data) throws(OutputFileError) {
        do { try handle.write(contentsOf: data) } catch {
            throw OutputFileError(path: path, reason: "cannot write: \((error as NSError).localizedDescription)")
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
