import Foundation
import NearbyCore

/// The beacon's sounds, made here in code: equal-length mono loops, one beat each, so that the
/// player switches between them on the beat as the angle to the place changes (Soundscape's
/// design). Ahead is bright: two quick high plucks, rich in harmonics. To the side, one softer,
/// purer pluck. Behind, a low muffled falling pair with a slow attack: unlike the others in
/// pitch, rhythm and colour, so that it is never taken for ahead.
public enum BeaconSounds {
    /// One beat of the loop.
    public static let beatMilliseconds = 600

    /// One beat of `sound` at `sampleRate`, 16-bit mono.
    public static func loop(_ sound: BeaconSound, sampleRate: Int) -> [Int16] {
        var beat = [Double](repeating: 0, count: sampleRate * beatMilliseconds / 1000)
        switch sound {
        case .ahead:
            for start in [0.0, 0.12] {
                pluck(
                    into: &beat, at: start, frequency: 1320, harmonics: [1, 0.5, 0.3], decay: 0.04, attack: 0.002,
                    level: 0.32, sampleRate: sampleRate)
            }
        case .side:
            pluck(
                into: &beat, at: 0, frequency: 880, harmonics: [1, 0.15], decay: 0.06, attack: 0.003, level: 0.26,
                sampleRate: sampleRate)
        case .behind:
            pluck(
                into: &beat, at: 0, frequency: 440, harmonics: [1], decay: 0.09, attack: 0.02, level: 0.26,
                sampleRate: sampleRate)
            pluck(
                into: &beat, at: 0.2, frequency: 370, harmonics: [1], decay: 0.09, attack: 0.02, level: 0.22,
                sampleRate: sampleRate)
        }
        return beat.map { Int16(max(-1, min(1, $0)) * Double(Int16.max)) }
    }

    /// Adds a plucked tone at `start` seconds: the harmonics' sines under a short linear attack
    /// and an exponential decay, cut off after six decay times.
    static func pluck(
        into beat: inout [Double], at start: Double, frequency: Double, harmonics: [Double], decay: Double,
        attack: Double, level: Double, sampleRate: Int
    ) {
        let rate = Double(sampleRate)
        let first = Int(start * rate)
        let length = min(beat.count - first, Int((attack + 6 * decay) * rate))
        guard length > 0 else { return }
        for n in 0..<length {
            let t = Double(n) / rate
            let envelope = t < attack ? t / attack : exp(-(t - attack) / decay)
            var wave = 0.0
            for (index, weight) in harmonics.enumerated() {
                wave += weight * sin(2 * .pi * frequency * Double(index + 1) * t)
            }
            beat[first + n] += level * envelope * wave / harmonics.reduce(0, +)
        }
    }
}
