import Foundation
import Testing

/// Every system call is made in `Sources/SystemCalls/Syscalls.swift` and nowhere else (the
/// docs/layout.md): this reads every source file of the project's modules and fails on a raw
/// call elsewhere. The benchmarks, which measure the process from outside, are a package of their
/// own (`Benchmarks/`) and not checked.
@Suite("One file owns the system calls")
struct OneFileTests {
    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    /// The file allowed to make them.
    static let owner = "SystemCalls/Syscalls.swift"

    /// A call of a system call by its C name, bare or as `Glibc.name`; the name is group 2.
    static let call = try! NSRegularExpression(
        pattern:
            #"(?<![.\w])(Glibc\.)?(open|close|read|write|pread|pwrite|lseek|ftruncate|fsync|dup|dup2|pipe|fcntl|poll|ioctl|isatty|flock|mmap|munmap|fstat|rename|unlink)\("#
    )

    /// The raw system calls in `source`, as "FILE:LINE: the line". A bare name the file
    /// declares itself (`func write(`, a method) is its own, not the C library's.
    static func rawCalls(in source: String, file: String) -> [String] {
        var found: [String] = []
        for (number, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let code = String(line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
            for match in call.matches(in: code, range: NSRange(code.startIndex..., in: code)) {
                guard let nameRange = Range(match.range(at: 2), in: code) else { continue }
                let name = code[nameRange]
                let qualified = match.range(at: 1).location != NSNotFound
                if !qualified && source.contains("func \(name)(") { continue }
                found.append("\(file):\(number + 1): \(code.trimmingCharacters(in: .whitespaces))")
            }
        }
        return found
    }

    @Test func noSystemCallOutsideSyscallsSwift() throws {
        let files = try #require(FileManager.default.enumerator(at: Self.sources, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        #expect(files.count >= 40, "found only \(files.count) files in \(Self.sources.path)")
        var found: [String] = []
        var ownerCalls = 0
        for file in files {
            let relative = String(file.path.dropFirst(Self.sources.path.count + 1))
            let calls = Self.rawCalls(in: try String(contentsOf: file, encoding: .utf8), file: relative)
            if relative == Self.owner { ownerCalls = calls.count } else { found += calls }
        }
        #expect(found.isEmpty, "\n\(found.joined(separator: "\n"))")
        // The detector finds the calls where they are.
        #expect(ownerCalls > 20)
    }

    @Test(arguments: [
        ("let fd = open(path, O_RDONLY)", true),
        ("_ = Glibc.write(fd, base, count)", true),
        ("if isatty(STDOUT_FILENO) == 1, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0 {", true),
        ("while flock(fd, LOCK_EX) != 0 && errno == EINTR {}", true),
        ("try fd.writeAll(bytes)", false),
        ("let fd = try FileDescriptor.open(path, .readOnly)", false),
        ("/// written with write(2)", false),
        ("transcript?.close()", false),
    ])
    func theDetector(_ line: String, flagged: Bool) {
        #expect(!Self.rawCalls(in: line, file: "sample.swift").isEmpty == flagged, "\(line)")
    }
}
