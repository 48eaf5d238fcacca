import Foundation
import NearbyCore
import Synchronization

/// The beacon: a short loop from the selected place's bearing, on a PulseAudio stream of its
/// own beside speech's, rendered stereo (binaural with `spatial hrtf`, else panned). It follows
/// whatever target it is given (the core's `beaconTarget` after every action: a new position,
/// heading or selection), switches sounds on the beat, is ducked to a quarter while speech
/// plays, and falls silent when the target goes (arrived, deselected, beacon off) or when
/// `stop` silences it until the next answer.
public final class BeaconPlayer: @unchecked Sendable {
    /// What the player's thread reads between chunks.
    private struct Wanted {
        var target: BeaconTarget?
        var spatial: Settings.Spatial = .stereo
        var silenced = false
        var running = true
    }

    private let wanted = Mutex(Wanted())
    private let wake = NSCondition()
    private let speaking: @Sendable () -> Bool
    private let done = DispatchSemaphore(value: 0)
    public let sampleRate: Int
    /// The beacon's own stream; written by its thread alone.
    private let device: PulseDevice

    /// The level while speech plays: a quarter, as Soundscape ducks its beacon.
    public static let duckedLevel = 0.25
    /// What the beacon's stream holds: how soon a duck or a turn is heard.
    static let bufferMilliseconds = 80

    /// Opens the beacon's stereo stream and starts its thread; `speaking` tells whether speech
    /// is playing (for ducking). Throws when no PulseAudio stream opens.
    public init(sampleRate: Int = 22_050, speaking: @escaping @Sendable () -> Bool) throws(SpeechError) {
        self.sampleRate = sampleRate
        self.speaking = speaking
        let chunk = SpeechOutput.chunk(sampleRate)
        // A longer buffer than speech's, refilled 20 ms at a time: the beacon needs no quick
        // start, and a stream that asked for speech's tiny sink latency starved speech's
        // stream (its writes stalled for good beside it on a null sink).
        device = try PulseDevice(
            sampleRate: sampleRate, chunk: chunk, bufferMilliseconds: Self.bufferMilliseconds, channels: 2,
            requestMilliseconds: 20)
        let thread = Thread { [self] in
            play(chunk: chunk)
            done.signal()
        }
        thread.name = "beacon"
        thread.start()
    }

    /// Sounds toward `target` from now on (nil: silent), rendered as `spatial` says.
    public func follow(_ target: BeaconTarget?, spatial: Settings.Spatial) {
        wanted.withLock {
            $0.target = target
            $0.spatial = spatial
        }
        wake.broadcast()
    }

    /// `stop`: silent with the speech, until `resume`.
    public func silence() {
        wanted.withLock { $0.silenced = true }
        wake.broadcast()
    }

    /// The next answer: the beacon sounds again, if it has a target.
    public func resume() {
        wanted.withLock { $0.silenced = false }
        wake.broadcast()
    }

    /// Ends the thread and closes the stream.
    public func stop() {
        wanted.withLock { $0.running = false }
        wake.broadcast()
        done.wait()
    }

    private func play(chunk: Int) {
        let loops = Dictionary(
            uniqueKeysWithValues: BeaconSound.allCases.map { ($0, BeaconSounds.loop($0, sampleRate: sampleRate)) })
        var renderer = SpatialRenderer(mode: .stereo, sampleRate: sampleRate, bearing: nil)
        var loop: [Int16] = []
        var position = 0
        var level = 1.0
        var sounding = false
        var mono = [Int16](repeating: 0, count: chunk)
        var stereo: [Int16] = []
        while true {
            let now = wanted.withLock { $0 }
            guard now.running else { break }
            guard let target = now.target, !now.silenced else {
                // Silent at once: what the stream holds is dropped; the next sound starts a beat.
                if sounding { device.flush() }
                sounding = false
                position = 0
                wake.lock()
                _ = wake.wait(until: Date(timeIntervalSinceNow: 0.05))
                wake.unlock()
                continue
            }
            let mode: Settings.Spatial = now.spatial == .hrtf ? .hrtf : .stereo
            if renderer.mode != mode { renderer = SpatialRenderer(mode: mode, sampleRate: sampleRate, bearing: nil) }
            if renderer.bearing != target.bearing { renderer.setBearing(target.bearing) }
            // A new beat: the sound for the angle now.
            if position >= loop.count || !sounding {
                loop = loops[target.sound] ?? []
                position = 0
            }
            sounding = true
            // Toward a quarter while speech plays, and back, ramped over the chunk (no click).
            let goal = speaking() ? Self.duckedLevel : 1
            let count = min(chunk, loop.count - position)
            for index in 0..<count {
                let gain = level + (goal - level) * Double(index + 1) / Double(count)
                mono[index] = Int16(Double(loop[position + index]) * gain)
            }
            level = goal
            position += count
            mono.withUnsafeBufferPointer { samples in
                renderer.render(UnsafeBufferPointer(rebasing: samples[0..<count]), into: &stereo)
            }
            let written = stereo.withUnsafeBufferPointer { device.write($0) }
            if !written { break }
        }
        device.flush()
    }
}
