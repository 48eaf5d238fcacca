import Foundation
import Testing

/// A usability study run as a designer runs one: two testers (scripts) on the four tasks of
/// issue 16, each heard live at a different rate through a private PulseAudio null sink, each
/// session logged; then `nearby-voice report` over the two logs, its numbers held against the
/// scripts' known steps, and its HTML page loaded in a real browser with axe-core run inside.
@Suite("A usability study: tasks, timed logs and the report", .serialized)
struct UsabilityStudyTests {
    static let tasks = """
        # The four tasks of issue 16
        Find a café to the west and open it => select Harbor Coffee
        How long is the walk to Blue Door Bakery? => walk Blue Door Bakery
        Move the sheet to full height => detent full
        Show only the bakeries => filter Bakery

        """

    /// Anna, at 250 words a minute: every task done, one error, `task`, `repeat`.
    static let anna = [
        "find cafe", "next", "select",  // task 1: 3 commands (find puts the focus on the first)
        "task", "clear", "select blue door bakery", "walk",  // task 2: 4, the task again once
        "down", "up",  // task 3: 2 (the details left the sheet at full height; down, then up)
        "filtr bakery", "repeat", "filter bakery",  // task 4: 3, an error, a repeat
        "quit",
    ]
    /// Ben, at 450 words a minute: task 2 skipped, history and help used.
    static let ben = [
        "select harbor coffee",  // task 1: 1 command
        "skip",  // task 2: skipped
        "history", "up",  // task 3: history does not finish it; up does ("Already at full height")
        "help filter", "filter bakery",  // task 4: 2, help once
        "quit",
    ]

    /// The known steps of each script, task by task: outcome, commands, errors, repeat,
    /// history, help, task again, and the script lines (from 1) of the task's commands.
    struct Steps {
        var outcome: String
        var commands, errors, repeats, histories, helps, taskAgain: Int
        var lines: ClosedRange<Int>
    }
    static let annaSteps = [
        Steps(outcome: "done", commands: 3, errors: 0, repeats: 0, histories: 0, helps: 0, taskAgain: 0, lines: 1...3),
        Steps(outcome: "done", commands: 4, errors: 0, repeats: 0, histories: 0, helps: 0, taskAgain: 1, lines: 4...7),
        Steps(outcome: "done", commands: 2, errors: 0, repeats: 0, histories: 0, helps: 0, taskAgain: 0, lines: 8...9),
        Steps(
            outcome: "done", commands: 3, errors: 1, repeats: 1, histories: 0, helps: 0, taskAgain: 0, lines: 10...12),
    ]
    static let benSteps = [
        Steps(outcome: "done", commands: 1, errors: 0, repeats: 0, histories: 0, helps: 0, taskAgain: 0, lines: 1...1),
        Steps(
            outcome: "skipped", commands: 1, errors: 0, repeats: 0, histories: 0, helps: 0, taskAgain: 0, lines: 2...2),
        Steps(outcome: "done", commands: 2, errors: 0, repeats: 0, histories: 1, helps: 0, taskAgain: 0, lines: 3...4),
        Steps(outcome: "done", commands: 2, errors: 0, repeats: 0, histories: 0, helps: 1, taskAgain: 0, lines: 5...6),
    ]

    /// Runs one tester's script live at `rate`; gives the log's and the transcript's lines.
    func session(
        _ name: String, script: [String], rate: Int, folder: String, server: PulseServer
    ) throws -> (log: [[String: Any]], transcript: [[String: Any]], wav: String) {
        let scriptPath = "\(folder)/\(name).txt"
        try (script.joined(separator: "\n") + "\n").write(toFile: scriptPath, atomically: true, encoding: .utf8)
        let result = try Program(
            [
                "--script", scriptPath, "--tasks", "\(folder)/tasks.txt", "--log", "\(folder)/\(name).jsonl",
                "--speech", "on", "--rate", String(rate), "--wav", "\(folder)/\(name).wav",
            ], environment: server.environment
        ).transcribed().run()
        #expect(result.end == .exited(0), "\(result.stderr)")
        return (try Self.jsonLines("\(folder)/\(name).jsonl"), try result.transcript(), "\(folder)/\(name).wav")
    }

    static func jsonLines(_ path: String) throws -> [[String: Any]] {
        try EndToEndTests.jsonLines(String(contentsOfFile: path, encoding: .utf8))
    }

    /// Runs of letters or digits: the words a listener counts.
    static func words(_ text: String) -> Int {
        text.split(whereSeparator: { !($0.isLetter || $0.isNumber) }).count
    }

