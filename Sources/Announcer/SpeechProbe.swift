import Foundation

/// Measures espeak-ng by itself, as the baseline of the speech benchmark: how long it takes
/// from `espeak_ng_Synthesize` to its first samples. Call it while no speech worker runs.
public enum SpeechProbe {
    /// Nanoseconds from the call to the first block of samples, and to the last.
    public static func espeakLatency(_ text: String, voice: String = "en") throws -> (first: UInt64, whole: UInt64) {
        let engine = try EspeakEngine(voice: voice)
        var first: UInt64?
        let start = DispatchTime.now().uptimeNanoseconds
        try engine.synthesize(text, into: SampleSink { _ in
            if first == nil { first = DispatchTime.now().uptimeNanoseconds }
            return true
        })
        let end = DispatchTime.now().uptimeNanoseconds
        return ((first ?? end) - start, end - start)
    }
}
