import PlaceData
import Words

/// What the shell found out and tells the core: the result of an `Effect` it carried out, or
/// news from a source of its own (speech, gpsd, a walked route). None is typed by the user, so
/// none settles a `find` line being typed, finishes a study's task or is a command at all:
/// `NearbyState.apply(_:)` takes these, as `reduce(_:)` takes what the user did (`Action`).
public enum Report: Equatable, Sendable {
    // The answers to effects the core asked for.
    /// The shell searched the whole place store (`Effect.searchWholeStore`) for a query that
    /// matched nothing near: what it found, nearest first (none: nothing anywhere).
    case wholeStoreSearched(query: String, kind: String?, found: [Place])
    /// The shell read the file `set places` named (`Effect.loadPlaces`): these are its places;
    /// a place store's, when the user gave no position, about `centre`, the centre of the store's
    /// places, where the user now is (as a start without `--at` begins there); a store's
    /// `sourceCount` is how many places it holds (its window is fewer).
    case placesLoaded(
        Places, source: String, skippedFeatures: Int, centre: Coordinate? = nil, sourceCount: Int? = nil)
    /// The shell could not read that file: `message` says why.
    case placesFailed(message: String)
    /// The shell loaded a place store's places about the new position (`Effect.moveWindow`):
    /// they replace the places in memory; the search, the filter and the selection stay.
    case windowMoved(Places)
    /// While the window about the position is still being read, the shell read its nearest
    /// part, as `NearbyState.windowPartRequest` asked: the places in memory until the whole
    /// window comes with `.windowMoved`.
    case windowPartRead(WindowPart)
    /// The shell read the file `set strings` named (`Effect.loadStrings`): these are the words.
    case stringsLoaded(Catalog, source: String)
    /// The shell could not use that file: `message` says where and why.
    case stringsFailed(message: String)
    /// The shell measured the screen (`Effect.measureScreen`): a text picture of the map,
    /// `columns` wide and `rows` high, with the place store's walking network in its region:
    /// its ways (nil: the places come with no street data) and its crossings; and the parks'
    /// outlines there.
    case mapMeasured(
        columns: Int, rows: Int, streets: [MapStreet]? = nil, crossings: [Coordinate] = [], parks: [ParkOutline] = [])
    /// The shell listed the synthesiser's voices (`Effect.listVoices`); no announcement.
    case voicesInstalled([Voice])
    /// The shell reached gpsd at `address` after `set at gpsd`: the position follows it.
    case gpsFollowed(address: String)
    /// Nothing answers at `address` (`set at gpsd`): said, and the position stays.
    case gpsUnavailable(address: String)
    /// The shell found the street nearest `point` in the place store (`Effect.findStreet`), or
    /// none, and the walking network about it when the store has one: nothing is said (the
    /// shell then answers the command that asked).
    case streetFound(String?, at: Coordinate, network: StreetNetwork? = nil)
    /// The shell looked for a street or an intersection called `query` in the place store
    /// (`Effect.findNamedStreet`): what it found, or nil (then `set at` goes on to the places).
    case namedStreetFound(query: String, NamedStreet?)
    /// The shell planned the walk `Effect.planRoute` asked for: the route, or nil when no path
    /// joins the two in the store's streets.
    case routePlanned(destination: String, WalkRoute?)
    /// The shell wrote the route `Effect.exportRoute` asked for at `path`, or could not.
    case routeExported(path: String, NearbyState.RouteExport.Outcome)
    /// The shell read the markers file at the start: its markers, and what it has to say of it
    /// (a damaged file kept aside, another session holding it), in the session's words.
    case markersLoaded([NearbyState.MarkedPlace], routes: [NearbyState.KeptRoute] = [], notice: String?)
    /// The shell asked the place store about the places markers were made from: those it no
    /// longer holds near their markers.
    case markerPlacesGone([String])
    /// The shell read a GPX file for `route from` (`Effect.readRouteFile`): the route it holds,
    /// or why it could not (`failure`).
    case routeFileRead(path: String, NearbyState.KeptRoute?, failure: String?)
    /// The shell began recording at `path` (`Effect.startRecording`), or could not (`failure`).
    case recordingStarted(path: String, failure: String?)
    /// The shell ended the recording at `path`; `failure`: a write that failed on the way.
    case recordingStopped(path: String, failure: String?)
    /// The shell kept the markers (`Effect.saveMarkers`), or could not (`failure`, the system's
    /// words).
    case markersSaved(NearbyState.MarkerChange, failure: String?)
    /// The shell wrote the markers' GPX file at `path` (`failure` nil), or could not.
    case markersExported(path: String, count: Int, failure: String?)
    /// The shell read the GPX file at `path`: its markers, or why it could not (`failure`).
    case markersImported(path: String, [NearbyState.MarkedPlace], failure: String?)

    // News from the shell's own sources.
    /// Speech cut off or dropped the `number`th kept announcement (counting from 1).
    case speechEnded(number: Int, SpeechMark)
    /// The position moved (a walked route, a live gpsd): distances, directions and the order
    /// follow it; only callouts are said.
    case positionReported(PositionReport)
    /// The GPS fix was lost: said once; the last position stays.
    case fixLost
    /// The GPS followed has no fix yet: said once, with what stands in until it has one.
    case waitingForFix
    /// No fix came from the GPS for more than 3 seconds after one, though it said nothing of
    /// losing it (a gpsd stopped, its connection open): said once; the last position stays.
    case gpsSilent
}
