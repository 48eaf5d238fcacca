import Foundation

/// Writes transcript entries to a file or standard output, one line each, flushed as they come
/// so that nothing already announced is lost when the run stops.
public final class TranscriptWriter {
    public let format: TranscriptFormat
    public let path: String
    private let handle: FileHandle
    private let ownsHandle: Bool

    /// A transcript into the file at `path`, or standard output for "-".
    public init(path: String, format: TranscriptFormat) throws(OutputFileError) {
        self.format = format
        self.path = path
        if path == "-" {
            handle = FileHandle.standardOutput
            ownsHandle = false
        } else {
            guard FileManager.default.createFile(atPath: path, contents: nil),
                let handle = FileHandle(forWritingAtPath: path)
            else { throw OutputFileError(path: path, reason: OutputFileError.reason(creating: path)) }
            self.handle = handle
            ownsHandle = true
        }
    }

    /// Writes one entry: its text (the picture for the map), or its JSON line.
    public func write(_ entry: TranscriptEntry) throws(OutputFileError) {
        let line: String
        switch format {
        case .text: line = entry.announcement.display ?? entry.announcement.text
        case .jsonl: line = entry.jsonLine
        }
        do { try handle.write(contentsOf: Data((line + "\n").utf8)) } catch {
            throw OutputFileError(path: path == "-" ? "standard output" : path, reason: "cannot write: \((error as NSError).localizedDescription)")
        }
    }

    public func close() {
        if ownsHandle { try? handle.close() }
    }
}
