import Foundation
import MarkerStore
import NearbyCore
import PlaceData
import Position
import SystemCalls
import TextFormats
import Words

/// The session's markers file (MarkerStore's `MarkerFile`, docs/markers.md): read at the start
/// without its lock, so that sessions that never mark never contend for it; its lock taken at
/// the first change (a second session then cannot change them, and says so); each change kept
/// whole before it is said. GPX files given to `markers export` and `markers import` are
/// written and read here too.
final class MarkerKeeper {
    /// The markers file.
    let path: String
    /// The file, locked, from the first change on.
    private var file: MarkerFile?
    /// The file read on a thread of its own from the start, for `load`.
    private let prefetch: MarkerPrefetch

    /// `--markers FILE`, else `$XDG_DATA_HOME/nearby-voice/markers.gpx`; under `nearby-voice
    /// test`, a fresh file for each scenario (`testFolder`).
    init(path: String?, environment: [String: String] = ProcessInfo.processInfo.environment) {
        if let path {
            self.path = path
        } else if let folder = Self.testFolder {
            self.path = folder + "/markers-\(UInt64.random(in: 0...UInt64.max)).gpx"
        } else {
            self.path = MarkerFile.defaultPath(environment: environment)
        }
        prefetch = MarkerPrefetch.takeEarly(path: self.path) ?? MarkerPrefetch(path: self.path)
    }

    /// Where `nearby-voice test` keeps its scenarios' markers: each session a file of its own,
    /// so that no scenario meets another's markers or the user's.
    nonisolated(unsafe) static var testFolder: String?

    /// The markers the file holds, for `.markersLoaded`, and what to say of it: a damaged file
    /// kept aside (or, held by another session, left where it is), a file that cannot be read.
    func load(_ words: Catalog) -> Report {
        switch prefetch.take() {
        case .missing: return .markersLoaded([], routes: [], notice: nil)
        case .unreadable(let error):
            return .markersLoaded([], routes: [], notice: words.text(.markersNotSaved(reason: error.reason)))
        case .library(let markers, let routes): return .markersLoaded(markers, routes: routes, notice: nil)
        case .damaged(let error):
            // A damaged file: kept aside under the lock, so that a save never writes over it.
            var kept = path
            if let opened = try? MarkerFile(path: path), !opened.isReadOnly,
                let loaded = try? opened.load(), let damaged = loaded.damaged
            {
                kept = damaged.keptAs
                file = opened
            }
            return .markersLoaded([], routes: [], notice: Self.damagedNotice(path, kept: kept, error, words))
        }
    }

    /// Keeps `markers` and `routes` as the file, whole; nil when kept, else what went wrong in
    /// words.
    func save(_ markers: [NearbyState.MarkedPlace], routes: [NearbyState.KeptRoute], _ words: Catalog) -> String? {
        do throws(MarkerFileProblem) {
            if file == nil { file = try MarkerFile(path: path) }
            guard let file, !file.isReadOnly else { return words.text(.markersReadOnly) }
            try file.save(MarkerLibrary(markers: markers.map(Self.marker), routes: routes.map(Self.route)))
            return nil
        } catch {
            return Self.reason(error, words)
        }
    }

    /// Writes `markers` as a GPX file at `path`; nil when written, else why not.
    static func export(_ markers: [NearbyState.MarkedPlace], to path: String) -> String? {
        do throws(SystemError) {
            try FileSystem.replace(path, with: Array(MarkerLibrary(markers: markers.map(marker)).gpx().utf8))
            return nil
        } catch {
            return error.reason
        }
    }

    /// The markers of the GPX file at `path` (its waypoints, its routes' points, its tracks'
    /// named points), or why it cannot be read, in words.
    static func importing(_ path: String, _ words: Catalog) -> (markers: [NearbyState.MarkedPlace], failure: String?) {
        let bytes: [UInt8]
        do throws(SystemError) { bytes = try FileContents(path: path).array } catch { return ([], error.reason) }
        do throws(GPXLibraryProblem) {
            let library = try MarkerLibrary.read(
                gpx: String(decoding: bytes, as: UTF8.self), file: path, undatedTime: Date().timeIntervalSince1970)
            let points = library.markers + library.routes.flatMap(\.waypoints)
            return (points.map(marked), nil)
        } catch {
            return ([], problem(error, words))
        }
    }

    /// Writes the kept `route` as a GPX file (one `<rte>`) at `path`.
    static func export(_ route: NearbyState.KeptRoute, to path: String) -> NearbyState.RouteExport.Outcome {
        do throws(SystemError) {
            let replaced = try FileSystem.replace(
                path, with: Array(MarkerLibrary(routes: [Self.route(route)]).gpx().utf8))
            return .written(replaced: replaced)
        } catch {
            return .failed(reason: error.reason)
        }
    }

