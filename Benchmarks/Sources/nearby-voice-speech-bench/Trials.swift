import Foundation
import Glibc

/// What one trial measured: Enter -> the first loud chunk, and, when something was asked to
/// stop the speech, that moment -> the start of 300 ms of quiet.
struct Timing {
    var audible: Double?
    var silent: Double?
}

/// How long a control waits for a silence that should not come before it counts the trial as
/// that long: long enough to fail every goal by far, short enough to keep the run short.
let controlLimit = 2.0

/// One trial: `enter` (a line and its Enter), then the first loud chunk. Then, when `stop` is
/// given, once the speech has gone on for 0.4 s and only mid-word (the last 30 ms all loud, so
/// that a pause between words cannot pass for silence), `stop`; then the start of 300 ms of
/// quiet, longer than any pause between words. A control passes a `stop` that does nothing:
/// silence then comes only when the answer ends, and a trial with no silence within
/// `controlLimit` counts as that long.
@MainActor func trial(
    _ enter: () -> Void, stop: (() -> Void)? = nil, control: Bool = false
) -> Timing {
    monitor.waitForQuiet()
    let start = now()
    enter()
    guard let heard = monitor.firstLoud(after: start) else { return Timing() }
    let audible = heard - start
    guard let stop else {
        Thread.sleep(forTimeInterval: 0.5)
        return Timing(audible: audible)
    }
    Thread.sleep(forTimeInterval: 0.4)
    guard monitor.loudNow(for: 0.03) else { return Timing(audible: audible) }
    let stopped = now()
    stop()
    if control {
        let quiet = monitor.quiet(after: stopped, span: 0.3, timeout: controlLimit)
        return Timing(audible: audible, silent: quiet.map { $0 - stopped } ?? controlLimit)
    }
    return Timing(audible: audible, silent: monitor.quiet(after: stopped, span: 0.3).map { $0 - stopped })
}

/// A line to a child that reads lines, as `trial`'s Enter.
@MainActor func trial(_ child: Child, _ line: String, stop: String?, control: Bool = false) -> Timing {
    trial({ child.send(line) }, stop: stop.map { stop in { child.send(stop) } }, control: control)
}

/// The floor of this audio path: a 2 ms-latency PulseAudio client fed 200 ms of a square tone.
/// One trial is its write -> the first loud chunk; the trials are taken between the others, so
/// that the floor and the figures held to it share the machine's load. Each trial has a client
/// of its own, started and ready before the write and gone before the next trial: a 2 ms
/// client left open sets the sink's latency for every stream, and the program's stream then
/// ran short (its answer heard 2.4 s longer than it was).
final class Floor {
    private(set) var heard: [Double] = []
    private let tone: [UInt8] = (0..<(rate / 5)).flatMap { index -> [UInt8] in
        let sample = UInt16(bitPattern: (index / 25) % 2 == 0 ? -8000 : 8000)
        return [UInt8(sample & 0xFF), UInt8(sample >> 8)]
    }

    @MainActor func trial() {
        guard
            let pacat = try? Child(
                "/usr/bin/pacat",
                ["--playback", "--latency-msec=2", "--format=s16le", "--rate=\(rate)", "--channels=1", "--raw"])
        else { return }
        // Connected and its stream made: pacat takes a few tens of milliseconds.
        Thread.sleep(forTimeInterval: 0.3)
        monitor.waitForQuiet()
        let start = now()
        pacat.send(tone)
        if let loud = monitor.firstLoud(after: start) { heard.append(loud - start) }
        pacat.end()
        monitor.waitForQuiet()
    }
}

/// A newer answer while an older one is spoken, and the older one's last sound after it. The
/// older answer is `help` at volume 100; mid-word, `set volume 15`, whose answer is spoken at
/// 15. Anything above `threshold` (1.5 times the peak of that quiet answer heard alone, the
/// same run) after its Enter is the old answer still sounding: the figure is Enter -> the first
/// chunk from which on nothing is above it, looked for until the new answer has ended with
/// 300 ms of quiet and a second after, so an old answer that comes back is seen. A trial
/// counts only when the old answer reached twice the threshold before the Enter (else it
/// could not be told from the new). The control types nothing at that moment: the old answer
/// goes on, and the figure is long.
final class NewerAnswer {
    let child: Child
    private(set) var threshold = Int(loud)
    private(set) var levels = "-"
    /// The quiet answer's peaks, each time it was heard alone.
    private(set) var calibration = "-"

    init(_ app: String) throws {
        child = try Child(app, ["--speech", "on", "--pace", "none", "--earcons", "off", "--volume", "100"])
        Thread.sleep(forTimeInterval: 1)
    }

    /// The quiet answer's peak, three times: the lowest sets the threshold. Each is typed as in
    /// a trial, mid-word in `help` at 100, and its peak taken from 100 ms after its Enter (the
    /// old answer is cut within about 10 ms; if it were not, the threshold would be too high and
    /// the trials would not count: the run fails, it cannot pass wrongly). Typed while nothing
    /// is spoken, the answer to `set volume 15` was heard at volume 100 in some runs (peaks of
    /// about 20,000 against 3,000): the program's own race, which a calibration in silence met
    /// and the trials, typed while speech plays, did not.
    @MainActor func calibrate() {
        var peaks: [Int] = []
        for _ in 0..<3 {
            monitor.waitForQuiet()
            let start = now()
            child.send("help")
            guard monitor.firstLoud(after: start) != nil else { continue }
            Thread.sleep(forTimeInterval: 0.4)
            guard monitor.loudNow(for: 0.03) else { continue }
            let enter = now()
            child.send("set volume 15")
            let end = monitor.quiet(after: enter, span: 0.3, timeout: 20) ?? now()
            peaks.append(monitor.peak(from: enter + 0.1, to: end))
            child.send("set volume 100")
            monitor.waitForQuiet()
        }
        calibration = peaks.map(String.init).joined(separator: "/")
        threshold = peaks.isEmpty ? Int.max / 4 : max(Int(loud), (peaks.min() ?? 0) * 3 / 2)
    }

    /// One trial; nil when it could not be measured (no sound, no mid-word moment, or an old
    /// answer not loud enough to be told from the new one).
    @MainActor func trial(control: Bool) -> Double? {
        monitor.waitForQuiet()
        let start = now()
        child.send("help")
        guard monitor.firstLoud(after: start) != nil else { return nil }
        Thread.sleep(forTimeInterval: 0.4)
        guard monitor.loudNow(for: 0.03) else { return nil }
        let enter = now()
        if !control { child.send("set volume 15") }
        let oldPeak = monitor.peak(from: start, to: enter)
        let ended = monitor.quiet(after: enter, span: 0.3, timeout: 20) ?? now()
        Thread.sleep(forTimeInterval: max(0, ended + 1.3 - now()))
        let silent = monitor.silentAbove(threshold, from: enter, to: now()) - enter
        levels = "old \(oldPeak), new alone \(calibration), threshold \(threshold)"
        child.send(control ? "stop" : "set volume 100")
        if control { child.send("set volume 100") }
        monitor.waitForQuiet()
        return oldPeak > 2 * threshold ? silent : nil
    }

    func end() {
        child.send("quit")
        child.end()
    }
}
