import CReadline
import Foundation
import NearbyCore
import ShellParsing
import SystemCalls
import Words

/// GNU readline on a terminal, in its callback mode so that the session hears about pauses,
/// key presses and Ctrl-C while a line is typed. Line editing, Tab completion (no file names),
/// and history kept across sessions in `$XDG_STATE_HOME/nearby-voice/history`. The only file
/// that calls readline.
///
/// Nothing here moves the cursor for show: no bracketed-paste escapes, no spinners. An answer
/// that arrives while a line is typed goes below that line, and the prompt with the typed text
/// is written again under it, as a terminal screen reader reads new lines.
final class ReadlineReader: LineReader {
    /// How the reader behaves, from the options.
    struct Configuration {
        var historyPath: String?
        var prompt = "> "
        /// Milliseconds without keys after which the line typed so far is reported; 0: never.
        var typingPause = 300
        var keyEcho: KeyEcho = .none
        /// Whether every key press silences speech in progress.
        var keysStopSpeech = true
        /// Where the prompt and the typed text go: standard output on a terminal, else standard
        /// error, so that a transcript on standard output holds announcements only.
        var promptOnStandardError = false
    }

    let isInteractive = true
    var events = LineEvents()
    /// SIGTERM or SIGHUP, once one has ended the input.
    private(set) var endingSignal: Int32?
    /// Where the last line came from: typed, completed (Tab filled some of it) or recalled
    /// (the history's Up, Down or Ctrl-R brought it).
    private(set) var lineSource = "typed"
    /// Whether Tab completed something in the line being typed.
    private var completedThisLine = false
    private let configuration: Configuration
    private let history: HistoryFile?
    private let output: UnsafeMutablePointer<FILE>
    /// The last line added to the history, so that a repeated line is kept once.
    private var lastHistoryLine: String?
    /// The read end of the pipe that SIGINT, SIGTERM and SIGHUP arrive through.
    private var signalReadEnd: FileDescriptor?
    /// Whether a line is being typed (readline's handler is installed).
    private var isReadingLine = false
    /// What readline's line handler left: a line, or nil for the end of input.
    private var accepted: String??
    /// Lines shown while an event is answered: written together, then the prompt once.
    private var pendingOutput: [String]?
    /// The last completion, for listing its candidates by their short names.
    private var lastCompletion: Completion?

    static let historyLimit = 1000
    /// The reader that readline's C callbacks reach. One reader runs per process, on the main
    /// thread; readline itself is a set of globals.
    nonisolated(unsafe) private static var active: ReadlineReader?

    init(_ configuration: Configuration) {
        self.configuration = configuration
        output = configuration.promptOnStandardError ? CReadline_stderr() : CReadline_stdout()
        history = configuration.historyPath.map { HistoryFile(path: $0, limit: Self.historyLimit) }
        Self.active = self
        CReadline_setName("nearby-voice")
        CReadline_setOutStream(output)
        // Preferences first, so that ~/.inputrc (read by rl_initialize) can change them:
        // list the candidates on the first Tab (a bell says nothing), never page them.
        rl_variable_bind("show-all-if-ambiguous", "on")
        rl_variable_bind("page-completions", "off")
        rl_variable_bind("enable-meta-key", "off")
        rl_initialize()
        // Screen readers read every redraw: no bracketed-paste escapes around the prompt,
        // whatever ~/.inputrc says.
        rl_variable_bind("enable-bracketed-paste", "off")
        CReadline_setCatchSignals(0)
        CReadline_setWordBreakCharacters("")
        CReadline_setCompletion { _, start, end in ReadlineReader.active?.completionMatches(start: start, end: end) }
        CReadline_setDisplayMatchesHook { _, _, _ in ReadlineReader.active?.listCandidates() }
        if let ends = try? FileDescriptor.pipe(nonBlocking: true) {
            signalReadEnd = ends.read
            _ = CReadline_routeSignals(ends.write.rawValue)
        }
        using_history()
        stifle_history(Int32(Self.historyLimit))
        let saved = history?.load() ?? []
        for line in saved { add_history(line) }
        lastHistoryLine = saved.last
    }

