import CPulse
import Foundation

// The one file that calls libpulse (its simple API). pcaudiolib opens its PulseAudio stream
// without buffer attributes, so the server picks them; here they are small and chosen.

/// Playback to the PulseAudio server with small buffers: the first writes start playing at
/// once (prebuffering is one chunk) and a flush leaves little already rendered by the sink.
final class PulseDevice: AudioOutput {
    private let stream: OpaquePointer
    /// The writer's flush and a stopping thread's flush, one at a time: pa_simple keeps one
    /// operation result for both.
    private let flushing = NSLock()

    /// Mono, or stereo (interleaved) for spatial audio.
    let channels: Int

    /// Opened stereo for spatial audio, and reopened so after `set spatial`.
    var placesSound: Bool { true }

    /// Opens a 16-bit mono (or, with `channels` 2, stereo) playback stream at `sampleRate` on
    /// the default sink (`pa_simple_new`, which asks the server to adjust the whole latency to
    /// `tlength`). `chunk` is how many frames the writer hands over at a time.
    ///
    /// `requestMilliseconds`, when given, is minreq outright: a stream that need not answer
    /// at once (the beacon) then asks nothing of the sink's own latency, which speech's sets.
    init(
        sampleRate: Int, chunk: Int, bufferMilliseconds: Int, channels: Int = 1, requestMilliseconds: Int? = nil
    ) throws(SpeechError) {
        self.channels = channels
        var spec = pa_sample_spec(format: PA_SAMPLE_S16LE, rate: UInt32(sampleRate), channels: UInt8(channels))
        let frameBytes = UInt32(2 * channels)
        let chunkBytes = UInt32(chunk) * frameBytes
        let target = UInt32(sampleRate * bufferMilliseconds / 1000) * frameBytes
        var attributes = pa_buffer_attr(
            maxlength: UInt32.max,
            // The latency the server keeps: what is in the stream's buffer plus what the sink
            // rendered ahead.
            tlength: max(target, chunkBytes * 2),
            // Playing starts as soon as a chunk and a sample are there: never 0, for then an
            // underrun would skip what is written after it instead of waiting for it; and more
            // than one chunk, so that what the writer hands over after another thread's flush
            // (at most one chunk) waits for the writer's own flush instead of playing.
            prebuf: chunkBytes + frameBytes,
            // The server asks for more when the buffer falls below tlength - minreq, and has
            // the sink render about tlength / 2 - minreq ahead (measured: 2.5 ms at 15/5, 5 at
            // 20/5, 10 at 30/5, 15 at 40/5), which a flush cannot take back on a sink without
            // rewinds. So minreq keeps the sink about 2.5 ms ahead, and the rest of tlength
            // is buffer that a flush drops and that rides out a writer woken late.
            minreq: requestMilliseconds.map { UInt32(sampleRate * $0 / 1000) * frameBytes }
                ?? max(chunkBytes, target / 2 - UInt32(sampleRate / 400) * frameBytes),
            fragsize: UInt32.max)
        var error: Int32 = 0
        guard
            let stream = pa_simple_new(
                nil, "nearby-voice", PA_STREAM_PLAYBACK, nil, "Nearby announcements", &spec, nil, &attributes, &error)
        else {
            throw SpeechError(error, message: Self.message(error), isDeviceError: true)
        }
        self.stream = stream
    }

    deinit { pa_simple_free(stream) }

    /// libpulse's message for an error code (`pa_strerror`).
    private static func message(_ error: Int32) -> String {
        pa_strerror(error).map { String(cString: $0) } ?? "PulseAudio error \(error)"
    }

    /// `pa_simple_write`: blocks until the server's buffer has room for the samples.
    func write(_ samples: UnsafeBufferPointer<Int16>) -> Bool {
        guard let base = samples.baseAddress else { return true }
        var error: Int32 = 0
        return pa_simple_write(stream, base, samples.count * 2, &error) == 0
    }

    /// `pa_simple_drain`: waits until what was written has played.
    func drain() {
        var error: Int32 = 0
        _ = pa_simple_drain(stream, &error)
    }

    /// `pa_simple_flush`: drops what was written and not yet played.
    func flush() {
        var error: Int32 = 0
        flushing.withLock { _ = pa_simple_flush(stream, &error) }
    }

    /// pa_simple locks its main loop for every call: a flush may come from any thread.
    var flushesFromAnyThread: Bool { true }
}
