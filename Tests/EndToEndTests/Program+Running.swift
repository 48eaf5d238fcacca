import Foundation

extension Program {
    /// A started program: its process id, its input while it is open, what it printed so far,
    /// and `wait()` for its end. A `Running` dropped before its end kills the process.
    final class Running {
        let pid: pid_t
        let program: Program
        let began = Date()
        /// When each line was sent.
        private(set) var sent: [Date] = []
        /// The run's own folder: its input, output and errors.
        private let folder: String
        private var writer: Int32?
        /// The wait status and resource usage, once the process has been reaped.
        private var ended: (status: Int32, usage: rusage)?

        init(_ program: Program) throws {
            self.program = program
            folder = temporaryPath("run")
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            var standardInput = Stream.path("/dev/null")
            switch program.input {
            case .text(let text) where !text.isEmpty:
                try text.write(toFile: "\(folder)/stdin", atomically: false, encoding: .utf8)
                standardInput = .path("\(folder)/stdin")
            case .text: break
            case .typed, .open:
                var ends: [Int32] = [-1, -1]
                guard pipe(&ends) == 0 else { throw Failure(description: "pipe failed: \(errno)") }
                for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
                standardInput = .descriptor(ends[0])
                writer = ends[1]
                _ = ignoreBrokenPipes
            }
            let standardOutput: Stream =
                switch program.output {
                case .file: .path("\(folder)/stdout")
                case .descriptor(let descriptor): .descriptor(descriptor)
                }
            var argv = [program.executable] + program.arguments
            if let shell = program.shell {
                // `sh -c '<shell>; exec "$0" "$@"' PROGRAM ARGUMENT…`: limits set in the shell
                // apply to the program, which then replaces the shell.
                argv = ["/bin/sh", "-c", "\(shell); exec \"$0\" \"$@\""] + argv
            }
            if let directory = program.directory {
                argv = ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", directory.path] + argv
            }
            defer { if case .descriptor(let descriptor) = standardInput { close(descriptor) } }
            do {
                pid = try Self.spawn(
                    argv, environment: program.environment,
                    streams: [standardInput, standardOutput, .path("\(folder)/stderr")])
            } catch {
                if let writer { close(writer) }
                try? FileManager.default.removeItem(atPath: folder)
                throw error
            }
        }

        deinit {
            if ended == nil {
                kill(pid, SIGKILL)
                reap(blocking: true)
            }
            if let writer { close(writer) }
            try? FileManager.default.removeItem(atPath: folder)
        }

        /// Writes `line` and a newline to the program's input; when it was written.
        @discardableResult
        func send(_ line: String) -> Date {
            if let writer {
                let bytes = Array((line + "\n").utf8)
                var done = 0
                while done < bytes.count {
                    let count = bytes[done...].withUnsafeBytes { write(writer, $0.baseAddress, $0.count) }
                    if count < 0 && errno == EINTR { continue }
                    guard count > 0 else { break }
                    done += count
                }
            }
            let now = Date()
            sent.append(now)
            return now
        }

        /// Closes the program's input: it reads the end of it.
        func closeInput() {
            if let writer { close(writer) }
            writer = nil
        }

        /// Sends `signal` to the process.
        func signal(_ signal: Int32) { kill(pid, signal) }

        /// Whether the process has not ended yet.
        var isRunning: Bool {
            reap(blocking: false)
            return ended == nil
        }

        /// What the program has written to its standard output so far.
        var stdoutSoFar: String { Self.contents("\(folder)/stdout") }

        /// What the program has written to its standard error so far.
        var stderrSoFar: String { Self.contents("\(folder)/stderr") }

        /// Waits for the end, at most `timeout` seconds (the program's deadline when nil), then
        /// kills the process (SIGKILL).
        func wait(timeout: Double? = nil) -> Result {
            let deadline = Date().addingTimeInterval(timeout ?? program.timeout)
            var timedOut = false
            // From 1 ms, doubling to 20 ms: a short run is seen at once, a long one costs few wake-ups.
            var pause = 0.001
            while ended == nil {
                reap(blocking: false)
                guard ended == nil else { break }
                if Date() >= deadline {
                    timedOut = true
                    kill(pid, SIGKILL)
                    reap(blocking: true)
                    break
                }
                Thread.sleep(forTimeInterval: pause)
                pause = min(pause * 2, 0.02)
            }
            let (status, usage) = ended!
            return Result(
                end: End(status), stdout: stdoutSoFar, stderr: stderrSoFar,
                seconds: Date().timeIntervalSince(began), sent: sent, timedOut: timedOut,
                peakResidentKB: usage.ru_maxrss, transcriptPath: program.transcriptPath)
        }

        /// Reaps the process if it has ended (or, `blocking`, when it ends).
        private func reap(blocking: Bool) {
            guard ended == nil else { return }
            var status: Int32 = 0
            var usage = rusage()
            while true {
                let reaped = wait4(pid, &status, blocking ? 0 : WNOHANG, &usage)
                if reaped < 0 && errno == EINTR { continue }
                if reaped == pid { ended = (status, usage) }
                return
            }
        }

        private static func contents(_ path: String) -> String {
            String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
        }

        /// Where a child's standard stream comes from or goes: a file, or a descriptor of ours.
        private enum Stream {
            case path(String)
            case descriptor(Int32)
        }

        /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34), which the Glibc module
        /// leaves out (it is declared for _GNU_SOURCE only).
        private typealias AddCloseFrom =
            @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32)
            -> Int32
        private static let addCloseFrom: AddCloseFrom = {
            guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else {
                fatalError("glibc 2.34 or later is needed: no posix_spawn_file_actions_addclosefrom_np")
            }
            return unsafeBitCast(symbol, to: AddCloseFrom.self)
        }()

        /// Starts `argv` with its standard streams set, every other descriptor closed, no
        /// signal blocked and every signal's action the default.
        private static func spawn(_ argv: [String], environment: [String: String], streams: [Stream]) throws -> pid_t {
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            for (target, stream) in streams.enumerated() {
                switch stream {
                case .path(let path):
                    let flags = target == 0 ? O_RDONLY : O_WRONLY | O_CREAT | O_TRUNC
                    posix_spawn_file_actions_addopen(&actions, Int32(target), path, flags, 0o644)
                case .descriptor(let descriptor):
                    posix_spawn_file_actions_adddup2(&actions, descriptor, Int32(target))
                }
            }
            _ = addCloseFrom(&actions, 3)
            var attributes = posix_spawnattr_t()
            posix_spawnattr_init(&attributes)
            defer { posix_spawnattr_destroy(&attributes) }
            var none = sigset_t()
            var defaults = sigset_t()
            sigemptyset(&none)
            sigfillset(&defaults)
            posix_spawnattr_setsigmask(&attributes, &none)
            posix_spawnattr_setsigdefault(&attributes, &defaults)
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
            let cArguments = argv.map { strdup($0) } + [nil]
            let cEnvironment = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
            defer {
                for pointer in cArguments { free(pointer) }
                for pointer in cEnvironment { free(pointer) }
            }
            var pid: pid_t = 0
            let status = posix_spawn(&pid, argv[0], &actions, &attributes, cArguments, cEnvironment)
            guard status == 0 else {
                throw Failure(description: "cannot start \(argv[0]): \(String(cString: strerror(status)))")
            }
            return pid
        }
    }
}

/// A write to the input of a program that has ended fails (EPIPE) instead of killing the tests
/// with SIGPIPE. Children start with every signal's default action.
private let ignoreBrokenPipes: Void = { signal(SIGPIPE, SIG_IGN) }()