    func nextLine() -> String? {
        fflush(output)
        accepted = nil
        completedThisLine = false
        isReadingLine = true
        defer { isReadingLine = false }
        rl_callback_handler_install(configuration.prompt) { line in ReadlineReader.active?.accept(line) }
        /// The line last reported after a pause, so that one pause reports it once.
        var reported: String? = nil
        var pauseDeadline: ContinuousClock.Instant? = nil
        while true {
            var watched = [FileDescriptor.standardInput]
            if let signalReadEnd { watched.append(signalReadEnd) }
            // Position reports (a walked route, gpsd) are taken between keys, and shown below
            // the line being typed.
            if let wake = events.wake { watched.append(wake) }
            var timeout: Int32? = nil
            if let pauseDeadline {
                let left = ContinuousClock.now.duration(to: pauseDeadline)
                timeout = max(
                    0, Int32(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000))
            }
            let ready: [Bool]
            do { ready = try FileDescriptor.waitForInput(watched, milliseconds: timeout) } catch {
                if error.isInterrupted { continue }
                return end()
            }
            if events.wake != nil, ready.last == true {
                answering { events.woken() }
                if !ready.dropLast().contains(true) { continue }
            }
            if signalReadEnd != nil && ready[1] {
                // SIGTERM or SIGHUP ends the session with 128 + its number (the session reads
                // `endingSignal`), not as Ctrl-D does with 0.
                if let ending = signalsArrived().first(where: { $0 == SIGTERM || $0 == SIGHUP }) {
                    endingSignal = ending
                    return end()
                }
                interrupt()
                reported = nil
                pauseDeadline = nil
                continue
            }
            if !ready.contains(true) {
                pauseDeadline = nil
                let line = currentLine()
                if line != reported {
                    reported = line
                    answering { events.paused(line) }
                }
                continue
            }
            guard ready[0] else { continue }
            if configuration.keysStopSpeech { events.keyPressed() }
            let before = (text: currentLine(), point: Int(CReadline_point()))
            rl_callback_read_char()
            if let accepted { return accepted }
            if let words = configuration.keyEcho.phrase(
                before: before, after: (currentLine(), Int(CReadline_point())), events.words())
            {
                events.echo(words)
            }
            if configuration.typingPause > 0 { pauseDeadline = .now + .milliseconds(configuration.typingPause) }
        }
    }

    /// Shows `text`: at once between lines; under the line being typed while one is, then the
    /// prompt and the typed text again, with the cursor where it was.
    func show(_ text: String) {
        if pendingOutput != nil {
            pendingOutput?.append(text)
        } else if isReadingLine && output == CReadline_stdout() {
            showBelowLine([text])
        } else {
            fputs(text + "\n", CReadline_stdout())
            // Standard output may be a pipe whose reader has gone (`| head -1`): EPIPE.
            if fflush(CReadline_stdout()) != 0 { StandardOutput.noteFailure(errno) }
        }
    }

    /// Runs an event's answer, gathering what it shows, and shows it below the line at once.
    private func answering(_ body: () -> Void) {
        pendingOutput = []
        body()
        let lines = pendingOutput ?? []
        pendingOutput = nil
        guard !lines.isEmpty else { return }
        if output == CReadline_stdout() {
            showBelowLine(lines)
        } else {
            for line in lines { fputs(line + "\n", CReadline_stdout()) }
            if fflush(CReadline_stdout()) != 0 { StandardOutput.noteFailure(errno) }
        }
    }

    /// Ends the line on the screen (the cursor goes to its end first), writes `lines`, and
    /// writes the prompt and the typed text again (`rl_on_new_line`, `rl_redisplay`).
    private func showBelowLine(_ lines: [String]) {
        let point = CReadline_point()
        if point != CReadline_end() {
            CReadline_setPoint(CReadline_end())
            rl_redisplay()
        }
        fputs("\n", output)
        for line in lines { fputs(line + "\n", output) }
        CReadline_setPoint(point)
        rl_on_new_line()
        rl_redisplay()
        fflush(output)
    }

