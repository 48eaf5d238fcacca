import Announcer
import Foundation
import NearbyCore
import PlaceData
import PlaceStore
import ShellParsing
import StudyReport
import SystemCalls
import TextFormats
import Words

/// One session: the screen's state and the one path from an action or a report to what is
/// said (`present`), wiring the parts that do the rest: the input loop (`InputLoop`), the
/// effects (`EffectRunner`), speech's outcomes (`SpeechFollower`), the study's log
/// (`StudyRecorder`) and the signals that end it (`SignalEnding`).
final class Session {
    /// The screen; changed by `dispatch` (what the user did) and `take` (what the shell found
    /// out: an effect's result, what speech cut off, a position).
    private(set) var state: NearbyState
    /// Where announcements go: the screen, the transcript and speech.
    let presenter: Presenter
    /// A usability study's tasks (`--tasks FILE`), read and checked before the session begins.
    let tasks: [StudyTask]
    /// The timed log (`--log FILE`), if any, written event by event.
    let recorder: StudyRecorder
    private let reader: LineReader
    private let options: Options
    /// The command line, after the program's name, as the log's `start` records it.
    private let arguments: [String]
    let effects: EffectRunner
    /// The place store the places came from, when they came from one: the whole of it, for
    /// searches beyond the places in memory.
    var store: PlaceStore? { effects.store }
    private let follower: SpeechFollower
    /// The beacon toward the selected place (`beacon on`), started with live speech the first
    /// time it has a target (`Session+Beacon.swift`).
    var beacon: BeaconPlayer?
    /// Where the moving position comes from: a walked route, a live gpsd (`PositionSources`).
    let positions: PositionSources?

    /// A session reading `reader`; announcements go where the options say, or to `observer`
    /// alone (the test runner's way: no screen, no speech).
    init(
        options: Options, reader: LineReader, arguments: [String] = [],
        observer: ((TranscriptEntry) -> Void)? = nil
    ) throws(Failure) {
        let began = ContinuousClock.now
        self.options = options
        self.reader = reader
        self.arguments = arguments
        let words = try options.settings.stringsFile.map { (path) throws(Failure) in
            try StringsFile.load(path, language: options.settings.language)
        }
        // Where the user is: a route's first point, gpsd's first fix, or a place named once the
        // places are loaded (docs/position.md).
        let start = try PositionStart(options, words: words ?? options.words)
        // A place store opened with no position given starts at the centre of its places.
        let given =
            start.origin
            ?? (options.chosenSettings.contains(.at) && options.atWords == nil ? options.settings.origin : nil)
        let language = options.chosenSettings.contains(.language) ? options.settings.language.code : nil
        // A store's window is read while the session starts, unless a place named by `--at` or
        // a study's tasks need its places at once.
        var opening = try NearbyVoice.loadPlaces(
            options.placesPath, origin: given, words: words ?? options.words, encoding: options.encoding,
            positionToCome: options.atWords != nil, language: language,
            deferringWindow: options.atWords == nil && options.tasksPath == nil)
        var settings = options.settings
        if let given { settings.origin = given } else if let centre = opening.centre { settings.origin = centre }
        state = NearbyState(places: opening.loaded, settings: settings, words: words)
        state.placesToCome = opening.windowCount
        state.listedToCome = opening.listCount(radius: settings.radius)
        if let named = try start.placeNamed(in: state, store: opening.store, words: words ?? options.words) {
            settings.origin = named
            if let store = opening.store { opening.places = PlacesOpening.window(store, around: named) }
            state = NearbyState(places: opening.loaded, settings: settings, words: words)
        }
        state.sourceCount = opening.store?.count
        // A typed heading (--heading) holds while standing and yields to the course once walking.
        state.position.followsCourse = !state.settings.headingLocked
        state.position.start(from: start.source)
        if opening.store != nil { state.position.windowCentre = settings.origin }
        positions = try? PositionSources()
        if opening.pending == nil { NearbyVoice.prepareSpelling(state.places) }
        let places = state.places
        tasks =
            try options.tasksPath.map { (path) throws(Failure) in
                try Self.readTasks(path, places: places, options: options)
            } ?? []
        let log = try options.logPath.map { (path) throws(Failure) in
            do throws(SystemError) { return try StudyLog(path: path, began: began) } catch {
                throw Failure(.cannotWrite, OutputFileError(path: path, reason: error.reason).text(options.words))
            }
        }
        recorder = StudyRecorder(log: log)
        if let observer {
            presenter = Presenter(display: nil, transcript: nil, speech: nil, observer: observer)
        } else {
            presenter = try SpeechStart.presenter(options, reader: reader)
        }
        effects = EffectRunner(options: options, presenter: presenter, store: opening.store, positions: positions)
        effects.pendingWindow = opening.pending
        follower = SpeechFollower(presenter: presenter, recorder: recorder)
        // A callout waiting for speech is said as soon as speech ends, also at a prompt.
        if let positions { presenter.wakeOnSpeechEnd { positions.nudge() } }
        start.begin(positions, options: options)
    }

