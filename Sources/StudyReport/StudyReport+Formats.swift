import Foundation
import TextFormats

/// The report as text (aligned tables), CSV (two tables, one a session and task, one a task
/// across sessions) and JSON. The report is for the study's analysts, in English.
extension StudyReport {
    /// How `nearby-voice report` prints it.
    public enum Format: String, CaseIterable, Sendable {
        case text, csv, json
    }

    /// The report in `format`, ending with a newline.
    public func rendered(_ format: Format) -> String {
        switch format {
        case .text: text
        case .csv: csv
        case .json: json
        }
    }

    /// A file's name without its folders.
    static func name(_ file: String) -> String { (file as NSString).lastPathComponent }

    /// Seconds with one decimal, as a table shows them.
    static func seconds(_ value: Double?) -> String {
        value.map { JSONText.fixed($0, decimals: 1) } ?? "-"
    }

    /// "12.3 (10.1-14.5)": a median and its range; one value alone when they agree.
    static func spread(_ spread: Spread?, decimals: Int) -> String {
        guard let spread else { return "-" }
        func number(_ value: Double) -> String { JSONText.fixed(value, decimals: decimals) }
        if spread.low == spread.high { return number(spread.median) }
        return "\(number(spread.median)) (\(number(spread.low))-\(number(spread.high)))"
    }

    /// What became of a session: "ended (quit)", "cut off", "ended by SIGTERM".
    static func ending(_ session: Session) -> String {
        if session.isCutOff { return "cut off" }
        if let signal = session.endSignal { return "ended by \(signal)" }
        return "ended (\(session.endReason ?? "end"))"
    }

    /// The headers and cells of the table of sessions.
    var sessionTable: (headers: [String], cells: [[String]]) {
        var headers = ["session", "language", "voice", "rate", "speech", "tasks", "seconds", "ending"]
        if let grouping { headers.insert(grouping.rawValue == "strings" ? "strings" : "group", at: 1) }
        let cells = sessions.map { session -> [String] in
            var row = [
                Self.name(session.file), session.language, session.voice, String(session.rate), session.speech,
                String(session.tasks), Self.seconds(session.duration), Self.ending(session),
            ]
            if grouping != nil { row.insert(session.group ?? "", at: 1) }
            return row
        }
        return (headers, cells)
    }

    /// The headers and cells of the table of sessions and tasks.
    var rowTable: (headers: [String], cells: [[String]]) {
        var headers = [
            "session", "task", "outcome", "seconds", "commands", "errors", "repeat", "history", "help", "task again",
            "interruptions", "heard s", "cut off s", "words heard",
        ]
        if grouping != nil { headers.insert("group", at: 1) }
        let cells = rows.map { row -> [String] in
            var cells = [
                Self.name(row.session), "\(row.task). \(row.words)", row.outcome.rawValue, Self.seconds(row.seconds),
                String(row.commands), String(row.errors), String(row.repeats), String(row.histories), String(row.helps),
                String(row.taskRepeats), String(row.interruptions), Self.seconds(row.heard), Self.seconds(row.cutOff),
                String(row.wordsHeard),
            ]
            if grouping != nil { cells.insert(row.group ?? "", at: 1) }
            return cells
        }
        return (headers, cells)
    }

    /// The headers and cells of the table of tasks across sessions.
    var summaryTable: (headers: [String], cells: [[String]]) {
        var headers = [
            "task", "sessions", "done", "skipped", "time to done s", "commands", "errors", "heard s", "words heard",
        ]
        if grouping != nil { headers.insert("group", at: 1) }
        let cells = summaries.map { summary -> [String] in
            var cells = [
                "\(summary.task). \(summary.words)", String(summary.sessions), String(summary.done),
                String(summary.skipped), Self.spread(summary.timeToDone, decimals: 1),
                Self.spread(summary.commands, decimals: 1), Self.spread(summary.errors, decimals: 1),
                Self.spread(summary.heard, decimals: 1), Self.spread(summary.wordsHeard, decimals: 1),
            ]
            if grouping != nil { cells.insert(summary.group ?? "", at: 1) }
            return cells
        }
        return (headers, cells)
    }

    /// Aligned columns under their headers, two spaces apart.
    static func aligned(_ table: (headers: [String], cells: [[String]])) -> String {
        let all = [table.headers] + table.cells
        let widths = table.headers.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        return all.map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }

    var text: String {
        var parts = ["Sessions", Self.aligned(sessionTable), "", "Tasks, by session", Self.aligned(rowTable), ""]
        parts += ["Tasks across sessions: median (range)", Self.aligned(summaryTable)]
        return parts.joined(separator: "\n") + "\n"
    }

