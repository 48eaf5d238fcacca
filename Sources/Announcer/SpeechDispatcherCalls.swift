import CSpeechd
import Dispatch
import Glibc
import NearbyCore
import Synchronization
import SystemCalls

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

/// A connection's pointer, handed to the thread that makes the calls.
private struct Handle: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<SPDConnection>
}

/// What one call gave back, once the thread that made it is done.
private final class Answer<T: Sendable>: Sendable {
    let value = Mutex<T?>(nil)
    let ready = DispatchSemaphore(value: 0)
}

/// One connection to speech-dispatcher (`spd_open2`), at the address libspeechd finds
/// (`SPEECHD_ADDRESS`, else the user's socket), started by autospawn when none runs and the
/// user's configuration allows it.
///
/// Every call into libspeechd has a deadline (`deadline`): libspeechd waits for the server's
/// reply on its socket with no timeout of its own, so a server that stops answering (stopped,
/// or stuck) would hang the program. Each call is made on a thread of the connection's own
/// (one serial queue) while the caller waits at most the deadline. A call that misses it marks
/// the connection dead: it is never called into again, not even to close it (`spd_close` takes
/// the lock the stuck call holds), and is leaked, with its thread, rather than risk a hang.
final class SpeechDispatcherConnection: @unchecked Sendable {
    /// How long a call into libspeechd may take before the server is taken to have stopped
    /// answering.
    static let deadline: Duration = .seconds(2)
    /// The deadline of the voices' list: libspeechd reads and parses the espeak-ng module's
    /// some 13,000 voices, which takes longer than 2 s in a debug build. A server that stopped
    /// answering is still found within 2 s: the connection asking is a new one, and its open
    /// has the short deadline.
    static let listDeadline: Duration = .seconds(15)
    /// What the error says when a call missed the deadline.
    static let noAnswer = SpeechDispatcherError("speech-dispatcher did not answer within 2 seconds")

    private let connection: UnsafeMutablePointer<SPDConnection>
    private let clientID: Int?
    private let closed = Atomic<Bool>(false)
    /// Set when a call missed its deadline: nothing more is sent, and nothing is closed.
    private let dead = Atomic<Bool>(false)
    /// The one thread the calls are made on, one after the other.
    private let worker: DispatchQueue

    /// Runs `body` on `worker` and waits for it at most `deadline`; nil when it missed it (it
    /// is then left running, and whatever it gives back is dropped).
    private static func withDeadline<T: Sendable>(
        on worker: DispatchQueue, within limit: Duration = deadline, _ body: @escaping @Sendable () -> T
    ) -> T? {
        let answer = Answer<T>()
        worker.async {
            let value = body()
            answer.value.withLock { $0 = value }
            answer.ready.signal()
        }
        let nanoseconds = Int(limit.components.seconds) * 1_000_000_000
        guard answer.ready.wait(timeout: .now() + .nanoseconds(nanoseconds)) == .success else { return nil }
        return answer.value.withLock { $0 }
    }

    /// Calls into libspeechd with the deadline: nil when the connection is broken or dead, or
    /// the call missed the deadline (the connection is then dead).
    private func call<T: Sendable>(
        within limit: Duration = deadline, _ body: @escaping @Sendable (UnsafeMutablePointer<SPDConnection>) -> T
    ) -> T? {
        guard !isBroken else { return nil }
        let handle = Handle(pointer: connection)
        guard let value = Self.withDeadline(on: worker, within: limit, { body(handle.pointer) }) else {
            dead.store(true, ordering: .relaxed)
            return nil
        }
        return value
    }

    /// Whether a call missed its deadline: the server stopped answering.
    var isDead: Bool { dead.load(ordering: .relaxed) }

