import Foundation
import Testing

/// `--speech-backend dispatcher` against a real speech-dispatcher: a private server (its
/// espeak-ng module) on a private PulseAudio null sink, whose monitor is recorded while
/// `nearby-voice` speaks through the server. Under every build, ThreadSanitizer's too: the
/// connection ends its event thread before `spd_close` (`SpeechDispatcherConnection.endEvents`).
@Suite("Speech through speech-dispatcher", .serialized)
struct SpeechDispatcherTests {
    static let backend = ["--speech-backend", "dispatcher", "--speech", "on", "--earcons", "off"]

    @Test func aScriptIsHeardWholeForTheLengthTheServerSpeaksIt() throws {
        let pulse = try PulseServer()
        let server = try SpeechDispatcherServer(pulse: pulse)
        let script = temporaryPath("script.txt")
        try "find cafe\nnext\n".write(toFile: script, atomically: true, encoding: .utf8)
        let heardPath = temporaryPath("heard.wav")
        try pulse.startRecording(heardPath)
        let wav = temporaryPath("rendered.wav")
        let result = try Program(Self.backend + ["--script", script, "--wav", wav], environment: server.environment)
            .transcribed().run()
        pulse.stopRecording()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        // --wav is espeak-ng's rendering of every answer, beside the server's speech.
        #expect(try wavSeconds(wav) > 3)
        // With the default pace every answer is heard whole: SSIP reported each one's end.
        let entries = try result.transcript()
        #expect(entries.count == 3)
        #expect(entries.allSatisfy { $0["interrupted"] == nil && $0["dropped"] == nil }, "\(entries)")
        // Under AddressSanitizer, with the suites in lanes side by side, 19.4 s of sound was
        // heard against 13.3 s said by spd-say, every answer whole in the transcript: more
        // sound, not less, which this comparison cannot tell from a fault yet (an open question
        // for the next change to this backend). The plain build compares the sound; every build
        // checks the transcript above.
        if Sanitizer.address || Sanitizer.thread { return }
        // The same texts said by another client of the same server (spd-say -w, one after the
        // other): the same voice, rate and module, so the same seconds of sound.
        let saidPath = temporaryPath("said.wav")
        try pulse.startRecording(saidPath)
        for entry in entries { try server.say(entry["text"] as? String ?? "") }
        pulse.stopRecording()
        let heard = try Recording(heardPath).soundSeconds()
        let said = try Recording(saidPath).soundSeconds()
        #expect(said > 3, "the reference holds \(said) s of sound")
        // Within a tenth (at least 0.3 s): the suites run side by side on two cores, a late
        // module leaves gaps at the sink, and a busy recorder loses some (13.4 s against 14.6 s
        // was seen with every answer whole). An answer lost is 3 s or more of the 14: still
        // caught, and a cut one is in the transcript, checked above.
        #expect(
            abs(heard - said) < max(0.3, said / 10), "heard \(heard) s through nearby-voice, \(said) s through spd-say")
    }

    /// A setting given goes to the server: at 450 words a minute (SSIP's rate 100) the answer is
    /// heard in well under the time the server's own rate takes.
    @Test func aRateGivenReachesTheServer() throws {
        let pulse = try PulseServer()
        let server = try SpeechDispatcherServer(pulse: pulse)
        let script = temporaryPath("script.txt")
        try "find cafe\n".write(toFile: script, atomically: true, encoding: .utf8)
        let fastPath = temporaryPath("fast.wav")
        try pulse.startRecording(fastPath)
        let result = try Program(Self.backend + ["--script", script, "--rate", "450"], environment: server.environment)
            .transcribed().run()
        pulse.stopRecording()
        #expect(result.status == 0, "\(result.stderr)")
        let texts = try result.transcript().compactMap { $0["text"] as? String }
        #expect(!texts.isEmpty)
        let ownPath = temporaryPath("own.wav")
        try pulse.startRecording(ownPath)
        for text in texts { try server.say(text) }
        pulse.stopRecording()
        let fast = try Recording(fastPath).soundSeconds()
        let own = try Recording(ownPath).soundSeconds()
        #expect(own > 2)
        #expect(fast < own * 0.7, "\(fast) s of sound at 450, \(own) s at the server's own rate")
    }

    @Test func stopSilencesItThroughSSIP() throws {
        let pulse = try PulseServer()
        let server = try SpeechDispatcherServer(pulse: pulse)
        let recording = temporaryPath("stop.wav")
        try pulse.startRecording(recording)
        let result = try Program(
            Self.backend + ["--pace", "none"], environment: server.environment,
            input: .typed([(1.5, "help"), (1.5, "stop"), (1.0, "# nothing more is said")])
        ).transcribed().run()
        pulse.stopRecording()
        #expect(result.status == 0, "\(result.stderr)")
        let span = try #require(try Recording(recording).soundSpan())
        let between = result.sent[1].timeIntervalSince(result.sent[0])
        // Sound from help's start until stop: what goes beyond the time between the two lines
        // is how long the cancel took (the server's start of speech is in both ends).
        let stopLatency = (span.end - span.start) - between
        print(
            "speech-dispatcher stop latency: \(Int(stopLatency * 1000)) ms (heard \(Int((span.end - span.start) * 1000)) ms, stop after \(Int(between * 1000)) ms)"
        )
        #expect(span.end - span.start > 0.8)
        #expect(stopLatency < 0.2, "sound went on \(Int(stopLatency * 1000)) ms after stop")
        // SSIP's begin and cancel events made the mark: heard from its begin to the cancel.
        let help = try #require(try result.transcript().first { $0["input"] as? String == "help" })
        #expect(help["interrupted"] as? Bool == true)
        let heardMilliseconds = help["heard_ms"] as? Int ?? 0
        #expect(
            abs(Double(heardMilliseconds) / 1000 - between) < Sanitizer.speechSlack, "heard_ms \(heardMilliseconds)")
    }

    @Test func aNewerAnswerSupersedesTheOlderOne() throws {
        let pulse = try PulseServer()
        let server = try SpeechDispatcherServer(pulse: pulse)
        let recording = temporaryPath("cut.wav")
        // select answers assertively, then politely (the details, the camera, the chip); up, 0.8 s later,
        // cuts the selection while it speaks, and the polite speech still queued is dropped.
        try pulse.startRecording(recording)
        let result = try Program(
            Self.backend + ["--pace", "none", "--visuals", "on"], environment: server.environment,
            input: .typed([(0.3, "select 1"), (0.8, "up"), (4.0, "quit")])
        ).transcribed().run()
        pulse.stopRecording()
        #expect(result.status == 0, "\(result.stderr)")
        let entries = try result.transcript()
        #expect(
            entries.map { $0["input"] as? String } == ["select 1", "select 1", "select 1", "select 1", "up", "quit"])
        #expect(entries[0]["interrupted"] as? Bool == true)
        let between = result.sent[1].timeIntervalSince(result.sent[0])
        let heardSelection = Double(entries[0]["heard_ms"] as? Int ?? 0) / 1000
        #expect(
            abs(heardSelection - between) < Sanitizer.speechSlack,
            "heard \(heardSelection) s, up came after \(between) s")
        #expect(entries[1]["dropped"] as? Bool == true)
        #expect(entries[2]["dropped"] as? Bool == true)
        #expect(entries[3]["dropped"] as? Bool == true)
        #expect(entries[4]["interrupted"] == nil && entries[4]["dropped"] == nil)
        // What reached the sink: the cut selection, then up's whole answer, then goodbye.
        let span = try #require(try Recording(recording).soundSpan())
        #expect(span.end - span.start < between + 6.0, "\(span.end - span.start) s of sound")
    }

    // libspeechd finds each of the espeak-ng module's some 13,000 voices in its reply with a
    // strstr from the reply's start (quadratic), each call through the sanitizer's interceptor:
    // minutes instead of milliseconds under AddressSanitizer, and more than 5 minutes (measured)
    // under ThreadSanitizer, where the program's 15 s deadline gives up on the list.
    @Test(
        .disabled(
            if: Sanitizer.address || Sanitizer.thread,
            "a sanitizer makes libspeechd's voice list take minutes, past the list's deadline"))
    func voicesListsTheServersModulesAndVoices() throws {
        let pulse = try PulseServer()
        let server = try SpeechDispatcherServer(pulse: pulse)
        let result = try Program(
            Self.backend + ["--pace", "none"], environment: server.environment,
            input: .text("voices\nset voice Afrikaans\nquit\n")
        ).run()
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("Output modules and their voices: espeak-ng: Afrikaans (af), ") == true)
        #expect(lines.count > 1 && lines[1] == "Voice: Afrikaans.", "\(lines.dropFirst().prefix(1))")
    }

    /// No server, and autospawn refused: with `--speech auto` one notice and the session goes
    /// on in text (as `--speech off` prints it); with `--speech on`, exit 69 and the reason. A
    /// `set speech-backend dispatcher` in a session that cannot reach it says why and keeps
    /// the backend it had.
    @Test func noServer() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "nv-spd-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: folder) }
        try SpeechDispatcherServer.refuseAutospawn(in: folder)
        let environment = [
            "SPEECHD_ADDRESS": "unix_socket:\(folder.path)/no-server.sock", "XDG_CONFIG_HOME": folder.path,
        ]
        let input = "find cafe\nnext\n"
        let auto = try Program(["--speech-backend", "dispatcher"], environment: environment, input: .text(input)).run()
        let text = try Program(["--speech", "off"], input: .text(input)).run()
        #expect(auto.status == 0)
        #expect(auto.stdout == text.stdout)
        let notice = try #require(auto.stderr.split(separator: "\n").first.map(String.init))
        #expect(auto.stderr.split(separator: "\n").count == 1, "\(auto.stderr)")
        #expect(notice.hasPrefix("speech-dispatcher cannot be reached (Error: Can't connect to unix socket "))
        #expect(notice.contains("Autospawn"))
        #expect(notice.hasSuffix("), so nothing will be spoken; answers are printed."))

        let on = try Program(
            ["--speech-backend", "dispatcher", "--speech", "on"], environment: environment, input: .text(input)
        ).run()
        #expect(on.status == 69)
        #expect(on.stdout.isEmpty)
        #expect(on.stderr.hasPrefix("nearby-voice: speech-dispatcher cannot be reached (Error: Can't connect"))
        #expect(
            on.stderr.hasSuffix(
                "). Use --speech-backend espeak to speak with espeak-ng, or --speech off to read the answers instead.\n"
            ))

        // No audio device either: espeak-ng cannot speak, so the session is in text; the
        // setting goes back to espeak and says so.
        let switched = try Program(
            [], environment: environment, input: .text("set speech-backend dispatcher\nsettings all\n")
        ).run()
        #expect(switched.status == 0)
        #expect(switched.stderr.contains("Speech cannot move to dispatcher (Error: Can't connect"))
        let answers = switched.stdout.split(separator: "\n").map(String.init)
        #expect(answers.first == "Speech backend: dispatcher.")
        #expect(answers.dropFirst().first == "Speech backend: espeak.")
        // Settings added after speech-backend (spatial, beacon…) follow it in the answer.
        #expect(answers.last?.contains("; Speech backend: espeak;") == true)
    }

    /// The server is killed while a script is spoken: no hang, one notice on standard error,
    /// the session goes on in text with every answer printed, and the transcript holds every
    /// announcement (what was speaking marked interrupted, what was queued dropped).
    @Test func serverDiesMidSession() throws {
        let pulse = try PulseServer()
        let server = try SpeechDispatcherServer(pulse: pulse)
        let input = FaultTests.commands(16)
        let recording = temporaryPath("heard.wav")
        try pulse.startRecording(recording)
        let running = try Program(Self.backend, environment: server.environment, input: .text(input))
            .transcribed().start()
        // The first answer is heard for a while (0.7 s of sound at the sink), then the server goes.
        #expect(waitUntil(every: 0.05) { ((try? Recording(recording))?.soundSeconds() ?? 0) >= 0.7 })
        server.kill()
        pulse.stopRecording()
        let result = running.wait(timeout: 60)
        #expect(result.end == .exited(0))
        #expect(
            result.stderr
                == "speech-dispatcher stopped answering, so nothing more will be spoken; answers are printed.\n")
        let text = try Program(["--speech", "off"], input: .text(input)).transcribed().run()
        #expect(result.stdout == text.stdout)
        let kept = try result.transcript()
        let expected = try text.transcript().count
        #expect(kept.count == expected, "\(kept.count) of \(expected) announcements in the transcript")
        // The first answer (several seconds long) was speaking when the server went: cut off
        // after the time it had played; the one queued behind it was never spoken; after the
        // notice, answers are printed and unmarked.
        #expect(kept.first?["interrupted"] as? Bool == true, "\(kept.first ?? [:])")
        let heard = kept.first?["heard_ms"] as? Int ?? 0
        #expect((500...2000).contains(heard), "heard_ms \(heard)")
        #expect(kept.dropFirst().first?["dropped"] as? Bool == true)
        #expect(kept.dropFirst(2).allSatisfy { $0["interrupted"] == nil && $0["dropped"] == nil })
    }
}
