/// A unified diff of two lists of lines, with the expected file's line numbers in the hunks.
public enum LineDiff {
    /// The hunks of a unified diff (`@@ -a,b +c,d @@`), `context` lines around each change;
    /// empty when the lists are equal.
    public static func unified(expected: [String], actual: [String], context: Int = 2) -> [String] {
        let operations = diff(expected, actual)
        guard operations.contains(where: { $0.kind != .same }) else { return [] }
        var output: [String] = []
        var index = 0
        while index < operations.count {
            guard let change = operations[index...].firstIndex(where: { $0.kind != .same }) else { break }
            var start = max(index, change - context)
            var end = change
            // Extend the hunk while changes are within twice the context of each other.
            var cursor = change
            while cursor < operations.count {
                if operations[cursor].kind != .same {
                    end = cursor
                    cursor += 1
                    continue
                }
                let nextChange = operations[cursor...].firstIndex { $0.kind != .same }
                if let nextChange, nextChange - end <= 2 * context { cursor = nextChange } else { break }
            }
            let stop = min(operations.count, end + context + 1)
            if start < index { start = index }
            let hunk = operations[start..<stop]
            let oldStart = hunk.first { $0.oldLine != nil }?.oldLine ?? 0
            let newStart = hunk.first { $0.newLine != nil }?.newLine ?? 0
            let oldCount = hunk.filter { $0.kind != .added }.count
            let newCount = hunk.filter { $0.kind != .removed }.count
            output.append("@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@")
            for operation in hunk {
                switch operation.kind {
                case .same: output.append(" \(operation.text)")
                case .removed: output.append("-\(operation.text)")
                case .added: output.append("+\(operation.text)")
                }
            }
            index = stop
        }
        return output
    }

    struct Operation {
        enum Kind { case same, removed, added }
        var kind: Kind
        var text: String
        var oldLine: Int?
        var newLine: Int?
    }

    /// The longest-common-subsequence alignment of the two lists (test files are short).
    static func diff(_ old: [String], _ new: [String]) -> [Operation] {
        let n = old.count
        let m = new.count
        var lengths = Array(repeating: Array(repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                lengths[i][j] = old[i] == new[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
            }
        }
        var operations: [Operation] = []
        var i = 0
        var j = 0
        while i < n || j < m {
            if i < n && j < m && old[i] == new[j] {
                operations.append(Operation(kind: .same, text: old[i], oldLine: i + 1, newLine: j + 1))
                i += 1
                j += 1
            } else if i < n && (j == m || lengths[i + 1][j] >= lengths[i][j + 1]) {
                operations.append(Operation(kind: .removed, text: old[i], oldLine: i + 1, newLine: nil))
                i += 1
            } else {
                operations.append(Operation(kind: .added, text: new[j], oldLine: nil, newLine: j + 1))
                j += 1
            }
        }
        return operations
    }
}
