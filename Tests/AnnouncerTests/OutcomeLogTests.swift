import Foundation
import NearbyCore
import Testing

@testable import Announcer

/// What speech reports is held only until the session takes it: a long session that drains
/// after every command holds nothing more after 20,000 of them than after one.
@Suite("Speech reports are taken once and nothing stays behind")
struct OutcomeLogTests {
    static func timing(_ seconds: Double) -> SpeechTiming {
        let now = ContinuousClock.now
        return SpeechTiming(begun: now, ended: now + .seconds(seconds), heardSeconds: seconds)
    }

    @Test("A report carries its timing, and a drain takes every report once")
    func takenOnce() {
        let log = OutcomeLog()
        let heard = Self.timing(0.5)
        log.add(1, .spoken, timing: heard)
        log.add(2, .dropped)
        log.add(3, .interrupted(heardMilliseconds: 120), timing: Self.timing(0.12))
        #expect(log.waiting == 3)
        let reports = log.drain()
        #expect(reports.map(\.seq) == [1, 2, 3])
        #expect(reports[0] == SpeechReport(seq: 1, outcome: .spoken, timing: heard))
        #expect(reports[1] == SpeechReport(seq: 2, outcome: .dropped, timing: nil))
        #expect(reports[2].outcome == .interrupted(heardMilliseconds: 120))
        #expect(reports[2].timing?.heardSeconds == 0.12)
        #expect(log.waiting == 0)
        #expect(log.drain().isEmpty)
    }

    @Test("20,000 commands, each drained, leave nothing held, whether or not anyone logs the timings")
    func boundedOverALongSession() {
        let log = OutcomeLog()
        var most = 0
        for command in 1...20_000 {
            // A command's answer, and now and then one cut off by the next.
            log.add(command, .spoken, timing: Self.timing(0.2))
            if command % 7 == 0 { log.add(-command, .interrupted(heardMilliseconds: 40), timing: Self.timing(0.04)) }
            if command % 11 == 0 { log.add(.voiceNotSet(voice: "xx", reason: "none", kept: "en")) }
            most = max(most, log.waiting)
            let reports = log.drain()
            #expect(reports.first?.seq == command)
            _ = log.drainNotices()
            #expect(log.waiting == 0)
        }
        #expect(most == 3)
    }

    @Test("Reports added on the worker's thread while the session drains come out once each, in order")
    func drainedWhileAdded() async {
        let log = OutcomeLog()
        let count = 10_000
        let worker = Task.detached {
            for seq in 1...count { log.add(seq, .spoken, timing: Self.timing(0.01)) }
        }
        var taken: [Int] = []
        while taken.count < count {
            taken += log.drain().map(\.seq)
            await Task.yield()
        }
        await worker.value
        taken += log.drain().map(\.seq)
        #expect(taken == Array(1...count))
        #expect(log.waiting == 0)
    }
}

extension InProcessEspeak {
    @Suite("The speech worker's reports", .serialized)
    struct WorkerReportTests {
        @Test("Rendered into a WAV file only: a report for each utterance, with no timing, taken once")
        func renderOnlyReports() throws {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("reports-\(UUID().uuidString).wav")
                .path
            defer { try? FileManager.default.removeItem(atPath: path) }
            var settings = Settings()
            settings.earcons = false
            let output = try SpeechOutput(mode: .renderOnly, voice: VoiceSettings(settings), wavPath: path)
            for seq in 1...20 { output.enqueue(Utterance(seq: seq, text: "A.", priority: .assertive)) }
            // Each report is added once its utterance is done: after the worker has finished.
            output.finish()
            let reports = output.outcomes.drain()
            #expect(reports.map(\.seq) == Array(1...20))
            #expect(reports.allSatisfy { $0.outcome == .spoken && $0.timing == nil })
            #expect(output.outcomes.waiting == 0)
            #expect(output.outcomes.drain().isEmpty)
        }
    }
}
