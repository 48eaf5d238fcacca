import Foundation

/// The one way tests start a program: the built `nearby-voice`, or (`tool:`) a helper such as
/// soxi, tmux or a private sound server. Say the arguments, what to add to the environment, the
/// standard input, the working folder and a deadline; `run()` gives back how it ended, what it
/// printed and its transcript, and `start()` a `Running` process to drive while it runs.
///
/// Every start is the same: `posix_spawn` with no signal blocked and every action at its
/// default (Foundation's `Process` starts children with SIGINT, SIGTERM and SIGHUP blocked when
/// run from the test runner, so such a child could never be stopped by a signal); every
/// descriptor but the standard three closed (tests run side by side: a daemon that held another
/// test's pipe would keep that test's read from ending); standard output and error into files of
/// the run's own, so that no child ever waits on a full pipe and no daemon holds one open.
struct Program: Sendable {
    /// The built `nearby-voice`, beside the test bundle.
    static let executable: String = {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var folder = bundle.deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("nearby-voice").path),
            folder.path != "/"
        {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent("nearby-voice").path
    }()

    /// The environment every program starts from: the test runner's, without an audio server
    /// (PulseAudio's socket points nowhere), without the user's accessibility preferences and
    /// outside any tmux the tests were started in.
    static var baseEnvironment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["PULSE_SERVER"] = "unix:/nonexistent/nearby-voice-test"
        // Markers of the test's own (none): never the user's `~/.local/share/nearby-voice`.
        environment["XDG_DATA_HOME"] = temporaryPath("data")
        for name in ["NEARBY_VOICE_REDUCE_MOTION", "NEARBY_VOICE_REDUCE_TRANSPARENCY", "TMUX"] {
            environment.removeValue(forKey: name)
        }
        return environment
    }

    /// What the program reads on its standard input.
    enum Input: Sendable {
        /// A file holding the text (nothing: /dev/null), read to its end.
        case text(String)
        /// A pipe: each line written after its pause, as a person types (`Result.sent` says when);
        /// closed after the last.
        case typed([(pause: Double, text: String)])
        /// A pipe the test writes to (`Running.send`) and closes (`Running.closeInput`); it stays
        /// open, as a terminal's would, until then.
        case open
    }

    /// Where the program's standard output goes.
    enum Output: Sendable {
        /// A file of the run's own, read into `Result.stdout`.
        case file
        /// A descriptor of the test's (a pipe it reads itself); `Result.stdout` is empty.
        case descriptor(Int32)
    }

    var executable: String
    var arguments: [String]
    /// The whole environment: `baseEnvironment` with the additions given. Set a variable to nil
    /// to start without it.
    var environment: [String: String]
    var input: Input
    var output: Output = .file
    /// The working folder; the test runner's when nil.
    var directory: URL?
    /// Seconds the program may run before it is killed (SIGKILL); `Result.timedOut` says so.
    var timeout: Double
    /// Shell commands run before the program in its own process (`ulimit -f 100`, `trap '' XFSZ`).
    var shell: String?
    /// Where `--transcript` writes, when `transcribed` asked for one.
    private(set) var transcriptPath: String?

    /// The program to start: `nearby-voice`, or `tool`.
    init(
        tool: String? = nil, _ arguments: [String] = [], environment additions: [String: String] = [:],
        input: Input = .text(""), directory: URL? = nil, timeout: Double = 300
    ) {
        executable = tool ?? Self.executable
        self.arguments = arguments
        environment = Self.baseEnvironment.merging(additions) { $1 }
        self.input = input
        self.directory = directory
        self.timeout = timeout
    }

    /// The same program with `--format FORMAT --transcript PATH` added, PATH a new file among the
    /// tests' files; `Result.transcript()` reads it.
    func transcribed(_ format: String = "jsonl") -> Program {
        var program = self
        let path = temporaryPath("transcript.\(format == "jsonl" ? "jsonl" : "txt")")
        program.arguments += ["--format", format, "--transcript", path]
        program.transcriptPath = path
        return program
    }

    /// Runs the program to its end (or its deadline), feeding its input.
    func run() throws -> Result {
        let running = try start()
        if case .typed(let lines) = input {
            for line in lines {
                Thread.sleep(forTimeInterval: line.pause)
                running.send(line.text)
            }
            running.closeInput()
        }
        return running.wait()
    }

    /// Starts the program and returns at once.
    func start() throws -> Running { try Running(self) }

    /// The program as one `sh` command line, for a terminal to run (tmux, script(1)):
    /// `env -u NAME… NAME=VALUE… PROGRAM ARGUMENT…`, the variables those where `environment`
    /// differs from the test runner's.
    var commandLine: String {
        let inherited = ProcessInfo.processInfo.environment
        let unset = inherited.keys.filter { environment[$0] == nil }.sorted().flatMap { ["-u", $0] }
        let set = environment.filter { inherited[$0.key] != $0.value }.sorted { $0.key < $1.key }.map {
            "\($0.key)=\($0.value)"
        }
        return (["env"] + unset + set + [executable] + arguments).map(Self.quoted).joined(separator: " ")
    }

    /// `text` quoted for `sh`.
    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// How a process ended: its exit code, or the signal that killed it.
    enum End: Equatable, Sendable {
        case exited(Int32)
        case killed(Int32)

        /// From a `wait` status.
        init(_ status: Int32) {
            self = status & 0x7F == 0 ? .exited((status >> 8) & 0xFF) : .killed(status & 0x7F)
        }
    }

    /// What a run gave back.
    struct Result: Sendable {
        var end: End
        var stdout: String
        var stderr: String
        /// Seconds from the start to the end.
        var seconds: Double
        /// When each line of `.typed` input (or each `Running.send`) was written.
        var sent: [Date]
        /// Whether the deadline ran out and the program was killed.
        var timedOut: Bool
        /// The peak resident size in kB (`ru_maxrss`, from wait4). It counts this test
        /// process's own memory up to the exec too (Linux keeps the high-water mark of the memory
        /// a child starts from), so it is the program's only while this process is the smaller:
        /// LongSessionTests measures through a small parent of its own.
        var peakResidentKB: Int
        /// The transcript's file, when the program was `transcribed`.
        var transcriptPath: String?

        /// The exit code, or 128 + the signal that killed it (as a shell says).
        var status: Int32 {
            switch end {
            case .exited(let code): code
            case .killed(let signal): 128 + signal
            }
        }

        /// The transcript's JSON Lines, each an object.
        func transcript() throws -> [[String: Any]] {
            try jsonLines(try transcriptText())
        }

        /// The transcript's text.
        func transcriptText() throws -> String {
            guard let transcriptPath else { throw Failure(description: "the program was not transcribed") }
            return try String(contentsOfFile: transcriptPath, encoding: .utf8)
        }
    }

    struct Failure: Error, CustomStringConvertible { let description: String }
}

/// Each line of `text` as a JSON object.
func jsonLines(_ text: String) throws -> [[String: Any]] {
    try text.split(separator: "\n").map {
        guard let object = try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] else {
            throw Program.Failure(description: "not a JSON object: \($0)")
        }
        return object
    }
}

/// A line diff of expected against actual, for a readable failure.
func lineDiff(expected: [String], actual: [String]) -> String {
    var lines: [String] = []
    for index in 0..<max(expected.count, actual.count) {
        let e = index < expected.count ? expected[index] : nil
        let a = index < actual.count ? actual[index] : nil
        if e == a {
            lines.append("  \(e!)")
        } else {
            if let e { lines.append("- \(e)") }
            if let a { lines.append("+ \(a)") }
        }
    }
    return lines.joined(separator: "\n")
}
