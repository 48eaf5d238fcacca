import CSpeechd
import Glibc
import NearbyCore
import Synchronization

// The one file that calls libspeechd: a thin shell around its C API, speaking SSIP to the
// user's speech-dispatcher. The rules of what to say when are SpeechDispatcherOutput's.

/// Why speech-dispatcher cannot be used: libspeechd's own message, or what failed.
public struct SpeechDispatcherError: Error, CustomStringConvertible, Equatable, Sendable {
    public let message: String
    /// Whether it is the voice asked for that the server does not have.
    public let isVoiceNotFound: Bool

    init(_ message: String, isVoiceNotFound: Bool = false) {
        // libspeechd's messages end with the autospawned server's own output, newlines and all.
        self.message = message.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        self.isVoiceNotFound = isVoiceNotFound
    }

    public var description: String { message }
}

/// What SSIP reports of one message (with `SET SELF NOTIFICATION … on`).
enum SpeechDispatcherEvent: Sendable {
    /// 701: it began to be spoken.
    case begin
    /// 702: it was spoken to its end.
    case end
    /// 703: it was cancelled, before or while it was spoken.
    case cancel
}

/// The SSIP priorities nearby-voice speaks with.
enum SpeechDispatcherPriority {
    /// `message`: cancels queued and speaking `text` and `notification`, queues after `message`.
    case message
    /// `text`: waits its turn after `message` and `text`.
    case text
    /// `notification`: spoken only when nothing else is; a newer one replaces it.
    case notification

    var ssip: SPDPriority {
        switch self {
        case .message: SPD_MESSAGE
        case .text: SPD_TEXT
        case .notification: SPD_NOTIFICATION
        }
    }
}

/// Where the events of each connection go, by its SSIP client id: libspeechd's callbacks carry
/// no context pointer, only the message's and the client's ids.
private let eventHandlers = Mutex<[Int: @Sendable (Int, SpeechDispatcherEvent) -> Void]>([:])

/// libspeechd's callback for begin, end and cancel, called on its event thread.
private func dispatcherCallback(_ message: Int, _ client: Int, _ state: SPDNotificationType) {
    let event: SpeechDispatcherEvent
    switch state {
    case SPD_EVENT_BEGIN: event = .begin
    case SPD_EVENT_END: event = .end
    case SPD_EVENT_CANCEL: event = .cancel
    default: return
    }
    guard let handler = eventHandlers.withLock({ $0[client] }) else { return }
    handler(message, event)
}

/// A string libspeechd allocated, freed after it is read.
private func takeString(_ pointer: UnsafeMutablePointer<CChar>?) -> String? {
    guard let pointer else { return nil }
    defer { free(pointer) }
    return String(cString: pointer)
}

/// One connection to speech-dispatcher (`spd_open2`), at the address libspeechd finds
/// (`SPEECHD_ADDRESS`, else the user's socket), started by autospawn when none runs and the
/// user's configuration allows it.
final class SpeechDispatcherConnection: @unchecked Sendable {
    private let connection: UnsafeMutablePointer<SPDConnection>
    private let clientID: Int?
    private let closed = Atomic<Bool>(false)

    /// Opens a connection. With `events`, it is threaded and reports every message's begin, end
    /// and cancel (`spd_set_notification_on`); without, it is a single-threaded one for
    /// questions (the voices).
    init(name: String, events: (@Sendable (Int, SpeechDispatcherEvent) -> Void)?) throws(SpeechDispatcherError) {
        var error: UnsafeMutablePointer<CChar>? = nil
        let mode = events == nil ? SPD_MODE_SINGLE : SPD_MODE_THREADED
        guard let opened = spd_open2("nearby-voice", name, nil, mode, nil, 1, &error) else {
            throw SpeechDispatcherError(takeString(error) ?? "libspeechd gave no reason")
        }
        _ = takeString(error)
        connection = opened
        guard let events else {
            clientID = nil
            return
        }
        let id = Int(spd_get_client_id(opened))
        clientID = id
        eventHandlers.withLock { $0[id] = events }
        opened.pointee.callback_begin = dispatcherCallback
        opened.pointee.callback_end = dispatcherCallback
        opened.pointee.callback_cancel = dispatcherCallback
        for notification in [SPD_BEGIN, SPD_END, SPD_CANCEL] where spd_set_notification_on(opened, notification) != 0 {
            close()
            throw SpeechDispatcherError("speech-dispatcher refused to report what it speaks")
        }
    }

    deinit { close() }

