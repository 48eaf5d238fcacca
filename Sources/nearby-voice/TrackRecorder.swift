import Foundation
import PlaceData
import Position
import SystemCalls
import TextFormats

/// A walk written as a GPX 1.1 track while it is walked (`record`, docs/markers.md): the file is
/// a whole GPX file after every point, so that a session killed while recording leaves a track
/// that any GPX reader takes. Each point is written over the file's closing tags, followed by
/// them again (one pwrite); the file is flushed to disk every `syncEvery` points and at the end.
/// A file already at the path is never written over (O_EXCL).
final class TrackRecorder {
    /// The file as the shell opened it.
    let path: String
    private let file: FileDescriptor
    /// Where the closing tags begin: the next point goes there.
    private var tail: Int
    private var unsynced = 0

    /// The file is flushed to disk after this many points (and at the end).
    static let syncEvery = 10

    /// The tags that close the track and the file, written after every point.
    static let closing = "    </trkseg>\n  </trk>\n</gpx>\n"

    /// Makes the file at `path` (which must not be there yet) with an empty track named `name`
    /// begun at `time` (seconds since 1970, UTC).
    init(path: String, name: String, time: Double) throws(SystemError) {
        self.path = path
        file = try FileDescriptor.open(path, .creatingNew, permissions: 0o600)
        let head =
            [
                #"<?xml version="1.0" encoding="UTF-8"?>"#,
                #"<gpx version="1.1" creator="nearby-voice" xmlns="http://www.topografix.com/GPX/1/1">"#,
                "  <metadata>",
                "    <name>\(XMLText.escaped(name))</name>",
                "    <time>\(ISOTime.text(time))</time>",
                "  </metadata>",
                "  <trk>",
                "    <name>\(XMLText.escaped(name))</name>",
                "    <trkseg>",
            ].joined(separator: "\n") + "\n"
        let bytes = Array(head.utf8)
        do throws(SystemError) {
            try file.writeAll(bytes + Array(Self.closing.utf8), at: 0, path: path)
        } catch {
            file.close()
            throw error
        }
        tail = bytes.count
    }

    /// Adds a point at `time`; `name` names it (a marker made there).
    func add(_ point: Coordinate, time: Double, name: String?) throws(SystemError) {
        var text = "      <trkpt \(GPXWriter.attributes(point))>"
        if time > 0 { text += "<time>\(ISOTime.text(time))</time>" }
        if let name { text += "<name>\(XMLText.escaped(name))</name>" }
        text += "</trkpt>\n"
        let bytes = Array(text.utf8)
        try file.writeAll(bytes + Array(Self.closing.utf8), at: tail, path: path)
        tail += bytes.count
        unsynced += 1
        if unsynced >= Self.syncEvery {
            unsynced = 0
            try file.sync(path: path)
        }
    }

    /// Flushes the file to disk and closes it.
    func finish() throws(SystemError) {
        defer { file.close() }
        try file.sync(path: path)
    }

    /// Where `record` alone writes: `walks/walk-YYYYMMDD-HHMMSS.gpx` (UTC) beside the markers
    /// file, the folder made when missing.
    static func defaultPath(beside markersFile: String, time: Double) throws(SystemError) -> String {
        let folder = (markersFile as NSString).deletingLastPathComponent + "/walks"
        try FileSystem.makeFolders(folder, permissions: 0o700)
        let stamp = ISOTime.text(time).filter(\.isNumber)
        return folder + "/walk-\(stamp.prefix(8))-\(stamp.dropFirst(8).prefix(6)).gpx"
    }
}