    static func number(_ value: Any?) -> Double { (value as? NSNumber)?.doubleValue ?? .nan }

    @Test func twoTestersFourTasksTheirLogsAndTheReport() throws {
        let folder = temporaryPath("study")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Self.tasks.write(toFile: "\(folder)/tasks.txt", atomically: true, encoding: .utf8)
        let server = try PulseServer()
        let anna = try session("anna", script: Self.anna, rate: 250, folder: folder, server: server)
        let ben = try session("ben", script: Self.ben, rate: 450, folder: folder, server: server)

        // The logs: mode 0600, t never goes back, start says the rate, every line an event.
        for (name, log) in [("anna", anna.log), ("ben", ben.log)] {
            let mode = try FileManager.default.attributesOfItem(atPath: "\(folder)/\(name).jsonl")[.posixPermissions]
            #expect((mode as? NSNumber)?.intValue == 0o600)
            let times = log.map { Self.number($0["t"]) }
            #expect(times == times.sorted())
            #expect(log.first?["event"] as? String == "start")
            #expect(log.last?["event"] as? String == "end")
            #expect(log.last?["reason"] as? String == "quit")
            let events = log.compactMap { $0["task"] != nil ? "\($0["task"]!) \($0["what"]!)" : nil }
            #expect(events.first == "1 begun")
        }
        #expect(anna.log.first?["rate"] as? Int == 250)
        #expect(ben.log.first?["rate"] as? Int == 450)
        #expect(anna.log.first?["speech"] as? String == "live")
        // Every announcement was heard whole (the script waits for speech), and the seconds heard
        // add up to the sound written, which the WAV holds sample for sample.
        for session in [anna, ben] {
            let speech = session.log.filter { $0["event"] as? String == "speech" }
            let announcements = session.log.filter { $0["event"] as? String == "announcement" }
            #expect(speech.count == announcements.count)
            #expect(speech.allSatisfy { $0["ended"] is NSNumber && $0["interrupted"] == nil })
            let heard = speech.map { Self.number($0["heard"]) }.reduce(0, +)
            let written = Double(try Recording(session.wav).samples.count) / 22_050
            #expect(abs(heard - written) < 0.05, "heard \(heard) s, written \(written) s")
            for line in speech {
                #expect(Self.number(line["begun"]) <= Self.number(line["ended"]))
                #expect(Self.number(line["ended"]) <= Self.number(line["t"]) + 0.001)
            }
        }
        // The same words, the first task's, are heard sooner at 450 words a minute than at 250.
        func firstHeard(_ log: [[String: Any]]) -> Double {
            Self.number(log.first { $0["event"] as? String == "speech" && $0["seq"] as? Int == 1 }?["heard"])
        }
        #expect(
            firstHeard(ben.log) < firstHeard(anna.log) * 0.75, "\(firstHeard(ben.log)) against \(firstHeard(anna.log))")

