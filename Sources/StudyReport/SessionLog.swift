import Foundation
import TextFormats

/// A log that is not a log: the file, the line (from 1) and what is wrong. The report refuses
/// it with exit 65.
public struct LogProblem: Error, Equatable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var message: String

    public init(file: String, line: Int, _ message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    /// "study/anna.jsonl:7: t goes back from 12.500 to 3.000: the events are out of order."
    public var description: String { "\(file):\(line): \(message)" }
}

/// One session's log, read: its start, its records in order, and whether it was cut off (no
/// `end` line, or a last line half written when the session was killed).
public struct SessionLog: Equatable, Sendable {
    public var file: String
    public var start: SessionStart
    public var records: [LogRecord]
    /// True when the log stops before its `end` line.
    public var isCutOff: Bool
    /// The `end` line's reason and signal, when there is one.
    public var endReason: String?
    public var endSignal: String?

    /// The session's length: the last record's time.
    public var duration: Double { records.last?.t ?? 0 }

    /// Reads a log's text. A line that is not a JSON object, lacks `t` or `event`, goes back in
    /// time, or lacks a field its event needs is refused with its line; a last line cut off
    /// mid-write (no newline after it) only marks the log as cut off.
    public static func parse(_ text: String, file: String) throws(LogProblem) -> SessionLog {
        let lines = TextFile(text: text, name: file).lines.map { String($0.text) }
        let endsWithNewline = text.utf8.last == UInt8(ascii: "\n")
        var records: [LogRecord] = []
        var cutOffMidLine = false
        for (offset, line) in lines.enumerated() {
            let number = offset + 1
            if line.trimmingCharacters(in: .whitespaces).isEmpty { continue }
            let isLastUnfinished = offset == lines.count - 1 && !endsWithNewline
            do throws(LogProblem) {
                let record = try Self.record(line, number: number, file: file)
                if let previous = records.last, record.t < previous.t {
                    throw LogProblem(
                        file: file, line: number,
                        "t goes back from \(JSONText.fixed(previous.t, decimals: 3)) to \(JSONText.fixed(record.t, decimals: 3)): the events are out of order."
                    )
                }
                if records.isEmpty, record.event.name != "start" {
                    throw LogProblem(
                        file: file, line: number, "the first event is \"\(record.event.name)\", not \"start\".")
                }
                if !records.isEmpty, record.event.name == "start" {
                    throw LogProblem(file: file, line: number, "a second \"start\": one log holds one session.")
                }
                records.append(record)
            } catch {
                // A session killed mid-write leaves its last line unfinished: cut off, not refused.
                guard isLastUnfinished, !records.isEmpty else { throw error }
                cutOffMidLine = true
            }
        }
        guard let first = records.first, case .start(let start) = first.event else {
            throw LogProblem(file: file, line: 1, "empty: a log begins with a \"start\" event.")
        }
        var log = SessionLog(file: file, start: start, records: records, isCutOff: true)
        if !cutOffMidLine, case .end(let reason, let signal)? = records.last?.event {
            log.isCutOff = false
            log.endReason = reason
            log.endSignal = signal
        }
        return log
    }

