import Foundation
import Testing

/// Live speech through a real sound server: a private PulseAudio daemon with a null sink,
/// whose monitor is recorded while `nearby-voice` speaks to it.
@Suite("Live audio through PulseAudio", .serialized)
struct LiveAudioTests {
    @Test func aScriptIsHeardWholeAnswerByAnswer() throws {
        let server = try PulseServer()
        let script = temporaryPath("script.txt")
        let recording = temporaryPath("heard.wav")
        let wav = temporaryPath("said.wav")
        try "find cafe\nnext\nup\nwalk\n".write(toFile: script, atomically: true, encoding: .utf8)
        try server.startRecording(recording)
        let result = try Program(
            ["--script", script, "--speech", "on", "--wav", wav],
            environment: server.environment
        ).transcribed().run()
        server.stopRecording()
        #expect(result.status == 0)
        let heard = try Recording(recording)
        let said = try Recording(wav)
        let saidSeconds = Double(said.samples.count) / 22_050
        #expect(saidSeconds > 5)
        // What reached the sink is what was said: the same seconds of sound, within a tolerance.
        #expect(
            abs(heard.soundSeconds() - said.soundSeconds()) < 0.3,
            "heard \(heard.soundSeconds()) s, said \(said.soundSeconds()) s")
        // With the default pace every answer is heard whole: no mark in the transcript.
        let entries = try result.transcript()
        #expect(entries.count == 5)
        #expect(entries.allSatisfy { $0["interrupted"] == nil && $0["dropped"] == nil })
    }

    @Test func stopSilencesWithinATenthOfASecond() throws {
        let server = try PulseServer()
        let recording = temporaryPath("stop.wav")
        try server.startRecording(recording)
        // help speaks for many seconds; stop comes 1.5 s after it (--pace none: lines are read
        // as they come, as a person types them).
        let result = try Program(
            ["--speech", "on", "--pace", "none", "--earcons", "off"],
            environment: server.environment,
            input: .typed([(0.5, "help"), (1.5, "stop"), (1.0, "# a comment: nothing more is said")])
        ).transcribed().run()
        server.stopRecording()
        #expect(result.status == 0)
        let span = try #require(try Recording(recording).soundSpan())
        let between = result.sent[1].timeIntervalSince(result.sent[0])
        // The sink heard sound from help's start until stop: the span beyond the time between
        // the two commands is how long stop took (the output latency is in both ends).
        let stopLatency = (span.end - span.start) - between
        print(
            "stop latency: \(Int(stopLatency * 1000)) ms (help heard for \(Int((span.end - span.start) * 1000)) ms, stop typed after \(Int(between * 1000)) ms)"
        )
        #expect(stopLatency < 0.1, "sound went on \(Int(stopLatency * 1000)) ms after stop")
        // An instrumented program reaches its first sound later, by a varying amount (0.65 s
        // seen under AddressSanitizer with the lanes side by side): help is heard for less.
        #expect(span.end - span.start > between - Sanitizer.speechSlack - 0.1)
        let help = try result.transcript().first { $0["input"] as? String == "help" }
        #expect(help?["interrupted"] as? Bool == true)
        let heardMilliseconds = help?["heard_ms"] as? Int ?? 0
        #expect(
            abs(Double(heardMilliseconds) / 1000 - between) < Sanitizer.speechSlack, "heard_ms \(heardMilliseconds)")
    }

    /// When `up` comes after `select 1`: while the selection speaks. An instrumented program
    /// reaches its first sound later (up to 0.65 s seen under AddressSanitizer with the lanes
    /// side by side), so `up` comes later there, still well within the selection's 4 s.
    static let cutAfter = Sanitizer.address || Sanitizer.thread ? 2.0 : 0.8

    @Test func anAssertiveAnswerCutsALongPoliteOne() throws {
        let server = try PulseServer()
        let recording = temporaryPath("cut.wav")
        // select answers assertively, then politely (the details, the camera, the chip); up, typed 0.8 s
        // later (2 s under a sanitizer), cuts the selection while it speaks and drops the polite
        // speech still queued.
        try server.startRecording(recording)
        let result = try Program(
            ["--speech", "on", "--pace", "none", "--earcons", "off", "--visuals", "on"],
            environment: server.environment,
            input: .typed([(0.3, "select 1"), (Self.cutAfter, "up"), (4.0, "quit")])
        ).transcribed().run()
        server.stopRecording()
        #expect(result.status == 0)
        let entries = try result.transcript()
        #expect(
            entries.map { $0["input"] as? String } == ["select 1", "select 1", "select 1", "select 1", "up", "quit"])
        #expect(entries[0]["interrupted"] as? Bool == true)
        let heardSelection = Double(entries[0]["heard_ms"] as? Int ?? 0) / 1000
        let between = result.sent[1].timeIntervalSince(result.sent[0])
        // An instrumented program reaches its first sound later, by a varying amount.
        let tolerance = Sanitizer.address || Sanitizer.thread ? Sanitizer.speechSlack : 0.3
        #expect(
            abs(heardSelection - between) < tolerance,
            "heard \(heardSelection) s of the selection, up came after \(between) s")
        #expect(entries[1]["dropped"] as? Bool == true)
        #expect(entries[2]["dropped"] as? Bool == true)
        #expect(entries[3]["dropped"] as? Bool == true)
        #expect(entries[4]["interrupted"] == nil && entries[4]["dropped"] == nil)
        // What reached the sink: the cut selection, then up's whole answer, then goodbye.
        let span = try #require(try Recording(recording).soundSpan())
        let upAndGoodbye = 6.0
        #expect(span.end - span.start < between + upAndGoodbye, "\(span.end - span.start) s of sound")
    }

    @Test func aNewerAnswerReplacesEveryAnswerStillWaiting() throws {
        let server = try PulseServer()
        let recording = temporaryPath("quick.wav")
        let wav = temporaryPath("one.wav")
        // How long one answer to next takes to say, rendered alone.
        let alone = try Program(["--speech", "off", "--earcons", "off", "--wav", wav], input: .text("n\nn\nn\nn\n"))
            .run()
        #expect(alone.status == 0)
        let allFour = Double(try Recording(wav).samples.count) / 22_050
        try server.startRecording(recording)
        // Four quick nexts, as fast as a person presses a key four times.
        let result = try Program(
            ["--speech", "on", "--pace", "none", "--earcons", "off"],
            environment: server.environment,
            input: .typed([(0.3, "next"), (0.15, "next"), (0.15, "next"), (0.15, "next"), (5.0, "# wait")])
        ).transcribed().run()
        server.stopRecording()
        #expect(result.status == 0)
        let entries = try result.transcript()
        try #require(entries.count == 4)
        // Each older answer was cut off or never begun; the newest is heard whole.
        for entry in entries.dropLast() {
            #expect(entry["interrupted"] as? Bool == true || entry["dropped"] as? Bool == true, "\(entry)")
        }
        #expect(entries[3]["interrupted"] == nil && entries[3]["dropped"] == nil)
        #expect(
            entries[3]["text"] as? String == "Custard Corner, Bakery, 240 metres north-west, 3 minute walk, 4 of 21.")
        // The sink heard far less than the four answers said in full: the newest, and the
        // beginnings cut off.
        let heard = try Recording(recording).soundSeconds()
        print("four quick nexts: \(heard) s heard of \(allFour) s said in full")
        #expect(heard < allFour * 0.5, "heard \(heard) s of \(allFour) s")
    }
}
