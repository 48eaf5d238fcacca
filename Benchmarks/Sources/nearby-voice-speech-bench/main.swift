import Foundation
import Glibc
import Synchronization

// `make bench`, speech: latency at the ear. Run through scripts/pulse-null-sink (a private
// PulseAudio daemon whose default sink, "nearby", is a null sink). The sink's monitor is read in
// real time (parec, 5 ms of latency, raw) and every 5 ms chunk is timestamped as it arrives;
// a chunk is loud when a sample in it is above 600. Side by side, in one run:
//
//   nearby-voice   one long-lived `nearby-voice --speech on --pace none --earcons off`: a line
//                  `help all` (Enter -> first loud chunk), then `stop` half a second into the
//                  speech (stop -> the first chunk of 40 ms of quiet). `help all` begins
//                  "Commands:", as espeak-ng's line below does (and `help` did when the goal was
//                  set): the same first sound on both sides. `help`, now "Moving: …", is reported
//                  beside it: its "M" rises for 3.2 ms before a sample passes 600, which is the
//                  words, not the path.
//                  At a terminal (a pseudo-terminal, readline): `help`, then the key "x" half a
//                  second in (key press -> silent). Piped, at volume 25: `help`, then
//                  `set volume 200` half a second in (newer answer -> the old one silent: that
//                  line's Enter -> the first chunk of its louder answer).
//   espeak-ng      one long-lived `espeak-ng` reading lines from standard input (its own line
//                  mode): Enter -> first loud chunk
//   speech-dispatcher  a private server on the same PulseAudio, one long-lived SSIP client on its
//                  socket: SPEAK -> first loud chunk, CANCEL SELF -> 40 ms of quiet ("not
//                  measured", with the reason, when the server cannot start); then nearby-voice
//                  through it (`--speech-backend dispatcher`): `help all` -> first loud chunk, `stop`
//                  half a second in -> 40 ms of quiet
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
// The program's release build, run from the package's folder as make bench does: the benchmarks
// are a package of their own (Benchmarks/), built apart from it.
let app = option("--app") ?? FileManager.default.currentDirectoryPath + "/.build/release/nearby-voice"
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
    /// Each 5 ms chunk in the order heard: when it arrived, whether it was loud, and its peak.
    private let events = Mutex<[(time: Double, loud: Bool, peak: Int)]>([])
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
                    let peak = pending.prefix(chunkSamples).map { abs(Int($0)) }.max() ?? 0
                    pending.removeFirst(chunkSamples)
                    events.withLock { $0.append((arrived, peak > Int(loud), peak)) }
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

    /// The arrival of the first chunk after `start` whose peak is above `level`.
    func firstAbove(_ level: Int, after start: Double, timeout: Double = 5) -> Double? {
        let end = now() + timeout
        while now() < end {
            if let found = events.withLock({ $0.first { $0.time >= start && $0.peak > level } }) { return found.time }
            usleep(1000)
        }
        return nil
    }

    /// The highest peak of the chunks that arrived from `start` to `end`.
    func peak(from start: Double, to end: Double) -> Int {
        events.withLock { $0.filter { $0.time >= start && $0.time <= end }.map(\.peak).max() ?? 0 }
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

    init(_ path: String, _ arguments: [String], environment: [String: String] = [:]) throws {
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
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

/// A long-lived child at a terminal: its standard input, output and error are a pseudo-terminal,
/// so it reads keys through readline as it would from a person at a keyboard (TERM=dumb: no
/// escapes). What it shows is read and dropped, so that it never blocks on a full terminal.
final class TerminalChild {
    let process = Process()
    let master: Int32

    init(_ path: String, _ arguments: [String]) throws {
        // posix_openpt and friends are not imported without _XOPEN_SOURCE: /dev/ptmx and the two
        // ioctls they wrap on Linux, TIOCSPTLCK (unlock) and TIOCGPTN (the terminal's number).
        master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard master >= 0, ioctl(master, 0x4004_5431, &unlock) == 0, ioctl(master, 0x8004_5430, &number) == 0 else {
            fail("no pseudo-terminal (/dev/ptmx).")
        }
        var window = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &window)
        let terminal = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
        guard terminal >= 0 else { fail("cannot open the pseudo-terminal /dev/pts/\(number).") }
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "dumb"
        process.environment = environment
        let handle = FileHandle(fileDescriptor: terminal, closeOnDealloc: true)
        process.standardInput = handle
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        try? handle.close()
        let master = master
        Thread {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while buffer.withUnsafeMutableBytes({ read(master, $0.baseAddress, $0.count) }) > 0 {}
        }.start()
    }

    /// Keys, as typed: "\r" is Enter.
    func type(_ keys: String) {
        Array(keys.utf8).withUnsafeBytes { _ = write(master, $0.baseAddress, $0.count) }
    }

    func end() {
        type("quit\r")
        process.waitUntilExit()
    }
}

/// A private speech-dispatcher server on the bench's PulseAudio (PLATFORM.md): its own copy of
/// the configuration with `AudioOutputMethod "pulse"`, a Unix socket of its own.
final class SpeechDispatcher {
    let process = Process()
    let folder: String
    var socket: String { folder + "/spd.sock" }

    init(_ path: String) throws {
        folder = NSTemporaryDirectory() + "speech-bench-spd-\(getpid())"
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: "/etc/speech-dispatcher", toPath: folder + "/conf")
        let configuration = folder + "/conf/speechd.conf"
        let text = (try? String(contentsOfFile: configuration, encoding: .utf8)) ?? ""
        try (text + "\nAudioOutputMethod \"pulse\"\n").write(toFile: configuration, atomically: true, encoding: .utf8)
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = [
            "-s", "-t", "0", "-c", "unix_socket", "-S", folder + "/spd.sock", "-C", folder + "/conf", "-L", folder,
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: folder)
    }
}