    /// The places windows moved out, until an answer is out and no line waits (`retire`).
    var retiredPlaces: [Places] = []

    /// Applies the position reports waiting (a walked route, gpsd): what they say, callouts,
    /// answers no line (line 0).
    func takePositions() throws(Failure) {
        guard let positions else { return }
        let reports = positions.take()
        // The places about the start, before the first report is measured against them: a
        // walk begun with no command typed would otherwise pass every place in silence.
        if !reports.isEmpty { try settleWindow() }
        for report in reports {
            let began = Self.reportCPULog == nil ? nil : ThreadTime.cpuSeconds
            let report = withStreets(report)
            if BenchSlowdown.isOn {
                var copy = state
                _ = copy.apply(report)
            }
            try take(report)
            if let began, case .positionReported = report, let log = Self.reportCPULog {
                try? log.writeAll(Array("\(Int(((ThreadTime.cpuSeconds - began) * 1e6).rounded()))\n".utf8))
            }
        }
        // A window the reports moved is read now: no line typed waits on it (`useIdleTime`).
        if !reports.isEmpty { effects.pendingWindow?.readWhenIdle() }
        try settleSpeech()
    }

    /// For the bench (`nearby-voice-position-bench`): when `NEARBY_VOICE_BENCH_REPORT_CPU` names a
    /// file, the CPU time this thread spent on each position report (its streets, the callout
    /// decision, what it said), in microseconds, a line each, appended. Issue 42 asked for the
    /// decision measured in a session on the real store; the session's whole CPU a report (about
    /// 650 µs there, 500 µs on the built-in places) is mostly what any report costs the process
    /// (waking, gpsd's line read and parsed on its own thread), which a slower decision hardly
    /// moves.
    private static let reportCPULog: FileDescriptor? = ProcessInfo.processInfo.environment[
        "NEARBY_VOICE_BENCH_REPORT_CPU"
    ].flatMap { try? FileDescriptor.open($0, .appending, permissions: 0o600) }

    /// Callouts decided while live speech had something to say, waiting to be said as things
    /// stand when it ends (`releaseCallouts`), with when each was decided and its number in
    /// history: at most `calloutsHeld`, corners, crossings and arrivals first.
    private var heldCallouts: [(announcement: Announcement, since: ContinuousClock.Instant, number: Int?)] = []

    /// How many callouts may wait for speech at once: the oldest place beyond them is dropped.
    static let calloutsHeld = 2

    /// Keeps a callout decided while speech is busy: a corner, a crossing or the selected
    /// place's arrival goes before the places waiting, newest first; beyond `calloutsHeld`,
    /// the oldest of the lowest rank is dropped (into the transcript as expired).
    private func hold(_ announcement: Announcement, number: Int?) throws(Failure) {
        func rank(_ held: Announcement) -> Int {
            switch held.subject {
            case .place, .places: 1
            case .selected, .ahead, nil: 0
            }
        }
        let first = heldCallouts.firstIndex { rank($0.announcement) >= rank(announcement) } ?? heldCallouts.count
        let at = rank(announcement) == 0 ? first : heldCallouts.count
        heldCallouts.insert((announcement, .now, number), at: at)
        while heldCallouts.count > Self.calloutsHeld {
            let lowest = heldCallouts.map { rank($0.announcement) }.max() ?? 0
            // Places wait oldest first; corners and the rest newest first.
            let ofLowest = { (held: (announcement: Announcement, since: ContinuousClock.Instant, number: Int?)) in
                rank(held.announcement) == lowest
            }
            let found = lowest == 0 ? heldCallouts.lastIndex(where: ofLowest) : heldCallouts.firstIndex(where: ofLowest)
            guard let oldest = found else { break }
            try expire(heldCallouts.remove(at: oldest).announcement)
        }
    }