    /// Opens a connection. With `events`, it is threaded and reports every message's begin, end
    /// and cancel (`spd_set_notification_on`); without, it is a single-threaded one for
    /// questions (the voices). Throws `noAnswer` when the server does not answer in time.
    init(name: String, events: (@Sendable (Int, SpeechDispatcherEvent) -> Void)?) throws(SpeechDispatcherError) {
        let worker = DispatchQueue(label: "speech-dispatcher \(name)")
        self.worker = worker
        let mode = events == nil ? SPD_MODE_SINGLE : SPD_MODE_THREADED
        let opening = Self.withDeadline(on: worker) { () -> Result<Handle, SpeechDispatcherError> in
            var error: UnsafeMutablePointer<CChar>? = nil
            guard let opened = spd_open2("nearby-voice", name, nil, mode, nil, 1, &error) else {
                return .failure(SpeechDispatcherError(takeString(error) ?? "libspeechd gave no reason"))
            }
            _ = takeString(error)
            return .success(Handle(pointer: opened))
        }
        // A connection that opens after the deadline is never used, nor closed: leaked.
        guard let opening else { throw Self.noAnswer }
        connection = try opening.get().pointer
        guard let events else {
            clientID = nil
            return
        }
        let handle = Handle(pointer: connection)
        guard let id = Self.withDeadline(on: worker, { Int(spd_get_client_id(handle.pointer)) }) else {
            dead.store(true, ordering: .relaxed)
            throw Self.noAnswer
        }
        clientID = id
        eventHandlers.withLock { $0[id] = events }
        connection.pointee.callback_begin = dispatcherCallback
        connection.pointee.callback_end = dispatcherCallback
        connection.pointee.callback_cancel = dispatcherCallback
        for notification in [SPD_BEGIN, SPD_END, SPD_CANCEL] {
            guard let status = call({ spd_set_notification_on($0, notification) }) else {
                close()
                throw Self.noAnswer
            }
            if status != 0 {
                close()
                throw SpeechDispatcherError("speech-dispatcher refused to report what it speaks")
            }
        }
    }

    deinit { close() }

    /// `spd_say`: queues `text` (plain text, never SSML) at `priority`; its message id, or
    /// nil when the server did not take it.
    func say(_ text: String, _ priority: SpeechDispatcherPriority) -> Int? {
        let ssip = priority.ssip
        guard let id = call({ spd_say($0, ssip, text) }) else { return nil }
        return id < 0 ? nil : Int(id)
    }

    /// `spd_cancel` (CANCEL SELF): stops what this connection's messages are speaking and drops
    /// those queued; each reports its cancel.
    func cancel() -> Bool { call { spd_cancel($0) } == 0 }

    /// Whether the server went away (libspeechd saw its socket close), or stopped answering.
    var isBroken: Bool {
        closed.load(ordering: .relaxed) || isDead || CSpeechd_connection_broken(connection) != 0
    }

    /// `spd_set_voice_rate`, -100 to 100.
    func setRate(_ rate: Int) -> Bool { call { spd_set_voice_rate($0, Int32(rate)) } == 0 }

    /// `spd_set_voice_pitch`, -100 to 100.
    func setPitch(_ pitch: Int) -> Bool { call { spd_set_voice_pitch($0, Int32(pitch)) } == 0 }

    /// `spd_set_volume`, -100 to 100.
    func setVolume(_ volume: Int) -> Bool { call { spd_set_volume($0, Int32(volume)) } == 0 }

    /// `spd_set_punctuation`.
    func setPunctuation(_ level: PunctuationLevel) -> Bool {
        let mode: SPDPunctuation =
            switch level {
            case .none: SPD_PUNCT_NONE
            case .some: SPD_PUNCT_SOME
            case .all: SPD_PUNCT_ALL
            }
        return call { spd_set_punctuation($0, mode) } == 0
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
        return call { spd_set_capital_letters($0, mode) } == 0
    }

    /// `spd_set_language`.
    func setLanguage(_ code: String) -> Bool { call { spd_set_language($0, code) } == 0 }

    /// `spd_get_language`: the language the server speaks this connection's messages in.
    func language() -> String? { call { takeString(spd_get_language($0)) } ?? nil }

