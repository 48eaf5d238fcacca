import Dispatch
import Foundation
import NearbyCore

/// Speech through the user's speech-dispatcher, over SSIP: the voice, rate and language they
/// set up there for Orca speak nearby-voice's announcements too.
///
/// The queue rules map to SSIP's priorities. An assertive answer is a `message` (which cancels
/// queued and speaking `text` and `notification` of every client, and waits after another
/// `message`); when speech of ours is playing or waiting it is first cancelled (`CANCEL SELF`):
/// a newer answer replaces every answer still waiting, as `SpeechQueue` has it for espeak-ng.
/// A polite announcement is `text`; a status one (the as-you-type count) is a
/// `notification`, spoken only when nothing else is, a newer one cancelling what an older one
/// still says. What became of each utterance comes from SSIP's own events: its end (spoken),
/// its cancel after its begin (interrupted, heard from begin to cancel) or before it (dropped).
///
/// Settings go to the server only where the user gave them (`VoiceSettings.chosen`); the
/// language follows the words', unless the server already speaks it. `--wav` is rendered by
/// espeak-ng beside it (speech-dispatcher cannot hand back its audio): every announcement,
/// whole, in order.
public final class SpeechDispatcherOutput: Speaker, @unchecked Sendable {
    public let mode = SpeechOutput.Mode.live
    public var backend: SpeechBackend { .dispatcher }
    public let outcomes: OutcomeLog

    private var connection: SpeechDispatcherConnection!
    /// espeak-ng rendering the WAV file, when one is asked for.
    private let renderer: SpeechOutput?
    /// One SSIP exchange at a time. Never taken by the event callbacks: libspeechd delivers
    /// events on the thread that also reads the replies the exchanges wait for.
    private let exchanges = NSLock()
    /// Guards what follows; held briefly, never across a call into libspeechd.
    private let condition = NSCondition()
    /// The messages the server holds for us, by SSIP message id, in the order sent.
    private var sent: [(id: Int, message: Sent)] = []
    /// Events that arrived before `spd_say` returned their message's id.
    private var early: [Int: [(event: SpeechDispatcherEvent, time: UInt64)]] = [:]
    /// Messages cancelled to be sent again: their cancel is not an outcome.
    private var retired: Set<Int> = []
    private var lost = false
    /// Set once `finish` closed the connection: its end is no loss.
    private var finished = false
    /// The settings the server was given.
    private var applied: VoiceSettings?
    /// The server's own language, read once.
    private var serverLanguage: String?

    private struct Sent {
        var utterance: Utterance
        /// When SSIP said it began (monotonic nanoseconds).
        var began: UInt64?
        /// The same moment on the clock a study's log keeps.
        var begunAt: ContinuousClock.Instant?
        /// Whether a cancel of ours is on its way to it.
        var cancelling = false
    }

    /// Connects to speech-dispatcher (autospawning it when the user's configuration allows),
    /// turns on its begin, end and cancel events, and applies `voice`'s chosen settings.
    /// Throws why the server cannot be reached, or that it has no voice `voice.voice`.
    public init(voice: VoiceSettings, wavPath: String?, outcomes: OutcomeLog = OutcomeLog()) throws {
        self.outcomes = outcomes
        renderer = try wavPath.map { try SpeechOutput(mode: .renderOnly, voice: voice, wavPath: $0) }
        do {
            connection = try SpeechDispatcherConnection(name: "main") { [weak self] id, event in
                self?.received(event, for: id)
            }
        } catch {
            renderer?.finish()
            throw error
        }
        if voice.chosen.contains(.voice), Self.resolve(voice.voice, in: Self.voices()) == nil {
            connection.close()
            renderer?.finish()
            throw SpeechDispatcherError("speech-dispatcher has no voice \(voice.voice)", isVoiceNotFound: true)
        }
        serverLanguage = connection.language()
        apply(voice)
        // A server that stopped answering after the connection opened: as one never reached.
        if connection.isDead {
            renderer?.finish()
            throw SpeechDispatcherConnection.noAnswer
        }
    }

    deinit { connection?.close() }

    // MARK: What the server says

    private func received(_ event: SpeechDispatcherEvent, for id: Int) {
        let time = DispatchTime.now().uptimeNanoseconds
        condition.lock()
        defer {
            condition.broadcast()
            condition.unlock()
        }
        if retired.contains(id) {
            if event != .begin { retired.remove(id) }
            return
        }
        guard sent.contains(where: { $0.id == id }) else {
            early[id, default: []].append((event, time))
            return
        }
        apply(event, at: time, to: id)
    }

    /// Called with `condition` locked.
    private func apply(_ event: SpeechDispatcherEvent, at time: UInt64, to id: Int) {
        guard let index = sent.firstIndex(where: { $0.id == id }) else { return }
        lastEvent = time
        switch event {
        case .begin:
            sent[index].message.began = time
            sent[index].message.begunAt = Self.instant(at: time)
        case .end:
            let message = sent.remove(at: index).message
            outcomes.add(message.utterance.seq, .spoken, timing: Self.timing(message, at: time))
        case .cancel:
            let message = sent.remove(at: index).message
            outcomes.add(message.utterance.seq, Self.cutOff(message, at: time), timing: Self.timing(message, at: time))
        }
    }

