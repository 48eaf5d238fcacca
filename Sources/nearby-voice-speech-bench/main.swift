import Foundation
import Glibc
import Synchronization

// `make bench`, speech: latency at the ear. Run through scripts/pulse-null-sink (a private
// PulseAudio daemon whose default sink, "nearby", is a null sink). The sink's monitor is read in
// real time (parec, 5 ms of latency, raw) and every 5 ms chunk is timestamped as it arrives;
// a chunk is loud when a sample in it is above 600. Side by side, in one run:
//
//   nearby-voice   one long-lived `nearby-voice --speech on --pace none --earcons off`: a line
//                  `help` (Enter -> first loud chunk), then `stop` half a second into the speech
//                  (stop -> the first chunk of 40 ms of quiet)
//   espeak-ng      one long-lived `espeak-ng` reading lines from standard input (its own line
//                  mode): Enter -> first loud chunk
//   floor          a `pacat --latency-msec=2` client fed a tone: the floor of this audio path
//
//   nearby-voice-speech-bench --app PATH [--trials N]
//
// Exit 0 when every goal is met, 1 when one falls short or a figure has fewer samples than asked.

let arguments = Array(CommandLine.arguments.dropFirst())
func option(_ name: String) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}
let trials = Int(option("--trials") ?? "") ?? 11
let app =
    option("--app")
    ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    .appendingPathComponent("nearby-voice").path
let rate = 22_050
let chunkSamples = 110  // 5 ms
let loud: Int16 = 600

func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("speech bench: \(message)\n".utf8))
    exit(1)
}

/// The sink's monitor, read in real time on a thread of its own.
final class Monitor: @unchecked Sendable {
    /// Each 5 ms chunk in the order heard: when it arrived, and whether it was loud.
    private let events = Mutex<[(time: Double, loud: Bool)]>([])
    private let process = Process()

    init() throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/parec")
        process.arguments = [
            "--device=nearby.monitor", "--latency-msec=5", "--format=s16le", "--rate=\(rate)", "--channels=1", "--raw",
        ]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let descriptor = pipe.fileHandleForReading.fileDescriptor
        let thread = Thread { [self] in
            var pending: [Int16] = []
            var buffer = [Int16](repeating: 0, count: chunkSamples)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count <= 0 { return }
                let arrived = now()
                pending += buffer.prefix(count / 2)
                while pending.count >= chunkSamples {
                    let isLoud = pending.prefix(chunkSamples).contains { $0 > loud || $0 < -loud }
                    pending.removeFirst(chunkSamples)
                    events.withLock { $0.append((arrived, isLoud)) }
                }
            }
        }
        thread.start()
    }

    /// The arrival of the first loud chunk after `start`.
    func firstLoud(after start: Double, timeout: Double = 5) -> Double? {
        let end = now() + timeout
        while now() < end {
            if let found = events.withLock({ $0.first { $0.time >= start && $0.loud } }) { return found.time }
            usleep(1000)
        }
        return nil
    }

    /// The arrival of the first chunk after `start` that begins `span` seconds of quiet.
    func quiet(after start: Double, span: Double = 0.04, timeout: Double = 5) -> Double? {
        let needed = Int(span * Double(rate) / Double(chunkSamples))
        let end = now() + timeout
        while now() < end {
            let recent = events.withLock { $0.filter { $0.time >= start } }
            var run = 0
            var first = 0.0
            for event in recent {
                if event.loud {
                    run = 0
                } else {
                    if run == 0 { first = event.time }
                    run += 1
                    if run >= needed { return first }
                }
            }
            usleep(5000)
        }
        return nil
    }

    /// From the first loud chunk after `start` to the end of the last one before `end`,
    /// counted in samples heard (chunks arrive in bunches: their arrival times would not do).
    func soundSpan(from start: Double, to end: Double) -> Double? {
        let loud = events.withLock { events in
            events.indices.filter { events[$0].loud && events[$0].time >= start && events[$0].time <= end }
        }
        guard let first = loud.first, let last = loud.last else { return nil }
        return Double((last - first + 1) * chunkSamples) / Double(rate)
    }

    /// Waits for `span` seconds of quiet, so that a trial starts in silence.
    func waitForQuiet(span: Double = 0.3) { _ = quiet(after: now(), span: span, timeout: 20) }

    func close() { process.terminate() }
}

/// A long-lived child whose standard input the bench writes lines to.
final class Child {
    let process = Process()
    let input = Pipe()

