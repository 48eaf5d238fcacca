import Foundation
import Testing

/// A long live session keeps flat memory: 20,000 commands spoken to a real sound server (a
/// private PulseAudio's null sink), read as fast as they come (`--pace none`), without a log,
/// so that nobody reads speech's timings. The resident size after the first 2,000 commands and
/// at the end is the same within 1 MB. `NEARBY_VOICE_SOAK_COMMANDS` sets another count.
@Suite("Live sessions: flat memory with speech")
struct LiveSoakTests {
    /// The commands of the run, 20,000 unless the environment says otherwise.
    static let count = ProcessInfo.processInfo.environment["NEARBY_VOICE_SOAK_COMMANDS"].flatMap { Int($0) } ?? 20_000

    /// Watches the program's output for the answers to marker commands (`zzmark1` is unknown:
    /// its answer says so), which tell that every command before it was done.
    final class Markers: @unchecked Sendable {
        private let condition = NSCondition()
        private var seen: Set<Int> = []
        private var ended = false

        /// Reads `handle` to its end on a thread of its own.
        func watch(_ handle: FileHandle) {
            Thread.detachNewThread { [self] in
                var pending = Data()
                while true {
                    let data = handle.availableData
                    if data.isEmpty { break }
                    pending += data
                    while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                        let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                        pending = Data(pending[(newline + 1)...])
                        if line.hasPrefix("Unknown command zzmark"),
                            let number = Int(line.dropFirst("Unknown command zzmark".count).prefix { $0.isNumber })
                        {
                            condition.withLock {
                                seen.insert(number)
                                condition.broadcast()
                            }
                        }
                    }
                }
                condition.withLock {
                    ended = true
                    condition.broadcast()
                }
            }
        }

        /// Waits for marker `number`'s answer; false when the output ended or time ran out first.
        func wait(for number: Int, seconds: Double) -> Bool {
            let deadline = Date().addingTimeInterval(seconds)
            return condition.withLock {
                while !seen.contains(number) && !ended {
                    if !condition.wait(until: deadline) { break }
                }
                return seen.contains(number)
            }
        }
    }

    /// The process's resident size in kB (VmRSS).
    static func residentKB(_ pid: Int32) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") }
        return line.flatMap { Int($0.split(separator: " ", omittingEmptySubsequences: true)[1]) }
    }

    /// Under the sanitizers the resident size is the sanitizer's as much as the program's (see
    /// `LongSessionTests`): measured unsanitized only.
    @Test(
        .disabled(
            if: Sanitizer.thread || Sanitizer.address,
            "the sanitizers' own memory grows with the addresses touched and the allocations made"))
    func twentyThousandSpokenCommandsKeepTheMemoryOfTheFirstTwoThousand() throws {
        let server = try PulseServer()
        let errors = temporaryPath("soak-stderr.txt")
        #expect(FileManager.default.createFile(atPath: errors, contents: nil))
        defer { try? FileManager.default.removeItem(atPath: errors) }
        let process = Process()
        process.executableURL = BinaryRunner.executable
        process.arguments = ["--speech", "on", "--pace", "none"]
        process.environment = server.environment
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errors))
        try process.run()
        let markers = Markers()
        markers.watch(output.fileHandleForReading)
        let commands = FaultTests.commands(Self.count).split(separator: "\n").map(String.init)
        let first = min(2_000, commands.count)
        var resident: [Int] = []
        for (number, part) in [commands[..<first], commands[first...]].enumerated() {
            input.fileHandleForWriting.write(Data((part.joined(separator: "\n") + "\nzzmark\(number + 1)\n").utf8))
            try #require(markers.wait(for: number + 1, seconds: 300), "no answer to marker \(number + 1)")
            resident.append(try #require(Self.residentKB(process.processIdentifier)))
        }
        input.fileHandleForWriting.write(Data("quit\n".utf8))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        // Spoken live: no word of a missing device, nor anything else.
        #expect(try String(contentsOfFile: errors, encoding: .utf8) == "")
        // Measured: the same to 4 kB (debug build). Keeping each announcement's timing for a
        // log that is not there (issue 22) added 1.6 MB over these 18,000 commands in one run,
        // under 1 MB in another: only the answers speech begins have a timing, and with
        // `--pace none` most are replaced before they begin. `OutcomeLogTests` holds that rule.
        #expect(
            resident[1] - resident[0] < 1024,
            "after \(first) commands: \(resident[0]) kB; after \(Self.count): \(resident[1]) kB")
    }
}
