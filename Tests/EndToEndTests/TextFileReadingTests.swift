import Foundation
import Testing

/// Every text file a person writes for the program (a script, the config file, a tasks file)
/// is read one way: Windows line ends are line ends, and a byte that is not UTF-8 is refused
/// with its FILE:LINE:COLUMN and exit 65.
@Suite("Text files: line ends and bytes that are not text, named where they are")
struct TextFileReadingTests {
    /// A fresh folder for one test, removed when the test ends.
    static func withFolder(_ body: (URL) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("text-files-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try body(folder)
    }

    @Test("A script and a config file with Windows line ends are read line by line")
    func windowsLineEnds() throws {
        try Self.withFolder { folder in
            let script = folder.appendingPathComponent("walk.txt")
            try Data("find cafe\r\nnext\r\n".utf8).write(to: script)
            let config = folder.appendingPathComponent("nearby-voice/config")
            try FileManager.default.createDirectory(
                at: config.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("units imperial\r\nwalk-speed 2\r\n".utf8).write(to: config)
            let result = try Program(
                ["--speech", "off", "--script", script.path], environment: ["XDG_CONFIG_HOME": folder.path]
            ).run()
            #expect(result.status == 0)
            #expect(result.stderr == "")
            let lines = result.stdout.split(separator: "\n")
            #expect(lines.count == 3, "\(result.stdout)")
            #expect(lines.first?.hasPrefix("3 places match \"cafe\"") == true)
            #expect(lines.first?.contains(" feet ") == true, "the config's units: \(result.stdout)")
            #expect(lines.last?.hasSuffix("2 of 3.") == true)
        }
    }

    @Test("A byte that is not UTF-8 is refused with FILE:LINE:COLUMN: a script, the config, a tasks file")
    func notUTF8() throws {
        try Self.withFolder { folder in
            let script = folder.appendingPathComponent("walk.txt")
            try (Data("find cafe\nnext caf".utf8) + Data([0xE9]) + Data("\n".utf8)).write(to: script)
            let refused = try Program(["--speech", "off", "--script", script.path]).run()
            #expect(refused.status == 65)
            #expect(
                refused.stderr
                    == "nearby-voice: \(script.path):2:9: the script is not valid UTF-8 text. If it is Latin-1, run it with --encoding latin1.\n"
            )
            #expect(refused.stdout == "")

            let config = folder.appendingPathComponent("nearby-voice/config")
            try FileManager.default.createDirectory(
                at: config.deletingLastPathComponent(), withIntermediateDirectories: true)
            try (Data("units imperial\nvoice ".utf8) + Data([0xFF]) + Data("\n".utf8)).write(to: config)
            let badConfig = try Program(
                ["--speech", "off"], environment: ["XDG_CONFIG_HOME": folder.path], input: .text("quit\n")
            ).run()
            #expect(badConfig.status == 65)
            #expect(
                badConfig.stderr == "nearby-voice: \(config.path):2:7: the config file is not valid UTF-8 text.\n")

            let tasks = folder.appendingPathComponent("tasks.txt")
            try (Data("Find a caf".utf8) + Data([0xE9]) + Data(" => select Harbor Coffee\n".utf8)).write(to: tasks)
            let badTasks = try Program(["--speech", "off", "--tasks", tasks.path], input: .text("quit\n")).run()
            #expect(badTasks.status == 65)
            #expect(
                badTasks.stderr
                    == "nearby-voice: \(tasks.path):1:11: the tasks file is not valid UTF-8 text. If it is Latin-1, run with --encoding latin1.\n"
            )
        }
    }
}
