import Foundation
import SystemCalls
import TextFormats

/// Writes transcript entries to a file or standard output, one line each, flushed as they come
/// so that nothing already announced is lost when the run stops.
public final class TranscriptWriter {
    public let format: TranscriptFormat
    public let path: String
    /// The file's descriptor (standard output's for "-"), written with write(2), whose errno
    /// tells a full disk (ENOSPC) from a reader that has gone (EPIPE). FileHandle's errors lose it.
    private var fd: FileDescriptor?
    private let ownsHandle: Bool

    /// A transcript into the file at `path`, or standard output for "-". The file is opened in
    /// place (open(2) with O_CREAT | O_TRUNC), never replaced: FileManager.createFile renames a
    /// new file over the path, which replaced /dev/full with a regular file when run as root.
    /// It holds what was typed, as the log does: a file is made, or left, mode 0600.
    public init(path: String, format: TranscriptFormat) throws(OutputFileError) {
        self.format = format
        self.path = path
        if path == "-" {
            fd = .standardOutput
            ownsHandle = false
        } else {
            do {
                fd = try FileDescriptor.open(path, .writeTruncating, permissions: 0o600)
                try fd?.restrictToOwner(path: path)
            } catch {
                fd?.close()
                throw OutputFileError(path: path, creating: error)
            }
            ownsHandle = true
        }
    }

    /// Writes one entry: its text (the picture for the map), or its JSON line, whole. The text
    /// form is what was said, so it leaves out what only the eye sees (`isVisualOnly`).
    public func write(_ entry: TranscriptEntry) throws(OutputFileError) {
        let line: String
        switch format {
        case .text:
            guard !entry.announcement.isVisualOnly else { return }
            line = entry.announcement.display ?? entry.announcement.text
        case .jsonl: line = entry.jsonLine
        }
        guard let fd else { return }
        let name = path == "-" ? "-" : path
        do { try fd.writeAll(Array((line + "\n").utf8), path: name) } catch {
            // A line half written on a full disk is taken back: the file ends with whole lines.
            if error.written > 0 && ownsHandle, let end = try? fd.seek(to: 0, from: .current) {
                try? fd.truncate(to: end - error.written)
            }
            // EPIPE: the reader of a pipe has gone (`| head -1`), told apart from a full disk.
            throw OutputFileError(path: name, writing: error)
        }
    }

    public func close() {
        if ownsHandle { fd?.close() }
        fd = nil
    }
}