        // The report, as JSON, grouped by rate.
        let report = try Program([
            "report", "\(folder)/anna.jsonl", "\(folder)/ben.jsonl", "--format", "json", "--by", "rate", "--html",
            "\(folder)/report.html",
        ]).run()
        #expect(report.status == 0, "\(report.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any])
        let rows = try #require(object["tasks"] as? [[String: Any]])
        #expect(rows.count == 8)
        for (name, session, steps) in [("anna", anna, Self.annaSteps), ("ben", ben, Self.benSteps)] {
            let mine = rows.filter { ($0["session"] as? String)?.hasSuffix("/\(name).jsonl") == true }
            #expect(mine.count == 4)
            for (row, step) in zip(mine, steps) {
                let task = "\(name) task \(row["task"] ?? "?")"
                #expect(row["outcome"] as? String == step.outcome, "\(task)")
                #expect(row["commands"] as? Int == step.commands, "\(task)")
                #expect(row["errors"] as? Int == step.errors, "\(task)")
                #expect(row["repeat"] as? Int == step.repeats, "\(task)")
                #expect(row["history"] as? Int == step.histories, "\(task)")
                #expect(row["help"] as? Int == step.helps, "\(task)")
                #expect(row["task_again"] as? Int == step.taskAgain, "\(task)")
                #expect(row["interruptions"] as? Int == 0, "\(task)")
                #expect(Self.number(row["cut_off_s"]) == 0, "\(task)")
                // Words heard: the words of the answers to the task's lines, from the
                // transcript, without the words that end a task and give the next (those of
                // `task`, asked for within the task, count), and without what only the eye
                // sees (visuals off: never said).
                let script = name == "anna" ? Self.anna : Self.ben
                let answers = session.transcript.filter {
                    let line = $0["line"] as? Int ?? 0
                    return step.lines.contains(line) && $0["visual"] == nil
                        && ($0["kind"] as? String != "task" || script[line - 1] == "task")
                }
                let words = answers.map { Self.words($0["text"] as? String ?? "") }.reduce(0, +)
                #expect(row["words_heard"] as? Int == words, "\(task)")
                if step.outcome == "done" {
                    #expect(Self.number(row["heard_s"]) > 0, "\(task)")
                    #expect(Self.number(row["time_to_done"]) > 0, "\(task)")
                } else {
                    // skip's own answer ends the task: nothing of it is the task's.
                    #expect(Self.number(row["heard_s"]) == 0, "\(task)")
                    #expect(row["time_to_done"] is NSNull, "\(task)")
                }
            }
        }
        // Anna's first task took three heard answers; Ben's one.
        let firstTasks = rows.filter { $0["task"] as? Int == 1 }.map { Self.number($0["time_to_done"]) }
        #expect(firstTasks[0] > firstTasks[1])
        // Per task and rate: one session each, so each median is that session's number.
        let summary = try #require(object["summary"] as? [[String: Any]])
        #expect(summary.count == 8)
        #expect(summary.map { $0["group"] as? String } == ["250", "450", "250", "450", "250", "450", "250", "450"])
        let commands = summary.map { Self.number(($0["commands"] as? [String: Any])?["median"]) }
        #expect(commands == [3, 1, 4, 1, 2, 2, 3, 2])