    init(_ path: String, _ arguments: [String]) throws {
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    func send(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { _ = write(input.fileHandleForWriting.fileDescriptor, $0.baseAddress, $0.count) }
    }

    func send(_ line: String) { send(Array((line + "\n").utf8)) }

    func end() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}

func which(_ program: String) -> String? {
    for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
        let path = "\(folder)/\(program)"
        if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    return nil
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    return sorted.count % 2 == 1
        ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

guard ProcessInfo.processInfo.environment["PULSE_SERVER"] != nil, let parec = which("parec"), parec == "/usr/bin/parec"
else {
    fail("run it through scripts/pulse-null-sink (PULSE_SERVER and /usr/bin/parec are needed).")
}
guard FileManager.default.isExecutableFile(atPath: app) else { fail("no program at \(app) (--app PATH).") }

let monitor = try Monitor()
Thread.sleep(forTimeInterval: 0.5)

/// One trial: a line, then the first loud chunk; then, when `stop` is given, half a second
/// later that line, then the start of 40 ms of quiet.
@MainActor func trial(_ child: Child, _ line: String, stop: String?) -> (audible: Double?, silent: Double?) {
    monitor.waitForQuiet()
    let enter = now()
    child.send(line)
    guard let heard = monitor.firstLoud(after: enter) else { return (nil, nil) }
    Thread.sleep(forTimeInterval: 0.5)
    guard let stop else { return (heard - enter, nil) }
    let stopped = now()
    child.send(stop)
    return (heard - enter, monitor.quiet(after: stopped).map { $0 - stopped })
}

FileHandle.standardError.write(Data("Speech latency at the ear: \(trials) trials each…\n".utf8))

/// From the first loud 5 ms chunk to the end of the last one, in `samples`.
func soundSpan(_ samples: [Int16]) -> Double? {
    let chunks = stride(from: 0, to: samples.count, by: chunkSamples).map { start in
        samples[start..<min(samples.count, start + chunkSamples)].contains { $0 > loud || $0 < -loud }
    }
    guard let first = chunks.firstIndex(of: true), let last = chunks.lastIndex(of: true) else { return nil }
    return Double((last - first + 1) * chunkSamples) / Double(rate)
}

func readWAV(_ path: String) -> [Int16]? {
    (try? Data(contentsOf: URL(fileURLWithPath: path))).map { data in
        data.dropFirst(44).withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
    }
}

// Heard whole: the answer to `find cafe` as the sink heard it, against the samples the same run
// handed to the device (`--wav` records exactly those): the spans of sound should match. (Two
// syntheses of one text differ by a few hundred samples, so the file must be the same run's.)
let wholeCommand = "find cafe"
var wholeDifferences: [Double] = []
var wholeSpans: [String] = []
for trial in 0..<3 {
    let wavPath = NSTemporaryDirectory() + "speech-bench-\(getpid())-\(trial).wav"
    monitor.waitForQuiet()
    let start = now()
    let run = try Child(app, ["--speech", "on", "--earcons", "off", "--wav", wavPath])
    run.send(wholeCommand)
    run.end()
    monitor.waitForQuiet(span: 0.5)
    if let heard = monitor.soundSpan(from: start, to: now()), let said = readWAV(wavPath).flatMap(soundSpan) {
        wholeDifferences.append(heard - said)
        wholeSpans.append(String(format: "%.3f/%.3f", heard, said))
    }
    try? FileManager.default.removeItem(atPath: wavPath)
}

// nearby-voice: help speaks long enough to be stopped half a second in.
var oursAudible: [Double] = []
var oursSilent: [Double] = []
let ours = try Child(app, ["--speech", "on", "--pace", "none", "--earcons", "off"])
Thread.sleep(forTimeInterval: 1)
for _ in 0..<trials {
    let result = trial(ours, "help", stop: "stop")
    if let audible = result.audible { oursAudible.append(audible) }
    if let silent = result.silent { oursSilent.append(silent) }
}
ours.send("quit")
ours.end()

// espeak-ng reading lines from standard input: it has no stop, so Enter -> audible only.
var espeakAudible: [Double] = []
let espeakPath = which("espeak-ng")
if let espeakPath {
    let espeak = try Child(espeakPath, [])
    Thread.sleep(forTimeInterval: 1)
    for _ in 0..<trials {
        if let audible = trial(
            espeak, "Commands: find, clear, filter, next, previous, select, close, up, down.", stop: nil
        ).audible {
            espeakAudible.append(audible)
        }
    }
    espeak.end()
}

// The floor: a 2 ms-latency client fed 200 ms of a square tone.
var floorAudible: [Double] = []
let tone: [UInt8] = (0..<(rate / 5)).flatMap { index -> [UInt8] in
    let sample = UInt16(bitPattern: (index / 25) % 2 == 0 ? -8000 : 8000)
    return [UInt8(sample & 0xFF), UInt8(sample >> 8)]
}
let pacat = try Child(
    "/usr/bin/pacat", ["--playback", "--latency-msec=2", "--format=s16le", "--rate=\(rate)", "--channels=1", "--raw"])
Thread.sleep(forTimeInterval: 0.5)
for _ in 0..<trials {
    monitor.waitForQuiet()
    let start = now()
    pacat.send(tone)
    if let heard = monitor.firstLoud(after: start) { floorAudible.append(heard - start) }
    Thread.sleep(forTimeInterval: 0.3)
}
pacat.end()
monitor.close()

// MARK: The table

func milliseconds(_ values: [Double]) -> String {
    values.isEmpty ? "n/a" : String(format: "%.1f ms", median(values) * 1000)
}

let floor = median(floorAudible)
var shortfalls: [String] = []
@MainActor func counted(_ name: String, _ values: [Double], expected: Int) -> String {
    if values.count < expected { shortfalls.append("\(name): \(values.count) of \(expected) trials measured") }
    return "\(values.count)/\(expected)"
}
struct Row {
    var figure: String, value: String, baseline: String, goal: String, met: String, samples: String
}
var rows: [Row] = []
let audible = median(oursAudible)
let silent = median(oursSilent)
// The spans are counted in 5 ms chunks: each trial's must be within two of its file's.
let wholeMet = wholeDifferences.count == 3 && wholeDifferences.allSatisfy { abs($0) <= 0.010 }
let audibleMet = oursAudible.count == trials && floorAudible.count == trials && audible <= 2.5 * floor
let silentMet = oursSilent.count == trials && silent <= 0.010
rows.append(
    Row(
        figure: "Enter -> audible, nearby-voice (help)", value: milliseconds(oursAudible),
        baseline: "floor: pacat 2 ms fed a tone \(milliseconds(floorAudible))",
        goal: String(format: "<= 2.5x floor (%.1f ms)", 2.5 * floor * 1000), met: audibleMet ? "yes" : "NO",
        samples: counted("Enter -> audible", oursAudible, expected: trials)))
rows.append(
    Row(
        figure: "Enter -> audible, espeak-ng reading stdin", value: milliseconds(espeakAudible),
        baseline: espeakPath == nil ? "espeak-ng missing" : "(a baseline)", goal: "report", met: "-",
        samples: counted("espeak-ng", espeakAudible, expected: espeakPath == nil ? 0 : trials)))
rows.append(
    Row(
        figure: "stop -> silent, nearby-voice", value: milliseconds(oursSilent),
        baseline: "-", goal: "<= 10 ms", met: silentMet ? "yes" : "NO",
        samples: counted("stop -> silent", oursSilent, expected: trials)))
rows.append(
    Row(
        figure: "heard whole: \"\(wholeCommand)\"'s sound at the sink",
        value: wholeDifferences.map { String(format: "%+.0f", $0 * 1000) }.joined(separator: ", ") + " ms",
        baseline: "the samples written, same run (--wav), s: " + wholeSpans.joined(separator: ", "),
        goal: "each within 10 ms", met: wholeMet ? "yes" : "NO",
        samples: counted("heard whole", wholeDifferences, expected: 3)))
_ = counted("floor", floorAudible, expected: trials)

let headers = Row(
    figure: "figure (median at the sink's monitor)", value: "value", baseline: "baseline, same run", goal: "goal",
    met: "met", samples: "trials")
let all = [headers] + rows
let paths: [KeyPath<Row, String>] = [\.figure, \.value, \.baseline, \.goal, \.met, \.samples]
let widths = paths.map { path in all.map { $0[keyPath: path].count }.max() ?? 0 }
@MainActor func line(_ row: Row) -> String {
    "| "
        + zip(paths.map { row[keyPath: $0] }, widths).map { $0 + String(repeating: " ", count: $1 - $0.count) }.joined(
            separator: " | ") + " |"
}
print("")
print(
    "Speech latency at the ear: a private PulseAudio null sink's monitor read in real time (5 ms chunks timestamped on arrival), medians of \(trials):"
)
print(line(headers))
print("|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|")
for row in rows { print(line(row)) }
if !audibleMet { shortfalls.append("Enter -> audible is not within 2.5x the floor") }
if !silentMet { shortfalls.append("stop -> silent is over 10 ms") }
if !wholeMet { shortfalls.append("the answer heard at the sink is not the answer said") }
if shortfalls.isEmpty {
    print("Every speech goal is met.")
} else {
    print("Short of the goals: " + shortfalls.joined(separator: "; ") + ".")
    exit(1)
}
