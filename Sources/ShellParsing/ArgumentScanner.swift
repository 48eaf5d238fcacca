import NearbyCore
import Words

/// One word of a command line, scanned: an option with its value, or an operand (a file, a path).
public enum ScannedArgument<Option: CommandLineOption> {
    case option(Option, value: String)
    case operand(String)
}

/// Cuts a command line into options and operands for any table of options: the one scanner of
/// the session's options and of every subcommand's. `--name value`, `--name=value` and `-x value`
/// (a letter the table gives) everywhere; a switch alone is on.
struct ArgumentScanner<Option: CommandLineOption> {
    /// The options it knows.
    var options: [Option]
    /// Whether a switch takes on or off as its next word (`--reduce-motion off`), as the
    /// session's switches do; a subcommand's take a value only after `=`, so that a file named
    /// `on` stays an operand.
    var switchesTakeNextWord: Bool
    /// The failure for an option it does not know: its name (without dashes) and the nearest
    /// name it knows, if one is near.
    var unknown: (_ name: String, _ nearest: String?) -> Failure
    /// The failure for an option given last without its value.
    var needsValue: (_ name: String) -> Failure

    /// Calls `each` with every option and operand, in order; the first problem is thrown.
    func scan(_ arguments: [String], _ each: (ScannedArgument<Option>) throws(Failure) -> Void) throws(Failure) {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            var option: Option?
            var value: String?
            if argument.hasPrefix("--"), argument.count > 2 {
                var name = String(argument.dropFirst(2))
                if let equals = name.firstIndex(of: "=") {
                    value = String(name[name.index(after: equals)...])
                    name = String(name[..<equals])
                }
                guard let known = options.first(where: { $0.name == name }) else {
                    throw unknown(name, DidYouMean.nearest(to: name.lowercased(), among: options.map(\.name)))
                }
                option = known
            } else if argument.count == 2, argument.hasPrefix("-"),
                let known = options.first(where: { $0.letter != nil && "-\($0.letter!)" == argument })
            {
                option = known
            }
            guard let option else {
                try each(.operand(argument))
                continue
            }
            if value == nil {
                if option.isSwitch {
                    // A switch stands alone, or (the session's) takes on or off as its next word.
                    if switchesTakeNextWord, index < arguments.count, let on = Setting.bool(arguments[index]) {
                        index += 1
                        value = on ? "on" : "off"
                    } else {
                        value = "on"
                    }
                } else {
                    guard index < arguments.count else { throw needsValue(option.name) }
                    value = arguments[index]
                    index += 1
                }
            }
            try each(.option(option, value: value!))
        }
    }
}
