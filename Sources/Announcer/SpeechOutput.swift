import Foundation
import NearbyCore
import Synchronization

/// The speech worker: one thread owns espeak-ng and the audio device, takes utterances from a
/// `SpeechQueue` and speaks them, live to the device in 5 ms chunks, into a WAV file, or both.
/// Stopping is prompt: the synth callback and the writer check a flag between chunks.
public final class SpeechOutput: @unchecked Sendable {
    /// Live to a device (interruptions apply), or rendered whole into the WAV file only.
    public enum Mode: Sendable {
        case live
        case renderOnly
    }

    public let mode: Mode
    public private(set) var sampleRate = 22_050
    /// Where the worker reports what became of each utterance.
    public let outcomes: OutcomeLog

    private let condition = NSCondition()
    private var queue = SpeechQueue()
    private var current: Utterance?
    private var isDraining = false
    private var isFinishing = false
    private var voice: VoiceSettings
    private var appliedVoice: VoiceSettings?
    private let stopFlag = Atomic<Bool>(false)
    /// From taking an utterance until the device has played what was written of the last.
    private let speakingNow = Atomic<Bool>(false)
    /// Whether speech is playing now (the beacon ducks under it).
    public var isSpeaking: Bool { speakingNow.load(ordering: .relaxed) }
    /// The device, when it can be flushed from the thread that stops speech (a PulseAudio
    /// stream): a stop then silences it at once instead of when the writer next looks at the
    /// flag. Guarded by `condition`; nil once the device is lost.
    private var stoppableDevice: (any AudioOutput)?
    /// Set by the worker when a write to the audio device fails (the audio server went away):
    /// from then on utterances go to the WAV file only, and the session says so once.
    private let lostDevice = Atomic<Bool>(false)
    /// Whether the audio device stopped working during the session.
    public var deviceLost: Bool { lostDevice.load(ordering: .relaxed) }
    /// Whether the live device can place sound (`AudioOutput.placesSound`); set before `init`
    /// returns.
    public private(set) var placesSound = true
    private var wavWriter: WAVWriter?
    /// The first error of the WAV file, reported when the session ends.
    public private(set) var wavError: OutputFileError?
    private let done = DispatchSemaphore(value: 0)

    /// Starts the worker and waits for it to initialise espeak-ng (and open the device when
    /// live). Throws the library's error when either fails.
    public init(mode: Mode, voice: VoiceSettings, wavPath: String?, outcomes: OutcomeLog = OutcomeLog()) throws {
        self.mode = mode
        self.voice = voice
        self.outcomes = outcomes
        let started = DispatchSemaphore(value: 0)
        let startError = Mutex<(any Error)?>(nil)
        let thread = Thread { [self] in
            let engine: EspeakEngine
            var device: (any AudioOutput)? = nil
            do {
                engine = try EspeakEngine(voice: voice.voice)
                try apply(voice, to: engine)
                sampleRate = engine.sampleRate
                // Spatial audio: a stereo stream and a stereo file (the file's channels are
                // those at the start; `set spatial` later reopens only the stream).
                let channels = voice.spatial == .off ? 1 : 2
                if mode == .live {
                    device = try AudioOutputs.open(
                        sampleRate: engine.sampleRate, chunk: Self.chunk(engine.sampleRate), channels: channels)
                }
                if let device, device.flushesFromAnyThread { stoppableDevice = device }
                placesSound = device?.placesSound ?? true
                if let path = wavPath {
                    wavWriter = try WAVWriter(path: path, sampleRate: engine.sampleRate, channels: channels)
                }
            } catch {
                startError.withLock { $0 = error }
                started.signal()
                done.signal()
                return
            }
            started.signal()
            run(engine: engine, device: device)
            wavWriter?.close()
            done.signal()
        }
        thread.name = "speech"
        thread.start()
        started.wait()
        if let error = startError.withLock({ $0 }) { throw error }
    }

    /// Queues an utterance under the queue rules (live), or in order (render only).
    public func enqueue(_ utterance: Utterance) {
        condition.lock()
        var dropped: [Utterance] = []
        if mode == .live {
            let change = queue.add(utterance, speaking: current)
            if change.interruptsCurrent { silenceCurrent() }
            dropped = change.dropped
        } else {
            var inOrder = utterance
            inOrder.priority = .polite
            _ = queue.add(inOrder, speaking: nil)
        }
        condition.broadcast()
        condition.unlock()
        for item in dropped { outcomes.add(item.seq, .dropped) }
    }

    /// Silences speech now and forgets what was queued.
    public func stop() {
        condition.lock()
        let dropped = queue.removeAll()
        if current != nil { silenceCurrent() }
        condition.unlock()
        for item in dropped { outcomes.add(item.seq, .dropped) }
    }

