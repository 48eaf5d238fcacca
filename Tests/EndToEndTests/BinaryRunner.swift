import Foundation
import Testing

/// Runs the built `nearby-voice` as a process, as argument-parser's `AssertExecuteCommand` does.
struct BinaryRunner {
    /// The executable, built beside the test bundle.
    static let executable: URL = {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var folder = bundle.deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("nearby-voice").path),
            folder.path != "/"
        {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent("nearby-voice")
    }()

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs with `arguments`, feeding `input` on standard input, with no audio server.
    static func run(
        _ arguments: [String], input: String = "", environment: [String: String] = [:], directory: URL? = nil
    ) throws -> Result {
        let process = Process()
        process.executableURL = executable
        if let directory { process.currentDirectoryURL = directory }
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["PULSE_SERVER"] = "unix:/nonexistent/nearby-voice-test"
        env.removeValue(forKey: "NEARBY_VOICE_REDUCE_MOTION")
        env.removeValue(forKey: "NEARBY_VOICE_REDUCE_TRANSPARENCY")
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
            stderr: String(decoding: err, as: UTF8.self))
    }

    /// A line diff of expected against actual, for a readable failure.
    static func diff(expected: [String], actual: [String]) -> String {
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
}

/// The folder of this test process's files in the temporary folder, removed when the process
/// exits (atexit(3)): the run leaves nothing behind, however many tests made files there.
let testFilesFolder: URL = {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "nearby-voice-tests-\(getpid())-\(UUID().uuidString.prefix(8))")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    atexit { try? FileManager.default.removeItem(at: testFilesFolder) }
    return folder
}()

/// A path in this test process's folder that no other test uses.
func temporaryPath(_ name: String) -> String {
    testFilesFolder.appendingPathComponent("\(UUID().uuidString)-\(name)").path
}

/// The length in seconds of a WAV file, as `soxi -D` reads it (0 when it cannot).
func wavSeconds(_ path: String) throws -> Double {
    let soxi = Process()
    soxi.executableURL = URL(fileURLWithPath: "/usr/bin/soxi")
    soxi.arguments = ["-D", path]
    let pipe = Pipe()
    soxi.standardOutput = pipe
    try soxi.run()
    soxi.waitUntilExit()
    let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    return Double(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
}
