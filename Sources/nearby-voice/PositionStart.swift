import Foundation
import NearbyCore
import PlaceData
import PlaceStore
import Position
import ShellParsing
import SystemCalls
import TextFormats
import Words

/// Where a session starts, from the options: a GPX route's first point (`--route`, read and
/// checked here: `FILE:LINE:` and 65 when malformed), gpsd reached once (`--at gpsd`: 69 when
/// nothing answers), or a place's name or address (`--at NAME`), found once the places are
/// loaded (several: the choices and 64).
struct PositionStart {
    /// The position known before the places are loaded: the route's first point.
    var origin: Coordinate?
    var source: PositionState.Source = .fixed
    private var walk: RouteWalk?
    private var gpsd: (address: GpsdAddress, socket: FileDescriptor)?
    private var name: String?

    init(_ options: Options, words: Catalog) throws(Failure) {
        if let path = options.routePath {
            let route = try Self.readRoute(path, words: words, encoding: options.encoding)
            let walk = RouteWalk(route, walkSpeed: options.settings.walkSpeed)
            self.walk = walk
            origin = walk.points.first
            source = .route(path)
            return
        }
        guard let text = options.atWords else { return }
        guard text.lowercased().hasPrefix("gpsd") else {
            name = text
            return
        }
        guard let address = GpsdAddress(parsing: text) else {
            throw Failure(
                .usage,
                words.text(.optionSettingRefused(name: "at", problem: words.text(.positionNoPlace(name: text)))))
        }
        guard let socket = GpsdClient.connect(address) else {
            throw Failure(.unavailable, words.text(.positionNoGps(address: address.description)))
        }
        gpsd = (address, socket)
        source = .gps(address.description)
    }

    /// The place `--at` named, among `state`'s places: its position; the choices (64) when it
    /// names several, and 64 when none.
    func placeNamed(in state: NearbyState, store: PlaceStore?, words: Catalog) throws(Failure) -> Coordinate? {
        guard let name else { return nil }
        // A street or an intersection of the store's walking network, unless a place has the name.
        let folded = TextFolding.fold(name)
        if let store, !state.places.all.indices.contains(where: { state.places.foldedName(at: $0) == folded }),
            let street = store.streetNamed(
                name, near: store.centre ?? state.settings.origin, joiners: [words.text(.intersectionJoiner)])
        {
            return street.coordinate
        }
        let matches = state.placesCalled(name)
        guard matches.count == 1, let place = matches.first else {
            if matches.isEmpty { throw Failure(.usage, words.text(.optionAtNoPlace(name: name))) }
            throw Failure(
                .usage, words.text(.optionAtChoices(name: name, items: state.choicesPhrase(matches))))
        }
        return place.coordinate
    }

    /// Starts what moves the position: the route's walk, or gpsd's client.
    func begin(_ positions: PositionSources?, options: Options) {
        guard let positions else {
            gpsd?.socket.close()
            return
        }
        if let walk {
            positions.walk(
                walk, speed: options.routeSpeed, instant: options.routeAfterInput, afterInput: options.routeAfterInput)
        }
        if let gpsd { positions.follow(gpsd.address, connected: gpsd.socket) }
    }

    /// Reads and parses a GPX file: `FILE:LINE: …` and 65 when it is malformed.
    static func readRoute(_ path: String, words: Catalog, encoding: TextEncoding) throws(Failure) -> GPXRoute {
        let data: Data
        do { data = Data(try FileContents(path: path).array) } catch {
            throw Failure(
                error.code == SystemError.noSuchFile ? .noInput : .dataError,
                words.text(.routeFileCannotRead(file: path, reason: error.reason)))
        }
        let text: String
        do { text = try TextFile(decoding: data, name: path, encoding: encoding).text } catch {
            throw Failure(.dataError, "\(path):\(error.location.line): \(words.text(.routeFileNotGpx))")
        }
        do { return try GPXRoute.parse(text) } catch {
            let reason: String
            switch error.reason {
            case .notGPX: reason = words.text(.routeFileNotGpx)
            case .badCoordinate(let attribute): reason = words.text(.routeFileBadCoordinate(attribute: attribute))
            case .badTime(let time): reason = words.text(.routeFileBadTime(time: time))
            case .unclosed(let tag): reason = words.text(.routeFileUnclosed(tag: tag))
            case .noPoints: reason = words.text(.routeFileNoPoints)
            }
            throw Failure(.dataError, "\(path):\(error.line): \(reason)")
        }
    }
}
