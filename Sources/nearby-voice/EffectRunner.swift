import Announcer
import Foundation
import NearbyCore
import PlaceData
import PlaceStore
import Position
import ShellParsing
import SystemCalls
import Words

/// Carries out the core's effects: the files, the terminal and the synthesiser are the shell's.
/// Each effect may end in a report of its result and a command to answer then
/// (`EffectRunner.Outcome`), for the session to apply and dispatch.
final class EffectRunner {
    /// What an effect ends in: what the shell found out, for the core to apply, then the
    /// command that waited for it (or that puts a setting back), for the session to dispatch.
    struct Outcome {
        var report: Report?
        var then: Action?

        init(_ report: Report? = nil, then: Action? = nil) {
            self.report = report
            self.then = then
        }
    }

    private let options: Options
    private let presenter: Presenter
    /// The settings the user gave (options, the config file, `set`): speech-dispatcher is sent
    /// only these.
    private var chosenSettings: Set<Setting>
    /// Whether the user gave a position (`--at`, `set at`): `set places STORE` otherwise starts
    /// at the centre of the store's places, as a start without `--at` does.
    private var positionChosen: Bool
    /// Whether the user chose the language (`--language`, `set language`): a place store's
    /// places are then named in it where they have a name in it (`name:LANG`), else by their own
    /// names, which are what their signs say and what a search of the places in memory knows.
    private var languageChosen: Bool
    private func storeLanguage(_ state: NearbyState) -> String? {
        languageChosen ? state.settings.language.code : nil
    }
    /// The backend speaking (or that would, were speech on).
    private var backend: SpeechBackend
    /// The place store of the places loaded, when they came from one (`--places STORE`, an
    /// OpenStreetMap extract's cached store, `set places`).
    private(set) var store: PlaceStore?
    /// Where the moving position comes from: `set at gpsd` follows gpsd through it.
    private let positions: PositionSources?
    /// A store's window being read (since the start, or since the position moved), until the
    /// session takes it in; a newer one replaces it.
    var pendingWindow: WindowLoad?
    /// The markers file (`mark`, `markers`).
    let markers = MarkerKeeper(path: nil)
    /// The walk being recorded (`record`), and its file as the user typed it.
    var recorder: TrackRecorder?
    var recordedPath: String?

    init(options: Options, presenter: Presenter, store: PlaceStore? = nil, positions: PositionSources? = nil) {
        self.options = options
        self.presenter = presenter
        self.store = store
        self.positions = positions
        chosenSettings = options.chosenSettings
        positionChosen = options.chosenSettings.contains(.at)
        languageChosen = options.chosenSettings.contains(.language)
        backend = options.settings.speechBackend
    }

    /// Notes a setting the user gave with `set` that shapes speech: speech-dispatcher is sent it.
    func note(_ action: Action, _ reaction: Reaction) {
        if case .settingChanged(let setting, _) = action, reaction.effects.contains(.applySpeechSettings) {
            chosenSettings.insert(setting)
        }
        if case .settingChanged(.at, _) = action { positionChosen = true }
        if case .settingChanged(.language, _) = action { languageChosen = true }
    }

    /// The places are no longer a store's (the built-in places again).
    func forgetStore() { store = nil }

    /// How many places a search of the whole store brings into the session at most, nearest
    /// first: the list beyond the radius reads them in order, and the nearest is what is said.
    static let storeMatches = 20

    /// The longest a paced preview step waits, in seconds: a long road at a slow factor does not
    /// hold the prompt longer.
    static let longestPace = 30.0

