import Announcer
import Foundation
import NearbyCore
import PlaceData
import ShellParsing
import StudyReport
import SystemCalls
import Words

/// One session: the state, the presenter, and the loop from lines to announcements.
final class Session {
    private var state: NearbyState
    private let presenter: Presenter
    private let reader: LineReader
    private let options: Options
    private var lineNumber = 0
    /// The settings the user gave (options, the config file, `set`): speech-dispatcher is sent
    /// only these.
    private var chosenSettings: Set<Setting>
    /// The backend speaking (or that would, were speech on).
    private var backend: SpeechBackend
    /// The command line, after the program's name, as the log's `start` records it.
    private let arguments: [String]
    /// A usability study's tasks (`--tasks FILE`), read and checked before the session begins.
    private let tasks: [StudyTask]
    /// The timed log (`--log FILE`), if any.
    private let log: StudyLog?

    /// A session reading `reader`; announcements go where the options say, or to `observer`
    /// alone (the test runner's way: no screen, no speech).
    init(
        options: Options, reader: LineReader, arguments: [String] = [],
        observer: ((TranscriptEntry) -> Void)? = nil
    ) throws(Failure) {
        let began = ContinuousClock.now
        self.options = options
        self.reader = reader
        chosenSettings = options.chosenSettings
        backend = options.settings.speechBackend
        self.arguments = arguments
        let words = try options.settings.stringsFile.map { (path) throws(Failure) in
            try StringsFile.load(path, language: options.settings.language)
        }
        state = NearbyState(
            places: try NearbyVoice.loadPlaces(
                options.placesPath, words: words ?? options.words, encoding: options.encoding),
            settings: options.settings, words: words)
        Self.prepareSpelling(state.catalog)
        let catalog = state.catalog
        tasks =
            try options.tasksPath.map { (path) throws(Failure) in
                try Self.readTasks(path, places: catalog, options: options)
            } ?? []
        log = try options.logPath.map { (path) throws(Failure) in
            do throws(SystemError) { return try StudyLog(path: path, began: began) } catch {
                throw Failure(.cannotWrite, OutputFileError(path: path, reason: error.reason).text(options.words))
            }
        }
        if let observer {
            presenter = Presenter(display: nil, transcript: nil, speech: nil, observer: observer)
        } else {
            presenter = try Self.makePresenter(options, reader: reader)
        }
        reader.events = LineEvents(
            paused: { [unowned self] line in self.typed(line) },
            keyPressed: { [unowned self] in self.presenter.speech?.stop() },
            interrupted: { [unowned self] in
                self.presenter.speech?.stop()
                try? self.dispatch(.typingAbandoned, line: 0, input: "")
            },
            complete: { [unowned self] line in Completion.complete(line, in: self.state) },
            words: { [unowned self] in self.state.words },
            echo: { [unowned self] words in
                self.presenter.speech?.enqueue(Utterance(seq: 0, text: SafeText.clean(words), priority: .status))
            })
    }

    /// Filter as you type: after a pause in a `find` line, the count, with status priority. A
    /// line that is no longer a search (emptied with Ctrl-U) gives the search up: the screen
    /// goes back to what it was before typing began.
    private func typed(_ line: String) {
        guard case .queryEntered(let query)? = CommandParser.parse(line, words: state.words) else {
            try? dispatch(.typingAbandoned, line: 0, input: "")
            return
        }
        try? dispatch(.queryTyped(query), line: 0, input: "")
    }

