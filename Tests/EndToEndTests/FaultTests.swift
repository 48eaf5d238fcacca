import Foundation
import Testing

/// Faults from the machine: standard output closed early, a full disk, SIGTERM and SIGHUP
/// during input and during speech (piped and at a terminal), and the audio server going away.
/// Each test asserts the exact message, the exit code, and that nothing already written is lost.
@Suite("Faults: closed output, full disk, signals, a lost audio device", .serialized)
struct FaultTests {
    // MARK: Helpers

    func temporaryFolder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "nv-fault-\(UUID().uuidString.prefix(8))"
        ).path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    /// A realistic script: searches, moves, reads, settings, history, errors.
    static func commands(_ count: Int) -> String {
        let mix = [
            "find cafe", "next", "read", "up", "select 1", "walk", "back", "history", "find pharmacy", "down",
            "set units imperial", "where", "frobnicate", "set units metric", "filter all", "clear",
        ]
        return (0..<count).map { mix[$0 % mix.count] }.joined(separator: "\n") + "\n"
    }

    /// Runs the program to its end (at most 120 s), its input `input`.
    static func run(_ arguments: [String], input: String, environment: [String: String] = [:], shell: String? = nil)
        throws -> Program.Result
    {
        var program = Program(arguments, environment: environment, input: .text(input), timeout: 120)
        // `ulimit` and `trap` in the shell apply to the program, which replaces it.
        program.shell = shell
        return try program.run()
    }

    /// A WAV file's header against its size: the header's sizes are exactly the file's (or
    /// short of it by less than one 20 ms chunk when the run was killed between the samples'
    /// write and the header's), and `soxi` reads it.
    static func checkWAV(_ path: String, exact: Bool) throws -> Int {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(data.count >= 44)
        func u32(_ at: Int) -> Int {
            Int(data[at]) | Int(data[at + 1]) << 8 | Int(data[at + 2]) << 16 | Int(data[at + 3]) << 24
        }
        #expect(String(decoding: data[0..<4], as: UTF8.self) == "RIFF")
        #expect(String(decoding: data[36..<40], as: UTF8.self) == "data")
        let dataBytes = u32(40)
        #expect(u32(4) == 36 + dataBytes)
        if exact {
            #expect(dataBytes == data.count - 44, "header says \(dataBytes) bytes, the file holds \(data.count - 44)")
        } else {
            #expect(dataBytes <= data.count - 44 && data.count - 44 - dataBytes <= 882 * 2)
        }
        let soxi = try Program(tool: "/usr/bin/soxi", ["-s", path]).run()
        #expect(soxi.end == .exited(0))
        #expect(Int(soxi.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) == dataBytes / 2)
        return dataBytes / 2
    }

    /// The process id of `nearby-voice` running in `terminal` (found by its own XDG_STATE_HOME).
    static func programPID(in terminal: Tmux) -> pid_t? {
        let marker = "XDG_STATE_HOME=\(terminal.folder.appendingPathComponent("state").path)"
        let executable = URL(fileURLWithPath: Program.executable).resolvingSymlinksInPath().path
        for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = pid_t(name),
                let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(name)/exe"),
                exe == executable,
                let environ = FileManager.default.contents(atPath: "/proc/\(name)/environ")
            else { continue }
            if environ.split(separator: 0).contains(where: { String(decoding: $0, as: UTF8.self) == marker }) {
                return pid
            }
        }
        return nil
    }

    // MARK: Standard output closed early

    /// `nearby-voice | head -1`: the reader goes after one line. The program stops at once,
    /// quietly, with 141 (the SIGPIPE convention), the screen's way and the transcript's.
    @Test(arguments: [[String](), ["--transcript", "-"]])
    func standardOutputClosedEarly(_ extra: [String]) throws {
        // Close-on-exec: a child started meanwhile by another test must not hold the read end,
        // or the pipe would never lose its reader.
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        var program = Program(["--speech", "off"] + extra, input: .text(Self.commands(20_000)), timeout: 60)
        program.output = .descriptor(ends[1])
        let running = try program.start()
        close(ends[1])
        // Read the first line, as `head -1` does, then close the pipe.
        var first: [UInt8] = []
        var byte: UInt8 = 0
        while read(ends[0], &byte, 1) == 1 && byte != UInt8(ascii: "\n") { first.append(byte) }
        close(ends[0])
        let result = running.wait()
        #expect(
            String(decoding: first, as: UTF8.self)
                == "3 places match \"cafe\". First, Rossio Espresso Bar, Café, 275 metres north, 4 minute walk.")
        #expect(result.end == .exited(141))
        #expect(result.stderr == "")
    }

    // MARK: A full disk

    /// /dev/full as the transcript or the WAV file: the exact message and 74. The device itself
    /// is opened in place, never replaced (FileManager.createFile used to rename a regular file
    /// over it).
    @Test(arguments: ["--transcript", "--wav"])
    func fullDiskFromTheStart(_ option: String) throws {
        let result = try Self.run(["--speech", "off", option, "/dev/full"], input: Self.commands(10))
        #expect(result.end == .exited(74))
        #expect(result.stderr == "nearby-voice: Cannot write /dev/full: cannot write: No space left on device.\n")
        let type = (try FileManager.default.attributesOfItem(atPath: "/dev/full"))[.type] as? FileAttributeType
        #expect(type == .typeCharacterSpecial)
    }

    /// A transcript or WAV path that cannot be opened for writing (a folder, a missing folder):
    /// the exact message and 74, before anything is announced.
    @Test(arguments: ["--transcript", "--wav"])
    func unwritableOutputFile(_ option: String) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let intoFolder = try Self.run(["--speech", "off", option, folder], input: Self.commands(3))
        #expect(intoFolder.end == .exited(74))
        #expect(intoFolder.stderr == "nearby-voice: Cannot write \(folder): Is a directory.\n")
        #expect(intoFolder.stdout == "")
        let missing = "\(folder)/missing/out"
        let intoNothing = try Self.run(["--speech", "off", option, missing], input: Self.commands(3))
        #expect(intoNothing.end == .exited(74))
        #expect(intoNothing.stderr == "nearby-voice: Cannot write \(missing): No such file or directory.\n")
    }

    /// The disk fills in the middle of a run (a file size limit, `ulimit -f`, with SIGXFSZ
    /// ignored: writes fail with EFBIG as they would with ENOSPC). The WAV keeps every sample
    /// written before, with a header that says exactly that; the transcript keeps whole lines,
    /// the first ones of what the screen showed; the message is exact and the code 74.
    @Test(.disabled(if: Sanitizer.thread, Sanitizer.fileSizeLimitReason))
    func diskFillsDuringTheRun() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // libpulse (loaded by espeak-ng) sizes a shared-memory pool with ftruncate, which the
        // file size limit also refuses, and says so on standard error: no shared memory here.
        try "enable-shm = no\nenable-memfd = no\nautospawn = no\n".write(
            toFile: "\(folder)/client.conf", atomically: true, encoding: .utf8)
        let env = ["PULSE_CLIENTCONFIG": "\(folder)/client.conf"]
        let limit = "ulimit -f 100; trap '' XFSZ"  // 51,200 bytes
        let wav = "\(folder)/said.wav"
        let transcript = "\(folder)/t.txt"

        let withWAV = try Self.run(
            ["--speech", "off", "--wav", wav], input: Self.commands(40), environment: env, shell: limit)
        #expect(withWAV.end == .exited(74))
        #expect(withWAV.stderr == "nearby-voice: Cannot write \(wav): cannot write: File too large.\n")
        let samples = try Self.checkWAV(wav, exact: true)
        #expect(samples > 10_000 && samples <= (51_200 - 44) / 2)

        let withText = try Self.run(
            ["--speech", "off", "--transcript", transcript], input: Self.commands(2_000), environment: env,
            shell: limit)
        #expect(withText.end == .exited(74))
        #expect(withText.stderr == "nearby-voice: Cannot write \(transcript): cannot write: File too large.\n")
        let kept = try String(contentsOfFile: transcript, encoding: .utf8)
        #expect(kept.hasSuffix("\n"))
        let keptLines = kept.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        let shown = withText.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(keptLines.count > 100)
        #expect(Array(shown.prefix(keptLines.count)) == Array(keptLines))
    }

    // MARK: SIGTERM and SIGHUP, piped

    /// Piped input keeps the default action of SIGTERM and SIGHUP: the process ends at once,
    /// killed by the signal (a shell says 143 or 129). The transcript holds whole lines, those
    /// shown, and the WAV header is valid.
    @Test(arguments: [SIGTERM, SIGHUP])
    func signalWhilePipedInputWaits(_ signal: Int32) throws {
        let wav = temporaryPath("said.wav")
        // Input that stays open, as a pipe whose writer waits.
        let running = try Program(["--speech", "off", "--wav", wav], input: .open).transcribed("text").start()
        let transcript = try #require(running.program.transcriptPath)
        for line in Self.commands(6).split(separator: "\n") { running.send(String(line)) }
        // Six commands, seven answers ("find cafe" lifts the sheet; the camera's flight after
        // "select 1" is not said with visuals off, so the text transcript leaves it out).
        #expect(
            waitUntil {
                (try? String(contentsOfFile: transcript, encoding: .utf8))?.split(separator: "\n").count ?? 0 >= 7
            })
        // The speech worker renders into the WAV behind the transcript: two seconds of it are
        // there (the header may lag a chunk behind the samples).
        #expect(waitUntil { fileSize(wav) > 44 + 2 * 22_050 * 2 })
        running.signal(signal)
        let result = running.wait(timeout: 10)
        #expect(result.end == .killed(signal))
        let kept = try result.transcriptText()
        #expect(kept == result.stdout)
        #expect(kept.split(separator: "\n").count == 7)
        // The worker may still be rendering the last answer: the header may lag one chunk.
        #expect(try Self.checkWAV(wav, exact: false) > 22_050)
        #expect(result.stderr == "")
    }

    /// Piped input while an answer is spoken live (a private PulseAudio null sink): SIGTERM or
    /// SIGHUP ends the process at once, killed by the signal. The WAV is valid (its header
    /// counts every sample but at most the last 20 ms chunk, written just before the header
    /// when the signal came), and the transcript holds every answer shown, whole lines, though
    /// the one speaking had not been heard to its end.
    @Test(arguments: [SIGTERM, SIGHUP])
    func signalWhilePipedInputIsSpoken(_ signal: Int32) throws {
        let server = try PulseServer()
        let wav = temporaryPath("said.wav")
        let running = try Program(
            ["--speech", "on", "--wav", wav], environment: server.environment, input: .text(Self.commands(16))
        ).transcribed("text").start()
        // A second and a half said: speech is in progress.
        #expect(waitUntil { fileSize(wav) > 44 + 22_050 * 3 })
        running.signal(signal)
        let result = running.wait(timeout: 10)
        #expect(result.end == .killed(signal))
        _ = try Self.checkWAV(wav, exact: false)
        let kept = try result.transcriptText()
        let shown = result.stdout
        #expect(!kept.isEmpty)
        #expect(kept == shown)
        #expect(shown.hasSuffix("\n"))
    }

    // MARK: SIGTERM and SIGHUP at a terminal

    /// At a terminal, SIGTERM or SIGHUP while a line is typed: the terminal is restored (the
    /// shell's `stty` check finds no raw mode), no goodbye, the history holds the lines entered,
    /// the transcript the answers, and the exit code is 128 + the signal (143, 129).
    @Test(arguments: [SIGTERM, SIGHUP])
    func signalAtTheTerminalDuringInput(_ signal: Int32) throws {
        let terminal = try Tmux()
        defer { terminal.close() }
        let transcript = terminal.folder.appendingPathComponent("t.txt").path
        try terminal.start(["--speech", "off", "--transcript", transcript])
        try terminal.waitForLastLine(">")
        try terminal.typeLine("find cafe")
        try terminal.waitFor("the answer") { $0.contains { $0.hasPrefix("3 places match") } }
        try terminal.waitForLastLine(">")
        try terminal.type("nex")
        try terminal.waitForLastLine("> nex")
        let pid = try #require(Self.programPID(in: terminal))
        kill(pid, signal)
        #expect(try terminal.waitForExit() == 128 + signal)
        let screen = try terminal.screen()
        #expect(!screen.contains("raw terminal"))
        #expect(!screen.contains { $0.contains("Goodbye") })
        #expect(try String(contentsOfFile: terminal.historyPath, encoding: .utf8) == "find cafe\n")
        let kept = try String(contentsOfFile: transcript, encoding: .utf8).split(separator: "\n")
        #expect(kept.first?.hasPrefix("Nearby: ") == true)
        #expect(kept.dropFirst().first?.hasPrefix("3 places match \"cafe\"") == true)
        #expect(kept.last == "Sheet at full height.")
        #expect(kept.count == 3)
    }

    /// At a terminal, SIGTERM or SIGHUP while an answer is being spoken (live, to a private
    /// PulseAudio null sink): speech stops, the terminal is restored, the WAV file is valid and
    /// complete up to where speech stopped, the transcript keeps the answer (marked cut off),
    /// and the exit code is 128 + the signal.
    @Test(arguments: [SIGTERM, SIGHUP])
    func signalAtTheTerminalDuringSpeech(_ signal: Int32) throws {
        let server = try PulseServer()
        let terminal = try Tmux()
        defer { terminal.close() }
        let wav = terminal.folder.appendingPathComponent("said.wav").path
        let transcript = terminal.folder.appendingPathComponent("t.jsonl").path
        try terminal.start(
            ["--speech", "on", "--wav", wav, "--format", "jsonl", "--transcript", transcript],
            environment: ["PULSE_SERVER": server.address])
        try terminal.waitForLastLine(">")
        // The greeting is said (its transcript entry waits for the next line): the WAV grows, then
        // stays the same for half a second.
        var greeting = 0
        #expect(
            waitUntil(timeout: 20) {
                let size = fileSize(wav)
                defer { greeting = size }
                Thread.sleep(forTimeInterval: 0.5)
                return size > 44 && size == greeting && fileSize(wav) == size
            })
        try terminal.typeLine("help")
        // Half a second of the answer has been said: speech is in progress.
        #expect(waitUntil { fileSize(wav) > greeting + 22_050 })
        let pid = try #require(Self.programPID(in: terminal))
        kill(pid, signal)
        #expect(try terminal.waitForExit() == 128 + signal)
        #expect(try !terminal.screen().contains("raw terminal"))
        _ = try Self.checkWAV(wav, exact: true)
        #expect(try String(contentsOfFile: terminal.historyPath, encoding: .utf8) == "help\n")
        let kept = try String(contentsOfFile: transcript, encoding: .utf8).split(separator: "\n")
        #expect(kept.count == 2)
        #expect(kept.last?.contains("\"interrupted\"") == true)
    }

    // MARK: The audio device gone

    /// The audio server is killed while a script is being spoken: no hang, one notice on
    /// standard error, and the session goes on in text: every answer printed, the WAV complete.
    @Test func audioDeviceGoneMidSession() throws {
        let server = try PulseServer()
        let wav = temporaryPath("said.wav")
        let input = Self.commands(16)
        let running = try Program(
            ["--speech", "on", "--wav", wav], environment: server.environment, input: .text(input)
        )
        .start()
        // One second said, then the server goes.
        #expect(waitUntil { fileSize(wav) > 44 + 22_050 * 2 })
        let pidFile = server.folder.appendingPathComponent("runtime/pulse/pid").path
        let daemon = try #require(
            pid_t(try String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        kill(daemon, SIGKILL)
        let result = running.wait(timeout: 60)
        #expect(result.end == .exited(0))
        #expect(
            result.stderr == "The audio device stopped working, so nothing more will be spoken; answers are printed.\n")
        _ = try Self.checkWAV(wav, exact: true)
        // Every answer was printed, as a run without speech prints them.
        let text = try Self.run(["--speech", "off"], input: input)
        #expect(result.stdout == text.stdout)
    }
}

