import Foundation
import NearbyCore

/// Short, soft sounds made in code: a snap for the seed's soft haptic, a boundary bump, a low
/// "nothing" and an error buzz. With reduce motion the snap is a plainer, shorter tick.
public enum Earcons {
    /// The samples of an earcon at `sampleRate`, 16-bit mono.
    public static func samples(_ earcon: Announcement.Earcon, sampleRate: Int, plain: Bool = false) -> [Int16] {
        switch earcon {
        case .snap:
            plain
                ? tone([1000], milliseconds: 12, sampleRate: sampleRate, level: 0.12)
                : tone([660, 990], milliseconds: 45, sampleRate: sampleRate, level: 0.15)
        case .end: tone([520, 390], milliseconds: 90, sampleRate: sampleRate, level: 0.18)
        case .noResults: tone([330, 262], milliseconds: 140, sampleRate: sampleRate, level: 0.18)
        case .error: tone([220, 233], milliseconds: 110, sampleRate: sampleRate, level: 0.16, buzz: true)
        }
    }

    /// Tones in sequence, each with a raised-cosine envelope so that nothing clicks.
    static func tone(_ frequencies: [Double], milliseconds: Int, sampleRate: Int, level: Double, buzz: Bool = false)
        -> [Int16]
    {
        let perTone = max(1, sampleRate * milliseconds / 1000 / frequencies.count)
        var samples: [Int16] = []
        samples.reserveCapacity(perTone * frequencies.count + sampleRate / 50)
        for frequency in frequencies {
            for n in 0..<perTone {
                let t = Double(n) / Double(sampleRate)
                let envelope = 0.5 - 0.5 * cos(2 * .pi * Double(n) / Double(perTone))
                var wave = sin(2 * .pi * frequency * t)
                if buzz { wave = 0.8 * wave + 0.2 * sin(2 * .pi * frequency * 3 * t) }
                samples.append(Int16(wave * envelope * level * Double(Int16.max)))
            }
        }
        // A short silence before the words.
        samples.append(contentsOf: repeatElement(0, count: sampleRate / 50))
        return samples
    }
}
