import Announcer
import Foundation
import NearbyCore

/// One session: the state, the presenter, and the loop from lines to announcements.
final class Session {
    private var state: NearbyState
    private let presenter: Presenter
    private let reader: LineReader
    private let options: Options
    private var lineNumber = 0

    /// A session reading `reader`; announcements go where the options say, or to `observer`
    /// alone (the test runner's way: no screen, no speech).
    init(options: Options, reader: LineReader, observer: ((TranscriptEntry) -> Void)? = nil) throws(Failure) {
        self.options = options
        self.reader = reader
        state = NearbyState(places: try NearbyVoice.loadPlaces(options.placesPath), settings: options.settings)
        if let observer {
            presenter = Presenter(display: nil, transcript: nil, speech: nil, observer: observer)
        } else {
            presenter = try Self.makePresenter(options, reader: reader)
        }
        reader.events = LineEvents(
            paused: { [unowned self] line in self.typed(line) },
            keyPressed: { [unowned self] in self.presenter.speech?.stop() },
            interrupted: { [unowned self] in self.presenter.speech?.stop() },
            complete: { [unowned self] line in Completion.complete(line, in: self.state) },
            echo: { [unowned self] words in
                self.presenter.speech?.enqueue(Utterance(seq: 0, text: SafeText.clean(words), priority: .status))
            })
    }

    /// Filter as you type: after a pause in a `find` line, the count, with status priority.
    private func typed(_ line: String) {
        guard case .queryEntered(let query)? = CommandParser.parse(line) else { return }
        try? announce(state.reduce(.queryTyped(query)), line: 0, input: "")
    }

    /// Runs until `quit` or the end of input; returns the exit code.
    func run() throws(Failure) -> ExitCode {
        if reader.isInteractive { try announce(state.reduce(.sessionStarted), line: 0, input: "") }
        // A reader of standard output that has gone (`| head -1`) ends the session quietly.
        while !state.isFinished, !StandardOutput.isClosed, let line = reader.nextLine() {
            lineNumber += 1
            try settleSpeech()
            guard var action = CommandParser.parse(line) else { continue }
            switch action {
            case .mapRequested:
                // The picture fits the terminal, leaving rows for the legend and the prompt.
                let size = Terminal.size(ProcessInfo.processInfo.environment)
                action = .mapRequested(columns: size.columns - 1, rows: size.rows - 5)
            case .voicesRequested, .settingChanged(key: "voice", _):
                if state.installedVoices == nil { _ = state.reduce(.voicesInstalled(VoiceList.installed())) }
            case .speechStopped:
                presenter.speech?.stop()
            case .settingChanged(key: "places", let path):
                do {
                    let loaded = try NearbyVoice.readPlaces(path)
                    action = .placesReplaced(PlaceCatalog(loaded.places), source: path, skippedFeatures: loaded.skippedFeatures)
                } catch {
                    action = .invalid(.badArgument(command: "set", message: "\(error.message) The places stay as they were."))
                }
            default:
                break
            }
            let before = state.settings
            try announce(state.reduce(action), line: lineNumber, input: line)
            if state.settings != before { applySpeechSettings() }
            if presenter.speech?.mode == .live && !reader.isInteractive && options.pace == .speech {
                presenter.speech?.waitUntilIdle()
            }
        }
        // SIGTERM or SIGHUP at a terminal: speech stops at once (what was queued is dropped),
        // no goodbye, the files are completed, and the exit code is 128 + the signal's number.
        if let signal = reader.endingSignal {
            presenter.speech?.stop()
            try finish()
            return .signalled(signal)
        }
        if StandardOutput.isClosed {
            try finish()
            return .outputClosed
        }
        if reader.isInteractive && !state.isFinished { try announce(state.reduce(.inputEnded), line: 0, input: "") }
        try finish()
        return StandardOutput.isClosed ? .outputClosed : .success
    }

    /// Completes the transcript and the WAV file. A transcript on standard output whose
    /// reader has gone is no failure to report: the run ends quietly with 141.
    private func finish() throws(Failure) {
        do { try presenter.finish() } catch { throw Self.failure(writing: error) }
        tellIfDeviceLost()
        tellNotices()
    }

    /// Exit 74 with the file's message; 141 without one when standard output's reader has gone.
    static func failure(writing error: OutputFileError) -> Failure {
        if error.isBrokenPipe {
            StandardOutput.noteFailure(EPIPE)
            return Failure(.outputClosed, "")
        }
        return Failure(.cannotWrite, error.description)
    }

    /// Whether the session has said that the audio device stopped working.
    private var toldDeviceLost = false

    /// The audio device went away mid-session: one notice, on standard error as the one at the
    /// start, and the session goes on in text.
    private func tellIfDeviceLost() {
        guard presenter.speech?.deviceLost == true, !toldDeviceLost else { return }
        toldDeviceLost = true
        FileHandle.standardError.write(
            Data("The audio device stopped working, so nothing more will be spoken; answers are printed.\n".utf8))
    }

