import NearbyCore
import Words

/// A subcommand's command line, parsed and checked against its table: the options given (a
/// switch as `on` or `off`) and the operands, in order.
public struct SubcommandArguments: Sendable {
    public var values: [SubcommandOption: String] = [:]
    public var operands: [String] = []

    /// The value given for `option`, if it was.
    public subscript(_ option: SubcommandOption) -> String? { values[option] }

    /// Whether a switch was given on.
    public func isOn(_ option: SubcommandOption) -> Bool { values[option].flatMap(Setting.bool) ?? false }

    /// `--help` or `-h`: the subcommand's help is printed, and nothing run.
    public var wantsHelp: Bool { isOn(.help) }
}

extension Subcommand {
    /// Parses its arguments (after its name) with its table: every option known and its value
    /// accepted, then (unless `--help` was asked for) the options it needs and its operands there.
    /// A problem is a usage failure (64) that names the option, in `words`.
    public func parse(_ arguments: [String], words: Catalog) throws(Failure) -> SubcommandArguments {
        let see = rawValue
        func failure(_ phrase: Phrase) -> Failure { Failure(.usage, words.text(phrase)) }
        let scanner = ArgumentScanner(
            options: options, switchesTakeNextWord: false,
            unknown: { name, nearest in
                failure(
                    nearest.map {
                        .subcommandUnknownOptionDidYouMean(option: "--" + name, subcommand: see, suggestion: $0)
                    }
                        ?? .subcommandUnknownOption(option: "--" + name, subcommand: see))
            },
            needsValue: { name in failure(.subcommandNeedsValue(name: name, subcommand: see)) })
        var parsed = SubcommandArguments()
        try scanner.scan(arguments) { (argument) throws(Failure) in
            switch argument {
            case .option(let option, let value):
                guard option.accepts(value) else {
                    throw Failure(
                        .usage,
                        words.text(.optionRefused(name: option.name, expected: option.expected(words), value: value)))
                }
                let chosen = option.choices?.first { $0.lowercased() == value.lowercased() } ?? value
                parsed.values[option] = option.isSwitch ? (Setting.bool(chosen)! ? "on" : "off") : chosen
            case .operand(let operand):
                // `-` is a file (standard input, or a file so named); any other dash starts an option.
                if operand.hasPrefix("-"), operand != "-" {
                    throw failure(.subcommandUnknownOption(option: operand, subcommand: see))
                }
                parsed.operands.append(operand)
            }
        }
        if parsed.wantsHelp { return parsed }
        for option in requiredOptions where parsed[option] == nil {
            throw failure(.subcommandNeedsOption(subcommand: see, option: option.usage(words)))
        }
        switch operands {
        case .none:
            if let extra = parsed.operands.first {
                throw failure(.subcommandUnexpectedArgument(argument: extra, subcommand: see))
            }
        case .one(let value), .oneOrMore(let value):
            guard let first = parsed.operands.first else {
                // "test needs PATH.", not "PATH....": the placeholder without its dots.
                let placeholder = operand(words) ?? ""
                let named = placeholder.hasSuffix("...") ? String(placeholder.dropLast(3)) : placeholder
                throw failure(.subcommandNeedsOperand(subcommand: see, operand: named))
            }
            if case .one = operands, parsed.operands.count > 1 {
                throw failure(.subcommandUnexpectedArgument(argument: parsed.operands[1], subcommand: see))
            }
            if case .words(let choices) = value, !choices.contains(first) {
                throw failure(.subcommandUnexpectedArgument(argument: first, subcommand: see))
            }
        }
        return parsed
    }
}
