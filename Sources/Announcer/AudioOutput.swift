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
    /// queued. Measured at a null sink (medians of 9): 10 ms let the sink render 0.5 ms ahead
    /// and a stop was silent in 8-12 ms; 20 ms, 14 ms; 40 ms, 14 ms. No gap was heard at 10 ms
    /// in 32 s of speech with two other builds running.
    static let bufferMilliseconds = 10

    /// PulseAudio through libpulse first; else pcaudiolib, whose error says why nothing plays.
    static func open(sampleRate: Int, chunk: Int) throws(SpeechError) -> any AudioOutput {
        if let pulse = try? PulseDevice(sampleRate: sampleRate, chunk: chunk, bufferMilliseconds: bufferMilliseconds) {
            return pulse
        }
        return try AudioDevice(sampleRate: sampleRate)
    }
}
