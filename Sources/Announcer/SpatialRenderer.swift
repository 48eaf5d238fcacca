import Foundation
import NearbyCore

/// Mono speech made stereo from a bearing, in-process, chunk by chunk as espeak-ng hands it
/// over, so that the libpulse path (5 ms chunks, a stop within one) stays as it is. The
/// measurements that chose this over OpenAL Soft are in docs/spatial-audio.md.
///
/// - `stereo`: a constant-power pan by the sine of the bearing (a place behind is centred, as a
///   pan cannot say behind), 90 % of the way to either side so that nothing is in one ear only.
/// - `hrtf`: a small binaural model, the spherical head of Brown and Duda (1998): for each ear
///   a delay (the interaural time difference, up to 0.66 ms) and a first-order head-shadow
///   shelf by the angle between the source and that ear, then a rear shelf that darkens what is
///   behind and a slight presence lift ahead, so that front and back differ as a pinna makes
///   them; and the far ear up to 8 dB quieter over all frequencies, since speech's energy is
///   mostly below the shelf. Every filter is a few multiplies a sample.
///
/// Centred (no bearing) is the same law at 0 degrees: a placed answer is as loud as the rest.
struct SpatialRenderer {
    let mode: Settings.Spatial
    let sampleRate: Int
    /// Degrees relative to the heading, positive to the right; nil: centred.
    private(set) var bearing: Double?
    private var left = Ear()
    private var right = Ear()

    /// The head's radius in metres and the speed of sound: Brown and Duda's constants.
    static let headRadius = 0.0875
    static let speedOfSound = 343.0
    /// How far towards one side a `stereo` pan goes at 90 degrees.
    static let panReach = 0.9
    /// The level of `hrtf` before its shelves, which lift the near ear's highs by up to 6 dB.
    static let binauralGain = 0.6
    /// How much quieter, over all frequencies, the far ear hears a source at its side.
    static let farEarDecibels = 8.0

    init(mode: Settings.Spatial, sampleRate: Int, bearing: Double?) {
        self.mode = mode
        self.sampleRate = sampleRate
        setBearing(bearing)
    }

    /// Moves the source; the filters keep their state, so that a beacon turning does not click.
    mutating func setBearing(_ bearing: Double?) {
        self.bearing = bearing
        let azimuth = (bearing ?? 0) * .pi / 180
        switch mode {
        case .off, .stereo:
            let position = Self.panReach * sin(azimuth)
            let angle = (position + 1) * .pi / 4
            left.configurePan(gain: cos(angle))
            right.configurePan(gain: sin(angle))
        case .hrtf:
            // The ears at -90 and +90 degrees; the angle between the source and each.
            left.configureBinaural(
                earAngle: Self.angleBetween(azimuth, -.pi / 2), azimuth: azimuth, sampleRate: Double(sampleRate))
            right.configureBinaural(
                earAngle: Self.angleBetween(azimuth, .pi / 2), azimuth: azimuth, sampleRate: Double(sampleRate))
        }
    }

    /// The angle between two directions, 0 to pi.
    static func angleBetween(_ a: Double, _ b: Double) -> Double {
        let difference = abs((a - b).truncatingRemainder(dividingBy: 2 * .pi))
        return difference > .pi ? 2 * .pi - difference : difference
    }

    /// Renders `mono` into `stereo` (left, right, left, …), replacing what it held.
    mutating func render(_ mono: UnsafeBufferPointer<Int16>, into stereo: inout [Int16]) {
        stereo.removeAll(keepingCapacity: true)
        stereo.reserveCapacity(mono.count * 2)
        for sample in mono {
            let x = Double(sample)
            stereo.append(Self.clip(left.process(x)))
            stereo.append(Self.clip(right.process(x)))
        }
    }

    /// `mono` rendered, as a new array.
    mutating func render(_ mono: [Int16]) -> [Int16] {
        var stereo: [Int16] = []
        mono.withUnsafeBufferPointer { render($0, into: &stereo) }
        return stereo
    }

    static func clip(_ value: Double) -> Int16 { Int16(max(-32_768, min(32_767, value.rounded()))) }

    /// One ear's path: a gain, or a delay line and two first-order shelves.
    struct Ear {
        private var gain = 1.0
        private var binaural = false
        /// The delay in samples (fractional), read from `history`.
        private var delay = 0.0
        private var history = [Double](repeating: 0, count: 64)
        private var written = 0
        private var shadow = Shelf()
        private var rear = Shelf()

        mutating func configurePan(gain: Double) {
            binaural = false
            self.gain = gain
        }

        /// Brown and Duda's ear: the delay of the path round the head to this ear, and the
        /// head's shadow by `earAngle` (0: the source faces this ear; pi: the far side).
        mutating func configureBinaural(earAngle: Double, azimuth: Double, sampleRate: Double) {
            binaural = true
            // The far ear also down by up to 8 dB over all frequencies: speech's energy is
            // mostly below 1 kHz, where the shelf alone leaves 4 dB at 90 degrees.
            let farSide = max(0, -cos(earAngle))
            gain = SpatialRenderer.binauralGain * pow(10, -SpatialRenderer.farEarDecibels * farSide / 20)
            let a = SpatialRenderer.headRadius
            let c = SpatialRenderer.speedOfSound
            let seconds =
                earAngle < .pi / 2 ? a / c * (1 - cos(earAngle)) : a / c * (earAngle - .pi / 2 + 1)
            delay = seconds * sampleRate
            // alpha 2 (+6 dB highs) facing the ear, 0.1 (-20 dB) at 150 degrees from it.
            let alphaMin = 0.1
            let thetaMin = 150.0 * .pi / 180
            let alpha = (1 + alphaMin / 2) + (1 - alphaMin / 2) * cos(min(earAngle, thetaMin) / thetaMin * .pi)
            shadow.configure(alpha: alpha, corner: 2 * c / a, sampleRate: sampleRate)
            // Behind: the highs down by up to 10 dB (the pinna's shadow); ahead, lifted 2 dB.
            let facing = cos(azimuth)
            let rearAlpha = facing < 0 ? 1 - 0.68 * -facing : 1 + 0.26 * facing
            rear.configure(alpha: rearAlpha, corner: 2 * .pi * 1800, sampleRate: sampleRate)
        }

        mutating func process(_ x: Double) -> Double {
            guard binaural else { return x * gain }
            history[written % history.count] = x
            let whole = Int(delay)
            let fraction = delay - Double(whole)
            let newer = history[(written - whole + history.count * 4) % history.count]
            let older = history[(written - whole - 1 + history.count * 4) % history.count]
            written += 1
            if written >= history.count * 1000 { written -= history.count * 900 }
            let delayed = newer * (1 - fraction) + older * fraction
            return rear.process(shadow.process(delayed)) * gain
        }
    }

    /// A first-order shelf, H(s) = (beta + alpha s) / (beta + s), by the bilinear transform:
    /// 1 at low frequencies, alpha at high ones, the turn near `corner` / 2 rad/s.
    struct Shelf {
        private var b0 = 1.0
        private var b1 = 0.0
        private var a1 = 0.0
        private var lastIn = 0.0
        private var lastOut = 0.0

        mutating func configure(alpha: Double, corner beta: Double, sampleRate: Double) {
            let k = 2 * sampleRate
            b0 = (beta + alpha * k) / (beta + k)
            b1 = (beta - alpha * k) / (beta + k)
            a1 = (beta - k) / (beta + k)
        }

        mutating func process(_ x: Double) -> Double {
            let y = b0 * x + b1 * lastIn - a1 * lastOut
            lastIn = x
            lastOut = y
            return y
        }
    }
}
