import CEspeak
import Glibc
import NearbyCore
import Synchronization
import TextFormats

// The one file that calls C: espeak-ng for synthesis and pcaudiolib for the audio device.
// Nothing here is thread-safe: the speech worker owns both, on its own thread.

/// An error of espeak-ng or pcaudiolib, with the library's own message.
public struct SpeechError: Error, RawRepresentable, CustomStringConvertible, Equatable, Sendable {
    public let rawValue: Int32
    public let message: String
    /// Whether the audio device failed (pcaudiolib), rather than the synthesiser (espeak-ng).
    public let isDeviceError: Bool

    public init(rawValue: Int32) { self.init(rawValue, message: "speech error \(rawValue)") }

    init(_ rawValue: Int32, message: String, isDeviceError: Bool = false) {
        self.rawValue = rawValue
        self.message = message
        self.isDeviceError = isDeviceError
    }

    /// espeak-ng's ENS_VOICE_NOT_FOUND.
    public static let voiceNotFound = SpeechError(
        Int32(bitPattern: ENS_VOICE_NOT_FOUND.rawValue), message: "voice not found")

    public static func == (lhs: SpeechError, rhs: SpeechError) -> Bool {
        lhs.rawValue == rhs.rawValue && lhs.isDeviceError == rhs.isDeviceError
    }

    public var description: String { message }

    /// The error for an espeak-ng status, with espeak-ng's message (`espeak_ng_GetStatusCodeMessage`).
    static func espeak(_ status: espeak_ng_STATUS) -> SpeechError {
        var buffer = [CChar](repeating: 0, count: 512)
        espeak_ng_GetStatusCodeMessage(status, &buffer, buffer.count)
        let message = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return SpeechError(Int32(bitPattern: status.rawValue), message: message)
    }
}

/// Where the synth callback sends samples: a box passed through espeak-ng's `user_data`.
final class SampleSink {
    let receive: (UnsafeBufferPointer<Int16>) -> Bool
    /// `receive` returns false to stop synthesis.
    init(_ receive: @escaping (UnsafeBufferPointer<Int16>) -> Bool) { self.receive = receive }
}

/// espeak-ng's synth callback: hands the samples to the sink named in the events' user data;
/// returning 1 stops synthesis within a fraction of a millisecond.
private func synthCallback(
    _ samples: UnsafeMutablePointer<Int16>?, _ count: Int32, _ events: UnsafeMutablePointer<espeak_EVENT>?
) -> Int32 {
    guard let events, let context = events.pointee.user_data else { return 0 }
    let sink = Unmanaged<SampleSink>.fromOpaque(context).takeUnretainedValue()
    guard let samples, count > 0 else { return 0 }
    return sink.receive(UnsafeBufferPointer(start: samples, count: Int(count))) ? 0 : 1
}

/// espeak-ng, initialised on first use (`espeak_ng_Initialize`, then
/// `espeak_ng_InitializeOutput` in synchronous mode): its sample rate, or why it failed.
private let espeakInitialization: Result<Int, SpeechError> = {
    espeak_ng_InitializePath(nil)
    var context: espeak_ng_ERROR_CONTEXT? = nil
    let status = espeak_ng_Initialize(&context)
    if context != nil { espeak_ng_ClearErrorContext(&context) }
    guard status == ENS_OK else { return .failure(.espeak(status)) }
    let output = espeak_ng_InitializeOutput(ENOUTPUT_MODE_SYNCHRONOUS, 20, nil)
    guard output == ENS_OK else { return .failure(.espeak(output)) }
    espeak_SetSynthCallback(synthCallback)
    return .success(Int(espeak_ng_GetSampleRate()))
}()

/// espeak-ng in synchronous mode: text in, 16-bit mono samples out through a callback.
final class EspeakEngine {
    let sampleRate: Int

    /// Initialises espeak-ng once for the process, reads its voice list and selects `voice`.
    /// Made on the speech thread, so the list is read there: `voices` while speech runs then
    /// reads the kept list and calls nothing of espeak-ng's, whose globals synthesis is using.
    /// espeak-ng is never terminated: `espeak_ng_Terminate` followed by a second
    /// `espeak_ng_Initialize` hangs.
    init(voice: String) throws(SpeechError) {
        sampleRate = try Self.initialize()
        _ = Self.voiceList
        try setVoice(voice)
    }

    /// Initialises espeak-ng once for the process; its sample rate.
    @discardableResult
    static func initialize() throws(SpeechError) -> Int { try espeakInitialization.get() }

    /// `espeak_ng_SetVoiceByName`, then `espeak_ng_SetVoiceByProperties` with `name` as the
    /// language ("en-gb" names no voice file but is the language of one).
    func setVoice(_ name: String) throws(SpeechError) {
        let byName = espeak_ng_SetVoiceByName(name)
        if byName == ENS_OK { return }
        // By properties espeak-ng takes any language and falls back to a default voice: only a
        // language that an installed voice speaks is asked for that way.
        guard Self.installedVoices().contains(where: { $0.language.lowercased() == name.lowercased() }) else {
            throw .espeak(byName)
        }
        let status = name.withCString { language in
            var selector = espeak_VOICE()
            selector.languages = language
            return espeak_ng_SetVoiceByProperties(&selector)
        }
        guard status == ENS_OK else { throw .espeak(status) }
    }