    /// When a message began and ended, and how long it was heard, for a study's log.
    private static func timing(_ message: Sent, at time: UInt64) -> SpeechTiming {
        let heard = message.began.map { Double(time &- $0) / 1e9 } ?? 0
        return SpeechTiming(begun: message.begunAt, ended: instant(at: time), heardSeconds: heard)
    }

    /// The continuous clock's instant of a monotonic time in nanoseconds taken a moment ago.
    private static func instant(at time: UInt64) -> ContinuousClock.Instant {
        let ago = DispatchTime.now().uptimeNanoseconds &- time
        return .now - .nanoseconds(Int64(ago))
    }

    /// A message cancelled at `time`: interrupted when it had begun, dropped when not.
    private static func cutOff(_ message: Sent, at time: UInt64) -> SpeechOutcome {
        guard let began = message.began else { return .dropped }
        return .interrupted(heardMilliseconds: Int((time &- began) / 1_000_000))
    }

    /// The server went away: what it was saying was cut off there, what it held is dropped,
    /// and nothing more is sent. Called with `condition` locked.
    private func loseServer() {
        guard !lost else { return }
        lost = true
        let now = DispatchTime.now().uptimeNanoseconds
        for (_, message) in sent { outcomes.add(message.utterance.seq, Self.cutOff(message, at: now)) }
        sent.removeAll()
        early.removeAll()
        condition.broadcast()
    }

    /// Whether the server went away during the session.
    public var deviceLost: Bool {
        condition.lock()
        defer { condition.unlock() }
        if !lost && !finished && connection.isBroken { loseServer() }
        return lost
    }

    public var wavError: OutputFileError? { renderer?.wavError }

    /// The server plays its own audio: every answer is centred.
    public var placesSound: Bool { false }

    // MARK: Speaking

    public func enqueue(_ utterance: Utterance) {
        renderer?.enqueue(utterance)
        exchanges.lock()
        defer { exchanges.unlock() }
        condition.lock()
        if !lost && connection.isBroken { loseServer() }
        guard !lost else {
            condition.unlock()
            // As espeak-ng's worker once its device is lost: the session said, once, that
            // nothing more is spoken; the transcript keeps the answer unmarked.
            outcomes.add(utterance.seq, .spoken)
            return
        }
        let speaking = sent.filter { $0.message.began != nil && !$0.message.cancelling }
        let waiting = sent.filter { $0.message.began == nil && !$0.message.cancelling }
        var cancels = false
        var kept: [(id: Int, message: Sent)] = []
        switch utterance.priority {
        case .assertive:
            // A newer answer replaces everything still waiting, as the espeak-ng queue does
            // (`SpeechQueue`): what was waiting is cancelled and marked dropped by SSIP's events.
            cancels = !speaking.isEmpty || !waiting.isEmpty
        case .polite:
            break
        case .status:
            cancels = !speaking.isEmpty && speaking.allSatisfy { $0.message.utterance.priority == .status }
            kept = waiting.filter { $0.message.utterance.priority != .status }
        }
        if cancels {
            for index in sent.indices { sent[index].message.cancelling = true }
            // Those sent again are new messages; the cancel of the old ones is no outcome.
            for item in kept {
                sent.removeAll { $0.id == item.id }
                retired.insert(item.id)
            }
        }
        condition.unlock()
        if cancels { _ = connection.cancel() }
        for item in (cancels ? kept.map(\.message.utterance) : []) + [utterance] { send(item) }
    }

    /// Sends one utterance at its priority. Called holding `exchanges`. A spelled name goes as
    /// its text, the letters one by one between spaces: speech-dispatcher's modules say a letter
    /// standing alone by its name (espeak-ng's say-as markup is the espeak-ng backend's).
    private func send(_ utterance: Utterance) {
        let text = utterance.text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else {
            outcomes.add(utterance.seq, .spoken)
            return
        }
        let priority: SpeechDispatcherPriority =
            switch utterance.priority {
            case .assertive: .message
            case .polite: .text
            case .status: .notification
            }
        let id = connection.say(text, priority)
        condition.lock()
        defer {
            condition.broadcast()
            condition.unlock()
        }
        guard let id else {
            loseServer()
            outcomes.add(utterance.seq, .spoken)
            return
        }
        sent.append((id, Sent(utterance: utterance)))
        for (event, time) in early.removeValue(forKey: id) ?? [] { apply(event, at: time, to: id) }
    }

    public func stop() {
        exchanges.lock()
        defer { exchanges.unlock() }
        condition.lock()
        let any = !sent.isEmpty
        for index in sent.indices { sent[index].message.cancelling = true }
        condition.unlock()
        if any { _ = connection.cancel() }
    }

