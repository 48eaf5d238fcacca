import NearbyCore
import Words

extension ShellCompletion {
    /// bash: `_nearby_voice`, bound with `complete -F`.
    static func bash(_ words: Catalog) -> String {
        func reply(_ value: CompletionValue) -> String {
            switch value {
            case .none, .anything: return "return 0"
            case .words(let choices):
                return "COMPREPLY=($(compgen -W \"\(choices.joined(separator: " "))\" -- \"$cur\")); return 0"
            case .files(let extensions):
                return "_nearby_voice_files \(extensions.joined(separator: " ")); return 0"
            }
        }
        var lines = [
            "# bash completion for nearby-voice. \(header)",
            "",
            "# Folders, and the files ending in one of the extensions given (any file when none is).",
            "_nearby_voice_files() {",
            "    local IFS=$'\\n' extension",
            "    compopt -o filenames 2>/dev/null",
            "    COMPREPLY=($(compgen -d -- \"$cur\"))",
            "    if [ $# -eq 0 ]; then COMPREPLY+=($(compgen -f -- \"$cur\")); return; fi",
            "    for extension in \"$@\"; do COMPREPLY+=($(compgen -f -X \"!*.$extension\" -- \"$cur\")); done",
            "}",
            "",
            "_nearby_voice() {",
            "    local cur=${COMP_WORDS[COMP_CWORD]} prev=\"\" subcommand=${COMP_WORDS[1]:-}",
            "    [ \"$COMP_CWORD\" -gt 0 ] && prev=${COMP_WORDS[COMP_CWORD-1]}",
            "    COMPREPLY=()",
            "    case $subcommand in",
        ]
        for way in subcommands {
            let (options, arguments) = (way.options, way.operandCompletion)
            lines.append("    \(way.rawValue))")
            lines.append("        [ \"$COMP_CWORD\" -eq 1 ] && { COMPREPLY=(\(way.rawValue)); return 0; }")
            lines.append("        case $prev in")
            for option in options where option.completionValue != .none {
                lines.append("            --\(option.name)) \(reply(option.completionValue)) ;;")
            }
            lines.append("        esac")
            let names = options.map { "--" + $0.name }.joined(separator: " ")
            lines.append(
                "        if [[ $cur == -* ]]; then COMPREPLY=($(compgen -W \"\(names)\" -- \"$cur\")); return 0; fi")
            lines.append("        \(reply(arguments)) ;;")
        }
        lines.append("    esac")
        lines.append("    case $prev in")
        for option in Option.allCases where option.completionValue != .none {
            lines.append("        --\(option.name)) \(reply(option.completionValue)) ;;")
        }
        lines.append("    esac")
        let options = Option.allCases.map { "--" + $0.name }.joined(separator: " ")
        let subcommandWords = subcommands.map(\.rawValue).joined(separator: " ")
        lines += [
            "    local options=\"\(options)\"",
            "    if [[ $cur == -* ]]; then",
            "        COMPREPLY=($(compgen -W \"$options\" -- \"$cur\"))",
            "    elif [ \"$COMP_CWORD\" -eq 1 ]; then",
            "        COMPREPLY=($(compgen -W \"\(subcommandWords)\" -- \"$cur\"))",
            "    elif [[ $prev == --* ]]; then",
            "        # After a switch: on or off.",
            "        COMPREPLY=($(compgen -W \"on off\" -- \"$cur\"))",
            "    fi",
            "    return 0",
            "}",
            "complete -F _nearby_voice nearby-voice",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// zsh: an `_arguments` specification a subcommand at a time.
    static func zsh(_ words: Catalog) -> String {
        func quoted(_ text: String) -> String {
            // Inside single quotes; `[`, `]` and `:` are _arguments' own marks.
            var out = ""
            for character in text {
                switch character {
                case "'": out += "'\\''"
                case "[", "]", ":", "\\": out += "\\" + String(character)
                default: out.append(character)
                }
            }
            return out
        }
        func plain(_ text: String) -> String { text.replacingOccurrences(of: "'", with: "'\\''") }
        func action(_ value: CompletionValue) -> String {
            switch value {
            case .none: ""
            case .anything: ": :"
            case .words(let choices): ": :(\(choices.joined(separator: " ")))"
            case .files(let extensions) where extensions.isEmpty: ": :_files"
            case .files(let extensions):
                ": :_files -g \"*.(\(extensions.joined(separator: "|")))(-.)\""
            }
        }
        func spec(_ name: String, _ value: CompletionValue, _ summary: String) -> String {
            let equals = value == .none ? "" : "="
            return "'--\(name)\(equals)[\(quoted(short(summary)))]\(plain(action(value)))'"
        }
        var lines = [
            "#compdef nearby-voice",
            "# zsh completion for nearby-voice. \(header)",
            "",
            "_nearby_voice() {",
            "    local -a subcommands",
            "    subcommands=(",
        ]
        for way in subcommands {
            lines.append("        '\(way.rawValue):\(quoted(way.summary(words)))'")
        }
        lines += ["    )", "    if (( CURRENT > 2 )) || [[ $words[2] == -* ]]; then", "        case $words[2] in"]
        for way in subcommands {
            let (options, arguments) = (way.options, way.operandCompletion)
            var specs = options.map { spec($0.name, $0.completionValue, $0.summary(words)) }
            specs.append("'*:file\(plain(action(arguments)).dropFirst(2))'")
            if arguments == .none { specs.removeLast() }
            lines.append(
                "            \(way.rawValue)) shift words; (( CURRENT-- )); _arguments \(specs.joined(separator: " ")); return ;;"
            )
        }
        lines.append("        esac")
        lines.append("    fi")
        lines.append("    _arguments -s \\")
        for option in Option.allCases {
            lines.append("        \(spec(option.name, option.completionValue, option.summary(words))) \\")
        }
        lines += [
            "        '1:: :{_describe subcommand subcommands}'",
            "}",
            "",
            "_nearby_voice \"$@\"",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// fish: one `complete` line an option.
    static func fish(_ words: Catalog) -> String {
        func quoted(_ text: String) -> String {
            "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
        }
        func values(_ value: CompletionValue) -> [String] {
            switch value {
            case .none: [""]
            case .anything: [" -x"]
            case .words(let choices): [" -x -a \(quoted(choices.joined(separator: " ")))"]
            case .files(let extensions) where extensions.isEmpty: [" -r -F"]
            case .files(let extensions): [" -x -a \"(__nearby_voice_files \(extensions.joined(separator: " ")))\""]
            }
        }
        let names = subcommands.map(\.rawValue).joined(separator: " ")
        var lines = [
            "# fish completion for nearby-voice. \(header)",
            "complete -c nearby-voice -f",
            "",
            "# Folders, and the files ending in one of the extensions given.",
            "function __nearby_voice_files",
            "    set -l token (commandline -ct)",
            "    for extension in $argv",
            "        for file in $token*.$extension",
            "            echo $file",
            "        end",
            "    end",
            "    for folder in $token*/",
            "        echo $folder",
            "    end",
            "end",
            "",
        ]
        for way in subcommands {
            lines.append(
                "complete -c nearby-voice -n __fish_use_subcommand -a \(way.rawValue) -d \(quoted(way.summary(words)))")
            let (options, arguments) = (way.options, way.operandCompletion)
            let when = "-n '__fish_seen_subcommand_from \(way.rawValue)'"
            for option in options {
                for value in values(option.completionValue) {
                    lines.append(
                        "complete -c nearby-voice \(when) -l \(option.name)\(value) -d \(quoted(short(option.summary(words))))"
                    )
                }
            }
            if case .files(let extensions) = arguments {
                let list = extensions.joined(separator: " ")
                lines.append("complete -c nearby-voice \(when) -a \"(__nearby_voice_files \(list))\"")
            }
        }
        let outside = "-n 'not __fish_seen_subcommand_from \(names)'"
        for option in Option.allCases {
            for value in values(option.completionValue) {
                lines.append(
                    "complete -c nearby-voice \(outside) -l \(option.name)\(value) -d \(quoted(short(option.summary(words))))"
                )
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
