import Foundation
import Testing

/// SIGTERM or SIGHUP while piped input is spoken live (a private PulseAudio null sink): the
/// process is killed by the signal, but first the transcript gets a line for every announcement
/// decided before it, those not heard whole marked (`interrupted` or `dropped`), as valid
/// JSON Lines.
@Suite("A signal while speaking keeps the transcript", .serialized)
struct SignalTranscriptTests {
    static let input = "find cafe\nnext\nhelp\nread\n"

    func entries(_ text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any], "\($0)")
        }
    }

    @Test(arguments: [("speech", SIGTERM), ("none", SIGTERM), ("speech", SIGHUP)])
    func signalWhileSpeaking(pace: String, signal: Int32) throws {
        let server = try PulseServer()
        let wav = temporaryPath("said.wav")
        let transcript = temporaryPath("t.jsonl")
        let inputPath = temporaryPath("input.txt")
        try Self.input.write(toFile: inputPath, atomically: true, encoding: .utf8)
        let pid = try Spawn.start(
            BinaryRunner.executable.path,
            ["--speech", "on", "--pace", pace, "--wav", wav, "--format", "jsonl", "--transcript", transcript],
            environment: server.environment, input: inputPath, error: .path(temporaryPath("stderr.txt")))
        // A second and a half said: speech is in progress.
        #expect(waitUntil { fileSize(wav) > 44 + 22_050 * 3 })
        kill(pid, signal)
        let signalled = Date()
        #expect(FaultTests.End(Spawn.wait(pid, seconds: 10)) == .killed(signal))
        let took = Date().timeIntervalSince(signalled)
        let text = try String(contentsOfFile: transcript, encoding: .utf8)
        #expect(text.hasSuffix("\n"))
        let kept = try entries(text)
        // Every announcement decided before the signal: all those answering the lines read.
        let full = try entries(
            try BinaryRunner.run(["--speech", "off", "--format", "jsonl", "--transcript", "-"], input: Self.input)
                .stdout)
        let lastLine = kept.compactMap { $0["line"] as? Int }.max() ?? 0
        let decided = full.filter { ($0["line"] as? Int ?? 0) <= lastLine }
        print(
            "pace \(pace), signal \(signal): \(kept.count) transcript lines of \(full.count), ended \(Int(took * 1000)) ms after the signal"
        )
        #expect(lastLine >= 1)
        #expect(kept.map { $0["text"] as? String } == decided.map { $0["text"] as? String })
        #expect(kept.map { $0["seq"] as? Int } == Array(1...max(1, kept.count)).map { $0 })
        // The one speaking when the signal came was cut off where it was; none after it was heard.
        let cut = try #require(kept.lastIndex { $0["interrupted"] as? Bool == true }, "\(kept)")
        #expect((kept[cut]["heard_ms"] as? Int ?? 0) > 500, "\(kept[cut])")
        #expect(kept[(cut + 1)...].allSatisfy { $0["dropped"] as? Bool == true }, "\(kept)")
        #expect(took < 2)
    }
}
