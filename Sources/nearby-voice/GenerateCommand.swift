import Foundation
import ShellParsing
import Words

/// The hidden subcommands `make install` runs to write what is generated from the program's
/// own tables: `generate-manual [--language L] [--date YYYY-MM-DD] [--prefix P]` (the man page,
/// roff) and `generate-completion bash|zsh|fish`. Not in `--help` or the man page: they are for
/// building, not for users.
enum GenerateCommand {
    static func manual(_ arguments: [String]) throws(Failure) -> ExitCode {
        var page = ManualPage(words: .builtIn(.english), date: "2026-12-01")
        var index = 0
        while index + 1 < arguments.count {
            let value = arguments[index + 1]
            switch arguments[index] {
            case "--language":
                guard let language = Language(code: value) else { throw Failure(.usage, "no language \(value)") }
                page.words = .builtIn(language)
            case "--date": page.date = value
            case "--prefix": page.prefix = value
            default: throw Failure(.usage, "generate-manual [--language L] [--date YYYY-MM-DD] [--prefix P]")
            }
            index += 2
        }
        guard index == arguments.count else {
            throw Failure(.usage, "generate-manual [--language L] [--date YYYY-MM-DD] [--prefix P]")
        }
        StandardOutput.write(page.text)
        return .success
    }

    static func completion(_ arguments: [String]) throws(Failure) -> ExitCode {
        guard arguments.count == 1, let shell = ShellCompletion(rawValue: arguments[0]) else {
            throw Failure(.usage, "generate-completion bash|zsh|fish")
        }
        StandardOutput.write(shell.script())
        return .success
    }
}
