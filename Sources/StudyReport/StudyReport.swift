/// What a usability study's logs say: one row a session and task (time to done, commands,
/// errors, help used, speech heard and cut off, words heard), and per task across sessions
/// the median and range. Pure: logs in, numbers out.
public struct StudyReport: Equatable, Sendable {
    /// What sessions may be grouped by, as their `start` line records it.
    public enum Grouping: String, CaseIterable, Sendable {
        case strings, language, voice, rate
    }

    /// What became of a task in a session.
    public enum Outcome: String, Equatable, Sendable {
        case done, skipped
        /// The session ended (or its log was cut off) while the task was under way.
        case unfinished
    }

    /// One session, as its `start` and `end` lines describe it.
    public struct Session: Equatable, Sendable {
        public var file: String
        public var group: String?
        public var language: String
        public var voice: String
        public var rate: Int
        public var strings: String?
        public var speech: String
        public var duration: Double
        public var isCutOff: Bool
        public var endReason: String?
        public var endSignal: String?
        public var tasks: Int
    }

    /// One session's work on one task.
    public struct TaskRow: Equatable, Sendable {
        public var session: String
        public var group: String?
        public var task: Int
        public var words: String
        public var outcome: Outcome
        /// Seconds from the task's beginning to its end (done, skipped), or to the session's end.
        public var seconds: Double
        /// Lines that were commands, typed while the task was under way.
        public var commands = 0
        /// Announcements of the kind error among their answers.
        public var errors = 0
        public var repeats = 0
        public var histories = 0
        public var helps = 0
        /// `task`: the task asked for again.
        public var taskRepeats = 0
        /// Answers whose speech was cut off by a newer one, or dropped before it began.
        public var interruptions = 0
        /// Seconds of speech heard; nil when the session did not speak live.
        public var heard: Double?
        /// Of those, the seconds heard of answers that were then cut off.
        public var cutOff: Double?
        /// Words of the answers heard whole (or, without live speech, of every answer shown).
        public var wordsHeard = 0

        /// Time to done: the seconds, when the task was done.
        public var timeToDone: Double? { outcome == .done ? seconds : nil }
    }

    /// The middle value and the range of a measure over sessions.
    public struct Spread: Equatable, Sendable {
        public var median: Double
        public var low: Double
        public var high: Double

        /// The spread of `values`; nil for none.
        public init?(_ values: [Double]) {
            let sorted = values.sorted()
            guard let low = sorted.first, let high = sorted.last else { return nil }
            let middle = sorted.count / 2
            median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
            self.low = low
            self.high = high
        }
    }

    /// One task across sessions (of one group, when grouped).
    public struct TaskSummary: Equatable, Sendable {
        public var task: Int
        public var words: String
        public var group: String?
        public var sessions: Int
        public var done: Int
        public var skipped: Int
        public var timeToDone: Spread?
        public var commands: Spread?
        public var errors: Spread?
        public var heard: Spread?
        public var wordsHeard: Spread?
    }

    public var grouping: Grouping?
    public var sessions: [Session]
    public var rows: [TaskRow]
    public var summaries: [TaskSummary]

    /// The report of `logs`, grouped by `grouping` when given.
    public init(_ logs: [SessionLog], by grouping: Grouping? = nil) {
        self.grouping = grouping
        sessions = logs.map { Self.session($0, by: grouping) }
        rows = logs.flatMap { Self.rows($0, group: Self.group($0.start, by: grouping)) }
        summaries = Self.summaries(rows)
    }

    /// The value a session is grouped by.
    static func group(_ start: SessionStart, by grouping: Grouping?) -> String? {
        switch grouping {
        case nil: nil
        case .strings?: start.strings ?? "built-in"
        case .language?: start.language
        case .voice?: start.voice
        case .rate?: String(start.rate)
        }
    }