    /// Runs until `quit` or the end of input; returns the exit code.
    func run() throws(Failure) -> ExitCode {
        try logStart()
        if reader.isInteractive { try dispatch(.sessionStarted, line: 0, input: "") }
        if !tasks.isEmpty {
            try dispatch(.tasksGiven(tasks), line: 0, input: "")
            waitForSpeechIfPaced()
        }
        // A reader of standard output that has gone (`| head -1`) ends the session quietly.
        while !state.isFinished, !StandardOutput.isClosed, let line = reader.nextLine() {
            lineNumber += 1
            try settleSpeech()
            guard let action = CommandParser.parse(line, words: state.words) else { continue }
            try record(
                .input(
                    // Without the space completion leaves at the end, as the history keeps it.
                    number: lineNumber, line: SafeText.clean(line).trimmingCharacters(in: .whitespaces),
                    source: reader.lineSource,
                    command: Self.commandName(line, words: state.words)))
            try dispatch(action, line: lineNumber, input: line)
            waitForSpeechIfPaced()
        }
        // SIGTERM or SIGHUP at a terminal: speech stops at once (what was queued is dropped),
        // no goodbye, the files are completed, and the exit code is 128 + the signal's number.
        if let signal = reader.endingSignal {
            presenter.speech?.stop()
            try finish(reason: "signal", signal: signal)
            return .signalled(signal)
        }
        if StandardOutput.isClosed {
            try finish(reason: "output-closed")
            return .outputClosed
        }
        let reason = state.isFinished ? "quit" : "end-of-input"
        if reader.isInteractive && !state.isFinished { try dispatch(.inputEnded, line: 0, input: "") }
        try finish(reason: reason)
        return StandardOutput.isClosed ? .outputClosed : .success
    }

    /// A script or piped input waits for each answer's speech to end before its next line
    /// (`--pace speech`), so that every answer, and a study's first task, is heard whole.
    private func waitForSpeechIfPaced() {
        if presenter.speech?.mode == .live && !reader.isInteractive && options.pace == .speech {
            presenter.speech?.waitUntilIdle()
        }
    }

    /// Completes the transcript and the WAV file, and ends the log. A transcript on standard
    /// output whose reader has gone is no failure to report: the run ends quietly with 141.
    private func finish(reason: String, signal: Int32? = nil) throws(Failure) {
        let last: [(seq: Int, outcome: SpeechOutcome)]
        do { last = try presenter.finish() } catch { throw Self.failure(writing: error, state.words) }
        if presenter.speech?.mode == .live { try recordSpeech(last) }
        try record(.end(reason: reason, signal: signal.map(Self.signalName)))
        tellIfDeviceLost()
        tellNotices()
    }

    /// Exit 74 with the file's message; 141 without one when standard output's reader has gone.
    static func failure(writing error: OutputFileError, _ words: Catalog) -> Failure {
        if error.isBrokenPipe {
            StandardOutput.noteFailure(EPIPE)
            return Failure(.outputClosed, "")
        }
        return Failure(.cannotWrite, error.text(words))
    }

    /// Whether the session has said that the audio device stopped working.
    private var toldDeviceLost = false

    /// The audio device went away mid-session: one notice, on standard error as the one at the
    /// start, and the session goes on in text.
    private func tellIfDeviceLost() {
        guard let speech = presenter.speech, speech.deviceLost, !toldDeviceLost else { return }
        toldDeviceLost = true
        let key = speech.backend == .dispatcher ? "speech.dispatcher-lost" : "speech.device-lost"
        FileHandle.standardError.write(Data((state.words.text(key) + "\n").utf8))
    }

    /// What speech could not do, said once each on standard error, and spoken: a voice the
    /// core announced but espeak-ng could not load.
    private func tellNotices() {
        for notice in presenter.speech?.outcomes.drainNotices() ?? [] {
            switch notice {
            case .voiceNotSet(let voice, let reason, let kept):
                let text = state.words.text(
                    "speech.voice-not-loaded", ["voice": voice, "reason": reason, "kept": kept])
                FileHandle.standardError.write(Data((text + "\n").utf8))
                presenter.speech?.enqueue(Utterance(seq: 0, text: text, priority: .polite))
            }
        }
    }

    /// The kept-announcement number (the core's count) of each announcement number said live.
    private var keptNumbers: [Int: Int] = [:]

