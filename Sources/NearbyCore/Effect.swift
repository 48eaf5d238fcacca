import PlaceData
import Words

/// Work the reducer asks the shell to do, because the core never reads files, the terminal or
/// the synthesiser: the shell carries each out and, where it says so, applies the `Report` of
/// its result (`NearbyState.apply`).
public enum Effect: Equatable, Sendable {
    /// Silence speech now and forget what is queued (`stop`).
    case stopSpeech
    /// The settings that shape speech changed: apply `Settings`' voice, rate, pitch, volume,
    /// punctuation, capitals and earcons to the synthesiser.
    case applySpeechSettings
    /// Read the places file at `path`, then apply `.placesLoaded` or `.placesFailed`.
    case loadPlaces(path: String)
    /// Read the PO file at `path` and apply it over `language`'s built-in words, then apply
    /// `.stringsLoaded` or `.stringsFailed`.
    case loadStrings(path: String, language: Language)
    /// List the synthesiser's voices, apply `.voicesInstalled`, then reduce `then` (the
    /// command that needed them, answered now that they are known).
    indirect case listVoices(then: Action)
    /// Measure the screen, then apply `.mapMeasured` with its size.
    case measureScreen
    /// A search matched nothing among the places near the user, which are only a window of a
    /// store (`Places.isWindow`): search the whole store for `query` (in `kind`, if given), then
    /// apply `.wholeStoreSearched` with the nearest matches, nearest first.
    case searchWholeStore(query: String, kind: String?)
    /// The position moved (`set at`): when the places are a place store's window about the
    /// position, load the window about `origin` and apply `.windowMoved` with its places.
    case moveWindow(around: Coordinate)
    /// `set at gpsd[:HOST:PORT]`: reach gpsd at `address` (as typed) and follow it, then apply
    /// `.gpsFollowed` or `.gpsUnavailable`.
    case followGPS(address: String)
    /// The position was set by hand: stop following gpsd or a walked route.
    case stopFollowing
    /// Find the street nearest `point` in the place store, apply `.streetFound`, then reduce
    /// `then` (the command that needed it).
    indirect case findStreet(around: Coordinate, then: Action)
    /// Find the street or the intersection (two streets' names) called `name` in the place
    /// store's walking network, apply `.namedStreetFound`, then reduce `then` (`set at`).
    indirect case findNamedStreet(String, then: Action)
    /// Read the place store's walking network about `point` (every edge within
    /// `NearbyState.previewRead` of it, as a preview step needs), apply `.streetFound` with it,
    /// then reduce `then`.
    indirect case readStreets(around: Coordinate, then: Action)
    /// A preview step of `metres` was said: with `--route-speed`, the shell waits its walking
    /// time (at `walk-speed`, sped up by the factor) before the next decision point is read and
    /// described; otherwise at once.
    case paceStep(metres: Double)
    /// Plan the shortest walk from `from` to `to` (the place called `destination`) over the
    /// place store's walking network, and apply `.routePlanned`.
    case planRoute(from: Coordinate, to: Coordinate, destination: String, avoidSteps: Bool)
    /// Write `route` as a GPX file at `path` (as typed), whole or not at all, and apply
    /// `.routeExported`.
    case exportRoute(path: String, NearbyState.RouteExport)
    /// Keep the markers in the markers file, whole or not at all, and apply `.markersSaved`
    /// with `change` (said only once they are kept).
    case saveMarkers([NearbyState.MarkedPlace], routes: [NearbyState.KeptRoute], change: NearbyState.MarkerChange)
    /// Write a kept route as a GPX file at `path` (as typed), whole or not at all, and apply
    /// `.routeExported`.
    case exportKeptRoute(path: String, NearbyState.KeptRoute)
    /// Read the GPX file at `path` (as typed) as a route (its route, else its named points in
    /// order, else its track's ends), then apply `.routeFileRead`.
    case readRouteFile(path: String)
    /// Begin writing the walk as a GPX track at `path` (nil: a new file in the data folder),
    /// then apply `.recordingStarted`.
    case startRecording(path: String?)
    /// Add a point to the track being recorded (`name`: a marker made there), at `time`
    /// (seconds since 1970, UTC).
    case recordPoint(Coordinate, time: Double, name: String?)
    /// End the track being recorded, then apply `.recordingStopped`.
    case stopRecording
    /// Write the markers as a GPX file at `path` (as typed) and apply `.markersExported`.
    case exportMarkers(path: String, [NearbyState.MarkedPlace])
    /// Read the GPX file at `path` (as typed) and apply `.markersImported` with its markers.
    case importMarkers(path: String)
}

/// What one action or report did: what to say, in order, and what the shell is to do.
public struct Reaction: Equatable, Sendable {
    public var announcements: [Announcement]
    public var effects: [Effect]
    /// The number `history` gives each announcement (counting from 1 over the session), or nil
    /// for one it does not keep: the one rule, applied by `NearbyState.reduce` and `apply`, that the shell
    /// follows to mark what speech cut off.
    public var historyNumbers: [Int?]
    /// What became of a usability study's tasks, in order, for the session's log.
    public var studyEvents: [StudyEvent]

    public init(_ announcements: [Announcement] = [], effects: [Effect] = [], studyEvents: [StudyEvent] = []) {
        self.announcements = announcements
        self.effects = effects
        self.historyNumbers = Array(repeating: nil, count: announcements.count)
        self.studyEvents = studyEvents
    }
}