    /// A CSV field: quoted when it holds a comma, a quote or a line break.
    static func field(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    static func csvLine(_ fields: [String]) -> String { fields.map(field).joined(separator: ",") }

    /// Two CSV tables, a blank line between: sessions and tasks, then tasks across sessions.
    /// Numbers are plain (seconds with three decimals; empty for none).
    var csv: String {
        func number(_ value: Double?) -> String { value.map { JSONText.fixed($0, decimals: 3) } ?? "" }
        var lines = [
            Self.csvLine([
                "session", "group", "task", "words", "outcome", "seconds", "time_to_done", "commands", "errors",
                "repeat", "history", "help", "task_again", "interruptions", "heard_s", "cut_off_s", "words_heard",
                "cut_off_log",
            ])
        ]
        let cutOff = Dictionary(sessions.map { ($0.file, $0.isCutOff) }, uniquingKeysWith: { a, _ in a })
        for row in rows {
            lines.append(
                Self.csvLine([
                    row.session, row.group ?? "", String(row.task), row.words, row.outcome.rawValue,
                    number(row.seconds),
                    number(row.timeToDone), String(row.commands), String(row.errors), String(row.repeats),
                    String(row.histories), String(row.helps), String(row.taskRepeats), String(row.interruptions),
                    number(row.heard), number(row.cutOff), String(row.wordsHeard),
                    cutOff[row.session] == true ? "yes" : "no",
                ]))
        }
        lines.append("")
        lines.append(
            Self.csvLine([
                "task", "words", "group", "sessions", "done", "skipped", "time_to_done_median", "time_to_done_min",
                "time_to_done_max", "commands_median", "commands_min", "commands_max", "errors_median", "errors_min",
                "errors_max", "heard_s_median", "heard_s_min", "heard_s_max", "words_heard_median", "words_heard_min",
                "words_heard_max",
            ]))
        for summary in summaries {
            var fields = [
                String(summary.task), summary.words, summary.group ?? "", String(summary.sessions),
                String(summary.done),
                String(summary.skipped),
            ]
            for spread in [summary.timeToDone, summary.commands, summary.errors, summary.heard, summary.wordsHeard] {
                fields += [number(spread?.median), number(spread?.low), number(spread?.high)]
            }
            lines.append(Self.csvLine(fields))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The report as one JSON object: `sessions`, `tasks` (a session and task each) and
    /// `summary` (a task across sessions each).
    var json: String {
        func number(_ value: Double?) -> JSONText { value.map(JSONText.seconds) ?? .null }
        func spread(_ spread: Spread?) -> JSONText {
            guard let spread else { return .null }
            return .object([
                ("median", .seconds(spread.median)), ("min", .seconds(spread.low)), ("max", .seconds(spread.high)),
            ])
        }
        let sessions = JSONText.array(
            self.sessions.map { session in
                .object([
                    ("file", .string(session.file)), ("group", session.group.map(JSONText.string) ?? .null),
                    ("language", .string(session.language)), ("voice", .string(session.voice)),
                    ("rate", .int(session.rate)), ("strings", session.strings.map(JSONText.string) ?? .null),
                    ("speech", .string(session.speech)), ("seconds", .seconds(session.duration)),
                    ("cut_off", .bool(session.isCutOff)),
                    ("end_reason", session.endReason.map(JSONText.string) ?? .null),
                    ("end_signal", session.endSignal.map(JSONText.string) ?? .null), ("tasks", .int(session.tasks)),
                ])
            })
        let tasks = JSONText.array(
            rows.map { row in
                .object([
                    ("session", .string(row.session)), ("group", row.group.map(JSONText.string) ?? .null),
                    ("task", .int(row.task)), ("words", .string(row.words)), ("outcome", .string(row.outcome.rawValue)),
                    ("seconds", .seconds(row.seconds)), ("time_to_done", number(row.timeToDone)),
                    ("commands", .int(row.commands)), ("errors", .int(row.errors)), ("repeat", .int(row.repeats)),
                    ("history", .int(row.histories)), ("help", .int(row.helps)), ("task_again", .int(row.taskRepeats)),
                    ("interruptions", .int(row.interruptions)), ("heard_s", number(row.heard)),
                    ("cut_off_s", number(row.cutOff)), ("words_heard", .int(row.wordsHeard)),
                ])
            })
        let summary = JSONText.array(
            summaries.map { summary in
                .object([
                    ("task", .int(summary.task)), ("words", .string(summary.words)),
                    ("group", summary.group.map(JSONText.string) ?? .null), ("sessions", .int(summary.sessions)),
                    ("done", .int(summary.done)), ("skipped", .int(summary.skipped)),
                    ("time_to_done", spread(summary.timeToDone)), ("commands", spread(summary.commands)),
                    ("errors", spread(summary.errors)), ("heard_s", spread(summary.heard)),
                    ("words_heard", spread(summary.wordsHeard)),
                ])
            })
        let grouping = self.grouping.map { JSONText.string($0.rawValue) } ?? .null
        return JSONText.object([("by", grouping), ("sessions", sessions), ("tasks", tasks), ("summary", summary)]).text
            + "\n"
    }
}