    /// Stops the utterance speaking now: the flag the writer checks, and a flush of what the
    /// device holds of it. Called with `condition` locked while `current` is set, so the worker
    /// is still on that utterance; what the writer hands over after this flush is under one
    /// chunk, less than the stream prebuffers, so it never plays before the writer's own flush.
    private func silenceCurrent() {
        stopFlag.store(true, ordering: .relaxed)
        stoppableDevice?.flush()
    }

    /// Changes the voice and earcons for the utterances still to come.
    public func setVoice(_ settings: VoiceSettings) {
        condition.lock()
        voice = settings
        condition.unlock()
    }

    /// Waits until everything queued has been spoken (and has played).
    public func waitUntilIdle() {
        condition.lock()
        while current != nil || !queue.pending.isEmpty || isDraining { condition.wait() }
        condition.unlock()
    }

    /// Speaks what is queued, then stops the worker and closes the WAV file.
    public func finish() {
        condition.lock()
        isFinishing = true
        condition.broadcast()
        condition.unlock()
        done.wait()
    }

    private func apply(_ settings: VoiceSettings, to engine: EspeakEngine) throws {
        if appliedVoice?.voice != settings.voice { try engine.setVoice(settings.voice) }
        try engine.set(.rate, settings.rate)
        try engine.set(.pitch, settings.pitch)
        try engine.set(.volume, settings.volume)
        // espeak-ng's punctuation levels: 0 none, 1 all, 2 those of its list (the common ones).
        try engine.set(.punctuation, [PunctuationLevel.none: 0, .all: 1, .some: 2][settings.punctuation] ?? 0)
        // Capitals: 0 none, 1 a sound, 2 spelt "capital", 3 and up a pitch rise in Hz.
        try engine.set(.capitals, [CapitalsLevel.none: 0, .sound: 1, .spell: 2, .pitch: 20][settings.capitals] ?? 0)
        appliedVoice = settings
    }

    /// Applies new voice settings. When the voice itself cannot be set, the worker says so
    /// once (a notice) and keeps the voice it had, with the other settings applied.
    private func change(to wanted: VoiceSettings, engine: EspeakEngine) {
        do { try apply(wanted, to: engine) } catch {
            var kept = wanted
            kept.voice = appliedVoice?.voice ?? wanted.voice
            outcomes.add(.voiceNotSet(voice: wanted.voice, reason: "\(error)", kept: kept.voice))
            try? apply(kept, to: engine)
            // Not tried again for every utterance: the next change asks again.
            condition.lock()
            if voice == wanted { voice = kept }
            condition.unlock()
        }
    }

    private func run(engine: EspeakEngine, device: (any AudioOutput)?) {
        var device = device
        condition.lock()
        while true {
            while queue.pending.isEmpty && !isFinishing { condition.wait() }
            guard let utterance = queue.next() else { break }
            current = utterance
            stopFlag.store(false, ordering: .relaxed)
            speakingNow.store(true, ordering: .relaxed)
            let wanted = voice
            condition.unlock()

            if !wanted.sameSynthesis(as: appliedVoice) { change(to: wanted, engine: engine) }
            if let open = device, open is PulseDevice, open.channels != (wanted.spatial == .off ? 1 : 2) {
                device = reopen(open, spatial: wanted.spatial)
            }
            let (outcome, timing) = speak(utterance, engine: engine, device: device, settings: wanted)
            // A device that failed a write is dropped (closed), never written or drained again.
            if lostDevice.load(ordering: .relaxed) { device = nil }

            condition.lock()
            if device == nil { stoppableDevice = nil }
            current = nil
            let idle = queue.pending.isEmpty
            if idle, let device {
                isDraining = true
                condition.unlock()
                device.drain()
                condition.lock()
                isDraining = false
            }
            if idle { speakingNow.store(false, ordering: .relaxed) }
            condition.broadcast()
            condition.unlock()
            outcomes.add(utterance.seq, outcome, timing: timing)
            condition.lock()
        }
        condition.unlock()
    }

