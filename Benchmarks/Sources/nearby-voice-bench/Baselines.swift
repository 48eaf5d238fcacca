import Foundation
import PlaceData

/// What the baselines read: every place's "name kind" folded as nearby-voice folds it
/// (`TextFolding.fold`), one a line, and the distinct folded words of the names and kinds (two
/// bytes or more), most frequent first, as forgiving search gathers them. The baselines and
/// nearby-voice thus answer the same question over the same text.
enum FoldedFiles {
    static func write(_ places: [Place], folded: String, words: String) throws {
        var text = ""
        text.reserveCapacity(places.count * 32)
        var counts: [String: Int] = [:]
        var kinds: [String: [String]] = [:]
        for place in places {
            let name = TextFolding.fold(place.name)
            let kind = TextFolding.fold(place.kind)
            text += name + " " + kind + "\n"
            for word in name.split(separator: " ") where word.utf8.count >= 2 { counts[String(word), default: 0] += 1 }
            if kinds[place.kind] == nil { kinds[place.kind] = kind.split(separator: " ").map(String.init) }
        }
        for list in kinds.values {
            for word in list where word.utf8.count >= 2 { counts[word, default: 0] += 1 }
        }
        let sorted = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map(\.key)
        try text.write(toFile: folded, atomically: true, encoding: .utf8)
        try (sorted.joined(separator: "\n") + "\n").write(toFile: words, atomically: true, encoding: .utf8)
    }
}

/// `grep -F -c` over the folded file, one process a query as a person would run it; a query
/// of several words is a pipe of one grep a word, the last counting. Its wall time (start-up
/// included: that is what a person waits for), the median of `runs`, and the count.
func grepCount(_ words: [String], file: String, runs: Int) -> (count: Int?, seconds: Double) {
    guard let first = words.first else { return (nil, .nan) }
    let command: [String]
    if words.count == 1 {
        command = ["grep", "-F", "-c", "-e", first, file]
    } else {
        // sh -c SCRIPT FILE W1 W2 ...: $0 is the file, $1... the words.
        let middle = (2..<words.count).map { " | grep -F -e \"$\($0)\"" }.joined()
        let last = " | grep -F -c -e \"$\(words.count)\""
        command = ["sh", "-c", "grep -F -e \"$1\" \"$0\"" + middle + last, file] + words
    }
    let results = (0..<runs).map { _ in Measure.run(command) }
    let count = Int(results.last?.output.trimmingCharacters(in: .whitespacesAndNewlines) ?? "")
    return (count, Measure.median(results.map(\.seconds)))
}

/// scripts/bench-query-baselines as a long-lived child: Python's `in` scan, SQLite FTS5 and
/// rapidfuzz over the same files, each request a line, each answer "ANSWER<TAB>SECONDS".
final class BaselineServer {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var pending: [UInt8] = []
    /// Seconds the server took to read the lines, build its FTS5 table and read the words.
    private(set) var buildSeconds = Double.nan

    init?(python: String, script: String, folded: String, words: String, runs: Int) {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [python, script, folded, words, "\(runs)"]
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.standardError
        guard (try? process.run()) != nil, let ready = readLine(), ready.hasPrefix("ready\t") else { return nil }
        buildSeconds = Double(ready.dropFirst(6)) ?? .nan
    }

    private func readLine() -> String? {
        while true {
            if let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[..<end], as: UTF8.self)
                pending.removeSubrange(...end)
                return line
            }
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { return nil }
            pending += data
        }
    }

    /// One request ("scan", "fts" or "fuzzy" and its fields): the answer and its median time.
    func ask(_ fields: [String]) -> (answer: String, seconds: Double) {
        input.fileHandleForWriting.write(Data((fields.joined(separator: "\t") + "\n").utf8))
        guard let line = readLine() else { return ("no answer", .nan) }
        let parts = line.split(separator: "\t", omittingEmptySubsequences: false)
        return (String(parts.first ?? ""), parts.count > 1 ? Double(parts[1]) ?? .nan : .nan)
    }

    func end() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}
