import Foundation
import TextFormats

/// The report as one self-contained HTML page: no script, no file or font fetched from
/// anywhere. Its tables have captions and header cells; its chart (time to done per task per
/// session, an SVG) has a title and a description, a text alternative under it, and the same
/// numbers in a data table, so that a screen reader reads all of it.
extension StudyReport {
    /// The page, in English (the report is for the study's analysts).
    public var page: String {
        var html = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Usability study: \(sessions.count) \(sessions.count == 1 ? "session" : "sessions")</title>
            <style>
            body { font-family: system-ui, sans-serif; color: #1a1a1a; background: #ffffff; margin: 1.5rem; line-height: 1.4; }
            table { border-collapse: collapse; margin: 0.5rem 0 1.5rem; }
            caption { text-align: left; font-weight: bold; padding: 0.25rem 0; }
            th, td { border: 1px solid #767676; padding: 0.25rem 0.5rem; text-align: left; vertical-align: top; }
            td.number { text-align: right; font-variant-numeric: tabular-nums; }
            figure { margin: 0 0 1.5rem; }
            figcaption { max-width: 48rem; }
            </style>
            </head>
            <body>
            <main>
            <h1>Usability study</h1>

            """
        html += "<p>\(XMLText.escaped(introduction))</p>\n"
        html += "<h2>Sessions</h2>\n" + Self.table(sessionTable, caption: "Sessions: one row a log", id: "sessions")
        html += "<h2>Time to done</h2>\n" + chart
        html += Self.table(
            chartTable, caption: "Time to done in seconds, per task and session (the chart's data)", id: "chart-data")
        html += "<h2>Tasks, by session</h2>\n"
        html += Self.table(rowTable, caption: "Each session's work on each task", id: "tasks")
        html += "<h2>Tasks across sessions</h2>\n"
        html += Self.table(
            summaryTable, caption: "Each task across sessions: median, then range in brackets", id: "summary")
        html += "</main>\n</body>\n</html>\n"
        return html
    }

    /// One sentence on what the page holds.
    var introduction: String {
        let tasks = Set(rows.map(\.task)).count
        var text =
            "\(sessions.count) \(sessions.count == 1 ? "session" : "sessions"), \(tasks) \(tasks == 1 ? "task" : "tasks")."
        let cut = sessions.filter(\.isCutOff).map { Self.name($0.file) }
        if !cut.isEmpty { text += " Cut off before their end: \(cut.joined(separator: ", "))." }
        if let grouping { text += " Grouped by \(grouping.rawValue)." }
        return text
    }

    /// The chart's numbers as a table: a row a task, a column a session.
    var chartTable: (headers: [String], cells: [[String]]) {
        let names = sessions.map { Self.name($0.file) }
        let cells = tasksInOrder.map { task -> [String] in
            ["\(task.number). \(task.words)"]
                + sessions.map { session in
                    guard let row = rows.first(where: { $0.session == session.file && $0.task == task.number }) else {
                        return "not begun"
                    }
                    return row.timeToDone.map { Self.seconds($0) } ?? row.outcome.rawValue
                }
        }
        return (["task"] + names, cells)
    }

    /// Every task, once, in the order of their numbers.
    var tasksInOrder: [(number: Int, words: String)] {
        var seen = Set<Int>()
        return rows.sorted { $0.task < $1.task }.compactMap { row in
            seen.insert(row.task).inserted ? (row.task, row.words) : nil
        }
    }

    /// Dark colours, each 4.5:1 or more against white; a bar also carries its value in words.
    static let colours = ["#1f4e9c", "#a04500", "#2d6a2d", "#6a3d9a", "#8b1a1a", "#00627a"]

    /// A horizontal bar a session a task: the length is the time to done; a task skipped or
    /// unfinished has no bar but its word.
    var chart: String {
        let tasks = tasksInOrder
        let labelWidth = 280.0
        let barArea = 400.0
        let barHeight = 18.0
        let gap = 4.0
        let groupGap = 14.0
        // The axis spans a second at least, so that times that round to "0.0 s" draw no full bar.
        let longest = max(1, rows.compactMap(\.timeToDone).max() ?? 0)
        let scale = barArea / longest
        let groupHeight = Double(sessions.count) * (barHeight + gap) + groupGap
        let height = 30 + Double(tasks.count) * groupHeight + 20
        let width = labelWidth + barArea + 90
        var svg = ""
        let description = chartDescription
        svg += "<figure>\n"
        svg +=
            "<svg role=\"img\" aria-labelledby=\"chart-title chart-desc\" width=\"\(Int(width))\" height=\"\(Int(height))\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" xmlns=\"http://www.w3.org/2000/svg\">\n"
        svg += "<title id=\"chart-title\">Time to done per task per session, in seconds</title>\n"
        svg += "<desc id=\"chart-desc\">\(XMLText.escaped(description))</desc>\n"
        // The legend: a swatch and the session's name.
        for (offset, session) in sessions.enumerated() {
            let x = labelWidth + Double(offset) * 140
            let colour = Self.colours[offset % Self.colours.count]
            svg += "<rect x=\"\(Int(x))\" y=\"4\" width=\"12\" height=\"12\" fill=\"\(colour)\"/>"
            svg +=
                "<text x=\"\(Int(x + 16))\" y=\"15\" font-size=\"12\" fill=\"#1a1a1a\">\(XMLText.escaped(Self.name(session.file)))</text>\n"
        }
        for (index, task) in tasks.enumerated() {
            let top = 30 + Double(index) * groupHeight
            let label = task.words.count > 40 ? String(task.words.prefix(39)) + "…" : task.words
            svg +=
                "<text x=\"0\" y=\"\(Int(top + barHeight - 4))\" font-size=\"12\" fill=\"#1a1a1a\">\(XMLText.escaped("\(task.number). \(label)"))</text>\n"
            for (offset, session) in sessions.enumerated() {
                let y = top + Double(offset) * (barHeight + gap)
                let row = rows.first { $0.session == session.file && $0.task == task.number }
                let colour = Self.colours[offset % Self.colours.count]
                if let time = row?.timeToDone {
                    let length = max(1, time * scale)
                    svg +=
                        "<rect x=\"\(Int(labelWidth))\" y=\"\(Int(y))\" width=\"\(JSONText.fixed(length, decimals: 1))\" height=\"\(Int(barHeight))\" fill=\"\(colour)\"/>"
                    svg +=
                        "<text x=\"\(JSONText.fixed(labelWidth + length + 4, decimals: 1))\" y=\"\(Int(y + barHeight - 5))\" font-size=\"12\" fill=\"#1a1a1a\">\(Self.seconds(time)) s</text>\n"
                } else {
                    let word = row?.outcome.rawValue ?? "not begun"
                    svg +=
                        "<text x=\"\(Int(labelWidth))\" y=\"\(Int(y + barHeight - 5))\" font-size=\"12\" fill=\"#1a1a1a\">\(XMLText.escaped(Self.name(session.file))): \(word)</text>\n"
                }
            }
        }
        svg += "</svg>\n"
        svg += "<figcaption>\(XMLText.escaped(description)) The table below holds the same numbers.</figcaption>\n"
        svg += "</figure>\n"
        return svg
    }

    /// The chart in words: each task, each session's time.
    var chartDescription: String {
        let tasks = tasksInOrder
        guard !tasks.isEmpty else { return "No task was begun in these sessions." }
        let parts = tasks.map { task -> String in
            let times = sessions.map { session -> String in
                let row = rows.first { $0.session == session.file && $0.task == task.number }
                let value = row.map { $0.timeToDone.map { "\(Self.seconds($0)) seconds" } ?? $0.outcome.rawValue }
                return "\(Self.name(session.file)) \(value ?? "not begun")"
            }
            return "Task \(task.number), \(task.words): \(times.joined(separator: ", "))."
        }
        return "Bars show the seconds from each task's beginning to its goal, one bar a session. "
            + parts.joined(separator: " ")
    }

    /// A table with a caption, header cells for its columns, and the first cell of each row a
    /// row header. Cells that hold numbers are right-aligned.
    static func table(_ table: (headers: [String], cells: [[String]]), caption: String, id: String) -> String {
        var html = "<table id=\"\(id)\">\n<caption>\(XMLText.escaped(caption))</caption>\n<thead><tr>"
        html += table.headers.map { "<th scope=\"col\">\(XMLText.escaped($0))</th>" }.joined()
        html += "</tr></thead>\n<tbody>\n"
        for row in table.cells {
            html += "<tr>"
            for (column, cell) in row.enumerated() {
                if column == 0 {
                    html += "<th scope=\"row\">\(XMLText.escaped(cell))</th>"
                } else {
                    let isNumber =
                        cell.contains(where: \.isNumber) && cell.allSatisfy { "0123456789.-() ".contains($0) }
                    html +=
                        isNumber
                        ? "<td class=\"number\">\(XMLText.escaped(cell))</td>" : "<td>\(XMLText.escaped(cell))</td>"
                }
            }
            html += "</tr>\n"
        }
        return html + "</tbody>\n</table>\n"
    }

}