    /// The GPX file at `path` as a route (`route from`): its first route; else its waypoints
    /// and the named points of its tracks, in order; else its track's first and last points
    /// (`Waypoint 1`, `Waypoint 2`). Named after the route, else the file. Or why it cannot be
    /// read, in words.
    static func route(from path: String, _ words: Catalog) -> (route: NearbyState.KeptRoute?, failure: String?) {
        let bytes: [UInt8]
        do throws(SystemError) { bytes = try FileContents(path: path).array } catch { return (nil, error.reason) }
        let text = String(decoding: bytes, as: UTF8.self)
        let now = Date().timeIntervalSince1970
        let library: MarkerLibrary
        do throws(GPXLibraryProblem) {
            library = try MarkerLibrary.read(gpx: text, file: path, undatedTime: now)
        } catch {
            return (nil, problem(error, words))
        }
        let fileName = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        if let first = library.routes.first(where: { !$0.waypoints.isEmpty }) {
            var kept = kept(first)
            if kept.name.isEmpty { kept.name = fileName }
            return (kept, nil)
        }
        var waypoints = library.markers.map(marked)
        if waypoints.isEmpty, let track = try? GPXRoute.parse(text).points, let start = track.first,
            let end = track.last
        {
            waypoints = [start, end].enumerated().map { number, point in
                NearbyState.MarkedPlace(
                    id: "", name: words.text(.waypointDefaultName(number: String(number + 1))),
                    coordinate: point.coordinate, time: point.time ?? now)
            }
            if start.coordinate.distance(to: end.coordinate) < NearbyState.arrival { waypoints.removeLast() }
        }
        for index in waypoints.indices where waypoints[index].name.isEmpty {
            waypoints[index].name = words.text(.waypointDefaultName(number: String(index + 1)))
        }
        return (NearbyState.KeptRoute(name: fileName, time: waypoints.first?.time ?? now, waypoints: waypoints), nil)
    }

    // MARK: Values and words

    /// A kept route as the session holds it.
    static func kept(_ route: MarkedRoute) -> NearbyState.KeptRoute {
        NearbyState.KeptRoute(
            name: route.name, note: route.note, time: route.time, waypoints: route.waypoints.map(marked))
    }

    /// A session's route as the file keeps it.
    static func route(_ kept: NearbyState.KeptRoute) -> MarkedRoute {
        MarkedRoute(name: kept.name, note: kept.note, time: kept.time, waypoints: kept.waypoints.map(marker))
    }

    /// A kept marker as the session holds it (its id given by the session).
    static func marked(_ marker: Marker) -> NearbyState.MarkedPlace {
        NearbyState.MarkedPlace(
            id: "", name: marker.name, coordinate: marker.coordinate, note: marker.note, time: marker.time,
            placeID: marker.placeID)
    }

    /// A session's marker as the file keeps it.
    static func marker(_ marked: NearbyState.MarkedPlace) -> Marker {
        Marker(
            name: marked.name, coordinate: marked.coordinate, note: marked.note, time: marked.time,
            placeID: marked.placeID)
    }

    /// "The markers file … is damaged at line 12, column 5 (…); it is kept as …".
    static func damagedNotice(_ path: String, kept: String, _ error: GPXLibraryProblem, _ words: Catalog) -> String {
        words.text(
            .markersFileDamaged(
                file: path, line: String(error.location.line), column: String(error.location.column ?? 1),
                reason: reasonWords(error.reason, words), kept: kept))
    }

    /// "line 3, column 7: …" of a GPX file that cannot be imported.
    static func problem(_ error: GPXLibraryProblem, _ words: Catalog) -> String {
        words.text(
            .gpxProblemAt(
                line: String(error.location.line), column: String(error.location.column ?? 1),
                reason: reasonWords(error.reason, words)))
    }

    /// What is wrong with a GPX file, in words.
    static func reasonWords(_ reason: GPXLibraryProblem.Reason, _ words: Catalog) -> String {
        switch reason {
        case .notText: words.text(.gpxProblemNotText)
        case .notXML: words.text(.gpxProblemNotXml)
        case .unclosed(let what), .endsInside(let what): words.text(.gpxProblemUnclosed(element: what))
        case .mismatchedEnd(let expected, let found):
            words.text(.gpxProblemMismatched(found: found, expected: expected))
        case .notGPX: words.text(.gpxProblemNotGpx)
        case .badCoordinate(let attribute): words.text(.gpxProblemCoordinate(attribute: attribute))
        case .badTime(let text): words.text(.gpxProblemTime(text: text))
        }
    }

    /// Why the markers file could not be kept, in words.
    static func reason(_ problem: MarkerFileProblem, _ words: Catalog) -> String {
        switch problem.reason {
        case .heldByAnotherSession: words.text(.markersReadOnly)
        case .cannotOpen(let error), .cannotRead(let error), .cannotKeepDamaged(let error), .cannotWrite(let error):
            error.reason
        }
    }
}