/// The sanitizer this test process was built with (`swift test --sanitize=…` instruments the
/// program it starts too).
enum Sanitizer {
    /// Whether ThreadSanitizer's runtime is loaded (RTLD_DEFAULT is a null handle on glibc).
    static let thread = dlsym(nil, "__tsan_init") != nil

    /// Whether AddressSanitizer's runtime is loaded.
    static let address = dlsym(nil, "__asan_init") != nil

    /// How long a wait for the program may take: instrumented programs start and run several
    /// times slower, and the suites run side by side on two cores.
    static let patience: Double = thread || address ? 60 : 15

    /// How far apart two moments of live speech may be heard: an instrumented program and its
    /// speech server, with the suites side by side on two cores, answer up to a second late
    /// (0.52 s was seen under AddressSanitizer where the plain build's 0.4 s holds).
    static let speechSlack: Double = thread || address ? 1.0 : 0.4

    /// Why the full-disk-mid-run test cannot run under ThreadSanitizer.
    static let fileSizeLimitReason: Comment = """
        Under ThreadSanitizer a file size limit (ulimit -f, RLIMIT_FSIZE, how this test fills \
        the disk) kills the instrumented program at start-up with SIGBUS inside the TSan \
        runtime, before it opens any file: the test cannot observe the program.
        """
}
