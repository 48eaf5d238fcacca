import Foundation

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
    let soxi = try Program(tool: "/usr/bin/soxi", ["-D", path]).run()
    return Double(soxi.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
}