    /// What speech could not do, said once each on standard error, and spoken: a voice the
    /// core announced but espeak-ng could not load.
    private func tellNotices() {
        for notice in presenter.speech?.outcomes.drainNotices() ?? [] {
            switch notice {
            case .voiceNotSet(let voice, let reason, let kept):
                let text = "The voice \(voice) could not be loaded (\(reason)), so speech goes on in \(kept)."
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
        do { try presenter.settle(outcomes) } catch { throw Self.failure(writing: error) }
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

    /// Announces the answers to one line, remembering which kept number each one has.
    private func announce(_ announcements: [Announcement], line: Int, input: String) throws(Failure) {
        var kept = state.spokenTotal - announcements.filter { $0.kind != .history }.count
        for announcement in announcements {
            let seq = try announce(announcement, line: line, input: input)
            if announcement.kind != .history && presenter.speech?.mode == .live {
                kept += 1
                keptNumbers[seq] = kept
            }
        }
    }

    private func announce(_ announcement: Announcement, line: Int, input: String) throws(Failure) -> Int {
        do { return try presenter.announce(announcement, line: line, input: input) } catch {
            throw Self.failure(writing: error)
        }
    }

    private func applySpeechSettings() {
        presenter.speech?.setVoice(Self.voice(state.settings))
    }

    static func voice(_ settings: Settings) -> VoiceSettings {
        VoiceSettings(
            voice: settings.voice, rate: settings.rate, pitch: settings.pitch, volume: settings.volume,
            punctuation: settings.punctuation, capitals: settings.capitals, earcons: settings.earcons,
            plainEarcons: settings.reduceMotion)
    }

    /// The screen, the transcript file and speech, as the options ask.
    static func makePresenter(_ options: Options, reader: LineReader) throws(Failure) -> Presenter {
        func writer(_ path: String) throws(Failure) -> TranscriptWriter {
            do { return try TranscriptWriter(path: path, format: options.format) } catch {
                throw Failure(.cannotWrite, error.description)
            }
        }
        let transcript = try options.transcriptPath.map { (path) throws(Failure) in try writer(path) }
        let display: ((String) -> Void)? = options.transcriptPath == "-" ? nil : { [unowned reader] in reader.show($0) }
        let speech = try startSpeech(options)
        let colour = Terminal.allowsColour(ProcessInfo.processInfo.environment)
        let decorate: (String) -> String = colour ? { Terminal.colourMap($0) } : { $0 }
        return Presenter(display: display, transcript: transcript, speech: speech, decorate: decorate)
    }

    /// Starts speech: live when a device works (or is demanded), render-only for `--wav`.
    static func startSpeech(_ options: Options) throws(Failure) -> SpeechOutput? {
        let voice = voice(options.settings)
        func start(_ mode: SpeechOutput.Mode) throws -> SpeechOutput {
            try SpeechOutput(mode: mode, voice: voice, wavPath: options.wavPath)
        }
        func renderOnly() throws(Failure) -> SpeechOutput? {
            guard options.wavPath != nil else { return nil }
            do { return try start(.renderOnly) } catch { throw failure(error, options) }
        }
        if options.speech == .off { return try renderOnly() }
        do {
            return try withStandardErrorSilenced { try start(.live) }
        } catch let error as OutputFileError {
            throw Failure(.cannotWrite, error.description)
        } catch let error as SpeechError where !error.isDeviceError {
            throw failure(error, options)
        } catch {
            if options.speech == .on {
                throw Failure(.unavailable, "No audio device works (\(error)). Use --speech off to read the answers instead.")
            }
            FileHandle.standardError.write(Data("No audio device works, so nothing will be spoken; answers are printed.\n".utf8))
            return try renderOnly()
        }
    }

    static func failure(_ error: any Error, _ options: Options) -> Failure {
        if let error = error as? OutputFileError { return Failure(.cannotWrite, error.description) }
        if let error = error as? SpeechError, error == .voiceNotFound {
            let close = NearbyState.closestVoices(to: options.settings.voice, in: VoiceList.installed())
            return Failure(.usage, "Unknown voice \(options.settings.voice). Close ones: \(close.joined(separator: ", ")).")
        }
        return Failure(.unavailable, "Speech cannot start: \(error).")
    }
}

/// Runs `body` with file descriptor 2 pointed at /dev/null: the audio libraries print their
/// own errors (ALSA's, a dozen lines) while a device is tried, and none may reach the user.
func withStandardErrorSilenced<T>(_ body: () throws -> T) throws -> T {
    fflush(nil)
    let saved = dup(STDERR_FILENO)
    let null = open("/dev/null", O_WRONLY)
    if saved >= 0 && null >= 0 { dup2(null, STDERR_FILENO) }
    defer {
        fflush(nil)
        if saved >= 0 {
            dup2(saved, STDERR_FILENO)
            close(saved)
        }
        if null >= 0 { close(null) }
    }
    return try body()
}
