import Foundation
import Testing

@testable import StudyReport

/// A log written as the session writes it, from records.
func logText(_ records: [LogRecord]) -> String {
    records.map { $0.jsonLine + "\n" }.joined()
}

let start = SessionStart(
    version: "0.1.0", arguments: ["--rate", "300"], places: 21, language: "en", voice: "en", rate: 300, strings: nil,
    speech: "live", tasksFile: "tasks.txt", tasks: ["Open the café", "Full height"])

/// A session of two tasks: the first done after two commands (one an error, one cut off),
/// the second skipped after `repeat` and `help`.
let twoTasks: [LogRecord] = [
    LogRecord(t: 0, .start(start)),
    LogRecord(
        t: 0.010,
        .announcement(seq: 1, line: 0, kind: "task", priority: "polite", text: "Task 1 of 2: Open the café", words: 6)),
    LogRecord(t: 0.011, .task(number: 1, what: .begun, words: "Open the café")),
    LogRecord(t: 1.500, .speech(seq: 1, outcome: .spoken, begun: 0.02, ended: 1.4, heard: 1.38)),
    LogRecord(t: 2.000, .input(number: 1, line: "selct", source: "typed", command: nil)),
    LogRecord(
        t: 2.001,
        .announcement(seq: 2, line: 1, kind: "error", priority: "assertive", text: "Unknown command selct.", words: 3)),
    LogRecord(t: 2.500, .input(number: 2, line: "select harbor", source: "recalled", command: "select")),
    LogRecord(t: 2.501, .speech(seq: 2, outcome: .interrupted, begun: 2.01, ended: 2.5, heard: 0.49)),
    LogRecord(
        t: 2.502,
        .announcement(
            seq: 3, line: 2, kind: "selection", priority: "assertive", text: "Selected, Harbor Coffee.", words: 3)),
    LogRecord(t: 2.503, .task(number: 1, what: .done, words: "Open the café")),
    LogRecord(
        t: 2.503,
        .announcement(
            seq: 4, line: 2, kind: "task", priority: "polite", text: "Task done. Task 2 of 2: Full height", words: 8)),
    LogRecord(t: 2.504, .task(number: 2, what: .begun, words: "Full height")),
    LogRecord(t: 4.000, .speech(seq: 3, outcome: .spoken, begun: 2.51, ended: 3.6, heard: 1.09)),
    LogRecord(t: 4.001, .speech(seq: 4, outcome: .spoken, begun: 3.6, ended: 4.0, heard: 0.4)),
    LogRecord(t: 5.000, .input(number: 3, line: "repeat", source: "typed", command: "repeat")),
    LogRecord(
        t: 5.001, .announcement(seq: 5, line: 3, kind: "history", priority: "assertive", text: "Task done.", words: 2)),
    LogRecord(t: 6.000, .input(number: 4, line: "help", source: "completed", command: "help")),
    LogRecord(t: 6.001, .speech(seq: 5, outcome: .spoken, begun: 5.01, ended: 5.6, heard: 0.59)),
    LogRecord(
        t: 6.002, .announcement(seq: 6, line: 4, kind: "help", priority: "assertive", text: "Commands: find.", words: 2)
    ),
    LogRecord(t: 7.000, .input(number: 5, line: "skip", source: "typed", command: "skip")),
    LogRecord(t: 7.001, .speech(seq: 6, outcome: .dropped, begun: nil, ended: nil, heard: 0)),
    LogRecord(t: 7.002, .task(number: 2, what: .skipped, words: "Full height")),
    LogRecord(
        t: 7.002, .announcement(seq: 7, line: 5, kind: "task", priority: "assertive", text: "Task skipped.", words: 2)),
    LogRecord(t: 8.000, .end(reason: "quit", signal: nil)),
]

@Suite("A session's log, written and read back")
struct SessionLogTests {
    @Test func eachLineIsOneObjectWithTFirstInMilliseconds() {
        let line = LogRecord(t: 1.23456, .input(number: 3, line: "find \"x\"", source: "typed", command: "find"))
            .jsonLine
        #expect(
            line == #"{"t":1.235,"event":"input","number":3,"line":"find \"x\"","source":"typed","command":"find"}"#)
        let speech = LogRecord(t: 2, .speech(seq: 4, outcome: .interrupted, begun: 1.5, ended: 1.9, heard: 0.4))
            .jsonLine
        #expect(speech == #"{"t":2.000,"event":"speech","seq":4,"begun":1.500,"interrupted":1.900,"heard":0.400}"#)
    }

