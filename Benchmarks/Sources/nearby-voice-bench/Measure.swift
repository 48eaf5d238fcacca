import Foundation
import Glibc

/// Clocks, memory and child processes for the benchmark.
enum Measure {
    /// Seconds on the monotonic clock.
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// CPU seconds of this process, every thread (user and system).
    static func cpuNow() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// The value below which `fraction` of the measurements fall (nearest rank): 0.99 is p99.
    static func percentile(_ values: [Double], _ fraction: Double) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        let rank = Int((fraction * Double(sorted.count)).rounded(.up))
        return sorted[max(0, min(sorted.count - 1, rank - 1))]
    }

    /// Each of `runs` runs of `body`: its wall and CPU seconds.
    static func samples(runs: Int, _ body: () -> Void) -> [(wall: Double, cpu: Double)] {
        (0..<runs).map { _ in
            let cpu = cpuNow()
            let start = now()
            body()
            return (now() - start, cpuNow() - cpu)
        }
    }

    /// The median of some measurements.
    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        return sorted.count % 2 == 1
            ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    /// The median time of `runs` runs of `body`, in seconds.
    static func time(runs: Int, _ body: () -> Void) -> Double {
        median(
            (0..<runs).map { _ in
                let start = now()
                body()
                return now() - start
            })
    }

    /// A line of /proc/self/status in kilobytes: "VmHWM" (the peak resident size) or "VmRSS".
    static func status(_ key: String) -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in text.split(separator: "\n") where line.hasPrefix(key + ":") {
            return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "0") ?? 0
        }
        return 0
    }

    struct Child {
        var seconds: Double
        /// The child's peak resident size (wait4's ru_maxrss), in kilobytes.
        var peakKB: Int
        /// User and system CPU time, in seconds: above `seconds` when threads ran side by side.
        var cpuSeconds: Double
        var status: Int32
        var output: String
    }

    /// Runs `arguments` (found on PATH) with standard input from /dev/null, its output kept,
    /// and tells its time, CPU and peak memory.
    ///
    /// It is started by a fresh copy of this program (`measure`), which starts it in turn and
    /// waits for it with wait4. Started straight from here, its peak would be this process's:
    /// posix_spawn shares the parent's memory until exec, and exec(2) keeps the old memory's
    /// high-water mark in the new program's ru_maxrss, so a child of a bench holding a million
    /// places reported the bench's own 412 MB. The copy is small when it starts its child.
    static func run(_ arguments: [String], input: String = "/dev/null") -> Child {
        let outputPath = "/tmp/nearby-voice-bench-\(getpid()).out"
        let resultPath = "/tmp/nearby-voice-bench-\(getpid()).result"
        defer {
            unlink(outputPath)
            unlink(resultPath)
        }
        let trampoline = spawnAndWait(
            [CommandLine.arguments[0], "measure", resultPath] + arguments,
            files: (input: input, output: outputPath, error: "/dev/null"))
        let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        let fields = ((try? String(contentsOfFile: resultPath, encoding: .utf8)) ?? "").split(separator: " ")
        guard trampoline.status == 0, fields.count == 4, let seconds = Double(fields[0]), let peakKB = Int(fields[1]),
            let cpu = Double(fields[2]), let status = Int32(fields[3])
        else { return Child(seconds: .nan, peakKB: 0, cpuSeconds: .nan, status: -1, output: output) }
        return Child(seconds: seconds, peakKB: peakKB, cpuSeconds: cpu, status: status, output: output)
    }

    /// `run`, with standard input held open for `seconds` and nothing written to it (a FIFO), so
    /// that the program lives that long before its input ends: what a session does after its
    /// greeting on threads of its own (the words' and Tab's indexes) counts in its peak.
    static func run(_ arguments: [String], holdingInputFor seconds: Double) -> Child {
        let fifo = "/tmp/nearby-voice-bench-\(getpid()).fifo"
        unlink(fifo)
        guard mkfifo(fifo, 0o600) == 0 else {
            return Child(seconds: .nan, peakKB: 0, cpuSeconds: .nan, status: -1, output: "")
        }
        defer { unlink(fifo) }
        // The child's open of the FIFO waits for this writer, and the writer's for the child.
        let writer = Thread {
            let descriptor = open(fifo, O_WRONLY)
            usleep(UInt32(seconds * 1_000_000))
            if descriptor >= 0 { close(descriptor) }
        }
        writer.start()
        return run(arguments, input: fifo)
    }

    /// `nearby-voice-bench measure RESULT PROGRAM ARGS...`: runs the program with this
    /// process's standard input, output and error, and writes "seconds peakKB cpuSeconds status"
    /// to RESULT.
    static func measureChild(_ arguments: [String]) -> Int32 {
        guard arguments.count >= 2 else { return 64 }
        let child = spawnAndWait(Array(arguments.dropFirst()), files: nil)
        let line = "\(child.seconds) \(child.peakKB) \(child.cpuSeconds) \(child.status)"
        guard FileManager.default.createFile(atPath: arguments[0], contents: Data(line.utf8)) else { return 74 }
        return 0
    }

    /// posix_spawnp of `arguments`, its standard files opened from `files` (or inherited), then
    /// wait4: wall time, CPU time, ru_maxrss and the status.
    private static func spawnAndWait(_ arguments: [String], files: (input: String, output: String, error: String)?)
        -> Child
    {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let files {
            posix_spawn_file_actions_addopen(&actions, 0, files.input, O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, files.output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            posix_spawn_file_actions_addopen(&actions, 2, files.error, O_WRONLY, 0)
        }
        let argv = arguments.map { strdup($0) } + [nil]
        let environment = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in environment { free(pointer) }
        }
        var pid: pid_t = 0
        let start = now()
        let spawned = posix_spawnp(&pid, arguments[0], &actions, nil, argv, environment)
        guard spawned == 0 else { return Child(seconds: .nan, peakKB: 0, cpuSeconds: .nan, status: -1, output: "") }
        var status: Int32 = 0
        var usage = rusage()
        _ = wait4(pid, &status, 0, &usage)
        let seconds = now() - start
        let cpu =
            Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(
                usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        return Child(seconds: seconds, peakKB: Int(usage.ru_maxrss), cpuSeconds: cpu, status: status, output: "")
    }

    /// Whether a program is on PATH.
    static func available(_ program: String) -> Bool {
        run(["sh", "-c", "command -v \(program)"]).status == 0
    }
}
