import TextFormats

/// One line of a session's log (`--log FILE`): when it happened, in seconds since the session
/// began (a monotonic clock, millisecond precision), and what happened.
public struct LogRecord: Equatable, Sendable {
    public var t: Double
    public var event: LogEvent

    public init(t: Double, _ event: LogEvent) {
        self.t = t
        self.event = event
    }

    /// The JSON Lines form: `{"t":1.234,"event":"input",...}`, `t` first, on one line.
    public var jsonLine: String {
        var fields: [(String, JSONText)] = [("t", .seconds(t)), ("event", .string(event.name))]
        fields += event.fields
        return JSONText.object(fields).text
    }
}

/// What a log line records.
public enum LogEvent: Equatable, Sendable {
    case start(SessionStart)
    /// A command line: its number (from 1), the text, where it came from (typed, completed,
    /// recalled, script, piped) and the command its first word names (nil for none).
    case input(number: Int, line: String, source: String, command: String?)
    /// An announcement, as the transcript has it, with its count of words.
    case announcement(seq: Int, line: Int, kind: String, priority: String, text: String, words: Int)
    /// What speech did with announcement `seq`: when it began and ended (or was cut off), in
    /// the log's seconds, and how many seconds of it were heard. `begun` is nil when nothing
    /// of it was heard.
    case speech(seq: Int, outcome: SpeechEnd, begun: Double?, ended: Double?, heard: Double)
    /// A study's task: begun, done or skipped; `words` are the task's.
    case task(number: Int, what: TaskChange, words: String)
    /// The session ended: after `quit` or at the end of input, or by a signal ("SIGTERM").
    case end(reason: String, signal: String?)

    /// How the log names the event.
    public var name: String {
        switch self {
        case .start: "start"
        case .input: "input"
        case .announcement: "announcement"
        case .speech: "speech"
        case .task: "task"
        case .end: "end"
        }
    }

    /// The event's fields after `t` and `event`, in order.
    var fields: [(String, JSONText)] {
        switch self {
        case .start(let start): return start.fields
        case .input(let number, let line, let source, let command):
            return [
                ("number", .int(number)), ("line", .string(line)), ("source", .string(source)),
                ("command", command.map(JSONText.string) ?? .null),
            ]
        case .announcement(let seq, let line, let kind, let priority, let text, let words):
            return [
                ("seq", .int(seq)), ("line", .int(line)), ("kind", .string(kind)), ("priority", .string(priority)),
                ("text", .string(text)), ("words", .int(words)),
            ]
        case .speech(let seq, let outcome, let begun, let ended, let heard):
            var fields: [(String, JSONText)] = [("seq", .int(seq)), ("begun", begun.map(JSONText.seconds) ?? .null)]
            switch outcome {
            case .spoken: fields.append(("ended", ended.map(JSONText.seconds) ?? .null))
            case .interrupted: fields.append(("interrupted", ended.map(JSONText.seconds) ?? .null))
            case .dropped: fields.append(("dropped", .bool(true)))
            case .failed: fields.append(("failed", .bool(true)))
            }
            fields.append(("heard", .seconds(heard)))
            return fields
        case .task(let number, let what, let words):
            return [("task", .int(number)), ("what", .string(what.rawValue)), ("words", .string(words))]
        case .end(let reason, let signal):
            return [("reason", .string(reason))] + (signal.map { [("signal", JSONText.string($0))] } ?? [])
        }
    }

    /// How a spoken announcement ended.
    public enum SpeechEnd: String, Equatable, Sendable {
        case spoken, interrupted, dropped, failed
    }

    /// What became of a task.
    public enum TaskChange: String, Equatable, Sendable {
        case begun, done, skipped
    }

    /// The words of a text as a listener counts them: runs of letters or digits.
    public static func wordCount(_ text: String) -> Int {
        var count = 0
        var inWord = false
        for character in text {
            let isWordy = character.isLetter || character.isNumber
            if isWordy && !inWord { count += 1 }
            inWord = isWordy
        }
        return count
    }
}

/// What a log's `start` line says of the session: what the report groups and compares by.
public struct SessionStart: Equatable, Sendable {
    public var version: String
    /// The command line, after the program's name.
    public var arguments: [String]
    public var places: Int
    public var language: String
    public var voice: String
    public var rate: Int
    /// The `--strings` file, if any.
    public var strings: String?
    /// live (heard through a device), wav (rendered to a file only) or off.
    public var speech: String
    /// The tasks file, if any, and its tasks' words in order.
    public var tasksFile: String?
    public var tasks: [String]

    public init(
        version: String, arguments: [String], places: Int, language: String, voice: String, rate: Int,
        strings: String?, speech: String, tasksFile: String?, tasks: [String]
    ) {
        self.version = version
        self.arguments = arguments
        self.places = places
        self.language = language
        self.voice = voice
        self.rate = rate
        self.strings = strings
        self.speech = speech
        self.tasksFile = tasksFile
        self.tasks = tasks
    }

    var fields: [(String, JSONText)] {
        [
            ("version", .string(version)), ("options", .array(arguments.map(JSONText.string))),
            ("places", .int(places)), ("language", .string(language)), ("voice", .string(voice)),
            ("rate", .int(rate)), ("strings", strings.map(JSONText.string) ?? .null), ("speech", .string(speech)),
            ("tasks_file", tasksFile.map(JSONText.string) ?? .null), ("tasks", .array(tasks.map(JSONText.string))),
        ]
    }
}
