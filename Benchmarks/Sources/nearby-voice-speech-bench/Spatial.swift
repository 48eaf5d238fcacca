import Foundation
import Glibc

// Spatial audio (issue 25), beside the plain rows of the same run: nearby-voice with
// `--spatial stereo` and `--spatial hrtf` (a stereo stream, each 5 ms chunk rendered in-process
// as espeak-ng hands it over): `help all` Enter -> audible and `stop` mid-word -> silent, a
// floor trial after each; OpenAL Soft, the renderer first proposed, as a long-lived client of
// the same PulseAudio with HRTF forced (nearby-voice-openal-probe), write -> heard for its
// default buffers (1024 x 3 frames at 44.1 kHz) and small ones (256 x 2); and the CPU of one
// second of speech rendered into a WAV, with hrtf and without. The sink is the bench's mono
// null sink: PulseAudio mixes a stereo stream down, which changes no timing measured here.

struct SpatialFigures {
    var stereoAudible: [Double] = []
    var stereoSilent: [Double] = []
    var hrtfAudible: [Double] = []
    var hrtfSilent: [Double] = []
    /// OpenAL Soft's write -> heard, by "period x periods".
    var openAL: [(config: String, heard: [Double], status: String)] = []
    /// CPU seconds per second of speech rendered into a WAV: spatial off, and hrtf.
    var cpuPlain: Double?
    var cpuHRTF: Double?
}

@MainActor func measureSpatial() -> SpatialFigures {
    var figures = SpatialFigures()
    for mode in ["stereo", "hrtf"] {
        guard let child = try? Child(app, ["--speech", "on", "--pace", "none", "--earcons", "off", "--spatial", mode])
        else { continue }
        Thread.sleep(forTimeInterval: 1)
        for _ in 0..<trials {
            let result = trial(child, "help all", stop: "stop")
            if mode == "stereo" {
                if let audible = result.audible { figures.stereoAudible.append(audible) }
                if let silent = result.silent { figures.stereoSilent.append(silent) }
            } else {
                if let audible = result.audible { figures.hrtfAudible.append(audible) }
                if let silent = result.silent { figures.hrtfSilent.append(silent) }
            }
            floor.trial()
        }
        child.send("quit")
        child.end()
    }
    let probe = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("nearby-voice-openal-probe").path
    for (period, periods) in [(1024, 3), (256, 2)] {
        let config = "\(period) x \(periods)"
        let reportPath = NSTemporaryDirectory() + "openal-probe-\(getpid()).txt"
        guard FileManager.default.isExecutableFile(atPath: probe),
            let child = try? Child(probe, ["--period", "\(period)", "--periods", "\(periods)", "--report", reportPath])
        else {
            figures.openAL.append((config, [], "the probe is not built"))
            continue
        }
        Thread.sleep(forTimeInterval: 1)
        let status = (try? String(contentsOfFile: reportPath, encoding: .utf8)) ?? "no report"
        var heard: [Double] = []
        for _ in 0..<(status.hasPrefix("hrtf") ? trials : 0) {
            monitor.waitForQuiet()
            let start = now()
            child.send("play")
            if let loud = monitor.firstLoud(after: start) { heard.append(loud - start) }
            monitor.waitForQuiet()
        }
        child.end()
        try? FileManager.default.removeItem(atPath: reportPath)
        // ALC_HRTF_STATUS_SOFT: 1 enabled, 3 required (forced on); anything else is off.
        figures.openAL.append(
            (config, heard, status.hasPrefix("hrtf 1") || status.hasPrefix("hrtf 3") ? "HRTF on" : status))
    }
    figures.cpuPlain = cpuPerSecond(spatial: "off")
    figures.cpuHRTF = cpuPerSecond(spatial: "hrtf")
    return figures
}

