import Foundation
import NearbyCore
import ShellParsing
import Words

/// `nearby-voice strings [--language L]`: the built-in words of a language as a PO file, to
/// start a designer's own from (`--strings`). Without `--language`, the POSIX locale's.
enum StringsCommand {
    static func run(_ arguments: [String], environment: [String: String]) throws(Failure) -> ExitCode {
        var language = Language.fromLocale(environment)
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            var value: String?
            if argument.hasPrefix("--language=") {
                value = String(argument.dropFirst("--language=".count))
            } else if argument == "--language", index < arguments.count {
                value = arguments[index]
                index += 1
            }
            let words = Catalog.builtIn(language)
            guard let value else { throw Failure(.usage, words.text(.stringsUsage)) }
            guard let chosen = Language(code: value),
                Language.allCases.contains(where: { $0.code.lowercased() == value.lowercased() })
            else {
                throw Failure(
                    .usage,
                    words.text(
                        .optionRefused(name: "language", expected: Setting.language.expected(words), value: value)))
            }
            language = chosen
        }
        StandardOutput.write(Catalog.builtIn(language).poFile().text())
        return StandardOutput.isClosed ? .outputClosed : .success
    }
}
