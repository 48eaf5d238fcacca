import Foundation
import NearbyCore
import ShellParsing
import Words

/// `nearby-voice strings [--language L]` (`Subcommand.strings` declares its arguments): the
/// built-in words of a language as a PO file, to start a designer's own from (`--strings`).
/// Without `--language`, the POSIX locale's.
enum StringsCommand {
    static func run(_ arguments: SubcommandArguments, language: Language) throws(Failure) -> ExitCode {
        let chosen = arguments[.language].flatMap(Language.init(code:)) ?? language
        StandardOutput.write(Catalog.builtIn(chosen).poFile().text())
        return StandardOutput.isClosed ? .outputClosed : .success
    }
}
