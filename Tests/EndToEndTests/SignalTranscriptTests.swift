import Foundation
import Testing

/// SIGTERM or SIGHUP while piped input is spoken live (a private PulseAudio null sink): the
/// process is killed by the signal, but first the transcript gets a line for every announcement
/// decided before it, those not heard whole marked (`interrupted` or `dropped`), as valid
/// JSON Lines.
@Suite("A signal while speaking keeps the transcript", .serialized)
struct SignalTranscriptTests {
    static let input = "find cafe\nnext\nhelp\nread\n"

    @Test(arguments: [("speech", SIGTERM), ("none", SIGTERM), ("speech", SIGHUP)])
    func signalWhileSpeaking(pace: String, signal: Int32) throws {
        let server = try PulseServer()
        let wav = temporaryPath("said.wav")
        let running = try Program(
            ["--speech", "on", "--pace", pace, "--wav", wav], environment: server.environment,
            input: .text(Self.input)
        ).transcribed().start()
        // A second and a half said: speech is in progress.
        #expect(waitUntil { fileSize(wav) > 44 + 22_050 * 3 })
        running.signal(signal)
        let signalled = Date()
        let result = running.wait(timeout: 10)
        #expect(result.end == .killed(signal))
        let took = Date().timeIntervalSince(signalled)
        let text = try result.transcriptText()
        #expect(text.hasSuffix("\n"))
        let kept = try jsonLines(text)
        // Every announcement decided before the signal: all those answering the lines read.
        let full = try Program(["--speech", "off"], input: .text(Self.input)).transcribed().run().transcript()
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
