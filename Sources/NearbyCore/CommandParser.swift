import Foundation
import PlaceData

/// Turns a typed line into an `Action`. It never fails: a line that is not a command becomes
/// `.invalid`, which the reducer answers with a spoken error.
public enum CommandParser {
    /// The action a line asks for, or nil for a blank line or a `#` comment.
    public static func parse(_ line: String) -> Action? {
        let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { return nil }
        let word: String, rest: String
        if let space = trimmed.firstIndex(where: { $0 == " " || $0 == "\t" }) {
            word = String(trimmed[..<space])
            rest = trimmed[space...].trimmingCharacters(in: .whitespaces)
        } else {
            word = trimmed
            rest = ""
        }
        guard let command = CommandInfo.named(word) else {
            return .invalid(.unknownCommand(word, suggestion: CommandInfo.nearest(to: word)?.name))
        }
        return action(for: command, argument: rest)
    }

    private static func action(for command: CommandInfo, argument: String) -> Action {
        let name = command.name
        func noArgument(_ action: Action) -> Action {
            argument.isEmpty
                ? action : .invalid(.badArgument(command: name, message: "\(name) takes nothing after it. Type \(name)."))
        }
        switch name {
        case "find": return argument.isEmpty ? .searchFocused : .queryEntered(argument)
        case "clear": return noArgument(.queryCleared)
        case "done": return noArgument(.searchDismissed)
        case "filter":
            if argument.isEmpty { return .filtersRequested }
            return TextFolding.fold(argument) == "all" ? .filterChosen(nil) : .filterChosen(argument)
        case "next": return noArgument(.nextFocused)
        case "previous": return noArgument(.previousFocused)
        case "select":
            if argument.isEmpty { return .placeSelected(.focused) }
            if let number = Int(argument) { return .placeSelected(.position(number)) }
            return .placeSelected(.name(argument))
        case "close": return noArgument(.selectionCleared)
        case "up": return noArgument(.handleIncremented)
        case "down": return noArgument(.handleDecremented)
        case "handle": return noArgument(.handleActivated)
        case "back": return noArgument(.dimmedMapTapped)
        case "detent":
            guard let detent = Detent(word: argument) else {
                let shown = argument.isEmpty ? "detent needs a name" : "No detent called \(argument)"
                return .invalid(.badArgument(command: name, message: "\(shown). Type detent resting, detent half or detent full."))
            }
            return .detentChosen(detent)
        case "drag":
            let numbers = argument.split(separator: " ").map { Double($0) }
            guard (1...2).contains(numbers.count), numbers.allSatisfy({ $0?.isFinite == true }) else {
                return .invalid(.badArgument(command: name, message: "drag takes a distance in points, negative is up, and an optional speed. For example: drag -300 -800."))
            }
            return .sheetDragged(translation: numbers[0]!, velocity: numbers.count == 2 ? numbers[1]! : 0)
        case "read": return noArgument(.readRequested)
        case "where": return noArgument(.whereRequested)
        case "walk": return noArgument(.walkRequested)
        case "repeat": return noArgument(.repeatRequested)
        case "history":
            if argument.isEmpty { return .historyRequested(nil) }
            guard let number = Int(argument), number > 0 else {
                return .invalid(.badArgument(command: name, message: "history takes a number from 1. For example: history 2."))
            }
            return .historyRequested(number)
        case "stop": return noArgument(.speechStopped)
        case "set":
            let parts = argument.split(separator: " ", maxSplits: 1).map(String.init)
            guard parts.count == 2 else {
                return .invalid(.badArgument(command: name, message: "set takes a setting and a value. For example: set units imperial. Type settings to hear them all."))
            }
            return .settingChanged(key: parts[0].lowercased(), value: parts[1].trimmingCharacters(in: .whitespaces))
        case "settings": return noArgument(.settingsRequested)
        case "map": return noArgument(.mapRequested(columns: 60, rows: 20))
        case "voices": return noArgument(.voicesRequested)
        case "help": return .helpRequested(argument.isEmpty ? nil : argument)
        case "quit": return noArgument(.quitRequested)
        default: return .invalid(.unknownCommand(name, suggestion: nil))
        }
    }
}
