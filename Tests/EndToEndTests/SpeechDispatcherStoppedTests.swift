import Foundation
import Testing

/// A speech-dispatcher that stops answering (SIGSTOP: its socket still accepts, nothing
/// replies) must not hang the program: every call into libspeechd has a 2 s deadline.
@Suite("A speech-dispatcher that stops answering", .serialized)
struct SpeechDispatcherStoppedTests {
    static let lost = "speech-dispatcher stopped answering, so nothing more will be spoken; answers are printed.\n"

    /// Runs `body` with the server stopped, and lets it go on after (so that it can be ended).
    func whileStopped<T>(_ server: SpeechDispatcherServer, _ body: () throws -> T) throws -> T {
        let pid = try #require(server.pid)
        kill(pid, SIGSTOP)
        defer { kill(pid, SIGCONT) }
        return try body()
    }

    /// Runs the program to its end, or kills it after 10 s.
    func run(_ arguments: [String], input: String, environment: [String: String]) throws -> Program.Result {
        try Program(arguments, environment: environment, input: .text(input), timeout: 10).run()
    }

    /// Stopped before the program starts: `--speech on` ends with 69 and the reason, within
    /// the deadline; `--speech auto` says so once and goes on in text.
    @Test func stoppedBeforeStart() throws {
        let pulse = try PulseServer()
        let server = try SpeechDispatcherServer(pulse: pulse)
        let input = "find cafe\nnext\n"
        let text = try Program(["--speech", "off"], input: .text(input)).run()
        try whileStopped(server) {
            let on = try run(
                ["--speech-backend", "dispatcher", "--speech", "on"], input: input, environment: server.environment)
            print("speech-dispatcher stopped, --speech on: \(on.end) after \(Int(on.seconds * 1000)) ms")
            #expect(on.end == .exited(69))
            #expect(on.seconds < 5)
            #expect(on.stdout.isEmpty)
            #expect(
                on.stderr
                    == "nearby-voice: speech-dispatcher cannot be reached (speech-dispatcher did not answer within 2 seconds). Use --speech-backend espeak to speak with espeak-ng, or --speech off to read the answers instead.\n"
            )
            let auto = try run(
                ["--speech-backend", "dispatcher", "--speech", "auto"], input: input, environment: server.environment)
            print("speech-dispatcher stopped, --speech auto: \(auto.end) after \(Int(auto.seconds * 1000)) ms")
            #expect(auto.end == .exited(0))
            #expect(auto.seconds < 5)
            #expect(auto.stdout == text.stdout)
            #expect(
                auto.stderr
                    == "speech-dispatcher cannot be reached (speech-dispatcher did not answer within 2 seconds), so nothing will be spoken; answers are printed.\n"
            )
        }
    }

    /// Stopped while an answer is spoken (help's, once 0.7 s of it has reached the sink): each
    /// answer after it is printed within 3 s, speech gives up and says so once, and the program
    /// ends normally at the end of its input. With the default pace the next line waits for
    /// help's speech to end: the server is asked after 2 s without a word from it, and gives up
    /// within the deadline after that (about 4 s).
    @Test(arguments: ["none", "speech"])
    func stoppedMidSession(pace: String) throws {
        let patience: Double = pace == "none" ? 3 : 5
        let pulse = try PulseServer()
        let server = try SpeechDispatcherServer(pulse: pulse)
        let recording = temporaryPath("stopped-\(pace).wav")
        try pulse.startRecording(recording)
        let running = try Program(
            SpeechDispatcherTests.backend + ["--pace", pace], environment: server.environment, input: .open
        ).transcribed().start()
        let lines = ["help", "find cafe", "next", "read"]
        /// Sends `line`; how long until the program printed more, or nil after 10 s.
        func send(_ line: String) -> Double? {
            let before = running.stdoutSoFar.utf8.count
            let sent = running.send(line)
            guard waitUntil(timeout: 10, every: 0.01, { running.stdoutSoFar.utf8.count > before }) else { return nil }
            return Date().timeIntervalSince(sent)
        }
        #expect(send(lines[0]) != nil)
        // help is long: the server stops answering once 0.7 s of it has been heard at the sink
        // (the server's own "Ready." was heard before the recording began).
        try #require(
            waitUntil(every: 0.05) { ((try? Recording(recording))?.soundSeconds() ?? 0) >= 0.7 },
            "help was not heard at the sink within \(Sanitizer.patience) s")
        let (waits, ended): ([Double?], Double) = try whileStopped(server) {
            let waits = lines.dropFirst().map { send($0) }
            let closed = Date()
            running.closeInput()
            waitUntil(timeout: 10, every: 0.01) { !running.isRunning }
            return (waits, Date().timeIntervalSince(closed))
        }
        print(
            "speech-dispatcher stopped mid-session, --pace \(pace): answers printed after \(waits.map { $0.map { "\(Int($0 * 1000)) ms" } ?? "never" }), ended \(Int(ended * 1000)) ms after the input"
        )
        #expect(waits.allSatisfy { $0 != nil && $0! < patience })
        try #require(!running.isRunning, "still running \(Int(ended)) s after the end of its input")
        let result = running.wait()
        #expect(result.end == .exited(0))
        #expect(result.stderr == Self.lost)
        let text = try Program(["--speech", "off"], input: .text(lines.joined(separator: "\n") + "\n")).run()
        #expect(result.stdout == text.stdout)
        // Every announcement is in the transcript; help was cut off where the server stopped.
        let kept = try result.transcriptText().split(separator: "\n")
        #expect(kept.count == text.stdout.split(separator: "\n").count)
        #expect(kept.first?.contains("\"interrupted\":true") == true)
    }
}