    /// Hands what speech reported to the transcript and to the core's history marks.
    private func settleSpeech() throws(Failure) {
        tellNotices()
        guard let speech = presenter.speech, speech.mode == .live else { return }
        tellIfDeviceLost()
        let outcomes = speech.outcomes.drain()
        do { try presenter.settle(outcomes) } catch { throw Self.failure(writing: error, state.words) }
        try recordSpeech(outcomes)
        for (seq, outcome) in outcomes {
            guard let number = keptNumbers.removeValue(forKey: seq) else { continue }
            switch outcome {
            case .interrupted: _ = state.reduce(.speechEnded(number: number, .interrupted))
            case .dropped: _ = state.reduce(.speechEnded(number: number, .dropped))
            case .failed: _ = state.reduce(.speechEnded(number: number, .failed))
            case .spoken: break
            }
        }
    }

    /// Reduces `action`, announces what it says, and carries out what it asks of the shell
    /// (which may reduce the action that reports the result).
    private func dispatch(_ action: Action, line: Int, input: String) throws(Failure) {
        let reaction = state.reduce(action)
        if case .settingChanged(let setting, _) = action, reaction.effects.contains(.applySpeechSettings) {
            chosenSettings.insert(setting)
        }
        // The log puts a task's end before the words that say so, and the next task's
        // beginning after them: the task's own words belong to neither task.
        var endings = reaction.studyEvents.filter { if case .begun = $0 { false } else { true } }
        for (announcement, number) in zip(reaction.announcements, reaction.historyNumbers) {
            if announcement.kind == .task {
                try recordStudy(endings)
                endings = []
            }
            let seq = try announce(announcement, line: line, input: input)
            // What only the eye sees, with visuals off, was not said: the tester met none of it.
            if announcement.isVisualOnly { continue }
            try record(
                .announcement(
                    seq: seq, line: line, kind: announcement.kind.rawValue, priority: announcement.priority.rawValue,
                    text: SafeText.clean(announcement.text, limit: 20_000),
                    words: LogEvent.wordCount(announcement.text)))
            // History's number for it, so that what speech cut off is marked there too.
            if let number, presenter.speech?.mode == .live { keptNumbers[seq] = number }
        }
        try recordStudy(endings + reaction.studyEvents.filter { if case .begun = $0 { true } else { false } })
        for effect in reaction.effects { try perform(effect, line: line, input: input) }
    }

    /// Gathers the words of the places' names on a thread of its own, for forgiving search: at a
    /// million places that takes seconds, which the first search that finds nothing would
    /// otherwise wait for.
    static func prepareSpelling(_ catalog: PlaceCatalog) {
        DispatchQueue.global(qos: .utility).async { catalog.prepareSpelling() }
    }

    /// Carries out one effect of the core: the files, the terminal and the synthesiser are the
    /// shell's.
    private func perform(_ effect: Effect, line: Int, input: String) throws(Failure) {
        switch effect {
        case .stopSpeech:
            presenter.speech?.stop()
        case .applySpeechSettings:
            if state.settings.speechBackend != backend {
                try changeBackend(to: state.settings.speechBackend, line: line, input: input)
            } else {
                presenter.speech?.setVoice(voiceSettings())
            }
        case .loadPlaces(let path):
            let read = Result { () throws(Failure) in
                try NearbyVoice.readPlaces(path, words: state.words, encoding: options.encoding)
            }
            switch read {
            case .success(let loaded):
                let catalog = PlaceCatalog(loaded.places)
                Self.prepareSpelling(catalog)
                try dispatch(
                    .placesLoaded(catalog, source: path, skippedFeatures: loaded.skippedFeatures), line: line,
                    input: input)
            case .failure(let failure):
                try dispatch(.placesFailed(message: failure.message), line: line, input: input)
            }
        case .loadStrings(let path, let language):
            switch Result(catching: { () throws(Failure) in try StringsFile.load(path, language: language) }) {
            case .success(let words): try dispatch(.stringsLoaded(words, source: path), line: line, input: input)
            case .failure(let failure): try dispatch(.stringsFailed(message: failure.message), line: line, input: input)
            }
        case .listVoices(let then):
            _ = state.reduce(.voicesInstalled(VoiceList.installed(backend)))
            try dispatch(then, line: line, input: input)
        case .measureScreen:
            // The picture fits the terminal, leaving rows for the legend and the prompt.
            let size = Terminal.size(ProcessInfo.processInfo.environment)
            try dispatch(.mapMeasured(columns: size.columns - 1, rows: size.rows - 5), line: line, input: input)
        }
    }

