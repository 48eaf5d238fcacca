/// The exit codes of `nearby-voice` (sysexits.h values where one fits).
enum ExitCode: Int32 {
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
    /// Stopped by a signal: 128 + its number (130 for SIGINT, 143 for SIGTERM).
    case interrupted = 130
}

/// An error that ends the run with its message and exit code.
struct Failure: Error {
    let code: ExitCode
    let message: String

    init(_ code: ExitCode, _ message: String) {
        self.code = code
        self.message = message
    }
}