    /// Waits until the server has said what it holds of ours. A server that goes silent (no
    /// event for longer than what it holds would take to say at the slowest rate, and 3 s) is
    /// not waited for: what it held is marked dropped, so quitting never hangs. One that stops
    /// answering is asked, after each 2 s without an event, for its language: a question it
    /// does not answer within the connection's deadline loses it (within about 4 s).
    public func waitUntilIdle() {
        condition.lock()
        lastEvent = DispatchTime.now().uptimeNanoseconds
        var lastAsked = lastEvent
        while !sent.isEmpty && !lost {
            if !condition.wait(until: Date().addingTimeInterval(0.1)) && connection.isBroken { loseServer() }
            let now = DispatchTime.now().uptimeNanoseconds
            if !lost && now &- max(lastEvent, lastAsked) > 2_000_000_000 {
                lastAsked = now
                condition.unlock()
                exchanges.lock()
                _ = connection.language()
                exchanges.unlock()
                condition.lock()
                if connection.isDead { loseServer() }
                continue
            }
            let words = sent.reduce(0) { $0 + $1.message.utterance.text.split(separator: " ").count }
            let patience = UInt64((3 + Double(words) * 0.75) * 1e9)
            if DispatchTime.now().uptimeNanoseconds &- lastEvent > patience {
                for (_, message) in sent { outcomes.add(message.utterance.seq, .dropped) }
                sent.removeAll()
            }
        }
        condition.unlock()
    }

    /// When the server last told of a message (monotonic nanoseconds).
    private var lastEvent: UInt64 = 0

    public func finish() {
        waitUntilIdle()
        exchanges.lock()
        condition.lock()
        finished = true
        condition.unlock()
        connection.close()
        exchanges.unlock()
        renderer?.finish()
    }

    // MARK: Settings

    public func setVoice(_ settings: VoiceSettings) {
        renderer?.setVoice(settings)
        apply(settings)
    }

    /// Sends the settings the user chose that changed since last sent.
    private func apply(_ settings: VoiceSettings) {
        exchanges.lock()
        defer { exchanges.unlock() }
        let before = applied
        func changed<T: Equatable>(_ setting: Setting, _ value: KeyPath<VoiceSettings, T>) -> Bool {
            settings.chosen.contains(setting) && (before == nil || before![keyPath: value] != settings[keyPath: value])
        }
        // The words' language, unless the server already speaks it ("en-US" speaks "en").
        let language = settings.language.lowercased()
        let spoken = before?.language ?? serverLanguage?.lowercased() ?? ""
        if spoken != language && !spoken.hasPrefix(language + "-") { _ = connection.setLanguage(language) }
        if changed(.voice, \.voice) { chooseVoice(settings.voice) }
        if changed(.rate, \.rate) { _ = connection.setRate(Self.ssipRate(settings.rate)) }
        if changed(.pitch, \.pitch) { _ = connection.setPitch((settings.pitch - 50) * 2) }
        if changed(.volume, \.volume) { _ = connection.setVolume(min(100, max(-100, settings.volume - 100))) }
        if changed(.punctuation, \.punctuation) { _ = connection.setPunctuation(settings.punctuation) }
        if changed(.capitals, \.capitals) { _ = connection.setCapitals(settings.capitals) }
        applied = settings
    }

    /// A voice by name ("English (America)", "espeak-ng/Afrikaans": its module too) or a
    /// language ("en-us": the module's voice for it). Called holding `exchanges`.
    private func chooseVoice(_ wanted: String) {
        guard let voice = Self.resolve(wanted, in: Self.voices()) else { return }
        if voice.name.lowercased() != wanted.lowercased() && voice.identifier.lowercased() != wanted.lowercased()
            && voice.language.lowercased() == wanted.lowercased()
        {
            _ = connection.setLanguage(voice.language)
            return
        }
        if let module = voice.module, connection.outputModule() != module { _ = connection.setOutputModule(module) }
        _ = connection.setSynthesisVoice(voice.name)
    }

    /// The voice `name` names, among `voices`.
    static func resolve(_ name: String, in voices: [Voice]) -> Voice? {
        voices.first { $0.isNamed(name) }
    }

    /// Words a minute as SSIP's rate: 175 (espeak-ng's normal) is 0, 80 is -100, 450 is +100,
    /// as speech-dispatcher's espeak-ng module maps them back.
    static func ssipRate(_ wordsPerMinute: Int) -> Int {
        let rate =
            wordsPerMinute < 175
            ? (wordsPerMinute - 175) * 100 / (175 - 80) : (wordsPerMinute - 175) * 100 / (450 - 175)
        return min(100, max(-100, rate))
    }

    /// speech-dispatcher's output modules and their voices (a connection of its own, so the
    /// speaking one's module is left as the user set it); empty when no server answers.
    public static func voices() -> [Voice] {
        guard let connection = try? SpeechDispatcherConnection(name: "voices", events: nil) else { return [] }
        defer { connection.close() }
        return connection.modules().flatMap { module in
            connection.setOutputModule(module) ? connection.synthesisVoices(module: module) : []
        }
    }
}