    /// How speech is to sound: the settings, and which of them the user gave.
    private func voiceSettings() -> VoiceSettings {
        var voice = VoiceSettings(state.settings)
        voice.chosen = chosenSettings
        return voice
    }

    /// `set speech-backend`: the other backend starts and takes over. When it cannot (no
    /// server, no device), or while `--wav` records (the file is the first backend's), speech
    /// stays as it was, says why, and the setting goes back.
    private func changeBackend(to wanted: SpeechBackend, line: Int, input: String) throws(Failure) {
        guard options.speech != .off else {
            backend = wanted
            return
        }
        var problem: String?
        if options.wavPath != nil {
            problem = state.words.text("speech.backend-kept-for-wav", ["backend": backend.rawValue])
        } else {
            var changed = options
            changed.settings = state.settings
            do {
                let speaker = try Self.startLive(changed, voice: voiceSettings())
                do { try presenter.replaceSpeech(with: speaker) } catch {
                    throw Self.failure(writing: error, state.words)
                }
                backend = wanted
            } catch let failure as Failure {
                throw failure
            } catch {
                problem = state.words.text(
                    "speech.backend-not-changed", ["backend": wanted.rawValue, "reason": "\(error)"])
            }
        }
        guard let problem else { return }
        FileHandle.standardError.write(Data((problem + "\n").utf8))
        presenter.speech?.enqueue(Utterance(seq: 0, text: problem, priority: .polite))
        try dispatch(.settingChanged(.speechBackend, value: backend.rawValue), line: line, input: input)
    }

    // MARK: The study's log

    /// Writes one event to the log, if there is one; a failure stops the session with 74.
    private func record(_ event: LogEvent) throws(Failure) {
        guard let log else { return }
        do { try log.write(event) } catch {
            var failure = OutputFileError(path: log.path, reason: error.reason)
            failure.atWrite = true
            throw Failure(.cannotWrite, failure.text(state.words))
        }
    }

    /// The log's first line: the options, the places, the language and the voice.
    private func logStart() throws(Failure) {
        guard log != nil else { return }
        let speech = presenter.speech.map { $0.mode == .live ? "live" : "wav" } ?? "off"
        try record(
            .start(
                SessionStart(
                    version: NearbyVoice.version, arguments: arguments, places: state.catalog.count,
                    language: state.settings.language.code, voice: state.settings.voice, rate: state.settings.rate,
                    strings: state.settings.stringsFile, speech: speech, tasksFile: options.tasksPath,
                    tasks: tasks.map(\.words))))
        installSignalEnding()
    }

    private func recordStudy(_ events: [StudyEvent]) throws(Failure) {
        guard let study = state.study else { return }
        for event in events {
            let what: LogEvent.TaskChange
            switch event {
            case .begun: what = .begun
            case .done: what = .done
            case .skipped: what = .skipped
            }
            try record(.task(number: event.number, what: what, words: study.tasks[event.number - 1].words))
        }
    }

