import PlaceData
import Words

/// Recording a walk (issue 40, point 3): `record` (or `record FILE.gpx`) has the shell write each
/// position report from then on (gpsd's, or a replayed route's) as a point of a GPX track, and
/// `record stop` ends it; a marker made where you stand while recording names its point of the
/// track, so that `route from FILE.gpx` makes a route of those names. The track replays with
/// `--route FILE.gpx`. The rules are in docs/markers.md.
extension NearbyState {
    /// A walk being recorded: where, and how much of it so far.
    public struct Recording: Equatable, Sendable {
        /// The file, as the shell opened it (nil until it has).
        public var path: String?
        /// The points written.
        public var points = 0
        /// Metres walked from point to point.
        public var length = 0.0
        /// The last point written.
        var last: Coordinate?
    }

    /// `record` (FILE.gpx): the shell opens the track; said once it has.
    mutating func recordStart(_ path: String?) -> Reaction {
        if let recording {
            return routeRefused(.recordAlready(path: recording.path ?? ""))
        }
        recording = Recording()
        return Reaction(effects: [.startRecording(path: path)])
    }

    /// The shell opened the track at `path`, or could not.
    mutating func recordingStarted(path: String, failure: String?) -> Reaction {
        if let failure {
            recording = nil
            return routeRefused(.recordFailed(path: path, reason: failure))
        }
        recording?.path = path
        var text = say(.recordStarted(path: path))
        // A position typed moves only when typed again: nothing would be recorded.
        if position.source == .fixed { text += " " + say(.recordNothingFollowed) }
        return Reaction([Announcement(text, kind: .notice)])
    }

    /// `record stop`: the shell closes the track.
    func recordStop() -> Reaction {
        guard recording != nil else { return routeRefused(Phrase(.recordNotRecording)) }
        return Reaction(effects: [.stopRecording])
    }

    /// The shell closed the track: how much was recorded, and where.
    mutating func recordingStopped(path: String, failure: String?) -> Reaction {
        let recorded = recording ?? Recording()
        recording = nil
        if let failure { return routeRefused(.recordFailed(path: path, reason: failure)) }
        return Reaction([
            Announcement(
                say(
                    .recordStopped(
                        count: grouped(recorded.points), length: distancePhrase(recorded.length), path: path,
                        plural: recorded.points)), kind: .notice)
        ])
    }

    /// A position report while recording: its point, for the shell to write.
    mutating func recordedPoint(_ point: Coordinate, name: String? = nil) -> [Effect] {
        guard var recording, recording.path != nil else { return [] }
        if let last = recording.last { recording.length += last.distance(to: point) }
        recording.last = point
        recording.points += 1
        self.recording = recording
        return [.recordPoint(point, time: wallClock ?? 0, name: name)]
    }
}
