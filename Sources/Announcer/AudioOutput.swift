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
}

enum AudioOutputs {
    /// The latency a PulseAudio stream asks for, in milliseconds: what the server keeps
    /// queued. Smaller is a quicker stop (what the sink has rendered ahead cannot be flushed);
    /// larger rides out a busy machine without a gap. `NEARBY_VOICE_BUFFER_MS` (2-500) sets it.
    static let bufferMilliseconds = ProcessInfo.processInfo.environment["NEARBY_VOICE_BUFFER_MS"]
        .flatMap { Int($0) }.flatMap { (2...500).contains($0) ? $0 : nil } ?? defaultBufferMilliseconds

    /// Measured by the speech bench at a null sink on a busy 2-core machine (stop -> silent,
    /// median of 9-11; heard whole: 3 answers against the samples written): 10 ms, 7.1 ms but
    /// gaps of 5-30 ms when the writer was not woken in time; 15 ms, 7.4 ms and whole (one
    /// 5 ms gap in 3); 20 ms, 9.8 ms and whole; 30 ms, 9.5 ms and whole.
    static let defaultBufferMilliseconds = 15

    /// PulseAudio through libpulse first; else pcaudiolib, whose error says why nothing plays.
    static func open(sampleRate: Int, chunk: Int) throws(SpeechError) -> any AudioOutput {
        if let pulse = try? PulseDevice(sampleRate: sampleRate, chunk: chunk, bufferMilliseconds: bufferMilliseconds) {
            return pulse
        }
        return try AudioDevice(sampleRate: sampleRate)
    }
}