    /// Speaks one utterance; returns whether it was heard whole, and with a device when it was
    /// heard.
    private func speak(
        _ utterance: Utterance, engine: EspeakEngine, device: (any AudioOutput)?, settings: VoiceSettings
    ) -> (SpeechOutcome, SpeechTiming?) {
        var written = 0
        var begun: ContinuousClock.Instant?
        // Small chunks only for a device (a stop is noticed between them); a WAV file alone
        // takes 20 ms at a time, so its header is not rewritten every 5 ms.
        let chunk = device == nil ? Self.chunk(sampleRate) * 4 : Self.chunk(sampleRate)
        // Spatial audio: each chunk rendered stereo from the utterance's bearing (or, for
        // `around`, each part's) for a stereo stream or file; mono ones take it as it came.
        var renderer = SpatialRenderer(
            mode: settings.spatial == .off ? .stereo : settings.spatial, sampleRate: sampleRate,
            bearing: settings.spatial == .off ? nil : utterance.bearing)
        var stereo: [Int16] = []
        let needsStereo = (device?.channels ?? 1) == 2 || (wavWriter?.channels ?? 1) == 2
        let deliver = { (samples: UnsafeBufferPointer<Int16>) -> Bool in
            var offset = 0
            // espeak-ng opens many utterances with digital silence (39 ms of zeros before
            // "Commands"): nothing is heard of it but it delays the first sound, so, as NVDA
            // does, it is not played. Only the utterance's leading silence; pauses stay.
            if written == 0 {
                while offset < samples.count && abs(Int(samples[offset])) <= Self.silence { offset += 1 }
            }
            while offset < samples.count {
                if self.stopFlag.load(ordering: .relaxed) { return false }
                let end = min(samples.count, offset + chunk)
                let piece = UnsafeBufferPointer(rebasing: samples[offset..<end])
                if begun == nil { begun = .now }
                if needsStereo { renderer.render(piece, into: &stereo) }
                stereo.withUnsafeBufferPointer { rendered in
                    if let device, !self.lostDevice.load(ordering: .relaxed),
                        !device.write(device.channels == 2 ? rendered : piece)
                    {
                        // The device failed (its server went away): the rest of the utterance
                        // and everything after it are rendered without it (into the WAV file).
                        self.lostDevice.store(true, ordering: .relaxed)
                    }
                    self.record(self.wavWriter?.channels == 2 ? rendered : piece)
                }
                written += piece.count
                offset = end
            }
            return true
        }
        if settings.earcons, let earcon = utterance.earcon {
            let tone = Earcons.samples(earcon, sampleRate: sampleRate, plain: settings.plainEarcons)
            _ = tone.withUnsafeBufferPointer { deliver($0) }
        }
        var failure: SpeechError?
        do {
            switch utterance.form {
            case .words where settings.spatial != .off && !utterance.parts.isEmpty:
                // `around`: each part from its own direction, one after the other.
                for part in utterance.parts where !stopFlag.load(ordering: .relaxed) {
                    renderer.setBearing(part.bearing)
                    try engine.synthesize(part.text, into: SampleSink(deliver))
                }
            case .words: try engine.synthesize(utterance.text, into: SampleSink(deliver))
            case .spelled(let prefix, let letters):
                try engine.synthesizeSpelled(prefix: prefix, letters: letters, into: SampleSink(deliver))
            }
        } catch { failure = error }
        let timing =
            device == nil
            ? nil : SpeechTiming(begun: begun, ended: .now, heardSeconds: Double(written) / Double(max(1, sampleRate)))
        if stopFlag.load(ordering: .relaxed) {
            if !lostDevice.load(ordering: .relaxed) { device?.flush() }
            return (.interrupted(heardMilliseconds: written * 1000 / max(1, sampleRate)), timing)
        }
        if let failure { return (.failed(reason: failure.description), timing) }
        return (.spoken, timing)
    }

    /// How many samples the writer hands to the device at a time: 5 ms. The stop flag is
    /// checked between chunks, so a stop is noticed within one.
    static func chunk(_ sampleRate: Int) -> Int { max(1, sampleRate / 200) }

    /// The loudest sample still counted as silence at an utterance's start (-66 dBFS).
    public static let silence = 16

    /// The stream again, stereo for spatial audio or mono without it, after `set spatial`; the
    /// old one is drained first. Nil (speech goes on into the file alone) when it cannot open.
    private func reopen(_ old: any AudioOutput, spatial: Settings.Spatial) -> (any AudioOutput)? {
        old.drain()
        condition.lock()
        stoppableDevice = nil
        condition.unlock()
        guard
            let device = try? AudioOutputs.open(
                sampleRate: sampleRate, chunk: Self.chunk(sampleRate), channels: spatial == .off ? 1 : 2)
        else {
            lostDevice.store(true, ordering: .relaxed)
            return nil
        }
        condition.lock()
        if device.flushesFromAnyThread { stoppableDevice = device }
        condition.unlock()
        return device
    }

    private func record(_ samples: UnsafeBufferPointer<Int16>) {
        guard let wavWriter, wavError == nil else { return }
        do { try wavWriter.append(samples) } catch { wavError = error }
    }
}