    /// The line typed so far.
    private func currentLine() -> String {
        guard let buffer = CReadline_lineBuffer() else { return "" }
        let count = Int(CReadline_end())
        return String(decoding: UnsafeRawBufferPointer(start: buffer, count: count), as: UTF8.self)
    }

    /// readline's line handler (`rl_callback_handler_install`): keeps the line, removes the
    /// handler (which restores the terminal and keeps readline from writing the next prompt
    /// before the answer), and adds the line to the history.
    fileprivate func accept(_ pointer: UnsafeMutablePointer<CChar>?) {
        rl_callback_handler_remove()
        guard let pointer else {
            // Ctrl-D on an empty line: the goodbye goes on a line of its own.
            fputs("\n", output)
            fflush(output)
            accepted = .some(nil)
            return
        }
        let line = String(cString: pointer)
        free(pointer)
        // Before the line joins the history: a position short of its end means a recalled line.
        let recalled = where_history() < CReadline_historyLength()
        lineSource = recalled ? "recalled" : completedThisLine ? "completed" : "typed"
        remember(line)
        // The history's position back at its end: a line typed after a recalled one is typed,
        // not recalled (readline leaves the position where the recall put it).
        using_history()
        accepted = .some(line)
    }

    /// Adds a line to the history in memory and in the file, without the space completion
    /// leaves at its end, and once when repeated.
    private func remember(_ typed: String) {
        var line = typed
        while line.last?.isWhitespace == true { line.removeLast() }
        guard !line.trimmingCharacters(in: .whitespaces).isEmpty, line != lastHistoryLine else { return }
        lastHistoryLine = line
        add_history(line)
        history?.append(line)
    }

    /// Ctrl-C: speech stops, the typed text stays on the screen as it was, and a fresh prompt
    /// with an empty line comes under it (`rl_replace_line`, `rl_on_new_line`, `rl_redisplay`).
    private func interrupt() {
        events.interrupted()
        rl_callback_sigcleanup()
        CReadline_setPoint(CReadline_end())
        rl_redisplay()
        rl_replace_line("", 0)
        CReadline_setPoint(0)
        fputs("\n", output)
        rl_on_new_line()
        rl_redisplay()
        fflush(output)
    }

    /// SIGTERM or SIGHUP: the line is dropped, the terminal restored, and the session ends
    /// with 128 + the signal's number.
    private func end() -> String? {
        rl_callback_handler_remove()
        fputs("\n", output)
        fflush(output)
        return nil
    }

    /// The signals that arrived since the last look, read from the pipe.
    private func signalsArrived() -> [Int32] {
        guard let signalReadEnd else { return [] }
        var bytes = [UInt8](repeating: 0, count: 64)
        let count = bytes.withUnsafeMutableBytes { (try? signalReadEnd.read(into: $0)) ?? 0 }
        return bytes.prefix(count).map { Int32($0) }
    }

    /// readline's completion function: the whole line before the cursor (word breaks are off)
    /// goes to the session; the answer comes back as readline's array of matches (the
    /// replacement first, then each candidate), made with malloc, as readline frees them.
    fileprivate func completionMatches(start: Int32, end: Int32) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
    {
        CReadline_setCompletionOver(1)
        guard start == 0, let buffer = CReadline_lineBuffer() else { return nil }
        let line = String(decoding: UnsafeRawBufferPointer(start: buffer, count: Int(end)), as: UTF8.self)
        guard let completion = events.complete(line), !completion.candidates.isEmpty else {
            lastCompletion = nil
            return nil
        }
        lastCompletion = completion
        // Only a Tab that filled something in makes the line completed; one that listed the
        // choices left it as typed.
        if completion.isUnique || completion.replacement.count > line.count { completedThisLine = true }
        let strings =
            completion.isUnique
            ? [completion.candidates[0].line] : [completion.replacement] + completion.candidates.map(\.line)
        let size = MemoryLayout<UnsafeMutablePointer<CChar>?>.stride * (strings.count + 1)
        guard let raw = malloc(size) else { return nil }
        let matches = raw.bindMemory(to: UnsafeMutablePointer<CChar>?.self, capacity: strings.count + 1)
        for (index, string) in strings.enumerated() { matches[index] = strdup(string) }
        matches[strings.count] = nil
        return matches
    }

