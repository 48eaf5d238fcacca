import Foundation
import Glibc

// `make bench`, speech: latency at the ear. Run through scripts/pulse-null-sink (a private
// PulseAudio daemon whose default sink, "nearby", is a null sink). The sink's monitor is read in
// real time (parec, 5 ms of latency, raw) and every 5 ms chunk is timestamped as it arrives;
// a chunk is loud when a sample in it is above 600. Every stop is sent mid-word (once the last
// 30 ms were all loud) and silence is 300 ms of quiet, longer than a pause between words; each
// stop has a control that sends nothing that stops, which must fail. Side by side, in one run:
//
//   nearby-voice   one long-lived `nearby-voice --speech on --pace none --earcons off`: a line
//                  `help all` (Enter -> first loud chunk), then `stop` mid-word (stop -> the
//                  first chunk of 300 ms of quiet). `help all` begins "Commands:", as espeak-ng's
//                  line below does: the same first sound on both sides. `help`, now "Moving: …",
//                  is reported beside it: its "M" rises for 3.2 ms before a sample passes 600,
//                  which is the words, not the path.
//                  At a terminal (a pseudo-terminal, readline): `help`, then the key "x" mid-word
//                  (key press -> silent; the control: --keys-stop-speech off). Piped: `help` at
//                  volume 100, then mid-word `set volume 15`: the old answer's last sound after
//                  that Enter (NewerAnswer says how; the control types nothing).
//   espeak-ng      one long-lived `espeak-ng` reading lines from standard input (its own line
//                  mode): Enter -> first loud chunk
//   speech-dispatcher  a private server on the same PulseAudio, one long-lived SSIP client on its
//                  socket: SPEAK -> first loud chunk, CANCEL SELF mid-word -> 300 ms of quiet
//                  ("not measured", with the reason, when the server cannot start); then
//                  nearby-voice through it (`--speech-backend dispatcher`): `help all` -> first
//                  loud chunk, `stop` mid-word -> 300 ms of quiet
//   floor          a long-lived `pacat --latency-msec=2` client fed a tone: the floor of this
//                  audio path, a trial after each of nearby-voice's and espeak-ng's, so that the
//                  goal compares medians of the same run under the same load
//
//   nearby-voice-speech-bench --app PATH [--trials N] [--only SECTION,…]
//
// Exit 0 when every goal is met and every control fails; 1 when a goal falls short, a control
// meets it, or a figure has fewer samples than asked.

let arguments = Array(CommandLine.arguments.dropFirst())
func option(_ name: String) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}
let trials = Int(option("--trials") ?? "") ?? 11
/// `--only whole,ours,spatial,callout,espeak,keys,newer,dispatcher`: some sections alone, while working on them
/// (the others measure nothing, so such a run falls short).
let only = option("--only").map { Set($0.split(separator: ",").map(String.init)) }
func wanted(_ section: String) -> Bool { only?.contains(section) ?? true }
// The program's release build, run from the package's folder as make bench does: the benchmarks
// are a package of their own (Benchmarks/), built apart from it.
let app = option("--app") ?? FileManager.default.currentDirectoryPath + "/.build/release/nearby-voice"
guard ProcessInfo.processInfo.environment["PULSE_SERVER"] != nil, let parec = which("parec"), parec == "/usr/bin/parec"
else {
    fail("run it through scripts/pulse-null-sink (PULSE_SERVER and /usr/bin/parec are needed).")
}
guard FileManager.default.isExecutableFile(atPath: app) else { fail("no program at \(app) (--app PATH).") }

