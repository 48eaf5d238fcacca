import Foundation
import SystemCalls
import Words

/// The exit codes of `nearby-voice` (sysexits.h values where one fits).
public enum ExitCode: Int32, Sendable {
    case success = 0
    /// A scripted announcement test failed.
    case testFailed = 1
    /// Bad usage: an unknown option or a bad value.
    case usage = 64
    /// A data file (places, config, test) is malformed.
    case dataError = 65
    /// A file to read is missing.
    case noInput = 66
    /// Speech was demanded (`--speech on`) and no audio device works.
    case unavailable = 69
    /// An output file cannot be written.
    case cannotWrite = 74
    /// SIGHUP (the terminal went away) at a terminal: 128 + 1.
    case hangUp = 129
    /// Standard output was closed by its reader (`| head -1`): the SIGPIPE convention, 128 + 13.
    /// The run stops quietly, as `cat` or `yes` would under a shell.
    case outputClosed = 141
    /// SIGTERM at a terminal: 128 + 15.
    case terminated = 143

    /// The code for a run ended by `signal` (SIGTERM or SIGHUP), 128 + its number.
    public static func signalled(_ signal: Int32) -> ExitCode {
        signal == SIGHUP ? .hangUp : .terminated
    }
}

/// An error that ends the run with its message and exit code.
public struct Failure: Error {
    public let code: ExitCode
    public let message: String

    public init(_ code: ExitCode, _ message: String) {
        self.code = code
        self.message = message
    }
}

extension Failure {
    /// The input files whose errors have words of their own.
    public enum InputFile: String, CaseIterable, Sendable {
        case places, script, tasks

        /// `file.KIND.cannot-open` or `file.KIND.cannot-read`, with the file and the reason.
        func problem(opening: Bool, file: String, reason: String) -> Phrase {
            switch (self, opening) {
            case (.places, true): .filePlacesCannotOpen(file: file, reason: reason)
            case (.places, false): .filePlacesCannotRead(file: file, reason: reason)
            case (.script, true): .fileScriptCannotOpen(file: file, reason: reason)
            case (.script, false): .fileScriptCannotRead(file: file, reason: reason)
            case (.tasks, true): .fileTasksCannotOpen(file: file, reason: reason)
            case (.tasks, false): .fileTasksCannotRead(file: file, reason: reason)
            }
        }
    }

    /// An input file (the places, the script) that cannot be read: "Cannot open the
    /// places file F: Permission denied." when it cannot be opened, "Cannot read …: Is a
    /// directory." when it cannot be read, with errno's own words; 66.
    public init(reading kind: InputFile, _ path: String, _ error: SystemError, _ words: Catalog) {
        self.init(
            .noInput,
            words.text(kind.problem(opening: error.operation == "open", file: path, reason: error.reason)))
    }
}

extension ExitCode: CaseIterable {
    /// What it means, for the man page: `exit.NAME`.
    public func meaning(_ words: Catalog) -> String {
        let name =
            switch self {
            case .success: "success"
            case .testFailed: "test-failed"
            case .usage: "usage"
            case .dataError: "data-error"
            case .noInput: "no-input"
            case .unavailable: "unavailable"
            case .cannotWrite: "cannot-write"
            case .hangUp: "hang-up"
            case .outputClosed: "output-closed"
            case .terminated: "terminated"
            }
        return words.text(Key(family: "exit", name))
    }
}