    enum Parameter {
        case rate, pitch, volume, punctuation, capitals

        var espeakParameter: espeak_PARAMETER {
            switch self {
            case .rate: espeakRATE
            case .pitch: espeakPITCH
            case .volume: espeakVOLUME
            case .punctuation: espeakPUNCTUATION
            case .capitals: espeakCAPITALS
            }
        }
    }

    /// `espeak_ng_SetParameter`, absolute.
    func set(_ parameter: Parameter, _ value: Int) throws(SpeechError) {
        let status = espeak_ng_SetParameter(parameter.espeakParameter, Int32(value), 0)
        // espeak-ng 1.51 in synchronous mode applies punctuation and capitals and then returns
        // EINVAL (measured: the next utterance reads them); that is success.
        if status.rawValue == UInt32(EINVAL) && (parameter == .punctuation || parameter == .capitals) { return }
        guard status == ENS_OK else { throw .espeak(status) }
    }

    /// Synthesises plain UTF-8 text (`espeak_ng_Synthesize`; no SSML, so markup in the text is
    /// read as words, never obeyed). The sink gets every block of samples as it is made.
    func synthesize(_ text: String, into sink: SampleSink) throws(SpeechError) {
        try synthesize(text, flags: UInt32(espeakCHARS_UTF8 | espeakENDPAUSE), into: sink)
    }

    /// Synthesises `prefix` as words, then `letters` one character at a time: SSML's say-as
    /// characters, the one use of markup here. Both are escaped (`& < > " '`), so markup in a
    /// place's name is spelled, never obeyed.
    func synthesizeSpelled(prefix: String, letters: String, into sink: SampleSink) throws(SpeechError) {
        let markup =
            "<speak>\(XMLText.escaped(prefix)) <say-as interpret-as=\"characters\">\(XMLText.escaped(letters))</say-as></speak>"
        try synthesize(markup, flags: UInt32(espeakCHARS_UTF8 | espeakENDPAUSE | espeakSSML), into: sink)
    }

    private func synthesize(_ text: String, flags: UInt32, into sink: SampleSink) throws(SpeechError) {
        let box = Unmanaged.passRetained(sink)
        defer { box.release() }
        var utf8 = Array(text.utf8CString)
        let status = espeak_ng_Synthesize(&utf8, utf8.count, 0, POS_CHARACTER, 0, flags, nil, box.toOpaque())
        guard status == ENS_OK else { throw .espeak(status) }
    }

    /// The installed voices (`espeak_ListVoices`): name, first language and file of each.
    /// Read once: espeak-ng keeps adding to a fixed-size list on every call and complains on
    /// standard error once it is full.
    static func installedVoices() -> [Voice] { voiceList }

    /// The thread that read the voice list (`pthread_self`): the speech thread whenever speech
    /// runs (tests check it).
    static let voiceListThread = Mutex<pthread_t?>(nil)

    private static let voiceList: [Voice] = {
        voiceListThread.withLock { $0 = pthread_self() }
        guard let list = espeak_ListVoices(nil) else { return [] }
        var voices: [Voice] = []
        var index = 0
        while let voice = list[index] {
            let name = voice.pointee.name.map { String(cString: $0) } ?? ""
            // `languages` is a priority byte, then a NUL-terminated language name.
            let language = voice.pointee.languages.map { String(cString: $0 + 1) } ?? ""
            let identifier = voice.pointee.identifier.map { String(cString: $0) } ?? ""
            voices.append(Voice(name: name, language: language, identifier: identifier))
            index += 1
        }
        return voices
    }()
}

/// An audio output through pcaudiolib, which reports a missing device when it opens.
final class AudioDevice: AudioOutput {
    private let object: OpaquePointer

    /// Opens the default device for 16-bit mono at `sampleRate` (`create_audio_device_object`,
    /// `audio_object_open`).
    init(sampleRate: Int) throws(SpeechError) {
        guard let object = create_audio_device_object(nil, "nearby-voice", "Nearby announcements") else {
            throw SpeechError(-1, message: "no audio output library", isDeviceError: true)
        }
        let status = audio_object_open(object, AUDIO_OBJECT_FORMAT_S16LE, UInt32(sampleRate), 1)
        guard status == 0 else {
            let message = audio_object_strerror(object, status).map { String(cString: $0) } ?? "error \(status)"
            audio_object_destroy(object)
            throw SpeechError(status, message: message, isDeviceError: true)
        }
        self.object = object
    }

    deinit {
        audio_object_close(object)
        audio_object_destroy(object)
    }

    /// `audio_object_write`: blocks for about as long as the samples last.
    func write(_ samples: UnsafeBufferPointer<Int16>) -> Bool {
        guard let base = samples.baseAddress else { return true }
        return audio_object_write(object, base, samples.count * 2) == 0
    }

    /// pcaudiolib's stream is opened mono.
    var channels: Int { 1 }

    /// Mono: spatial speech through it is centred, and the session says so once.
    var placesSound: Bool { false }

    /// `audio_object_drain`: waits until what was written has played.
    func drain() { _ = audio_object_drain(object) }

    /// `audio_object_flush`: drops what was written and not yet played.
    func flush() { _ = audio_object_flush(object) }

    /// pcaudiolib's ALSA output is not safe to flush while another thread writes.
    var flushesFromAnyThread: Bool { false }
}
