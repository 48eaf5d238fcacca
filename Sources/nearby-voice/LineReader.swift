import Foundation
import NearbyCore
import PlaceData
import ShellParsing
import Synchronization
import SystemCalls
import TextFormats
import Words

/// Where command lines come from: readline on a terminal, plain lines otherwise.
protocol LineReader: AnyObject {
    /// The next line without its newline, or nil at the end of input.
    func nextLine() -> String?
    /// Whether a person is typing at a terminal (a greeting is due, and a goodbye at the end).
    var isInteractive: Bool { get }
    /// What the session wants to hear about while a line is being typed (terminals only).
    var events: LineEvents { get set }
    /// Shows a line of output without garbling the line being typed.
    func show(_ text: String)
    /// The signal (SIGTERM, SIGHUP) that ended the input, if one did; nil at a plain end.
    var endingSignal: Int32? { get }
    /// Where the last line came from, as the study log says it: typed, completed (Tab),
    /// recalled (from the history), script or piped.
    var lineSource: String { get }
}

extension LineReader {
    /// Plain readers have no line being typed: output goes straight to standard output.
    func show(_ text: String) {
        StandardOutput.write(text + "\n")
    }

    /// Plain readers keep the default action of SIGTERM and SIGHUP: the process ends at once.
    var endingSignal: Int32? { nil }
}

/// Standard output, and whether its reader has gone (`nearby-voice ... | head -1`). SIGPIPE is
/// ignored, so a write there fails with EPIPE instead of killing the process; the session sees
/// `isClosed` and stops quietly with exit code 141 (the SIGPIPE convention).
enum StandardOutput {
    private static let closed = Atomic<Bool>(false)

    static var isClosed: Bool { closed.load(ordering: .relaxed) }

    /// Notes the error of a failed write to standard output: EPIPE means the reader has gone.
    static func noteFailure(_ error: Int32) {
        if error == EPIPE { closed.store(true, ordering: .relaxed) }
    }

    /// Writes `text` whole with write(2), or notes why it could not be.
    static func write(_ text: String) {
        guard !isClosed else { return }
        do { try FileDescriptor.standardOutput.writeAll(Array(text.utf8)) } catch { noteFailure(error.code) }
    }

    /// Writes `text` whole, or fails: quietly with 141 when the reader has gone (EPIPE), with 74
    /// and errno's words for any other error (a full disk, `>/dev/full`). For what is all of a
    /// run's output: `--help`, `--version`, a subcommand's help, the generated man page.
    static func writeOrFail(_ text: String, _ words: Catalog) throws(Failure) {
        guard !isClosed else { throw Failure(.outputClosed, "") }
        do { try FileDescriptor.standardOutput.writeAll(Array(text.utf8)) } catch {
            noteFailure(error.code)
            if error.code == EPIPE { throw Failure(.outputClosed, "") }
            throw Failure(
                .cannotWrite,
                words.text(.outputCannotWrite(file: words.text(.outputStandardOutput), reason: error.reason)))
        }
    }
}

/// What happens while a person types, for the session to answer.
struct LineEvents {
    /// The line typed so far, after a pause without keys (filter as you type).
    var paused: (String) -> Void = { _ in }
    /// A key was pressed (speech in progress may be silenced).
    var keyPressed: () -> Void = {}
    /// Ctrl-C: speech is silenced and the line cleared; the session goes on.
    var interrupted: () -> Void = {}
    /// Tab: what the line typed so far (before the cursor) can become.
    var complete: (String) -> Completion? = { _ in nil }
    /// The words of the session's language, for what the reader itself says.
    var words: () -> Catalog = { .builtIn(.english) }
    /// Words to speak, not to show or keep: the key echo, a recalled line, completion's list.
    var echo: (String) -> Void = { _ in }
    /// Readable when position reports wait (a walked route, gpsd): a reader waiting for a line
    /// watches it too, and calls `woken` when it is readable.
    var wake: FileDescriptor?
    /// Position reports wait: the session takes them now, between keys.
    var woken: () -> Void = {}
}

/// Lines of a script file, read whole and checked to be UTF-8 up front.
final class ScriptLineReader: LineReader {
    private var lines: [TextFile.Line]
    private var index = 0
    let isInteractive = false
    let lineSource = "script"
    var events = LineEvents()

    init(path: String, words: Catalog, encoding: TextEncoding = .utf8) throws(Failure) {
        let data: Data
        do { data = Data(try FileContents(path: path).array) } catch {
            throw Failure(reading: .script, path, error, words)
        }
        do { lines = try TextFile(decoding: data, name: path, encoding: encoding).lines } catch {
            throw Failure(
                .dataError,
                words.text(.fileScriptNotUtf8(file: error.at.file, line: error.at.line, column: error.at.column)))
        }
    }

    func nextLine() -> String? {
        guard index < lines.count else { return nil }
        defer { index += 1 }
        return String(lines[index].text)
    }
}

/// Lines from standard input when it is not a terminal: no prompt, no echo. Read with read(2)
/// into a buffer of its own (not stdio's), so that while it waits for a line it can also watch
/// for position reports (`LineEvents.wake`).
final class PipeLineReader: LineReader {
    let isInteractive = false
    let lineSource = "piped"
    var events = LineEvents()
    private var pending: [UInt8] = []
    /// Where the next line begins in `pending` (what is before it was read already).
    private var start = 0
    private var ended = false

    func nextLine() -> String? {
        while true {
            if let newline = pending[start...].firstIndex(of: 10) {
                var line = pending[start..<newline]
                start = newline + 1
                if line.last == 13 { line = line.dropLast() }
                return String(decoding: line, as: UTF8.self)
            }
            // What was read is dropped before more is read: each byte is moved at most once.
            pending.removeFirst(start)
            start = 0
            if ended {
                guard !pending.isEmpty else { return nil }
                defer { pending = [] }
                return String(decoding: pending, as: UTF8.self)
            }
            var watched = [FileDescriptor.standardInput]
            if let wake = events.wake { watched.append(wake) }
            guard let ready = try? FileDescriptor.waitForInput(watched, milliseconds: nil) else { continue }
            if ready.count > 1 && ready[1] { events.woken() }
            guard ready[0] else { continue }
            var buffer = [UInt8](repeating: 0, count: 65_536)
            var outcome: Result<Int, SystemError> = .success(0)
            buffer.withUnsafeMutableBytes { raw in
                outcome = Result { () throws(SystemError) in try FileDescriptor.standardInput.read(into: raw) }
            }
            let count: Int
            switch outcome {
            case .success(let read): count = read
            case .failure(let error):
                if error.code == EAGAIN { continue }
                count = 0
            }
            if count == 0 { ended = true }
            pending += buffer[0..<count]
        }
    }
}