    /// Says the callouts that waited, once live speech has nothing left to say: the first, as
    /// it stands now (`NearbyState.freshened`: measured again from the position now, or
    /// expired and written to the transcript as never heard); the next when that one ends.
    func releaseCallouts() throws(Failure) {
        while let held = heldCallouts.first, !presenter.isSpeechBusy {
            heldCallouts.removeFirst()
            let waited = held.since.duration(to: .now)
            let seconds = Double(waited.components.seconds) + Double(waited.components.attoseconds) / 1e18
            guard let fresh = state.freshened(held.announcement, waited: seconds) else {
                try expire(held.announcement)
                continue
            }
            try say(fresh, number: held.number, line: 0, input: "")
        }
    }

    /// Writes a callout that expired while it waited into the transcript, as never heard.
    private func expire(_ announcement: Announcement) throws(Failure) {
        do { try presenter.expire(announcement) } catch { throw Failure.writing(error, state.words) }
    }

    /// Hands the callouts still waiting to speech when the session ends: each is said if it
    /// still stands once speech ends (within a callout's life), else written as expired.
    func releaseCalloutsAtTheEnd() throws(Failure) {
        let until = ContinuousClock.now + .seconds(NearbyState.calloutLife + 1)
        while !heldCallouts.isEmpty && ContinuousClock.now < until {
            if let positions { _ = try? FileDescriptor.waitForInput([positions.wake], milliseconds: 100) }
            try takePositions()
        }
        for held in heldCallouts { try expire(held.announcement) }
        heldCallouts.removeAll()
    }

    /// A position report with the walking network about it, read from the place store when it
    /// has one: as far as the corners the core may say (`intersection-distance`) and the street
    /// it may be on. A piece `streetsMargin` wider is read, and kept for the reports within
    /// that margin of where it was read (at walking pace, a read every minute or so, not one a
    /// report: the reads were a third of a walk's time).
    private func withStreets(_ report: Report) -> Report {
        guard case .positionReported(var position) = report, let store else { return report }
        let reach = state.settings.intersectionDistance + NearbyState.StreetWalk.reach + 10
        if let kept = streetsRead, kept.store === store, kept.reach == reach,
            kept.centre.distance(to: position.coordinate) <= Self.streetsMargin
        {
            position.streets = kept.network.isEmpty ? nil : kept.network
            return .positionReported(position)
        }
        let network = store.network(around: position.coordinate, radius: reach + Self.streetsMargin)
        streetsRead = (store, position.coordinate, reach, network)
        if !network.isEmpty { position.streets = network }
        return .positionReported(position)
    }

    /// How far a position report may be from where the walking network was last read and still
    /// use that piece, in metres.
    static let streetsMargin = 100.0

    /// The walking network last read for position reports: from which store, where, how far it
    /// had to reach, and the piece.
    private var streetsRead: (store: PlaceStore, centre: Coordinate, reach: Double, network: StreetNetwork)?

    /// The end of the input with a route being walked: its reports are taken until it ends, so
    /// that a script hears the whole walk.
    func walkToTheEnd() throws(Failure) {
        guard let positions else { return }
        positions.startPending()
        while positions.isWalking {
            _ = try? FileDescriptor.waitForInput([positions.wake], milliseconds: 1000)
            try takePositions()
        }
        try takePositions()
        try releaseCalloutsAtTheEnd()
    }

    /// Runs until `quit` or the end of input; returns the exit code.
    func run() throws(Failure) -> ExitCode {
        try InputLoop(session: self, reader: reader, pace: options.pace).run()
    }

    /// Writes the log's first line: the options, the places, the language and the voice.
    /// Without a terminal, a thread of its own then waits for the signals that end a session.
    func start() throws(Failure) {
        defer {
            if !reader.isInteractive {
                SignalEnding.install(writingTo: recorder.log) { [presenter] in presenter.endBySignal() }
            }
        }
        guard recorder.log != nil else { return }
        let speech = presenter.speech.map { $0.mode == .live ? "live" : "wav" } ?? "off"
        try recorder.record(
            .start(
                SessionStart(
                    version: ProgramVersion.number, arguments: arguments,
                    places: state.placesToCome ?? state.places.count,
                    language: state.settings.language.code, voice: state.settings.voice, rate: state.settings.rate,
                    strings: state.settings.stringsFile, speech: speech, tasksFile: options.tasksPath,
                    tasks: tasks.map(\.words))),
            words: state.words)
    }