    /// Carries out one effect, reading the state it was asked in; returns its report and the
    /// command to answer after it, if any.
    func perform(_ effect: Effect, in state: NearbyState) throws(Failure) -> Outcome {
        switch effect {
        case .stopSpeech:
            presenter.speech?.stop()
            return Outcome()
        case .applySpeechSettings:
            if state.settings.speechBackend != backend {
                return Outcome(then: try changeBackend(to: state.settings.speechBackend, state))
            }
            presenter.speech?.setVoice(voiceSettings(state.settings))
            return Outcome()
        case .loadPlaces(let path):
            do throws(Failure) {
                // A place store, when the user gave no position, about the centre of its places.
                let opening = try PlacesOpening.open(
                    path, at: options.located(path), origin: positionChosen ? state.settings.origin : nil,
                    words: state.words, encoding: options.encoding, language: storeLanguage(state)
                ) { note in FileHandle.standardError.write(Data("nearby-voice: \(note)\n".utf8)) }
                let places = opening.loaded
                NearbyVoice.prepareSpelling(places)
                store = opening.store
                return Outcome(
                    .placesLoaded(
                        places, source: path, skippedFeatures: opening.skippedFeatures, centre: opening.centre,
                        sourceCount: opening.store?.count))
            } catch {
                return Outcome(.placesFailed(message: error.message))
            }
        case .loadStrings(let path, let language):
            do throws(Failure) {
                return Outcome(
                    .stringsLoaded(
                        try StringsFile.load(path, at: options.located(path), language: language), source: path))
            } catch {
                return Outcome(.stringsFailed(message: error.message))
            }
        case .listVoices(let then):
            return Outcome(.voicesInstalled(VoiceList.installed(backend)), then: then)
        case .moveWindow(let origin):
            // Read on a thread of its own while the answer is said, and taken in before the next
            // one (`Session.settleWindow`): `set at` answers at once, as the start does.
            guard let store else { return Outcome() }
            store.language = storeLanguage(state)
            // A window never taken in (a walk's reports moved it twice at once) is read to its
            // end on its thread, which then ends, and dropped.
            pendingWindow?.readWhenIdle()
            pendingWindow = WindowLoad(store, around: origin, source: state.places.source)
            return Outcome()
        case .followGPS(let text):
            // Within the connection's deadline (2 s): what follows is the client's own thread.
            guard let address = GpsdAddress(parsing: text) else { return Outcome(.gpsUnavailable(address: text)) }
            guard let positions, let socket = GpsdClient.connect(address) else {
                return Outcome(.gpsUnavailable(address: address.description))
            }
            positions.follow(address, connected: socket)
            return Outcome(.gpsFollowed(address: address.description))
        case .stopFollowing:
            positions?.stop()
            return Outcome()
        case .findStreet(let point, let then):
            // Read with the window being read about the same point, when it has been.
            guard let street = pendingWindow?.street(at: point) ?? store.map({ Self.street(around: point, in: $0) })
            else { return Outcome(.streetFound(nil, at: point), then: then) }
            return Outcome(.streetFound(street.name, at: point, network: street.network), then: then)
        case .paceStep(let metres):
            // `--route-speed`: the step takes its walking time, at most `Self.longestPace`, while
            // its words are said.
            guard options.pacesPreview else { return Outcome() }
            let seconds = metres / state.settings.walkSpeed / options.routeSpeed
            Thread.sleep(forTimeInterval: min(seconds, Self.longestPace))
            return Outcome()
        case .readStreets(let point, let then):
            // Sidewalks and crossings told by their road, as a piece read about a point is.
            let network = store?.network(in: BoundingBox(around: point, radius: NearbyState.previewRead))
                .pairingFootways()
            return Outcome(.streetFound(nil, at: point, network: network?.isEmpty == false ? network : nil), then: then)
        case .planRoute(let origin, let destination, let name, let avoidSteps):
            let route = store?.walkRoute(from: origin, to: destination, avoidSteps: avoidSteps)
            return Outcome(.routePlanned(destination: name, route))
        case .exportRoute(let path, let route):
            return Outcome(.routeExported(path: path, Self.write(route, to: options.located(path))))
        case .saveMarkers(let kept, let routes, let change):
            return Outcome(.markersSaved(change, failure: markers.save(kept, routes: routes, state.words)))
        case .exportKeptRoute(let path, let route):
            return Outcome(.routeExported(path: path, MarkerKeeper.export(route, to: options.located(path))))
        case .readRouteFile(let path):
            let (route, failure) = MarkerKeeper.route(from: options.located(path), state.words)
            return Outcome(.routeFileRead(path: path, route, failure: failure))
        case .startRecording(let path):
            return Outcome(startRecording(path))
        case .recordPoint(let point, let time, let name):
            do throws(SystemError) {
                try recorder?.add(point, time: time, name: name)
            } catch {
                // The track so far stays whole; the failure is said once, and recording ends.
                let path = recorder?.path ?? ""
                recorder = nil
                return Outcome(.recordingStopped(path: path, failure: error.reason))
            }
            return Outcome()
        case .stopRecording:
            guard let recorder else { return Outcome() }
            self.recorder = nil
            var failure: String?
            do throws(SystemError) { try recorder.finish() } catch { failure = error.reason }
            return Outcome(.recordingStopped(path: recordedPath ?? recorder.path, failure: failure))
        case .exportMarkers(let path, let kept):
            let failure = MarkerKeeper.export(kept, to: options.located(path))
            return Outcome(.markersExported(path: path, count: kept.count, failure: failure))
        case .importMarkers(let path):
            let (imported, failure) = MarkerKeeper.importing(options.located(path), state.words)
            return Outcome(.markersImported(path: path, imported, failure: failure))
        case .findNamedStreet(let name, let then):
            // Nearest the centre of the store's places, as a start without `--at` begins there.
            let near = store?.centre ?? state.settings.origin
            let found = store?.streetNamed(name, near: near, joiners: [state.words.text(.intersectionJoiner)])
            return Outcome(.namedStreetFound(query: name, found), then: then)
        case .measureScreen:
            // The picture fits the terminal, leaving rows for the legend and the prompt.
            let size = Terminal.size(ProcessInfo.processInfo.environment)
            let columns = size.columns - 1
            let rows = size.rows - 5
            // The walking network of the region the picture shows (its ways, named or not, and
            // its crossings) and its parks' outlines, from a store that has street data; nil
            // streets say that the places have none.
            guard let store, store.streetCount > 0 else { return Outcome(.mapMeasured(columns: columns, rows: rows)) }
            let frame = MapPicture.Frame(state: state, columns: columns, rows: rows)
            let network = store.network(in: frame.region)
            return Outcome(
                .mapMeasured(
                    columns: columns, rows: rows,
                    streets: network.edges.map { MapStreet(name: $0.road.name, points: $0.points) },
                    crossings: network.crossingPoints,
                    parks: store.parks(in: frame.region)))
        case .searchWholeStore(let query, let kind):
            // Asked only when the places are a window of a store (`Places.isWindow`); places
            // held whole in memory are searched whole by the core itself. The store answers
            // nearest first from the user's point; the core adds what it found to the window.
            let found = store?.search(query, kind: kind, near: state.settings.origin, limit: Self.storeMatches) ?? []
            return Outcome(.wholeStoreSearched(query: query, kind: kind, found: found))
        }
    }