    /// readline's display hook for several candidates: their short names, one a line, under
    /// the typed line, then the prompt again; spoken too when keys are echoed.
    fileprivate func listCandidates() {
        guard let completion = lastCompletion else { return }
        let labels = completion.candidates.map(\.label)
        let total = completion.total
        let lines =
            total > Completion.listLimit
            ? [events.words().text(.completionTooMany(count: String(total), plural: total))]
            : labels
        showBelowLine(lines)
        if configuration.keyEcho != .none {
            let words = events.words()
            events.echo(
                words.text(
                    .completionCandidates(
                        count: String(total), labels: labels.prefix(10).joined(separator: words.text(.listSeparator)),
                        plural: total)))
        }
    }
}

/// The history file, shared safely by sessions that run at once: every change is made under
/// an exclusive lock (`flock` on `history.lock` beside it), a line is appended whole in one
/// write, and trimming to the limit writes a temporary file that replaces the old one in one
/// step (`rename`), so that a crash leaves the old file or the new one, never half of one.
/// The file is trimmed once it holds `slack` lines more than the limit, not at every line: a
/// file kept at the limit was written whole and flushed to the disk before each line typed was
/// answered (issue 42: 0.5-1 ms a line, more when the disk was busy).
struct HistoryFile {
    let path: String
    let limit: Int

    /// How many lines beyond `limit` the file may hold before it is trimmed back to `limit`.
    var slack: Int { limit / 4 }

    /// The newest `limit` lines.
    func load() -> [String] {
        withLock(.shared) { Array(lines().suffix(limit)) }
    }

    /// Appends `line`, then trims the file to the newest `limit` lines when it holds more than
    /// `limit + slack`.
    func append(_ line: String) {
        withLock(.exclusive) {
            guard let fd = try? FileDescriptor.open(path, .appending, permissions: 0o600) else { return }
            var bytes = Array(line.utf8) + [UInt8(ascii: "\n")]
            // A crash in the middle of a write may have left a last line without its end.
            var last: [UInt8] = [0]
            if let size = try? fd.seek(to: 0, from: .end), size > 0,
                (try? last.withUnsafeMutableBytes { try fd.read(into: $0, at: size - 1) }) == 1,
                last[0] != UInt8(ascii: "\n")
            {
                bytes.insert(UInt8(ascii: "\n"), at: 0)
            }
            try? fd.writeAll(bytes, path: path)
            fd.close()
            let all = lines()
            if all.count > limit + slack { replace(with: Array(all.suffix(limit))) }
        }
    }

    /// The lines of the file, blank ones left out.
    private func lines() -> [String] {
        guard let data = try? FileContents(path: path).array else { return [] }
        return data.split(separator: UInt8(ascii: "\n")).map { String(decoding: $0, as: UTF8.self) }
            .filter { !$0.isEmpty }
    }

    /// Writes `lines` to a temporary file beside the history, flushes it to the disk, and
    /// renames it over the history.
    private func replace(with lines: [String]) {
        let temporary = path + ".tmp"
        do {
            try FileDescriptor.withOpened(temporary, .writeTruncating, permissions: 0o600) { fd throws(SystemError) in
                try fd.writeAll(Array(lines.map { $0 + "\n" }.joined().utf8), path: temporary)
                try fd.sync(path: temporary)
            }
            try FileSystem.rename(temporary, to: path)
        } catch {
            try? FileSystem.remove(temporary)
        }
    }

    /// Runs `body` holding the lock file's lock; without a lock file (a read-only folder), runs
    /// it anyway.
    private func withLock<T>(_ kind: FileDescriptor.LockKind, _ body: () -> T) -> T {
        guard let fd = try? FileDescriptor.open(path + ".lock", .readWriteCreating, permissions: 0o600) else {
            return body()
        }
        defer { fd.close() }
        try? fd.lock(kind, path: path + ".lock")
        defer { fd.unlock() }
        return body()
    }
}