        // Ungrouped, text: task 1 across both sessions, median 2 commands, range 1 to 3.
        let text = try Program(["report", "\(folder)/anna.jsonl", "\(folder)/ben.jsonl"]).run()
        #expect(text.status == 0)
        let firstTask = try #require(
            text.stdout.split(separator: "\n").last { $0.hasPrefix("1. Find a café to the west and open it") })
        #expect(firstTask.contains("  2         2     0  "), "\(firstTask)")
        #expect(firstTask.contains("2.0 (1.0-3.0)"), "\(firstTask)")
        try checkPageInBrowser("\(folder)/report.html")
    }

    // MARK: The page in a real browser

    /// axe-core's axe.min.js, as `make test` takes it out of its wheel (scripts/axe-core).
    static let axe: String = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let path =
            ProcessInfo.processInfo.environment["NEARBY_VOICE_AXE"]
            ?? root.appendingPathComponent(".build/axe/axe.min.js").path
        return (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }()

    static let browser = "/usr/bin/chromium-headless-shell"

    /// The page as the browser has it once its scripts ran (`--dump-dom`).
    static func renderedDOM(_ path: String) throws -> String {
        try Program(
            tool: browser,
            [
                "--no-sandbox", "--disable-gpu", "--virtual-time-budget=20000", "--dump-dom",
                URL(fileURLWithPath: path).absoluteString,
            ]
        ).run().stdout
    }

    /// The page with axe-core inlined and run: its violations, as the browser wrote them into
    /// the page (`data-axe`), or nil when axe did not finish.
    static func violations(of page: String, at path: String) throws -> [[String: Any]]? {
        let run = """
            <script>\(axe.replacingOccurrences(of: "</script", with: "<\\/script"))</script>
            <script>
            axe.run(document, {resultTypes: ["violations"]}).then(function (result) {
              document.documentElement.setAttribute("data-axe", JSON.stringify(result.violations.map(function (v) {
                return {id: v.id, impact: v.impact, nodes: v.nodes.map(function (n) { return n.target.join(" "); })};
              })));
            });
            </script>
            """
        try page.replacingOccurrences(of: "</body>", with: run + "</body>").write(
            toFile: path, atomically: true, encoding: .utf8)
        let dom = try renderedDOM(path)
        guard let start = dom.range(of: "data-axe=\""),
            let end = dom[start.upperBound...].firstIndex(of: "\"")
        else { return nil }
        let json = String(dom[start.upperBound..<end]).replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">")
        return try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]]
    }

    func checkPageInBrowser(_ path: String) throws {
        try #require(
            FileManager.default.isExecutableFile(atPath: Self.browser), "chromium-headless-shell: run make test-deps")
        try #require(
            Self.axe.contains("axe v4.12"), "axe.min.js 4.12: run make test-deps (scripts/axe-core .build/axe)")
        let page = try String(contentsOfFile: path, encoding: .utf8)
        // Loaded in the browser: the rendered tables and chart hold the numbers.
        let dom = try Self.renderedDOM(path)
        #expect(dom.contains("<caption>Each task across sessions: median, then range in brackets</caption>"))
        #expect(dom.contains("<th scope=\"row\">1. Find a café to the west and open it</th>"))
        #expect(dom.contains("<svg role=\"img\" aria-labelledby=\"chart-title chart-desc\""))
        #expect(dom.components(separatedBy: "<rect ").count - 1 == 2 + 7, "two swatches, seven bars: one task skipped")
        #expect(dom.contains("ben.jsonl: skipped"))
        #expect(dom.contains("<td>skipped</td>"))
        // axe-core finds nothing wrong with the page...
        let found = try Self.violations(of: page, at: path + ".axe.html")
        let violations = try #require(found, "axe-core did not report back")
        #expect(violations.isEmpty, "\(violations)")
        // ...and does find what is wrong with a page without a title, a language or a landmark.
        let bad = "<!DOCTYPE html><html><head></head><body><img src=\"x.png\"><p>Report</p></body></html>"
        let badViolations = try #require(try Self.violations(of: bad, at: path + ".bad.html"))
        let rules = Set(badViolations.compactMap { $0["id"] as? String })
        #expect(rules.isSuperset(of: ["document-title", "html-has-lang", "image-alt"]), "\(rules)")
    }

    @Test(arguments: [SIGTERM, SIGHUP])
    func aLoggedScriptKilledByASignalLeavesAValidLogWithItsEnd(signal: Int32) throws {
        let name = signal == SIGTERM ? "SIGTERM" : "SIGHUP"
        let folder = temporaryPath("killed-\(name)")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Self.tasks.write(toFile: "\(folder)/tasks.txt", atomically: true, encoding: .utf8)
        // Input that stays open, as a pipe whose writer waits.
        let running = try Program(
            ["--speech", "off", "--tasks", "\(folder)/tasks.txt", "--log", "\(folder)/log.jsonl"], input: .open
        ).start()
        running.send("find cafe")
        running.send("next")
        // Wait until both lines are in the log, then kill the session as it waits for more.
        waitUntil {
            ((try? String(contentsOfFile: "\(folder)/log.jsonl", encoding: .utf8)) ?? "").contains("\"number\":2")
        }
        running.signal(signal)
        // Killed by the signal, as a script without a log is.
        #expect(running.wait(timeout: Sanitizer.patience).end == .killed(signal))
        let log = try Self.jsonLines("\(folder)/log.jsonl")
        #expect(log.last?["event"] as? String == "end")
        #expect(log.last?["signal"] as? String == name)
        let report = try Program(["report", "\(folder)/log.jsonl"]).run()
        #expect(report.status == 0)
        #expect(report.stdout.contains("ended by \(name)"))
        #expect(report.stdout.contains("unfinished"))
    }

    @Test func badTasksFilesAndLogsAreRefusedWithTheirLine() throws {
        let folder = temporaryPath("bad")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "Go => select Nowhere Café\n".write(toFile: "\(folder)/tasks.txt", atomically: true, encoding: .utf8)
        let tasks = try Program(["--speech", "off", "--tasks", "\(folder)/tasks.txt"], input: .text("quit\n")).run()
        #expect(tasks.status == 65)
        #expect(tasks.stderr == "nearby-voice: \(folder)/tasks.txt:1: no place is named \"Nowhere Café\".\n")
        let missing = try Program(["--speech", "off", "--tasks", "\(folder)/none.txt"]).run()
        #expect(missing.status == 66)
        try #"{"t":0,"event":"start"}"#.appending("\n").write(
            toFile: "\(folder)/log.jsonl", atomically: true, encoding: .utf8)
        let log = try Program(["report", "\(folder)/log.jsonl"]).run()
        #expect(log.status == 65)
        #expect(log.stderr == "nearby-voice report: \(folder)/log.jsonl:1: missing \"places\".\n")
        let spanish = try Program(
            ["--speech", "off", "--language", "es", "--tasks", "\(folder)/tasks.txt"], input: .text("quit\n")
        ).run()
        #expect(spanish.stderr == "nearby-voice: \(folder)/tasks.txt:1: ningún lugar se llama «Nowhere Café».\n")
    }
}