    /// What speech did with each announcement, with when it was heard.
    private func recordSpeech(_ outcomes: [(seq: Int, outcome: SpeechOutcome)]) throws(Failure) {
        guard let log, let speech = presenter.speech else { return }
        for (seq, outcome) in outcomes {
            let timing = speech.outcomes.takeTiming(seq)
            let end: LogEvent.SpeechEnd
            switch outcome {
            case .spoken: end = .spoken
            case .interrupted: end = .interrupted
            case .dropped: end = .dropped
            case .failed: end = .failed
            }
            try record(
                .speech(
                    seq: seq, outcome: end, begun: timing?.begun.map { log.seconds(at: $0) },
                    ended: timing.map { log.seconds(at: $0.ended) }, heard: timing?.heardSeconds ?? 0))
        }
    }

    /// The signals that end a session; with a log, its `end` line is written first.
    static let endingSignals = [SIGTERM, SIGHUP]

    /// Piped input and scripts keep the default action of SIGTERM and SIGHUP (the process
    /// ends at once). With a log, `NearbyVoice.run` blocks them before any thread starts, so
    /// every thread inherits the block, and here one thread of its own waits for them: it
    /// writes the log's `end` line, then the signal takes its default action. (A handler would
    /// run in whichever thread the kernel picks; under ThreadSanitizer, that is deferred while
    /// the thread waits in read(2) for the next line, so the session never ended.)
    private func installSignalEnding() {
        guard let log, !reader.isInteractive else { return }
        let waiter = Thread {
            let number = ProcessSignal.waitForAny(Session.endingSignals)
            try? log.write(.end(reason: "signal", signal: Session.signalName(number)))
            ProcessSignal.endBy(number)
        }
        waiter.name = "signal ending"
        waiter.start()
    }

    static func signalName(_ number: Int32) -> String {
        switch number {
        case SIGTERM: "SIGTERM"
        case SIGHUP: "SIGHUP"
        case SIGINT: "SIGINT"
        default: "signal \(number)"
        }
    }

    /// The command a line's first word names, by its English name, for the log.
    static func commandName(_ line: String, words: Catalog) -> String? {
        let trimmed = SafeText.clean(line, limit: 400).trimmingCharacters(in: .whitespaces)
        guard let first = trimmed.split(whereSeparator: { $0 == " " || $0 == "\t" }).first else { return nil }
        return Command(word: String(first), words: words)?.name
    }

    /// Reads and checks the tasks file: `FILE:LINE: …` and 65 for a line that is wrong.
    static func readTasks(_ path: String, places: PlaceCatalog, options: Options) throws(Failure) -> [StudyTask] {
        let words = options.words
        let data: Data
        do { data = options.encoding.utf8Data(Data(try FileContents(path: path).array)) } catch {
            throw Failure(reading: .tasks, path, error, words)
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            let line = ShellParsing.firstInvalidLine(data)
            throw Failure(.dataError, words.text("file.tasks.not-utf8", ["file": path, "line": String(line)]))
        }
        do { return try TaskFile.parse(text, places: places) } catch {
            let location = error.line > 0 ? "\(path):\(error.line)" : path
            throw Failure(.dataError, "\(location): \(words.text(error.phrase))")
        }
    }

    private func announce(_ announcement: Announcement, line: Int, input: String) throws(Failure) -> Int {
        do { return try presenter.announce(announcement, line: line, input: input) } catch {
            throw Self.failure(writing: error, state.words)
        }
    }

    /// The screen, the transcript file and speech, as the options ask.
    static func makePresenter(_ options: Options, reader: LineReader) throws(Failure) -> Presenter {
        func writer(_ path: String) throws(Failure) -> TranscriptWriter {
            do { return try TranscriptWriter(path: path, format: options.format) } catch {
                throw Failure(.cannotWrite, error.text(options.words))
            }
        }
        let transcript = try options.transcriptPath.map { (path) throws(Failure) in try writer(path) }
        let display: ((String) -> Void)? = options.transcriptPath == "-" ? nil : { [unowned reader] in reader.show($0) }
        let speech = try startSpeech(options)
        let colour = Terminal.allowsColour(ProcessInfo.processInfo.environment)
        let decorate: (String) -> String = colour ? { Terminal.colourMap($0) } : { $0 }
        return Presenter(display: display, transcript: transcript, speech: speech, decorate: decorate)
    }

