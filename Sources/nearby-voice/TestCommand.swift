import Announcer
import Foundation
import NearbyCore
import ScenarioFormat
import ShellParsing
import SystemCalls
import TextFormats
import Words

/// `nearby-voice test [--record] [--junit FILE] [--jobs N] PATH...` (`Subcommand.test` declares
/// its arguments): runs `.nvtest` files, each in a fresh session with speech off, and compares
/// what was announced with what the file expects.
enum TestCommand {

    /// What became of one test file.
    struct Outcome {
        enum Verdict { case passed, failed, recorded, malformed }
        var path: String
        var verdict: Verdict
        /// The diff, or the malformed file's message.
        var details: [String] = []
        var seconds: Double = 0
    }

    /// The runner's own words are English: its report lines (PASS, FAIL, "N passed, N failed")
    /// are a format that CI reads, and its errors name files and options.
    static let words = Catalog.builtIn(.english)

    static func run(_ arguments: SubcommandArguments) throws(Failure) -> ExitCode {
        var record = arguments.isOn(.record)
        let jobs = arguments[.jobs].flatMap { Int($0) } ?? 1
        let environment = ProcessInfo.processInfo.environment
        if record, let ci = environment["CI"], !ci.isEmpty {
            FileHandle.standardError.write(Data("nearby-voice: \(words.text(.testCiNoRecord))\n".utf8))
            record = false
        }
        let files = try testFiles(arguments.operands)
        // OpenStreetMap extracts the scenarios name are imported into a cache of this run's own.
        let cache =
            NSTemporaryDirectory()
            + "nearby-voice-test-cache-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))"
        PlacesOpening.testCacheFolder = cache
        MarkerKeeper.testFolder = cache
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let outcomes = runAll(files, record: record, jobs: jobs)
        var passed = 0
        var failed = 0
        var malformed = 0
        for outcome in outcomes {
            switch outcome.verdict {
            case .passed:
                passed += 1
                print("PASS \(outcome.path)")
            case .failed:
                failed += 1
                print("FAIL \(outcome.path)")
                print("--- \(outcome.path) (expected)\n+++ \(outcome.path) (announced)")
                for detail in outcome.details { print(detail) }
            case .recorded:
                failed += 1
                print("RECORDED \(outcome.path): \(words.text(.testRecorded))")
            case .malformed:
                malformed += 1
                failed += 1
                print("ERROR \(outcome.details.first ?? outcome.path)")
            }
        }
        print("\(passed) passed, \(failed) failed")
        if let junit = arguments[.junit] {
            // Into a new file renamed over the old: a killed run leaves the old report whole.
            do { try FileSystem.replace(junit, with: Array(junitXML(outcomes).utf8)) } catch {
                throw Failure(.cannotWrite, words.text(.outputCannotWrite(file: junit, reason: error.reason)))
            }
        }
        if malformed > 0 { return .usage }
        return failed > 0 ? .testFailed : .success
    }