let monitor = try Monitor()
Thread.sleep(forTimeInterval: 0.5)
let floor = Floor()
/// Trials of each control: enough to see it fail every time.
let controls = max(3, trials / 3)

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
for trial in 0..<(wanted("whole") ? 3 : 0) {
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

// nearby-voice: `help all` speaks long enough to be stopped mid-word, and begins with the words
// espeak-ng's line below begins with; `help` ("Moving: …") is measured beside it. A floor trial
// follows each. The control: the same moment, nothing sent.
var oursAudible: [Double] = []
var oursSilent: [Double] = []
var shortHelpAudible: [Double] = []
var stopControl: [Double] = []
let ours = try Child(app, ["--speech", "on", "--pace", "none", "--earcons", "off"])
Thread.sleep(forTimeInterval: 1)
for _ in 0..<(wanted("ours") ? trials : 0) {
    let result = trial(ours, "help all", stop: "stop")
    if let audible = result.audible { oursAudible.append(audible) }
    if let silent = result.silent { oursSilent.append(silent) }
    floor.trial()
    if let audible = trial(ours, "help", stop: "stop").audible { shortHelpAudible.append(audible) }
}
for _ in 0..<(wanted("ours") ? controls : 0) {
    if let silent = trial(ours, "help all", stop: "", control: true).silent { stopControl.append(silent) }
    ours.send("stop")
}
ours.send("quit")
ours.end()

// Spatial audio beside the plain rows, a floor trial after each (Spatial.swift).
let spatial = wanted("spatial") ? measureSpatial() : SpatialFigures()

// A position report -> its callout heard, nothing else speaking (Callout.swift).
let callout = wanted("callout") ? measureCallout() : CalloutFigures()

// espeak-ng reading lines from standard input: it has no stop, so Enter -> audible only.
var espeakAudible: [Double] = []
let espeakPath = which("espeak-ng")
if let espeakPath, wanted("espeak") {
    let espeak = try Child(espeakPath, [])
    Thread.sleep(forTimeInterval: 1)
    for _ in 0..<trials {
        if let audible = trial(
            espeak, "Commands: find, clear, filter, next, previous, select, close, up, down.", stop: nil
        ).audible {
            espeakAudible.append(audible)
        }
        floor.trial()
    }
    espeak.end()
}

// A key press at a terminal: nearby-voice on a pseudo-terminal (readline), `help` and Enter,
// then mid-word the key "x", until 300 ms of quiet; Ctrl-U then empties the line. The control is
// the same with --keys-stop-speech off: the key is typed, the speech goes on; `stop` ends it.
@MainActor func keyPresses(stopping: Bool, count: Int) throws -> [Double] {
    var silent: [Double] = []
    let terminal = try TerminalChild(
        app,
        [
            "--speech", "on", "--pace", "none", "--earcons", "off", "--typing-pause", "0", "--keys-stop-speech",
            stopping ? "on" : "off",
        ])
    Thread.sleep(forTimeInterval: 1)
    for _ in 0..<count {
        let result = trial({ terminal.type("help\r") }, stop: { terminal.type("x") }, control: !stopping)
        if let value = result.silent { silent.append(value) }
        terminal.type("\u{15}")
        if !stopping { terminal.type("stop\r") }
    }
    terminal.end()
    return silent
}
let keySilent = wanted("keys") ? try keyPresses(stopping: true, count: trials) : []
let keyControl = wanted("keys") ? try keyPresses(stopping: false, count: controls) : []

// A newer answer: the old one's last sound after the newer line's Enter (NewerAnswer says how).
var newerSilent: [Double] = []
var newerControl: [Double] = []
let newer = try NewerAnswer(app)
newer.calibrate()
for _ in 0..<(wanted("newer") ? trials : 0) {
    if let silent = newer.trial(control: false) { newerSilent.append(silent) }
}
for _ in 0..<(wanted("newer") ? controls : 0) {
    if let silent = newer.trial(control: true) { newerControl.append(silent) }
}
newer.end()

// speech-dispatcher (Orca's path): a private server on this PulseAudio, one long-lived SSIP
// client on its socket (what libspeechd does; no spd-say per trial): SPEAK until the first loud
// chunk, then CANCEL SELF mid-word until 300 ms of quiet. A baseline: when the server cannot
// start, the row says why and the run goes on.
var spdAudible: [Double] = []
var spdSilent: [Double] = []
var viaAudible: [Double] = []
var viaSilent: [Double] = []
var spdMissing: String? = nil
let spdText = "Commands: find, clear, filter, next, previous, select, close, up, down."
if !wanted("dispatcher") {
    spdMissing = "not asked for (--only)"
} else if let spdPath = which("speech-dispatcher") {
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
                let result = trial({ client.speak(spdText) }, stop: { client.command("CANCEL SELF") })
                if let audible = result.audible { spdAudible.append(audible) }
                if let silent = result.silent { spdSilent.append(silent) }
            }
            client.close()
            // nearby-voice's speech-dispatcher backend on the same server: one long-lived
            // session, `help all`, then `stop` mid-word.
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

let floorAudible = floor.heard
monitor.close()

// MARK: The table

func milliseconds(_ values: [Double]) -> String {
    values.isEmpty ? "n/a" : String(format: "%.1f ms", median(values) * 1000)
}

let floorMedian = median(floorAudible)
var shortfalls: [String] = []
@MainActor func counted(_ name: String, _ values: [Double], expected: Int) -> String {
    if values.count < expected { shortfalls.append("\(name): \(values.count) of \(expected) trials measured") }
    return "\(values.count)/\(expected)"
}
struct Row {
    var figure: String, value: String, baseline: String, goal: String, met: String, samples: String
}
var rows: [Row] = []
/// A goal of at most `goal` seconds, met by the median of every trial asked for.
func met(_ values: [Double], _ goal: Double, expected: Int = trials) -> Bool {
    values.count == expected && median(values) <= goal
}
/// A control's row: the measure with nothing that stops the speech must miss the goal, every
/// trial, or the measure cannot fail; the control's "met" says so.
@MainActor func controlRow(_ figure: String, _ values: [Double], what: String, goal: Double) -> Row {
    let failsEvery = values.count == controls && values.allSatisfy { $0 > goal }
    if !failsEvery { shortfalls.append("the control of \(figure) did not fail every trial: the measure cannot fail") }
    let shown =
        values.isEmpty
        ? "n/a" : (values.contains(controlLimit) ? ">= " : "") + String(format: "%.0f ms", median(values) * 1000)
    return Row(
        figure: "control: \(figure)", value: shown, baseline: what,
        goal: String(format: "<= %.0f ms", goal * 1000), met: failsEvery ? "no, as a control must" : "MET: broken",
        samples: counted("control of \(figure)", values, expected: controls))
}
let audible = median(oursAudible)
// The spans are counted in 5 ms chunks: each trial's must be within two of its file's.
let wholeMet = wholeDifferences.count == 3 && wholeDifferences.allSatisfy { abs($0) <= 0.010 }
// The floor's trials are taken between the program's and espeak-ng's: two a trial.
let floorTrials = (espeakPath == nil ? trials : 2 * trials) + (wanted("spatial") ? 2 * trials : 0)
let audibleMet = oursAudible.count == trials && floorAudible.count == floorTrials && audible <= 2.5 * floorMedian
rows.append(
    Row(
        figure: "Enter -> audible, nearby-voice (help all: \"Commands…\")", value: milliseconds(oursAudible),
        baseline: "floor: pacat 2 ms fed a tone, between the trials \(milliseconds(floorAudible))",
        goal: String(format: "<= 2.5x floor (%.1f ms)", 2.5 * floorMedian * 1000), met: audibleMet ? "yes" : "NO",
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
        figure: "floor: a pacat client's write -> heard", value: milliseconds(floorAudible),
        baseline: "(2 ms of latency; a trial after each above)", goal: "report", met: "-",
        samples: counted("floor", floorAudible, expected: floorTrials)))
rows.append(
    Row(
        figure: "stop -> silent, nearby-voice (mid-word)", value: milliseconds(oursSilent),
        baseline: "- (300 ms of quiet)", goal: "<= 10 ms", met: met(oursSilent, 0.010) ? "yes" : "NO",
        samples: counted("stop -> silent", oursSilent, expected: trials)))
rows.append(controlRow("stop -> silent", stopControl, what: "nothing sent at that moment", goal: 0.010))
rows += spatialRows(spatial)
let calloutMet = met(callout.heard, 0.050)
rows.append(
    Row(
        figure: "position report -> callout audible (gpsd TPV; \"Farmácia Central, close by north.\")",
        value: milliseconds(callout.heard), baseline: "- (nothing else speaking; a fix 10 m from the place)",
        goal: "<= 50 ms", met: calloutMet ? "yes" : "NO",
        samples: counted("report -> callout audible", callout.heard, expected: wanted("callout") ? trials : 0)))
let calloutControlHeard = callout.control.compactMap { $0 }
let calloutControlFails = callout.control.count == controls && calloutControlHeard.isEmpty
rows.append(
    Row(
        figure: "control: position report -> callout audible",
        value: calloutControlHeard.isEmpty ? "nothing in 1 s" : milliseconds(calloutControlHeard),
        baseline: "a 20 m step with no place within reach", goal: "<= 50 ms",
        met: calloutControlFails ? "no, as a control must" : "MET: broken",
        samples: "\(callout.control.count) of \(controls)"))
rows.append(
    Row(
        figure: "key press -> silent, nearby-voice at a terminal", value: milliseconds(keySilent),
        baseline: "- (pty, readline; \"x\" mid-word in help)", goal: "<= 10 ms",
        met: met(keySilent, 0.010) ? "yes" : "NO",
        samples: counted("key press -> silent", keySilent, expected: trials)))
rows.append(controlRow("key press -> silent", keyControl, what: "--keys-stop-speech off", goal: 0.010))
rows.append(
    Row(
        figure: "newer answer -> old one silent, nearby-voice", value: milliseconds(newerSilent),
        baseline: "- (help at 100, mid-word set volume 15; worst "
            + (newerSilent.max().map { String(format: "%.1f ms", $0 * 1000) } ?? "n/a")
            + "; peaks \(newer.levels))", goal: "<= 10 ms",
        met: met(newerSilent, 0.010) ? "yes" : "NO",
        samples: counted("newer answer -> old one silent", newerSilent, expected: trials)))
rows.append(controlRow("newer answer -> old one silent", newerControl, what: "no newer line typed", goal: 0.010))
rows.append(
    Row(
        figure: "Enter -> audible, speech-dispatcher (Orca's path)",
        value: spdMissing == nil ? milliseconds(spdAudible) : "not measured",
        baseline: spdMissing ?? "(a baseline: private server, one SSIP client)", goal: "report", met: "-",
        samples: counted("speech-dispatcher", spdAudible, expected: spdMissing == nil ? trials : 0)))
rows.append(
    Row(
        figure: "cancel -> silent, speech-dispatcher (mid-word)",
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
    "Speech latency at the ear: a private PulseAudio null sink's monitor read in real time (5 ms chunks timestamped on arrival), medians of \(trials) (controls: \(controls)):"
)
print(line(headers))
print("|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|")
for row in rows { print(line(row)) }
if !audibleMet { shortfalls.append("Enter -> audible is not within 2.5x the floor of the same run") }
if !met(oursSilent, 0.010) { shortfalls.append("stop -> silent is over 10 ms") }
if wanted("spatial") && !(spatial.hrtfAudible.count == trials && median(spatial.hrtfAudible) <= 2.5 * floorMedian) {
    shortfalls.append("Enter -> audible with spatial hrtf is not within 2.5x the floor of the same run")
}
if wanted("spatial") && !met(spatial.hrtfSilent, 0.010) {
    shortfalls.append("stop -> silent with spatial hrtf is over 10 ms")
}
if wanted("callout") && !calloutMet {
    shortfalls.append("a position report -> its callout audible is over 50 ms")
}
if wanted("callout") && !calloutControlFails {
    shortfalls.append("the callout's control was heard: something else speaks at a report")
}
if !met(keySilent, 0.010) { shortfalls.append("key press -> silent is over 10 ms") }
if !met(newerSilent, 0.010) { shortfalls.append("a newer answer -> the old one silent is over 10 ms") }
if !wholeMet { shortfalls.append("the answer heard at the sink is not the answer said") }
if shortfalls.isEmpty {
    print("Every speech goal is met, and every control fails as it must.")
} else {
    print("Short of the goals: " + shortfalls.joined(separator: "; ") + ".")
    exit(1)
}
