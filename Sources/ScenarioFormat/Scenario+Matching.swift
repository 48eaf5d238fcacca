import Foundation

/// Matching announcements against a scenario's expectations, and writing what was announced
/// back into the file (recording).
extension Scenario {
    /// The compiled regular expressions of every `~` line, or the first that does not compile.
    public func compiledPatterns() throws(Problem) -> [String: NSRegularExpression] {
        var patterns: [String: NSRegularExpression] = [:]
        for step in steps {
            for case .pattern(let pattern, let line) in step.expectations where patterns[pattern] == nil {
                do { patterns[pattern] = try NSRegularExpression(pattern: pattern) } catch {
                    throw Problem(line: line, message: "not a valid regular expression: \(pattern)")
                }
            }
        }
        return patterns
    }

    /// Whether `actual` satisfies `expectations`: every announcement accounted for, in order.
    public static func matches(
        _ expectations: [Expectation], _ actual: [String], patterns: [String: NSRegularExpression]
    ) -> Bool {
        func satisfies(_ expectation: Expectation, _ text: String) -> Bool {
            switch expectation {
            case .text(let expected, _): return expected == text
            case .pattern(let pattern, _):
                guard let regex = patterns[pattern] else { return false }
                return regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
            case .anything: return false
            }
        }
        // matched[i][j]: expectations from i match announcements from j.
        let e = expectations.count
        let a = actual.count
        var matched = Array(repeating: Array(repeating: false, count: a + 1), count: e + 1)
        matched[e][a] = true
        for i in stride(from: e - 1, through: 0, by: -1) {
            for j in stride(from: a, through: 0, by: -1) {
                if case .anything = expectations[i] {
                    matched[i][j] = matched[i + 1][j] || (j < a && matched[i][j + 1])
                } else {
                    matched[i][j] = j < a && satisfies(expectations[i], actual[j]) && matched[i + 1][j + 1]
                }
            }
        }
        return matched[0][0]
    }

    /// The file with each step's expectations replaced by what was announced: blocks that
    /// passed stay as written; in the others, `~` lines that still match an announcement (in
    /// order) are kept and every other announcement is written out as text. Comments, options
    /// and blank lines stay where they were.
    public func recorded(_ actual: [[String]], patterns: [String: NSRegularExpression]) -> [String] {
        var replacement: [Int: [String]] = [:]  // `>` line -> the block's new lines
        var replaced = Set<Int>()
        for (index, step) in steps.enumerated() {
            let announced = index < actual.count ? actual[index] : []
            let lineNumbers = step.expectations.map(\.line)
            replaced.formUnion(lineNumbers)
            if Self.matches(step.expectations, announced, patterns: patterns) {
                replacement[step.line] = lineNumbers.map { lines[$0 - 1] }
                continue
            }
            var kept = step.expectations.compactMap { expectation -> (String, NSRegularExpression)? in
                guard case .pattern(let pattern, let line) = expectation, let regex = patterns[pattern] else {
                    return nil
                }
                return (lines[line - 1], regex)
            }[...]
            replacement[step.line] = announced.map { text in
                if let (line, regex) = kept.first,
                    regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
                {
                    kept.removeFirst()
                    return line
                }
                return text.isEmpty || text.hasPrefix("#") || text.hasPrefix(">") || text.hasPrefix("~ ")
                    || text == "..."
                    ? "~ ^\(NSRegularExpression.escapedPattern(for: text))$" : text
            }
        }
        var output: [String] = []
        for (offset, line) in lines.enumerated() {
            let number = offset + 1
            if replaced.contains(number) { continue }
            output.append(line)
            if let block = replacement[number] { output += block }
        }
        return output
    }
}