/// CPU seconds (user and system, the child's) per second of speech: `help all` three times and
/// `around`, rendered into a WAV with no device, `--spatial` as given. Synthesis is in both.
func cpuPerSecond(spatial: String) -> Double? {
    let wav = NSTemporaryDirectory() + "speech-bench-cpu-\(getpid()).wav"
    defer { try? FileManager.default.removeItem(atPath: wav) }
    var before = rusage()
    getrusage(__rusage_who_t(RUSAGE_CHILDREN.rawValue), &before)
    guard
        let child = try? Child(
            app,
            ["--speech", "off", "--earcons", "off", "--spatial", spatial, "--heading", "30", "--wav", wav],
            environment: ["PULSE_SERVER": "unix:/nonexistent"])
    else { return nil }
    for _ in 0..<3 { child.send("help all") }
    child.send("around")
    child.end()
    var after = rusage()
    getrusage(__rusage_who_t(RUSAGE_CHILDREN.rawValue), &after)
    func seconds(_ value: timeval) -> Double { Double(value.tv_sec) + Double(value.tv_usec) / 1e6 }
    let cpu = seconds(after.ru_utime) + seconds(after.ru_stime) - seconds(before.ru_utime) - seconds(before.ru_stime)
    guard let data = try? Data(contentsOf: URL(fileURLWithPath: wav)), data.count > 44 else { return nil }
    let channels = Int(data[22])
    let audio = Double(data.count - 44) / Double(2 * channels * rate)
    return audio > 0 ? cpu / audio : nil
}

/// The spatial rows of the table, beside the plain ones.
@MainActor func spatialRows(_ figures: SpatialFigures) -> [Row] {
    guard wanted("spatial") else { return [] }
    let goal = 2.5 * median(floor.heard)
    var rows = [
        Row(
            figure: "Enter -> audible, nearby-voice --spatial stereo (help all)",
            value: milliseconds(figures.stereoAudible), baseline: "spatial off \(milliseconds(oursAudible))",
            goal: "report", met: "-", samples: counted("spatial stereo", figures.stereoAudible, expected: trials)),
        Row(
            figure: "Enter -> audible, nearby-voice --spatial hrtf (help all)",
            value: milliseconds(figures.hrtfAudible), baseline: "spatial off \(milliseconds(oursAudible))",
            goal: String(format: "<= 2.5x floor (%.1f ms)", goal * 1000),
            met: figures.hrtfAudible.count == trials && median(figures.hrtfAudible) <= goal ? "yes" : "NO",
            samples: counted("spatial hrtf", figures.hrtfAudible, expected: trials)),
        Row(
            figure: "stop -> silent, nearby-voice --spatial stereo (mid-word)",
            value: milliseconds(figures.stereoSilent), baseline: "spatial off \(milliseconds(oursSilent))",
            goal: "report", met: "-", samples: counted("stop, spatial stereo", figures.stereoSilent, expected: trials)),
        Row(
            figure: "stop -> silent, nearby-voice --spatial hrtf (mid-word)",
            value: milliseconds(figures.hrtfSilent), baseline: "spatial off \(milliseconds(oursSilent))",
            goal: "<= 10 ms", met: met(figures.hrtfSilent, 0.010) ? "yes" : "NO",
            samples: counted("stop, spatial hrtf", figures.hrtfSilent, expected: trials)),
    ]
    for probe in figures.openAL {
        rows.append(
            Row(
                figure: "OpenAL Soft, HRTF, pulse, \(probe.config) frames: write -> heard",
                value: probe.heard.isEmpty ? "not measured" : milliseconds(probe.heard),
                baseline: "\(probe.status); in-process hrtf \(milliseconds(figures.hrtfAudible))",
                goal: "report", met: "-",
                samples: counted(
                    "OpenAL \(probe.config)", probe.heard, expected: probe.status == "HRTF on" ? trials : 0)))
    }
    let cpu = { (value: Double?) in value.map { String(format: "%.1f ms", $0 * 1000) } ?? "n/a" }
    rows.append(
        Row(
            figure: "CPU for 1 s of speech, --spatial hrtf (synthesis included)", value: cpu(figures.cpuHRTF),
            baseline: "spatial off \(cpu(figures.cpuPlain))", goal: "report", met: "-", samples: "1/1"))
    return rows
}