    /// `spd_set_output_module`.
    func setOutputModule(_ module: String) -> Bool {
        call { spd_set_output_module($0, module) } == 0
    }

    /// `spd_get_output_module`.
    func outputModule() -> String? { call { takeString(spd_get_output_module($0)) } ?? nil }

    /// `spd_set_synthesis_voice`: a voice of the current output module, by name.
    func setSynthesisVoice(_ name: String) -> Bool {
        call { spd_set_synthesis_voice($0, name) } == 0
    }

    /// `spd_list_modules`: the server's output modules.
    func modules() -> [String] {
        call { connection -> [String] in
            guard let list = spd_list_modules(connection) else { return [] }
            defer { free_spd_modules(list) }
            var names: [String] = []
            var index = 0
            while let name = list[index] {
                names.append(String(cString: name))
                index += 1
            }
            return names
        } ?? []
    }

    /// `spd_list_synthesis_voices`: the current module's voices without their variants
    /// (espeak-ng's module lists each voice again with each of its 70 variants).
    func synthesisVoices(module: String) -> [Voice] {
        call(within: Self.listDeadline) { connection -> [Voice] in
            guard let list = spd_list_synthesis_voices(connection) else { return [] }
            defer { free_spd_voices(list) }
            var voices: [Voice] = []
            var index = 0
            while let voice = list[index] {
                let name = voice.pointee.name.map { String(cString: $0) } ?? ""
                let language = voice.pointee.language.map { String(cString: $0) } ?? ""
                let variant = voice.pointee.variant.map { String(cString: $0) } ?? "none"
                if variant == "none" && !name.isEmpty {
                    voices.append(
                        Voice(name: name, language: language, identifier: "\(module)/\(name)", module: module))
                }
                index += 1
            }
            return voices
        } ?? []
    }

    /// `spd_close`, once, with the deadline, the event thread (of a connection with events)
    /// ended first (`endEvents`). A dead connection is not closed: `spd_close` would wait for the
    /// stuck call's lock. It is leaked, and so is its event thread.
    func close() {
        guard !closed.exchange(true, ordering: .relaxed) else { return }
        if let clientID { eventHandlers.withLock { $0[clientID] = nil } }
        guard !isDead else { return }
        let handle = Handle(pointer: connection)
        let events = clientID != nil
        let closing: Void? = Self.withDeadline(on: worker) {
            if events { Self.endEvents(handle.pointer) }
            spd_close(handle.pointer)
        }
        if closing == nil { dead.store(true, ordering: .relaxed) }
    }

    /// Ends a connection's event thread before `spd_close`, and leaves `spd_close` no
    /// descriptor to close.
    ///
    /// `spd_close` cancels the event thread (`pthread_cancel`) wherever it waits, which is
    /// inside `getline` on the socket: a thread cancelled inside an intercepted call stops
    /// ThreadSanitizer's runtime ("thread finished with ignores enabled", exit 66). Here the
    /// socket is shut down instead: the thread reads its end, closes the stream (`fclose`, which
    /// closes the socket too) and exits on its own; `spd_close` then joins a thread that has
    /// ended. And `spd_close` closes the socket's descriptor again, after the event thread
    /// closed it (when the server went away, or here): by then another thread may have opened
    /// a file under the same number, which `spd_close` would close. The descriptor is taken
    /// from it once the stream is gone.
    private static func endEvents(_ connection: UnsafeMutablePointer<SPDConnection>) {
        if CSpeechd_connection_broken(connection) == 0 {
            try? FileDescriptor(rawValue: connection.pointee.socket).shutdownSocket()
            // Within the call's deadline; a thread that did not end is cancelled, as before.
            let clock = ContinuousClock()
            let end = clock.now + deadline
            while CSpeechd_connection_broken(connection) == 0 && clock.now < end {
                usleep(1_000)
            }
            guard CSpeechd_connection_broken(connection) != 0 else { return }
        }
        connection.pointee.socket = -1
    }
}
