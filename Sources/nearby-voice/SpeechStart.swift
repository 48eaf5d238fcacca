import Announcer
import Foundation
import NearbyCore
import ShellParsing
import SystemCalls

/// Starts what a session says things through, as the options ask: the presenter, with the
/// screen, the transcript file and speech (espeak-ng or speech-dispatcher, live or into a WAV
/// file), and the failures that stop it from starting.
enum SpeechStart {
    /// The screen, the transcript file and speech, as the options ask.
    static func presenter(_ options: Options, reader: LineReader) throws(Failure) -> Presenter {
        func writer(_ path: String) throws(Failure) -> TranscriptWriter {
            do { return try TranscriptWriter(path: path, format: options.format) } catch {
                throw Failure(.cannotWrite, error.text(options.words))
            }
        }
        let transcript = try options.transcriptPath.map { (path) throws(Failure) in try writer(path) }
        let display: ((String) -> Void)? = options.transcriptPath == "-" ? nil : { [unowned reader] in reader.show($0) }
        let speech = try speaker(options)
        let colouring = Terminal.colours(ProcessInfo.processInfo.environment).map(MapColouring.init)
        let decorate: (String, Int) -> String =
            colouring.map { colouring in { colouring.colour($0, rows: $1) } } ?? { text, _ in text }
        return Presenter(display: display, transcript: transcript, speech: speech, decorate: decorate)
    }

    /// Live speech through the backend `options` name: espeak-ng to the audio device, or the
    /// user's speech-dispatcher. The audio libraries' own complaints never reach standard error.
    static func live(_ options: Options, voice: VoiceSettings) throws -> any Speaker {
        switch options.settings.speechBackend {
        case .espeak:
            try withStandardErrorSilenced { try SpeechOutput(mode: .live, voice: voice, wavPath: options.wavPath) }
        case .dispatcher:
            try withStandardErrorSilenced { try SpeechDispatcherOutput(voice: voice, wavPath: options.wavPath) }
        }
    }

    /// Starts speech: live when a device (or speech-dispatcher) works, or is demanded;
    /// render-only for `--wav`.
    static func speaker(_ options: Options) throws(Failure) -> (any Speaker)? {
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
            return try live(options, voice: voice)
        } catch let error as OutputFileError {
            throw Failure(.cannotWrite, error.text(options.words))
        } catch let error as SpeechError where !error.isDeviceError {
            throw failure(error, options)
        } catch let error as SpeechDispatcherError {
            if error.isVoiceNotFound { throw failure(error, options) }
            if options.speech == .on {
                throw Failure(
                    .unavailable, options.words.text(.speechDispatcherUnreachableOn(reason: "\(error)")))
            }
            FileHandle.standardError.write(
                Data((options.words.text(.speechDispatcherUnreachableAuto(reason: "\(error)")) + "\n").utf8))
            return try renderOnly()
        } catch {
            if options.speech == .on {
                throw Failure(.unavailable, options.words.text(.speechNoDeviceOn(reason: "\(error)")))
            }
            FileHandle.standardError.write(Data((options.words.text(.speechNoDeviceAuto) + "\n").utf8))
            return try renderOnly()
        }
    }

    /// Why speech could not start: a file that cannot be written (74), a voice not installed
    /// (64, with the closest that are), or anything else (69).
    static func failure(_ error: any Error, _ options: Options) -> Failure {
        if let error = error as? OutputFileError { return Failure(.cannotWrite, error.text(options.words)) }
        if (error as? SpeechError) == .voiceNotFound || (error as? SpeechDispatcherError)?.isVoiceNotFound == true {
            let voices = VoiceList.installed(options.settings.speechBackend)
            let close = NearbyState.closestVoices(to: options.settings.voice, in: voices)
            return Failure(
                .usage,
                options.words.text(
                    .voiceUnknownAtStart(
                        voice: options.settings.voice,
                        close: close.joined(separator: options.words.text(.listSeparator)))))
        }
        return Failure(.unavailable, options.words.text(.speechCannotStart(reason: "\(error)")))
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