    /// The files named, and every `*.nvtest` under the folders named, sorted.
    static func testFiles(_ paths: [String]) throws(Failure) -> [String] {
        var files: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw Failure(.noInput, words.text(.testNoSuchPath(path: path)))
            }
            if !isDirectory.boolValue {
                files.append(path)
                continue
            }
            let found = (FileManager.default.enumerator(atPath: path)?.allObjects as? [String] ?? [])
                .filter { $0.hasSuffix(".nvtest") }
                .sorted()
                .map { (path as NSString).appendingPathComponent($0) }
            files += found
        }
        guard !files.isEmpty else {
            throw Failure(.noInput, words.text(.testNoFiles(paths: paths.joined(separator: ", "))))
        }
        return files
    }

    /// Runs the files on `jobs` threads; the outcomes come back in the files' order.
    static func runAll(_ files: [String], record: Bool, jobs: Int) -> [Outcome] {
        let results = ResultSlots(count: files.count)
        let workers = min(jobs, files.count)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            for index in stride(from: worker, to: files.count, by: workers) {
                results.set(index, runFile(files[index], record: record))
            }
        }
        return results.values
    }

    /// Collects outcomes from several threads.
    final class ResultSlots: @unchecked Sendable {
        private var slots: [Outcome?]
        private let lock = NSLock()
        init(count: Int) { slots = Array(repeating: nil, count: count) }
        func set(_ index: Int, _ outcome: Outcome) { lock.withLock { slots[index] = outcome } }
        var values: [Outcome] { lock.withLock { slots.compactMap { $0 } } }
    }

    static func runFile(_ path: String, record: Bool) -> Outcome {
        let start = Date()
        var outcome = check(path, record: record)
        outcome.seconds = Date().timeIntervalSince(start)
        return outcome
    }

    static func check(_ path: String, record: Bool) -> Outcome {
        func malformed(_ line: Int?, _ message: String) -> Outcome {
            Outcome(path: path, verdict: .malformed, details: ["\(path)\(line.map { ":\($0)" } ?? ""): \(message)"])
        }
        let data: Data
        do { data = Data(try FileContents(path: path).array) } catch {
            return malformed(nil, words.text(.testCannotRead(reason: error.reason)))
        }
        let text: String
        do { text = try TextFile(decoding: data, name: path).text } catch {
            return malformed(error.location.line, words.text(.testNotUtf8))
        }
        let scenario: Scenario
        let patterns: [String: NSRegularExpression]
        do {
            scenario = try Scenario.parse(text)
            patterns = try scenario.compiledPatterns()
        } catch {
            return malformed(error.line, error.message)
        }
        guard !scenario.steps.isEmpty else { return malformed(nil, words.text(.testNoCommands)) }
        let announced: [[String]]
        do { announced = try announcements(of: scenario, at: path) } catch {
            return malformed(scenario.optionsLine, error.message)
        }
        let passed =
            !scenario.hasNoExpectations
            && zip(scenario.steps, announced).allSatisfy {
                Scenario.matches($0.expectations, $1, patterns: patterns)
            }
        if passed { return Outcome(path: path, verdict: .passed) }
        let recorded = scenario.recorded(announced, patterns: patterns)
        if record {
            let body = recorded.joined(separator: "\n") + "\n"
            // Into a new file renamed over the old, with its mode: a killed run leaves it whole.
            do { try FileSystem.replace(path, with: Array(body.utf8)) } catch {
                return malformed(nil, words.text(.testCannotRecord(reason: error.reason)))
            }
            return Outcome(path: path, verdict: .recorded)
        }
        let diff = LineDiff.unified(expected: scenario.lines, actual: recorded)
        return Outcome(
            path: path, verdict: .failed, details: diff.isEmpty ? [words.text(.testNoExpectations)] : diff)
    }

    /// Runs the scenario's commands in a fresh session with speech off; the announcements of
    /// each command, in order.
    static func announcements(of scenario: Scenario, at path: String) throws(Failure) -> [[String]] {
        var options = Options()
        try Options.parse(scenario.options, into: &options)
        guard options.scriptPath == nil else { throw Failure(.usage, words.text(.testNoScript)) }
        options.speech = .off
        // A test's transcript never depends on the day: "open now" only with `--clock`.
        options.usesSystemClock = false
        // Files the options name are found beside the test file.
        func besideTheTest(_ file: String?) -> String? {
            guard let file, !file.hasPrefix("/") else { return file }
            return ((path as NSString).deletingLastPathComponent as NSString).appendingPathComponent(file)
        }
        options.placesPath = besideTheTest(options.placesPath)
        options.routePath = besideTheTest(options.routePath)
        options.tasksPath = besideTheTest(options.tasksPath)
        options.settings.stringsFile = besideTheTest(options.settings.stringsFile)
        // And so are those its commands name (set places FILE), though named as typed.
        options.filesFolder = (path as NSString).deletingLastPathComponent
        var collected = Array(repeating: [String](), count: scenario.steps.count)
        let reader = CommandListReader(scenario.steps.map(\.command))
        // A walked route waits for the last command, and its reports come at once: its
        // callouts, which no line caused, are the last command's, the same every run.
        options.routeAfterInput = true
        let session = try Session(options: options, reader: reader) { entry in
            if entry.line >= 1 && entry.line <= collected.count {
                collected[entry.line - 1].append(scenarioLine(entry.announcement))
            } else if entry.line == 0, entry.announcement.kind == .callout, reader.linesRead >= 1 {
                collected[min(reader.linesRead, collected.count) - 1].append(scenarioLine(entry.announcement))
            }
        }
        _ = try session.run()
        return collected
    }

    /// An announcement as a scenario states it: its text, and, when it is heard from a place
    /// (`--spatial`), ` @ ` and its bearing in degrees relative to the heading, or each part's
    /// (`-` for a centred one): `Harbor Coffee, … @ -104`.
    static func scenarioLine(_ announcement: Announcement) -> String {
        if let bearing = announcement.bearing { return announcement.text + " @ \(Int(bearing.rounded()))" }
        guard !announcement.parts.isEmpty else { return announcement.text }
        let bearings = announcement.parts.map { $0.bearing.map { String(Int($0.rounded())) } ?? "-" }
        return announcement.text + " @ " + bearings.joined(separator: " ")
    }

    static func junitXML(_ outcomes: [Outcome]) -> String {
        let failures = outcomes.filter { $0.verdict == .failed || $0.verdict == .recorded }.count
        let errors = outcomes.filter { $0.verdict == .malformed }.count
        let total = outcomes.reduce(0) { $0 + $1.seconds }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml +=
            "<testsuite name=\"nearby-voice\" tests=\"\(outcomes.count)\" failures=\"\(failures)\" errors=\"\(errors)\" time=\"\(String(format: "%.3f", total))\">\n"
        for outcome in outcomes {
            let name = XMLText.escaped(outcome.path)
            xml +=
                "  <testcase classname=\"nvtest\" name=\"\(name)\" time=\"\(String(format: "%.3f", outcome.seconds))\""
            switch outcome.verdict {
            case .passed: xml += "/>\n"
            case .failed, .recorded:
                let message = outcome.verdict == .recorded ? "recorded; run again" : "announcements differ"
                xml +=
                    ">\n    <failure message=\"\(message)\">\(XMLText.escaped(outcome.details.joined(separator: "\n")))</failure>\n  </testcase>\n"
            case .malformed:
                xml += ">\n    <error message=\"\(XMLText.escaped(outcome.details.first ?? ""))\"/>\n  </testcase>\n"
            }
        }
        return xml + "</testsuite>\n"
    }
}

/// The commands of a test, one a line, as a script would give them.
final class CommandListReader: LineReader {
    private var commands: [String]
    private var index = 0
    let isInteractive = false
    let lineSource = "script"
    var events = LineEvents()

    init(_ commands: [String]) { self.commands = commands }

    /// How many commands were read so far.
    var linesRead: Int { index }

    func nextLine() -> String? {
        guard index < commands.count else { return nil }
        defer { index += 1 }
        return commands[index]
    }
}
