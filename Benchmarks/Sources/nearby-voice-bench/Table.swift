import Foundation

// MARK: The table

struct Row {
    var figure: String
    var ours: String
    var baseline: String
    var ratio: String
    var target: String
    var verdict: String
}

func seconds(_ value: Double) -> String {
    if value.isNaN { return "n/a" }
    if value >= 1 { return String(format: "%.2f s", value) }
    if value >= 0.001 { return String(format: "%.1f ms", value * 1000) }
    return String(format: "%.0f µs", value * 1_000_000)
}

func megabytes(_ kilobytes: Int) -> String { "\(kilobytes / 1024) MB" }

func times(_ value: Double) -> String {
    value.isNaN || value.isInfinite
        ? "n/a" : value >= 100 ? String(format: "%.0fx", value) : String(format: "%.1fx", value)
}

func label(_ count: Int) -> String { count >= 1_000_000 ? "\(count / 1_000_000)M" : "\(count / 1000)k" }

func printTable(_ rows: [Row]) {
    let headers = Row(
        figure: "figure", ours: "nearby-voice", baseline: "baseline", ratio: "ratio", target: "target", verdict: "met")
    let all = [headers] + rows
    let widths = [\Row.figure, \Row.ours, \Row.baseline, \Row.ratio, \Row.target, \Row.verdict].map { path in
        all.map { $0[keyPath: path].count }.max() ?? 0
    }
    func line(_ row: Row) -> String {
        let cells = [row.figure, row.ours, row.baseline, row.ratio, row.target, row.verdict]
        return "| "
            + zip(cells, widths).map { $0 + String(repeating: " ", count: $1 - $0.count) }.joined(separator: " | ")
            + " |"
    }
    print(line(headers))
    print("|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|")
    for row in rows { print(line(row)) }
}
