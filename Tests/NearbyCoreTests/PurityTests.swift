import Foundation
import Testing

/// NearbyCore is the pure screen: it imports the standard library, Foundation's value types and
/// PlaceData, and never reads files, the clock or the environment, nor starts threads (the
/// docs/layout.md). This reads every source file of the module and fails on anything else.
@Suite("NearbyCore is pure")
struct PurityTests {
    /// The modules the core may import: the standard library's are implicit.
    static let allowedImports: Set<String> = [
        "Foundation", "FoundationEssentials", "PlaceData", "TextFormats", "Words",
    ]

    /// An import declaration; its last group is the module.
    static let importPattern =
        #"^\s*(@\w+\s+)*((public|package|internal|private|fileprivate)\s+)?import\s+((struct|class|enum|func|var|let|protocol|typealias)\s+)?(\w+)"#

    /// What the core must not do, each with a pattern that finds it in a line of code.
    static let rules: [(name: String, pattern: String)] = [
        (
            "uses a file API",
            #"\b(FileManager|FileHandle|fopen|fread|fwrite|contentsOfFile|contentsOf:|Data\(contentsOf)\b|\bopen\("#
        ),
        ("reads the environment or the process", #"\b(ProcessInfo|getenv|CommandLine)\b"#),
        ("reads the clock", #"\bDate\(\)|\b(Date\.now|ContinuousClock|SuspendingClock|DispatchTime)\b"#),
        ("starts threads or locks", #"\b(DispatchQueue|DispatchGroup|Thread|Mutex|Atomic|NSLock|pthread_\w+)\b"#),
    ]

    /// Each broken rule of `source`, as "FILE:LINE: what it does: the line". Comments are left
    /// out, so a doc comment may name what the core does not do.
    static func violations(in source: String, file: String) -> [String] {
        var found: [String] = []
        for (number, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let code = withoutComment(line)
            guard !code.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
            if let module = importedModule(code), !allowedImports.contains(module) {
                found.append(
                    "\(file):\(number + 1): imports \(module), which is not \(allowedImports.sorted().joined(separator: ", "))"
                )
            }
            for rule in rules where code.range(of: rule.pattern, options: .regularExpression) != nil {
                found.append("\(file):\(number + 1): \(rule.name): \(code.trimmingCharacters(in: .whitespaces))")
            }
        }
        return found
    }

    /// The module a line imports, if it is an import declaration.
    static func importedModule(_ code: String) -> String? {
        let regex = try! NSRegularExpression(pattern: importPattern)
        guard let match = regex.firstMatch(in: code, range: NSRange(code.startIndex..., in: code)),
            let range = Range(match.range(at: match.numberOfRanges - 1), in: code)
        else { return nil }
        return String(code[range])
    }

    /// The line without a `//` comment (one outside a string literal).
    static func withoutComment(_ line: Substring) -> String {
        var inString = false
        var previous: Character = " "
        for index in line.indices {
            let character = line[index]
            if character == "\"" && previous != "\\" { inString.toggle() }
            if !inString && character == "/" && previous == "/" {
                return String(line[..<line.index(before: index)])
            }
            previous = character
        }
        return String(line)
    }

    /// Sources/NearbyCore, found from this file's path.
    static let coreFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/NearbyCore")

    @Test func everyFileOfTheCoreIsPure() throws {
        let files = try #require(FileManager.default.enumerator(at: Self.coreFolder, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        #expect(files.count >= 10, "found only \(files.count) files in \(Self.coreFolder.path)")
        var violations: [String] = []
        for file in files {
            let source = try String(contentsOf: file, encoding: .utf8)
            violations += Self.violations(in: source, file: "Sources/NearbyCore/" + file.lastPathComponent)
        }
        #expect(violations.isEmpty, "\n\(violations.joined(separator: "\n"))")
    }

    /// The detector itself: each of these lines must be flagged, so a broken pattern cannot
    /// pass the test above by finding nothing.
    @Test(arguments: [
        "import Dispatch",
        "import Synchronization",
        "@preconcurrency import Glibc",
        "internal import Darwin",
        "import struct SystemCalls.SystemError",
        "let data = try Data(contentsOf: url)",
        "let text = try String(contentsOfFile: path)",
        "let manager = FileManager.default",
        "FileHandle.standardError.write(data)",
        "let fd = open(path, O_RDONLY)",
        "let file = fopen(path, \"r\")",
        "let home = ProcessInfo.processInfo.environment[\"HOME\"]",
        "let now = Date()",
        "DispatchQueue.global().async { }",
        "Thread.sleep(forTimeInterval: 1)",
        "import Announcer",
        "@testable import ScenarioFormat",
        "let lock = Mutex(0)",
        "let now = Date()  // a comment after the code does not hide it",
    ])
    func theDetectorFlags(_ line: String) {
        #expect(!Self.violations(in: line, file: "sample.swift").isEmpty, "not flagged: \(line)")
    }

    /// And these are pure: comments may name what the core avoids, and strings may hold "//".
    @Test(arguments: [
        "/// Never reads files (no FileManager, no open(2)) and starts no Thread.",
        "import Foundation",
        "import PlaceData",
        "let url = \"https://example.org\" // not a file API",
        "let opened = isOpen(door)",
        "let dated = Date(timeIntervalSince1970: 0)",
    ])
    func theDetectorPasses(_ line: String) {
        #expect(Self.violations(in: line, file: "sample.swift").isEmpty)
    }
}