    /// Live speech through the backend `options` name: espeak-ng to the audio device, or the
    /// user's speech-dispatcher. The audio libraries' own complaints never reach standard error.
    static func startLive(_ options: Options, voice: VoiceSettings) throws -> any Speaker {
        switch options.settings.speechBackend {
        case .espeak:
            try withStandardErrorSilenced { try SpeechOutput(mode: .live, voice: voice, wavPath: options.wavPath) }
        case .dispatcher:
            try withStandardErrorSilenced { try DispatcherOutput(voice: voice, wavPath: options.wavPath) }
        }
    }

    /// Starts speech: live when a device (or speech-dispatcher) works, or is demanded;
    /// render-only for `--wav`.
    static func startSpeech(_ options: Options) throws(Failure) -> (any Speaker)? {
        var voice = VoiceSettings(options.settings)
        voice.chosen = options.chosenSettings
        func renderOnly() throws(Failure) -> (any Speaker)? {
            guard let wavPath = options.wavPath else { return nil }
            do { return try SpeechOutput(mode: .renderOnly, voice: voice, wavPath: wavPath) } catch {
                throw failure(error, options)
            }
        }
        if options.speech == .off { return try renderOnly() }
        do {
            return try startLive(options, voice: voice)
        } catch let error as OutputFileError {
            throw Failure(.cannotWrite, error.text(options.words))
        } catch let error as SpeechError where !error.isDeviceError {
            throw failure(error, options)
        } catch let error as DispatcherError {
            if error.isVoiceNotFound { throw failure(error, options) }
            if options.speech == .on {
                throw Failure(
                    .unavailable, options.words.text("speech.dispatcher-unreachable-on", ["reason": "\(error)"]))
            }
            FileHandle.standardError.write(
                Data((options.words.text("speech.dispatcher-unreachable-auto", ["reason": "\(error)"]) + "\n").utf8))
            return try renderOnly()
        } catch {
            if options.speech == .on {
                throw Failure(.unavailable, options.words.text("speech.no-device-on", ["reason": "\(error)"]))
            }
            FileHandle.standardError.write(Data((options.words.text("speech.no-device-auto") + "\n").utf8))
            return try renderOnly()
        }
    }

    static func failure(_ error: any Error, _ options: Options) -> Failure {
        if let error = error as? OutputFileError { return Failure(.cannotWrite, error.text(options.words)) }
        if (error as? SpeechError) == .voiceNotFound || (error as? DispatcherError)?.isVoiceNotFound == true {
            let voices = VoiceList.installed(options.settings.speechBackend)
            let close = NearbyState.closestVoices(to: options.settings.voice, in: voices)
            return Failure(
                .usage,
                options.words.text(
                    "voice.unknown-at-start",
                    [
                        "voice": options.settings.voice,
                        "close": close.joined(separator: options.words.text("list.separator")),
                    ]))
        }
        return Failure(.unavailable, options.words.text("speech.cannot-start", ["reason": "\(error)"]))
    }
}

/// Runs `body` with file descriptor 2 pointed at /dev/null: the audio libraries print their
/// own errors (ALSA's, a dozen lines) while a device is tried, and none may reach the user.
/// Nothing is flushed around it: C's standard error is unbuffered, and `fflush(NULL)` locks
/// every stream, libspeechd's socket stream too, which its event thread holds while it waits
/// for the server: the flush would wait forever.
func withStandardErrorSilenced<T>(_ body: () throws -> T) throws -> T {
    let saved = try? FileDescriptor.standardError.duplicate()
    let null = try? FileDescriptor.open("/dev/null", .writeOnly)
    if saved != nil, let null { try? null.duplicate(onto: .standardError) }
    defer {
        if let saved {
            try? saved.duplicate(onto: .standardError)
            saved.close()
        }
        null?.close()
    }
    return try body()
}