/// One long-lived client of speech-dispatcher speaking SSIP over its socket, as libspeechd and
/// Orca's Python binding do: `SPEAK`, the text, `.`; `CANCEL SELF` to silence it.
final class SSIPClient {
    let descriptor: Int32
    private var received: [UInt8] = []

    init?(socket path: String) {
        descriptor = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard descriptor >= 0, bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return nil }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else {
            Glibc.close(descriptor)
            return nil
        }
        guard command("SET SELF CLIENT_NAME root:nearby-voice-speech-bench:main").hasPrefix("208") else { return nil }
    }

    /// Sends one line and returns the reply's last line ("225 OK MESSAGE QUEUED").
    @discardableResult func command(_ line: String) -> String {
        Array((line + "\r\n").utf8).withUnsafeBytes { _ = write(descriptor, $0.baseAddress, $0.count) }
        var buffer = [UInt8](repeating: 0, count: 1024)
        while true {
            while let end = received.firstIndex(of: UInt8(ascii: "\n")) {
                let reply = String(decoding: received[..<end], as: UTF8.self).trimmingCharacters(
                    in: .whitespacesAndNewlines)
                received.removeSubrange(...end)
                let characters = Array(reply)
                if characters.count >= 4 && characters[3] == " " { return reply }
            }
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count <= 0 { return "" }
            received += buffer.prefix(count)
        }
    }

    func speak(_ text: String) {
        command("SPEAK")
        command(text + "\r\n.")
    }

    func close() {
        command("QUIT")
        Glibc.close(descriptor)
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

// nearby-voice: `help all` speaks long enough to be stopped half a second in, and begins with the
// words espeak-ng's line below begins with; `help` ("Moving: …") is measured beside it.
var oursAudible: [Double] = []
var oursSilent: [Double] = []
var shortHelpAudible: [Double] = []
let ours = try Child(app, ["--speech", "on", "--pace", "none", "--earcons", "off"])
Thread.sleep(forTimeInterval: 1)
for _ in 0..<trials {
    let result = trial(ours, "help all", stop: "stop")
    if let audible = result.audible { oursAudible.append(audible) }
    if let silent = result.silent { oursSilent.append(silent) }
    if let audible = trial(ours, "help", stop: "stop").audible { shortHelpAudible.append(audible) }
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

// A key press at a terminal: nearby-voice on a pseudo-terminal (readline, --keys-stop-speech
// on, the default), `help` and Enter, then half a second into the speech the key "x" until the
// first of 40 ms of quiet chunks; Ctrl-U then empties the line for the next trial.
var keySilent: [Double] = []
let atTerminal = try TerminalChild(
    app, ["--speech", "on", "--pace", "none", "--earcons", "off", "--typing-pause", "0", "--keys-stop-speech", "on"])
Thread.sleep(forTimeInterval: 1)
for _ in 0..<trials {
    monitor.waitForQuiet()
    let enter = now()
    atTerminal.type("help\r")
    guard monitor.firstLoud(after: enter) != nil else { continue }
    Thread.sleep(forTimeInterval: 0.5)
    let pressed = now()
    atTerminal.type("x")
    if let quiet = monitor.quiet(after: pressed) { keySilent.append(quiet - pressed) }
    atTerminal.type("\u{15}")
}
atTerminal.end()

// A newer assertive answer: in a piped session whose voice is at volume 7, `help`; half a
// second into it, `set volume 200`, whose answer is spoken at 200. From that line's Enter to
// the first chunk louder than 1.5 times anything the old answer reached before it: the new
// answer's first sound, by which time the old one is no longer heard (the two share one stream,
// so the old cannot be under the new; had a gap of silence come between, the old stopped even
// sooner and this figure is an upper bound). A trial counts only if the old answer never
// resumes: 300 ms of quiet must follow the new answer. (At volume 25 the old answer's peaks
// reached the soft first consonant of the new one, "v", and the figure read 68 ms: the new
// answer must start louder than the old ever is.)
let oldVolume = 7
var newerSilent: [Double] = []
var newerLevels: [String] = []
let piped = try Child(app, ["--speech", "on", "--pace", "none", "--earcons", "off", "--volume", "\(oldVolume)"])
Thread.sleep(forTimeInterval: 1)
for _ in 0..<trials {
    monitor.waitForQuiet()
    piped.send("set volume \(oldVolume)")
    monitor.waitForQuiet()
    let start = now()
    piped.send("help")
    guard monitor.firstLoud(after: start) != nil else { continue }
    Thread.sleep(forTimeInterval: 0.5)
    let enter = now()
    let oldPeak = monitor.peak(from: start, to: enter)
    piped.send("set volume 200")
    guard let heard = monitor.firstAbove(oldPeak * 3 / 2, after: enter) else { continue }
    guard monitor.quiet(after: heard, span: 0.3, timeout: 5) != nil else { continue }
    newerSilent.append(heard - enter)
    newerLevels.append("\(oldPeak)/\(monitor.peak(from: heard, to: now()))")
}
piped.send("quit")
piped.end()

// speech-dispatcher (Orca's path): a private server on this PulseAudio, one long-lived SSIP
// client on its socket (what libspeechd does; no spd-say per trial): SPEAK until the first loud
// chunk, then CANCEL SELF half a second in until 40 ms of quiet. A baseline: when the server
// cannot start, the row says why and the run goes on.
var spdAudible: [Double] = []
var spdSilent: [Double] = []
var viaAudible: [Double] = []
var viaSilent: [Double] = []
var spdMissing: String? = nil
let spdText = "Commands: find, clear, filter, next, previous, select, close, up, down."
if let spdPath = which("speech-dispatcher") {
    do {
        let server = try SpeechDispatcher(spdPath)
        var client: SSIPClient? = nil
        let deadline = now() + 10
        while client == nil && now() < deadline && server.process.isRunning {
            if FileManager.default.fileExists(atPath: server.socket) { client = SSIPClient(socket: server.socket) }
            if client == nil { usleep(50_000) }
        }
        if let client {
            // The first message starts the espeak-ng module: a warm-up, not a trial.
            client.speak("Ready.")
            monitor.waitForQuiet(span: 0.5)
            for _ in 0..<trials {
                monitor.waitForQuiet()
                let enter = now()
                client.speak(spdText)
                guard let heard = monitor.firstLoud(after: enter) else { continue }
                spdAudible.append(heard - enter)
                Thread.sleep(forTimeInterval: 0.5)
                let cancelled = now()
                client.command("CANCEL SELF")
                if let quiet = monitor.quiet(after: cancelled) { spdSilent.append(quiet - cancelled) }
            }
            client.close()
            // nearby-voice's speech-dispatcher backend on the same server: one long-lived
            // session, `help`, then `stop` half a second into it.
            let via = try Child(
                app, ["--speech", "on", "--pace", "none", "--earcons", "off", "--speech-backend", "dispatcher"],
                environment: ["SPEECHD_ADDRESS": "unix_socket:" + server.socket])
            Thread.sleep(forTimeInterval: 1)
            // Its first message sets the client's voice up in the module: a warm-up.
            via.send("count")
            monitor.waitForQuiet(span: 0.5)
            for _ in 0..<trials {
                let result = trial(via, "help all", stop: "stop")
                if let audible = result.audible { viaAudible.append(audible) }
                if let silent = result.silent { viaSilent.append(silent) }
            }
            via.send("quit")
            via.end()
        } else {
            spdMissing = "the server did not answer on its socket within 10 s"
        }
        server.stop()
    } catch {
        spdMissing = "the server could not start (\(error))"
    }
} else {
    spdMissing = "speech-dispatcher is not installed"
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
        figure: "Enter -> audible, nearby-voice (help all: \"Commands…\")", value: milliseconds(oursAudible),
        baseline: "floor: pacat 2 ms fed a tone \(milliseconds(floorAudible))",
        goal: String(format: "<= 2.5x floor (%.1f ms)", 2.5 * floor * 1000), met: audibleMet ? "yes" : "NO",
        samples: counted("Enter -> audible", oursAudible, expected: trials)))
rows.append(
    Row(
        figure: "Enter -> audible, nearby-voice (help: \"Moving…\")", value: milliseconds(shortHelpAudible),
        baseline: "its \"M\" is under 600 for its first 3.2 ms (espeak-ng's own WAV)", goal: "report", met: "-",
        samples: counted("Enter -> audible, help", shortHelpAudible, expected: trials)))
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
let keyMet = keySilent.count == trials && median(keySilent) <= 0.010
let newerMet = newerSilent.count == trials && median(newerSilent) <= 0.010
rows.append(
    Row(
        figure: "key press -> silent, nearby-voice at a terminal", value: milliseconds(keySilent),
        baseline: "- (pty, readline; \"x\" half a second into help)", goal: "<= 10 ms", met: keyMet ? "yes" : "NO",
        samples: counted("key press -> silent", keySilent, expected: trials)))
rows.append(
    Row(
        figure: "newer answer -> old one silent, nearby-voice", value: milliseconds(newerSilent),
        baseline: "- (help at volume 7, then set volume 200: Enter -> its first sound; peaks old/new "
            + (newerLevels.first ?? "-") + ")",
        goal: "<= 10 ms", met: newerMet ? "yes" : "NO",
        samples: counted("newer answer -> silent", newerSilent, expected: trials)))
rows.append(
    Row(
        figure: "Enter -> audible, speech-dispatcher (Orca's path)",
        value: spdMissing == nil ? milliseconds(spdAudible) : "not measured",
        baseline: spdMissing ?? "(a baseline: private server, one SSIP client)", goal: "report", met: "-",
        samples: counted("speech-dispatcher", spdAudible, expected: spdMissing == nil ? trials : 0)))
rows.append(
    Row(
        figure: "cancel -> silent, speech-dispatcher",
        value: spdMissing == nil ? milliseconds(spdSilent) : "not measured",
        baseline: spdMissing ?? "(a baseline: CANCEL SELF)", goal: "report", met: "-",
        samples: counted("speech-dispatcher cancel", spdSilent, expected: spdMissing == nil ? trials : 0)))
rows.append(
    Row(
        figure: "Enter -> audible, nearby-voice through speech-dispatcher (help all)",
        value: spdMissing == nil ? milliseconds(viaAudible) : "not measured",
        baseline: spdMissing ?? "the server's own SSIP client above; espeak-ng backend \(milliseconds(oursAudible))",
        goal: "report", met: "-",
        samples: counted("nearby-voice through speech-dispatcher", viaAudible, expected: spdMissing == nil ? trials : 0)
    ))
rows.append(
    Row(
        figure: "stop -> silent, nearby-voice through speech-dispatcher",
        value: spdMissing == nil ? milliseconds(viaSilent) : "not measured",
        baseline: spdMissing ?? "CANCEL SELF above; espeak-ng backend \(milliseconds(oursSilent))", goal: "report",
        met: "-",
        samples: counted("stop through speech-dispatcher", viaSilent, expected: spdMissing == nil ? trials : 0)))
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
if !keyMet { shortfalls.append("key press -> silent is over 10 ms") }
if !newerMet { shortfalls.append("a newer answer -> the old one silent is over 10 ms") }
if !wholeMet { shortfalls.append("the answer heard at the sink is not the answer said") }
if shortfalls.isEmpty {
    print("Every speech goal is met.")
} else {
    print("Short of the goals: " + shortfalls.joined(separator: "; ") + ".")
    exit(1)
}