    @Test func whatIsWrittenReadsBackTheSame() throws {
        let log = try SessionLog.parse(logText(twoTasks), file: "anna.jsonl")
        #expect(log.start == start)
        #expect(log.records.count == twoTasks.count)
        #expect(log.records.map(\.event) == twoTasks.map(\.event))
        #expect(!log.isCutOff)
        #expect(log.endReason == "quit")
        #expect(log.duration == 8)
    }

    @Test func aLogWithoutItsEndIsCutOffNotRefused() throws {
        var text = logText(Array(twoTasks.prefix(10)))
        #expect(try SessionLog.parse(text, file: "f").isCutOff)
        // Killed mid-write: the last line is unfinished.
        text += #"{"t":2.6,"event":"announ"#
        let log = try SessionLog.parse(text, file: "f")
        #expect(log.isCutOff)
        #expect(log.records.count == 10)
    }

    @Test func anEndBySignalIsKept() throws {
        let text = logText([twoTasks[0], LogRecord(t: 1, .end(reason: "signal", signal: "SIGTERM"))])
        let log = try SessionLog.parse(text, file: "f")
        #expect(log.endSignal == "SIGTERM")
        #expect(!log.isCutOff)
    }

    @Test(arguments: [
        ("not json\n", 1, "not JSON"),
        ("[1,2]\n", 1, "not a JSON object."),
        (#"{"event":"start"}"# + "\n", 1, "missing \"t\", the seconds since the session began."),
        (
            #"{"t":0,"event":"input","number":1,"line":"x","source":"typed"}"# + "\n", 1,
            "the first event is \"input\", not \"start\"."
        ),
        (
            #"{"t":0,"event":"start","places":1,"language":"en","voice":"en","rate":175,"speech":"off"}"# + "\n"
                + #"{"t":2,"event":"end","reason":"quit"}"# + "\n" + #"{"t":1,"event":"end","reason":"quit"}"# + "\n",
            3,
            "t goes back from 2.000 to 1.000: the events are out of order."
        ),
        (
            #"{"t":0,"event":"start","places":1,"language":"en","voice":"en","rate":175,"speech":"off"}"# + "\n"
                + #"{"t":1,"event":"dance"}"# + "\n", 2, "unknown event \"dance\"."
        ),
        (
            #"{"t":0,"event":"start","places":"many","language":"en","voice":"en","rate":175,"speech":"off"}"# + "\n",
            1,
            "\"places\" is not a number."
        ),
        (#"{"t":"soon","event":"start"}"# + "\n", 1, "\"t\" is not a number."),
        ("", 1, "empty: a log begins with a \"start\" event."),
    ])
    func aLogThatIsNotALogIsRefusedWithItsLine(text: String, line: Int, message: String) {
        do {
            _ = try SessionLog.parse(text, file: "f.jsonl")
            Issue.record("taken")
        } catch {
            #expect(error.line == line)
            #expect(error.message.hasPrefix(message), "\(error)")
            #expect(error.description.hasPrefix("f.jsonl:\(line): "))
        }
    }

    @Test func wordsAreRunsOfLettersOrDigits() {
        #expect(LogEvent.wordCount("Harbor Coffee: 4 minute walk, 285 metres west.") == 8)
        #expect(LogEvent.wordCount("d'Alfama — São") == 3)
        #expect(LogEvent.wordCount("") == 0)
    }
}

@Suite("The report: a row a session and task, and each task across sessions")
struct StudyReportTests {
    @Test func aSessionsTasksAreCountedInTheirWindows() throws {
        let log = try SessionLog.parse(logText(twoTasks), file: "study/anna.jsonl")
        let report = StudyReport([log])
        #expect(report.rows.count == 2)
        let first = report.rows[0]
        #expect(first.outcome == .done)
        #expect(abs(first.seconds - 2.492) < 1e-9)
        #expect(first.timeToDone == first.seconds)
        #expect(first.commands == 2)
        #expect(first.errors == 1)
        #expect(first.interruptions == 1)
        // The error's 0.49 s cut off, the selection's 1.09 s heard whole; the task's own words
        // (seq 1, 4) belong to no task.
        #expect(abs(first.heard! - 1.58) < 1e-9)
        #expect(abs(first.cutOff! - 0.49) < 1e-9)
        #expect(first.wordsHeard == 3)
        let second = report.rows[1]
        #expect(second.outcome == .skipped)
        #expect(second.timeToDone == nil)
        #expect((second.commands, second.repeats, second.helps, second.histories) == (3, 1, 1, 0))
        #expect(second.interruptions == 1)
        #expect(second.wordsHeard == 2)
    }

    @Test func withoutLiveSpeechEveryAnswerShownCountsAndNothingIsHeard() throws {
        var quiet = start
        quiet.speech = "off"
        var records = twoTasks.filter { if case .speech = $0.event { false } else { true } }
        records[0] = LogRecord(t: 0, .start(quiet))
        let report = StudyReport([try SessionLog.parse(logText(records), file: "f")])
        #expect(report.rows[0].heard == nil)
        #expect(report.rows[0].wordsHeard == 6)
        #expect(report.rows[1].wordsHeard == 4)
    }

    @Test func aTaskUnderWayWhenTheLogStopsIsUnfinished() throws {
        let log = try SessionLog.parse(logText(Array(twoTasks.prefix(16))), file: "f")
        let report = StudyReport([log])
        #expect(report.rows[1].outcome == .unfinished)
        #expect(abs(report.rows[1].seconds - (5.001 - 2.504)) < 1e-9)
        #expect(report.sessions[0].isCutOff)
        #expect(report.text.contains("cut off"))
    }

    @Test func mediansAndRangesAcrossSessions() {
        let odd = StudyReport.Spread([3, 1, 2])
        #expect((odd?.median, odd?.low, odd?.high) == (2, 1, 3))
        let even = StudyReport.Spread([4, 1, 2, 10])
        #expect((even?.median, even?.low, even?.high) == (3, 1, 10))
        #expect(StudyReport.Spread([]) == nil)
    }

    @Test func sessionsAreGroupedByWhatTheirStartSays() throws {
        var other = start
        other.rate = 175
        other.strings = "plain.po"
        var records = twoTasks
        records[0] = LogRecord(t: 0, .start(other))
        let logs = [
            try SessionLog.parse(logText(twoTasks), file: "a"), try SessionLog.parse(logText(records), file: "b"),
        ]
        #expect(StudyReport(logs).summaries.map(\.sessions) == [2, 2])
        let byRate = StudyReport(logs, by: .rate)
        #expect(byRate.summaries.map(\.group) == ["300", "175", "300", "175"])
        #expect(
            StudyReport(logs, by: .strings).summaries.map(\.group) == ["built-in", "plain.po", "built-in", "plain.po"])
        #expect(byRate.text.contains("group"))
    }

    @Test func csvQuotesWhatNeedsIt() throws {
        var records = twoTasks
        records[2] = LogRecord(t: 0.011, .task(number: 1, what: .begun, words: "Open \"the\" café, now"))
        let csv = StudyReport([try SessionLog.parse(logText(records), file: "f")]).csv
        #expect(csv.contains(#"f,,1,"Open ""the"" café, now",done,2.492,2.492,2,1,0,0,0,0,1,1.580,0.490,3,no"#))
        #expect(csv.components(separatedBy: "\n\n").count == 2)
    }

    @Test func jsonIsOneObjectFoundationReads() throws {
        let report = StudyReport([try SessionLog.parse(logText(twoTasks), file: "f")])
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(report.json.utf8)) as? [String: Any])
        let tasks = try #require(object["tasks"] as? [[String: Any]])
        #expect(tasks.count == 2)
        #expect((tasks[0]["commands"] as? Int) == 2)
        #expect((tasks[1]["outcome"] as? String) == "skipped")
    }

    @Test func thePageIsSelfContainedWithCaptionedTablesAndALabelledChart() throws {
        var records = twoTasks
        records[2] = LogRecord(t: 0.011, .task(number: 1, what: .begun, words: "Open <b>the</b> café & go"))
        let page = StudyReport([try SessionLog.parse(logText(records), file: "f")]).page
        #expect(page.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
        #expect(!page.contains("<script"))
        #expect(!page.contains("src="))
        #expect(!page.contains("<b>the</b>"))
        #expect(page.contains("Open &lt;b&gt;the&lt;/b&gt; café &amp; go"))
        #expect(page.components(separatedBy: "<caption>").count == 5)
        #expect(page.contains("<svg role=\"img\" aria-labelledby=\"chart-title chart-desc\""))
        #expect(page.contains("<main>"))
        #expect(page.contains("f 2.5 seconds"))
    }

    @Test func aTimeThatRoundsToNothingDrawsNoFullBar() throws {
        // The only task done 0.04 s after it began: its bar is short, not the chart's width.
        let records: [LogRecord] = [
            LogRecord(t: 0, .start(start)),
            LogRecord(t: 0.010, .task(number: 1, what: .begun, words: "Open the café")),
            LogRecord(t: 0.050, .task(number: 1, what: .done, words: "Open the café")),
            LogRecord(t: 1.000, .end(reason: "quit", signal: nil)),
        ]
        let page = StudyReport([try SessionLog.parse(logText(records), file: "f")]).page
        let bars = page.matches(of: /<rect x="\d+" y="\d+" width="([0-9.]+)" height="18"/).compactMap {
            Double($0.output.1)
        }
        #expect(bars.count == 1)
        #expect(bars.allSatisfy { $0 < 30 }, "\(bars)")
    }
}
