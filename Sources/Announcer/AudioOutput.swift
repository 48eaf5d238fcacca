import Foundation

/// Where live speech is played: a PulseAudio stream with small buffers (`PulseDevice`), or
/// pcaudiolib's default device (`AudioDevice`) where PulseAudio is not running.
protocol AudioOutput: AnyObject {
    /// Blocks for about as long as the samples last; false when the device failed.
    func write(_ samples: UnsafeBufferPointer<Int16>) -> Bool
    /// Waits until what was written has played.
    func drain()
    /// Drops what was written and not yet played.
    func flush()
    /// Whether `flush` may be called from another thread while `write` blocks.
    var flushesFromAnyThread: Bool { get }
    /// 1, or 2 for stereo (interleaved left, right): what `write` takes.
    var channels: Int { get }
    /// Whether it plays stereo when spatial audio asks (a PulseAudio stream, reopened stereo),
    /// and so can place sound; pcaudiolib's device is opened mono.
    var placesSound: Bool { get }
}

enum AudioOutputs {
    /// The latency a PulseAudio stream asks for, in milliseconds: what the server keeps
    /// queued, of which the sink renders about 2.5 ms ahead (`PulseDevice` sets minreq so) and
    /// the rest is the stream's buffer, which a flush drops and which rides out a writer woken
    /// late on a busy machine. `NEARBY_VOICE_BUFFER_MS` (2-500) sets it.
    static let bufferMilliseconds =
        ProcessInfo.processInfo.environment["NEARBY_VOICE_BUFFER_MS"]
        .flatMap { Int($0) }.flatMap { (2...500).contains($0) ? $0 : nil } ?? defaultBufferMilliseconds

    /// Measured by the speech bench on a busy 2-core machine (stop -> silent, median of 9-11;
    /// heard whole: 3 answers against the samples written). With minreq one chunk the sink ran
    /// tlength / 2 - 5 ms ahead: 10 ms, 7.1 ms and gaps of +30, +0, +5 ms; 15 ms, 7.4 ms and
    /// +5, +0, +0 (and 0.4 s of gaps in the whole test suite's live-audio test); 20 ms, 9.8 ms;
    /// 30 ms, 9.5 ms. With the sink kept 2.5 ms ahead, 40 ms: 8.1 ms and +0, +5, +0.
    static let defaultBufferMilliseconds = 40

    /// PulseAudio through libpulse first; else pcaudiolib, whose error says why nothing plays.
    /// With `channels` 2 (spatial audio), a stereo PulseAudio stream; pcaudiolib's fallback
    /// stays mono, and the speech is then centred.
    static func open(sampleRate: Int, chunk: Int, channels: Int = 1) throws(SpeechError) -> any AudioOutput {
        if let pulse = try? PulseDevice(
            sampleRate: sampleRate, chunk: chunk, bufferMilliseconds: bufferMilliseconds, channels: channels)
        {
            return pulse
        }
        return try AudioDevice(sampleRate: sampleRate)
    }
}