    /// `spd_say`: queues `text` (plain text, never SSML) at `priority`; its message id, or
    /// nil when the server did not take it.
    func say(_ text: String, _ priority: SpeechDispatcherPriority) -> Int? {
        guard !isBroken else { return nil }
        let id = spd_say(connection, priority.ssip, text)
        return id < 0 ? nil : Int(id)
    }

    /// `spd_cancel` (CANCEL SELF): stops what this connection's messages are speaking and drops
    /// those queued; each reports its cancel.
    func cancel() -> Bool { !isBroken && spd_cancel(connection) == 0 }

    /// Whether the server went away (libspeechd saw its socket close).
    var isBroken: Bool { closed.load(ordering: .relaxed) || CSpeechd_connection_broken(connection) != 0 }

    /// `spd_set_voice_rate`, -100 to 100.
    func setRate(_ rate: Int) -> Bool { !isBroken && spd_set_voice_rate(connection, Int32(rate)) == 0 }

    /// `spd_set_voice_pitch`, -100 to 100.
    func setPitch(_ pitch: Int) -> Bool { !isBroken && spd_set_voice_pitch(connection, Int32(pitch)) == 0 }

    /// `spd_set_volume`, -100 to 100.
    func setVolume(_ volume: Int) -> Bool { !isBroken && spd_set_volume(connection, Int32(volume)) == 0 }

    /// `spd_set_punctuation`.
    func setPunctuation(_ level: PunctuationLevel) -> Bool {
        let mode: SPDPunctuation =
            switch level {
            case .none: SPD_PUNCT_NONE
            case .some: SPD_PUNCT_SOME
            case .all: SPD_PUNCT_ALL
            }
        return !isBroken && spd_set_punctuation(connection, mode) == 0
    }

    /// `spd_set_capital_letters`: SSIP has none, spell and icon (a sound); no pitch rise.
    func setCapitals(_ level: CapitalsLevel) -> Bool {
        let mode: SPDCapitalLetters
        switch level {
        case .none: mode = SPD_CAP_NONE
        case .spell: mode = SPD_CAP_SPELL
        case .sound: mode = SPD_CAP_ICON
        case .pitch: return false
        }
        return !isBroken && spd_set_capital_letters(connection, mode) == 0
    }

    /// `spd_set_language`.
    func setLanguage(_ code: String) -> Bool { !isBroken && spd_set_language(connection, code) == 0 }

    /// `spd_get_language`: the language the server speaks this connection's messages in.
    func language() -> String? { isBroken ? nil : takeString(spd_get_language(connection)) }

    /// `spd_set_output_module`.
    func setOutputModule(_ module: String) -> Bool {
        !isBroken && spd_set_output_module(connection, module) == 0
    }

    /// `spd_get_output_module`.
    func outputModule() -> String? { isBroken ? nil : takeString(spd_get_output_module(connection)) }

    /// `spd_set_synthesis_voice`: a voice of the current output module, by name.
    func setSynthesisVoice(_ name: String) -> Bool {
        !isBroken && spd_set_synthesis_voice(connection, name) == 0
    }

    /// `spd_list_modules`: the server's output modules.
    func modules() -> [String] {
        guard !isBroken, let list = spd_list_modules(connection) else { return [] }
        defer { free_spd_modules(list) }
        var names: [String] = []
        var index = 0
        while let name = list[index] {
            names.append(String(cString: name))
            index += 1
        }
        return names
    }

    /// `spd_list_synthesis_voices`: the current module's voices without their variants
    /// (espeak-ng's module lists each voice again with each of its 70 variants).
    func synthesisVoices(module: String) -> [Voice] {
        guard !isBroken, let list = spd_list_synthesis_voices(connection) else { return [] }
        defer { free_spd_voices(list) }
        var voices: [Voice] = []
        var index = 0
        while let voice = list[index] {
            let name = voice.pointee.name.map { String(cString: $0) } ?? ""
            let language = voice.pointee.language.map { String(cString: $0) } ?? ""
            let variant = voice.pointee.variant.map { String(cString: $0) } ?? "none"
            if variant == "none" && !name.isEmpty {
                voices.append(Voice(name: name, language: language, identifier: "\(module)/\(name)", module: module))
            }
            index += 1
        }
        return voices
    }

    /// `spd_close`, once.
    func close() {
        guard !closed.exchange(true, ordering: .relaxed) else { return }
        if let clientID { eventHandlers.withLock { $0[clientID] = nil } }
        spd_close(connection)
    }
}