    /// What `Effect.findStreet` reads about `point`: the nearest named street, and the walking
    /// network within `NearbyState.cornerLimit` (nil when there is none).
    static func street(around point: Coordinate, in store: PlaceStore) -> (name: String?, network: StreetNetwork?) {
        let network = store.network(around: point, radius: NearbyState.cornerLimit)
        return (store.nearestStreet(to: point)?.name, network.isEmpty ? nil : network)
    }

    /// `route export`: the route as a GPX file at `path`, whole or not at all
    /// (`FileSystem.replace`: a new file beside it, flushed, renamed over it, the folder
    /// flushed), written now; or the system's reason it could not be.
    /// `record` (FILE): the track opened at FILE (as typed, found as files are), or at a new
    /// file beside the markers.
    func startRecording(_ typed: String?) -> Report {
        let now = Date().timeIntervalSince1970
        var path = typed ?? ""
        do throws(SystemError) {
            let located: String
            if let typed {
                located = options.located(typed)
            } else {
                located = try TrackRecorder.defaultPath(beside: markers.path, time: now)
                path = located
            }
            let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
            recorder = try TrackRecorder(path: located, name: name, time: now)
            recordedPath = path
            return .recordingStarted(path: path, failure: nil)
        } catch {
            return .recordingStarted(path: path, failure: error.reason)
        }
    }

    static func write(_ route: NearbyState.RouteExport, to path: String) -> NearbyState.RouteExport.Outcome {
        let gpx = GPXWriter(name: route.name, track: route.points, waypoints: route.waypoints)
        do throws(SystemError) {
            let replaced = try FileSystem.replace(path, with: Array(gpx.text(time: Date().timeIntervalSince1970).utf8))
            return .written(replaced: replaced)
        } catch {
            return .failed(reason: error.reason)
        }
    }

    /// How speech is to sound: the settings, and which of them the user gave.
    func voiceSettings(_ settings: Settings) -> VoiceSettings {
        var voice = VoiceSettings(settings)
        voice.chosen = chosenSettings
        return voice
    }

    /// `set speech-backend`: the other backend starts and takes over. When it cannot (no
    /// server, no device), or while `--wav` records (the file is the first backend's), speech
    /// stays as it was, says why, and the setting goes back: the action that puts it back.
    private func changeBackend(to wanted: SpeechBackend, _ state: NearbyState) throws(Failure) -> Action? {
        guard options.speech != .off else {
            backend = wanted
            return nil
        }
        var problem: String?
        if options.wavPath != nil {
            problem = state.words.text(.speechBackendKeptForWav(backend: backend.rawValue))
        } else {
            var changed = options
            changed.settings = state.settings
            do {
                let speaker = try SpeechStart.live(changed, voice: voiceSettings(state.settings))
                do { try presenter.replaceSpeech(with: speaker) } catch { throw Failure.writing(error, state.words) }
                backend = wanted
            } catch let failure as Failure {
                throw failure
            } catch {
                problem = state.words.text(.speechBackendNotChanged(backend: wanted.rawValue, reason: "\(error)"))
            }
        }
        guard let problem else { return nil }
        FileHandle.standardError.write(Data((problem + "\n").utf8))
        presenter.speech?.enqueue(Utterance(seq: 0, text: problem, priority: .polite))
        return .settingChanged(.speechBackend, value: backend.rawValue)
    }
}
