import Foundation
import ShellParsing
import Words

/// The hidden subcommands `make install` runs to write what is generated from the program's
/// own tables: `generate-manual [--language L] [--date YYYY-MM-DD] [--prefix P]` (the man page,
/// roff) and `generate-completion bash|zsh|fish` (`Subcommand` declares their arguments). Not in
/// `--help` or the man page: they are for building, not for users.
enum GenerateCommand {
    static func manual(_ arguments: SubcommandArguments) throws(Failure) -> ExitCode {
        var page = ManualPage(words: .builtIn(.english), date: "2026-12-01")
        if let language = arguments[.language].flatMap(Language.init(code:)) { page.words = .builtIn(language) }
        if let date = arguments[.date] { page.date = date }
        if let prefix = arguments[.prefix] { page.prefix = prefix }
        try StandardOutput.writeOrFail(page.text, page.words)
        return .success
    }

    static func completion(_ arguments: SubcommandArguments) throws(Failure) -> ExitCode {
        // The table has checked that the one operand names a shell.
        guard let shell = arguments.operands.first.flatMap(ShellCompletion.init(rawValue:)) else { return .usage }
        try StandardOutput.writeOrFail(shell.script(), .builtIn(.english))
        return .success
    }
}
