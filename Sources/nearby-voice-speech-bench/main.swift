import Announcer
import Foundation
import NearbyCore

// `make bench`, speech: the time from a command's Enter to its first sample written to the
// audio device, against espeak-ng's own time to its first samples for the same text, in the
// same run. Run it with a sound server (make bench starts a private PulseAudio null sink).

let runs = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 15
let command = "find cafe"

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
}

// The answer's words, as the session makes them.
var probeState = NearbyState()
let answer = probeState.reduce(CommandParser.parse(command)!).announcements[0].text

// Baseline: espeak-ng alone, from espeak_ng_Synthesize to its first samples.
var espeakFirst: [Double] = []
for _ in 0..<runs {
    espeakFirst.append(Double(try SpeechProbe.espeakLatency(answer).first) / 1e6)
}

// The program's path: the line is parsed and reduced, the answer queued, synthesised and its
// first 20 ms chunk written to the device.
let speech: SpeechOutput
do {
    speech = try SpeechOutput(mode: .live, voice: { var settings = Settings(); settings.earcons = false; return VoiceSettings(settings) }(), wavPath: nil)
} catch {
    print("speech bench: no audio device works (\(error)); run it through scripts/pulse-null-sink.")
    exit(69)
}
var enterToSample: [Double] = []
for seq in 1...runs {
    var state = NearbyState()
    let enter = DispatchTime.now().uptimeNanoseconds
    let announcement = state.reduce(CommandParser.parse(command)!).announcements[0]
    speech.enqueue(Utterance(seq: seq, text: announcement.text, priority: announcement.priority))
    speech.waitUntilIdle()
    if let first = speech.outcomes.firstSampleTime(seq) { enterToSample.append(Double(first - enter) / 1e6) }
}
speech.finish()

let ours = median(enterToSample), theirs = median(espeakFirst)
func row(_ label: String, _ value: String) {
    print("| " + label.padding(toLength: 56, withPad: " ", startingAt: 0) + " | " + value.padding(toLength: 9, withPad: " ", startingAt: 0) + " |")
}
print("")
print("Speech latency, \"\(command)\", medians of \(runs) runs each, measured side by side:")
row("figure", "value")
print("|" + String(repeating: "-", count: 58) + "|" + String(repeating: "-", count: 11) + "|")
row("Enter to first sample handed to the device (pcaudiolib)", String(format: "%.2f ms", ours))
row("espeak-ng alone: espeak_ng_Synthesize to first samples", String(format: "%.2f ms", theirs))
row("ratio, ours / espeak-ng's own (the cost of the program)", String(format: "%.1fx", theirs > 0 ? ours / theirs : 0))
