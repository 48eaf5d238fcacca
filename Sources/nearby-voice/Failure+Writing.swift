import Announcer
import Foundation
import ShellParsing
import Words

extension Failure {
    /// A failed write of the transcript or the WAV file: exit 74 with the file's message, or
    /// 141 without one when standard output's reader has gone.
    static func writing(_ error: OutputFileError, _ words: Catalog) -> Failure {
        if error.isBrokenPipe {
            StandardOutput.noteFailure(EPIPE)
            return Failure(.outputClosed, "")
        }
        return Failure(.cannotWrite, error.text(words))
    }
}
