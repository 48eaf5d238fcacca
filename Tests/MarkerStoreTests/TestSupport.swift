import Foundation
import Testing

/// Tests/Fixtures, found from this file.
let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

/// gpxpy, the independent reader and writer (Tests/Fixtures/markers/gpxpy-library.py).
let gpxpyTool = fixtures.appendingPathComponent("markers/gpxpy-library.py").path

/// A new empty folder of this test's own in the temporary folder.
func temporaryFolder(_ name: String) throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "nearby-voice-markers-\(getpid())-\(UUID().uuidString.prefix(8))-\(name)"
    ).path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return folder
}

/// How a helper program ended and what it printed.
struct ToolResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Runs `tool` with `arguments` to its end, `input` on its standard input.
func runTool(_ tool: String, _ arguments: [String], input: String = "") throws -> ToolResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = arguments
    let stdin = Pipe()
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    stdin.fileHandleForWriting.write(Data(input.utf8))
    try stdin.fileHandleForWriting.close()
    // Read both to their ends before waiting, so that a full pipe never stops the child.
    let errors = DispatchQueue(label: "stderr")
    nonisolated(unsafe) var errorData = Data()
    errors.async { errorData = stderr.fileHandleForReading.readDataToEndOfFile() }
    let outputData = stdout.fileHandleForReading.readDataToEndOfFile()
    errors.sync {}
    process.waitUntilExit()
    return ToolResult(
        status: process.terminationStatus, stdout: String(decoding: outputData, as: UTF8.self),
        stderr: String(decoding: errorData, as: UTF8.self))
}

/// What gpxpy reads in the GPX file at `path`, as the JSON `gpxpy-library.py read` prints.
func gpxpyRead(_ path: String) throws -> [String: Any] {
    let result = try runTool("/usr/bin/python3", [gpxpyTool, "read", path])
    try #require(result.status == 0, "gpxpy cannot read \(path): \(result.stderr)")
    return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
}

/// Writes with gpxpy a GPX file of `version` holding `library` (the JSON shape of `read`).
func gpxpyWrite(_ library: [String: Any], version: String, to path: String) throws {
    let json = String(decoding: try JSONSerialization.data(withJSONObject: library), as: UTF8.self)
    let result = try runTool("/usr/bin/python3", [gpxpyTool, "write", version, path], input: json)
    try #require(result.status == 0, "gpxpy cannot write \(path): \(result.stderr)")
}

/// The bytes of the file at `path`, nil when there is none.
func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

/// Names in many scripts, and markup that must be escaped, not obeyed.
let namesInManyScripts = [
    "Front door", "مقهى الحي", "北京烤鸭店", "Πλατεία Συντάγματος", "Café ☕ 🚏 bus stop", "Tom & Jerry's <\"best\"> 'bar'",
    "Ravintola Äänekoski", "Москва-Сити", "דלת הכניסה", "बस स्टॉप", "東京タワー", "]]> & &amp; <!-- -->",
]