    /// Reduces what the user did (`line` of the input, `input` as typed), then presents its
    /// reaction. The old window's places are freed once the answer is out.
    func dispatch(_ action: Action, line: Int = 0, input: String = "") throws(Failure) {
        if action != .sessionStarted { try placesReady(for: action) }
        // The core reads no clock: it is told the time with each command.
        state.now = options.clock ?? (options.usesSystemClock ? LocalClock.now() : nil)
        state.clock = SteadyClock.seconds
        state.wallClock = Date().timeIntervalSince1970
        let reaction = state.reduce(action)
        effects.note(action, reaction)
        try present(reaction, line: line, input: input, silencesBeacon: action == .speechStopped)
    }

    /// Applies what the shell found out (an effect's result for the command on `line`, or news
    /// of speech or the position, on line 0), then presents its reaction as a command's.
    func take(_ report: Report, line: Int = 0, input: String = "") throws(Failure) {
        state.now = options.clock ?? (options.usesSystemClock ? LocalClock.now() : nil)
        state.clock = SteadyClock.seconds
        try present(state.apply(report), line: line, input: input)
    }

    /// The one way a reaction reaches the user, whether an action or a report caused it:
    /// announces what it says, logs it, carries out what it asks of the shell (applying the
    /// report of each result and dispatching the command that waited for it), and lets the
    /// beacon follow.
    private func present(_ reaction: Reaction, line: Int, input: String, silencesBeacon: Bool = false)
        throws(Failure)
    {
        // The built-in places again (`set places built-in`): no store behind them.
        if state.settings.placesFile == nil { effects.forgetStore() }
        // The log puts a task's end before the words that say so, and the next task's
        // beginning after them: the task's own words belong to neither task.
        var endings = reaction.studyEvents.filter { if case .begun = $0 { false } else { true } }
        for (announcement, number) in zip(reaction.announcements, reaction.historyNumbers) {
            if announcement.kind == .task {
                try recorder.recordStudy(endings, study: state.study, words: state.words)
                endings = []
            }
            // A callout decided while live speech has something to say waits for it to end,
            // and is then said as things stand (heard seconds late, its words were not true).
            if announcement.kind == .callout && (presenter.isSpeechBusy || !heldCallouts.isEmpty) {
                try hold(announcement, number: number)
                continue
            }
            try say(announcement, number: number, line: line, input: input)
        }
        let beginnings = reaction.studyEvents.filter { if case .begun = $0 { true } else { false } }
        try recorder.recordStudy(endings + beginnings, study: state.study, words: state.words)
        for effect in reaction.effects {
            let outcome = try effects.perform(effect, in: state)
            if let report = outcome.report { try take(report, line: line, input: input) }
            if let next = outcome.then { try dispatch(next, line: line, input: input) }
        }
        beaconFollows(silenced: silencesBeacon, reaction)
    }

    /// Announces one thing said, logs it, and follows its speech for history's marks.
    private func say(_ announcement: Announcement, number: Int?, line: Int, input: String) throws(Failure) {
        let seq: Int
        do { seq = try presenter.announce(announcement, line: line, input: input) } catch {
            throw Failure.writing(error, state.words)
        }
        // What only the eye sees, with visuals off, was not said: the tester met none of it.
        if announcement.isVisualOnly { return }
        try recorder.recordAnnouncement(announcement, seq: seq, line: line, words: state.words)
        // History's number for it, so that what speech cut off is marked there too.
        if let number { follower.follow(seq, keptNumber: number) }
    }

    /// Says once a session, when spatial audio is on, that live speech cannot place sound
    /// (`SpeechFollower.tellIfCentred`); whether it was said now.
    @discardableResult
    func tellIfCentred() -> Bool { follower.tellIfCentred(spatial: state.settings.spatial, words: state.words) }

    /// Hands what speech reported to the transcript, the log and the core's history marks.
    func settleSpeech() throws(Failure) {
        for mark in try follower.settle(words: state.words) { try take(mark) }
        try releaseCallouts()
    }

    /// Completes the transcript and the WAV file, and ends the log. A transcript on standard
    /// output whose reader has gone is no failure to report: the run ends quietly with 141.
    func finish(reason: String, signal: Int32? = nil) throws(Failure) {
        beacon?.stop()
        for held in heldCallouts { try expire(held.announcement) }
        heldCallouts.removeAll()
        try follower.finish(words: state.words)
        try recorder.record(.end(reason: reason, signal: signal.map(SignalEnding.name)), words: state.words)
        follower.tellIfDeviceLost(words: state.words)
        follower.tellNotices(words: state.words)
    }
}