    static func session(_ log: SessionLog, by grouping: Grouping?) -> Session {
        Session(
            file: log.file, group: group(log.start, by: grouping), language: log.start.language, voice: log.start.voice,
            rate: log.start.rate, strings: log.start.strings, speech: log.start.speech, duration: log.duration,
            isCutOff: log.isCutOff, endReason: log.endReason, endSignal: log.endSignal, tasks: log.start.tasks.count)
    }

    /// Walks one log: each task's window runs from its `begun` line to its `done` or `skipped`
    /// line; the lines and answers in it are the task's, and speech counts for the task whose
    /// answer it spoke. The task's own words, read between two tasks, belong to neither.
    static func rows(_ log: SessionLog, group: String?) -> [TaskRow] {
        var rows: [TaskRow] = []
        var open: (index: Int, begun: Double)?
        var taskOfAnswer: [Int: Int] = [:]
        var wordsOfAnswer: [Int: Int] = [:]
        let live = log.start.speech == "live"
        for record in log.records {
            switch record.event {
            case .task(let number, let what, let words):
                switch what {
                case .begun:
                    rows.append(
                        TaskRow(
                            session: log.file, group: group, task: number, words: words, outcome: .unfinished,
                            seconds: 0, heard: live ? 0 : nil, cutOff: live ? 0 : nil))
                    open = (rows.count - 1, record.t)
                case .done, .skipped:
                    guard let current = open, rows[current.index].task == number else { continue }
                    rows[current.index].outcome = what == .done ? .done : .skipped
                    rows[current.index].seconds = record.t - current.begun
                    open = nil
                }
            case .input(_, _, _, let command):
                guard let current = open else { continue }
                rows[current.index].commands += 1
                switch command {
                case "repeat": rows[current.index].repeats += 1
                case "history": rows[current.index].histories += 1
                case "help": rows[current.index].helps += 1
                case "task": rows[current.index].taskRepeats += 1
                default: break
                }
            case .announcement(let seq, _, let kind, _, _, let words):
                guard let current = open else { continue }
                taskOfAnswer[seq] = current.index
                wordsOfAnswer[seq] = words
                if kind == "error" { rows[current.index].errors += 1 }
                if !live { rows[current.index].wordsHeard += words }
            case .speech(let seq, let outcome, _, _, let heard):
                guard live, let index = taskOfAnswer[seq] else { continue }
                rows[index].heard = (rows[index].heard ?? 0) + heard
                switch outcome {
                case .spoken: rows[index].wordsHeard += wordsOfAnswer[seq] ?? 0
                case .interrupted, .dropped:
                    rows[index].interruptions += 1
                    rows[index].cutOff = (rows[index].cutOff ?? 0) + heard
                case .failed: break
                }
            case .start, .end: break
            }
        }
        if let current = open { rows[current.index].seconds = log.duration - current.begun }
        return rows
    }

    /// Per task (and group), across sessions: the median and range of each measure.
    static func summaries(_ rows: [TaskRow]) -> [TaskSummary] {
        var keys: [String] = []
        var byKey: [String: [TaskRow]] = [:]
        for row in rows {
            let key = "\(row.task)\u{0}\(row.words)\u{0}\(row.group ?? "")"
            if byKey[key] == nil { keys.append(key) }
            byKey[key, default: []].append(row)
        }
        let summaries = keys.map { key -> TaskSummary in
            let rows = byKey[key]!
            return TaskSummary(
                task: rows[0].task, words: rows[0].words, group: rows[0].group, sessions: rows.count,
                done: rows.count { $0.outcome == .done }, skipped: rows.count { $0.outcome == .skipped },
                timeToDone: Spread(rows.compactMap(\.timeToDone)), commands: Spread(rows.map { Double($0.commands) }),
                errors: Spread(rows.map { Double($0.errors) }), heard: Spread(rows.compactMap(\.heard)),
                wordsHeard: Spread(rows.map { Double($0.wordsHeard) }))
        }
        return summaries.enumerated().sorted { a, b in
            (a.element.task, a.offset) < (b.element.task, b.offset)
        }.map(\.element)
    }
}
