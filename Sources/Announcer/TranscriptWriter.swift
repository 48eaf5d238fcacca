import Foundation

/// Writes transcript entries to a file or standard output, one line each, flushed as they come
/// so that nothing already announced is lost when the run stops.
public final class TranscriptWriter {
    public let format: TranscriptFormat
    public let path: String
    /// The file's descriptor (standard output's for "-"), written with write(2), whose errno
    /// tells a full disk (ENOSPC) from a reader that has gone (EPIPE). FileHandle's errors lose it.
    private var fd: Int32
    private let ownsHandle: Bool

    /// A transcript into the file at `path`, or standard output for "-". The file is opened in
    /// place (open(2) with O_CREAT | O_TRUNC), never replaced: FileManager.createFile renames a
    /// new file over the path, which replaced /dev/full with a regular file when run as root.
    public init(path: String, format: TranscriptFormat) throws(OutputFileError) {
        self.format = format
        self.path = path
        if path == "-" {
            fd = STDOUT_FILENO
            ownsHandle = false
        } else {
            fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard fd >= 0 else { throw OutputFileError(path: path, reason: OutputFileError.reason(creating: path)) }
            ownsHandle = true
        }
    }

    /// Writes one entry: its text (the picture for the map), or its JSON line, whole.
    public func write(_ entry: TranscriptEntry) throws(OutputFileError) {
        let line: String
        switch format {
        case .text: line = entry.announcement.display ?? entry.announcement.text
        case .jsonl: line = entry.jsonLine
        }
        let bytes = Array((line + "\n").utf8)
        var done = 0
        while done < bytes.count {
            let count = bytes[done...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                let error = count < 0 ? errno : ENOSPC
                // A line half written on a full disk is taken back: the file ends with whole lines.
                if done > 0 && ownsHandle { _ = ftruncate(fd, lseek(fd, 0, SEEK_CUR) - off_t(done)) }
                var failure = OutputFileError(
                    path: path == "-" ? "standard output" : path, reason: "cannot write: \(String(cString: strerror(error)))")
                // EPIPE: the reader of a pipe has gone (`| head -1`), told apart from a full disk.
                failure.isBrokenPipe = error == EPIPE
                throw failure
            }
            done += count
        }
    }

    public func close() {
        if ownsHandle && fd >= 0 { Glibc.close(fd) }
        fd = -1
    }
}