    /// One line: a JSON object with `t` and `event` and the event's fields.
    static func record(_ line: String, number: Int, file: String) throws(LogProblem) -> LogRecord {
        func problem(_ message: String) -> LogProblem { LogProblem(file: file, line: number, message) }
        let object: [String: Any]
        do {
            guard
                let parsed = try JSONSerialization.jsonObject(with: Data(line.utf8), options: [.fragmentsAllowed])
                    as? [String: Any]
            else { throw problem("not a JSON object.") }
            object = parsed
        } catch let error as LogProblem {
            throw error
        } catch {
            throw problem("not JSON: \(Self.reason(error)).")
        }
        let fields = Fields(object: object, problem: problem)
        guard object["t"] != nil else { throw problem("missing \"t\", the seconds since the session began.") }
        let t = try fields.number("t")
        guard t >= 0 else { throw problem("\"t\" is negative.") }
        let name = try fields.string("event")
        let event: LogEvent
        switch name {
        case "start":
            event = .start(
                SessionStart(
                    version: try fields.optionalString("version") ?? "", arguments: try fields.strings("options"),
                    places: try fields.int("places"), language: try fields.string("language"),
                    voice: try fields.string("voice"), rate: try fields.int("rate"),
                    strings: try fields.optionalString("strings"), speech: try fields.string("speech"),
                    tasksFile: try fields.optionalString("tasks_file"), tasks: try fields.strings("tasks")))
        case "input":
            event = .input(
                number: try fields.int("number"), line: try fields.string("line"), source: try fields.string("source"),
                command: try fields.optionalString("command"))
        case "announcement":
            event = .announcement(
                seq: try fields.int("seq"), line: try fields.int("line"), kind: try fields.string("kind"),
                priority: try fields.string("priority"), text: try fields.string("text"), words: try fields.int("words")
            )
        case "speech":
            let outcome: LogEvent.SpeechEnd
            let ended: Double?
            if object["interrupted"] != nil {
                outcome = .interrupted
                ended = try fields.optionalNumber("interrupted")
            } else if object["dropped"] != nil {
                outcome = .dropped
                ended = nil
            } else if object["failed"] != nil {
                outcome = .failed
                ended = nil
            } else {
                guard object["ended"] != nil else {
                    throw problem("speech: missing \"ended\", \"interrupted\", \"dropped\" or \"failed\".")
                }
                outcome = .spoken
                ended = try fields.optionalNumber("ended")
            }
            event = .speech(
                seq: try fields.int("seq"), outcome: outcome, begun: try fields.optionalNumber("begun"), ended: ended,
                heard: try fields.number("heard"))
        case "task":
            guard let what = LogEvent.TaskChange(rawValue: try fields.string("what")) else {
                throw problem("task: \"what\" is begun, done or skipped.")
            }
            event = .task(number: try fields.int("task"), what: what, words: try fields.string("words"))
        case "end":
            event = .end(reason: try fields.string("reason"), signal: try fields.optionalString("signal"))
        default:
            throw problem("unknown event \"\(name)\".")
        }
        return LogRecord(t: t, event)
    }

    /// Foundation's words for a JSON error, without its framing.
    static func reason(_ error: any Error) -> String {
        let text = (error as NSError).userInfo["NSDebugDescription"] as? String ?? "\(error)"
        return text.trimmingCharacters(in: CharacterSet(charactersIn: ". "))
    }
}

/// A log line's fields, each read with its type checked and a missing one named.
private struct Fields {
    let object: [String: Any]
    let problem: (String) -> LogProblem

    func value(_ name: String) throws(LogProblem) -> Any {
        guard let value = object[name], !(value is NSNull) else { throw problem("missing \"\(name)\".") }
        return value
    }

    func string(_ name: String) throws(LogProblem) -> String {
        guard let text = try value(name) as? String else { throw problem("\"\(name)\" is not a string.") }
        return text
    }

    func optionalString(_ name: String) throws(LogProblem) -> String? {
        guard let value = object[name], !(value is NSNull) else { return nil }
        guard let text = value as? String else { throw problem("\"\(name)\" is not a string.") }
        return text
    }

    func number(_ name: String) throws(LogProblem) -> Double {
        let raw = try value(name)
        guard let number = raw as? NSNumber, number.doubleValue.isFinite else {
            throw problem("\"\(name)\" is not a number.")
        }
        return number.doubleValue
    }

    func optionalNumber(_ name: String) throws(LogProblem) -> Double? {
        guard let value = object[name], !(value is NSNull) else { return nil }
        return try number(name)
    }

    func int(_ name: String) throws(LogProblem) -> Int {
        let value = try number(name)
        guard value == value.rounded(), abs(value) < 1e15 else { throw problem("\"\(name)\" is not a whole number.") }
        return Int(value)
    }

    func strings(_ name: String) throws(LogProblem) -> [String] {
        guard let value = object[name], !(value is NSNull) else { return [] }
        guard let items = value as? [Any], let texts = items as? [String], texts.count == items.count else {
            throw problem("\"\(name)\" is not a list of strings.")
        }
        return texts
    }
}
