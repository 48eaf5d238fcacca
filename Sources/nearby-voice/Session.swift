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
            interrupted: { [unowned self] in self.presenter.speech?.stop() })
    }

    /// Filter as you type: after a pause in a `find` line, the count, with status priority.
    private func typed(_ line: String) {
        guard case .queryEntered(let query)? = CommandParser.parse(line) else { return }
        for announcement in state.reduce(.queryTyped(query)) {
            try? announce(announcement, line: 0, input: "")
        }
    }

    /// Runs until `quit` or the end of input; returns the exit code.
    func run() throws(Failure) -> ExitCode {
        if reader.isInteractive {
            let count = NearbyState.places(state.catalog.count)
            try announce(Announcement("Nearby: \(count) around you. Type help for commands, quit to leave.", kind: .notice), line: 0, input: "")
        }
        while !state.isFinished, let line = reader.nextLine() {
            lineNumber += 1
            guard var action = CommandParser.parse(line) else { continue }
            if case .mapRequested = action {
                // The picture fits the terminal, leaving rows for the legend and the prompt.
                let size = Terminal.size(ProcessInfo.processInfo.environment)
                action = .mapRequested(columns: size.columns - 1, rows: size.rows - 5)
            }
            if action == .speechStopped { presenter.speech?.stop() }
            let before = state.settings
            for announcement in state.reduce(action) {
                try announce(announcement, line: lineNumber, input: line)
            }
            if state.settings != before { applySpeechSettings() }
            if presenter.speech?.mode == .live && !reader.isInteractive && options.pace == .speech {
                presenter.speech?.waitUntilIdle()
            }
        }
        if reader.isInteractive && !state.isFinished {
            try announce(Announcement("Goodbye.", kind: .notice), line: 0, input: "")
        }
        do { try presenter.finish() } catch { throw Failure(.cannotWrite, error.description) }
        return .success
    }

    private func announce(_ announcement: Announcement, line: Int, input: String) throws(Failure) {
        do { try presenter.announce(announcement, line: line, input: input) } catch {
            throw Failure(.cannotWrite, error.description)
        }
    }

    private func applySpeechSettings() {
        presenter.speech?.setVoice(Self.voice(state.settings))
    }

    static func voice(_ settings: Settings) -> VoiceSettings {
        VoiceSettings(
            voice: settings.voice, rate: settings.rate, pitch: settings.pitch, volume: settings.volume,
            earcons: settings.earcons, plainEarcons: settings.reduceMotion)
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
            return Failure(.usage, "Unknown voice \(options.settings.voice). Close ones: \(VoiceList.closest(to: options.settings.voice).joined(separator: ", ")).")
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
