import Foundation
import PlaceData
import Words

/// A command of the REPL, as one typed table: its name, short aliases, what `help` says of it,
/// and how its argument becomes an `Action`. The parser, `help`, Tab completion and the README
/// check all read this table; a `switch` over it has no `default:`, so a command added here and
/// forgotten elsewhere is a compile error.
public enum Command: String, CaseIterable, Sendable {
    // The order is the order `help all` lists them in.
    case find, clear, done, filter, count, next, previous, select, close, up, down, handle, back, detent, drag
    case read
    case whereabouts = "where"
    case walk, details, around, ahead, current, spell
    case repeatLast = "repeat"
    case history, stop, set, settings, voices, map, help, about
    case task, skip
    case quit
    case route, mute
    case preview, go
    case mark, markers, unmark, undo
    case routes, record

    /// The word that names it.
    public var name: String { rawValue }

    /// Its short forms.
    public var aliases: [String] {
        switch self {
        case .find: ["f", "search", "/"]
        case .clear: ["c"]
        case .filter: ["k"]
        case .next: ["n"]
        case .previous: ["p", "prev"]
        case .select: ["open", "o", "s"]
        case .close: ["deselect"]
        case .up: ["u"]
        case .down: ["d"]
        case .back: ["b"]
        case .read: ["r"]
        case .walk: ["w"]
        case .repeatLast: ["again"]
        case .current: ["."]
        case .stop: ["shh"]
        case .map: ["m"]
        case .help: ["h", "?"]
        case .quit: ["q", "exit"]
        case .done, .count, .handle, .detent, .drag, .whereabouts, .history, .set, .settings, .voices, .around, .spell,
            .details, .about, .ahead:
            []
        case .task, .skip: []
        case .route, .mute: []
        case .preview, .go: []
        case .mark, .markers, .unmark, .undo: []
        case .routes, .record: []
        }
    }

    /// What its argument is, for Tab to complete.
    public enum Argument: Sendable {
        /// None: Tab has nothing to add after the command.
        case none
        /// `find`: the kinds, then the places' names.
        case searchWords
        /// `select`: the names of the places the list shows.
        case listedPlace
        /// `filter`: `all` and the kinds.
        case kindOrAll
        /// `detent`: the detents' words.
        case detent
        /// `help`: `all` and the commands' words.
        case commandOrAll
        /// `voices`, `settings`, `details`: `all`.
        case all
        /// `where`: `exact`.
        case exact
        /// `set`: a setting's key, then its values.
        case setting
        /// `drag`, `history`: numbers, which Tab does not guess.
        case numbers
    }

    /// What it takes after its word: what Tab completes there.
    public var argument: Argument {
        switch self {
        case .find: .searchWords
        case .select: .listedPlace
        case .filter: .kindOrAll
        case .detent: .detent
        case .help: .commandOrAll
        case .voices, .settings, .details: .all
        case .whereabouts: .exact
        case .set: .setting
        case .drag, .history, .mute: .numbers
        case .preview, .go, .mark, .markers, .unmark, .undo, .routes, .record: .none
        case .clear, .done, .count, .next, .previous, .close, .up, .down, .handle, .back, .read, .walk,
            .around, .ahead, .current, .spell, .repeatLast, .stop, .map, .quit, .task, .skip, .about, .route:
            .none
        }
    }

    /// The word that names it in the catalog's language ("buscar"); the English name and
    /// aliases always work too.
    public func word(_ words: Catalog) -> String { words.text(key("word")) }

    /// One of its keys, `command.NAME.PART`: `word`, `usage` or `summary` (the catalog's tests
    /// check that every command has all three).
    func key(_ part: String) -> Key { Key(family: "command", name, part) }

    /// How it is typed, as `help COMMAND` says it: "find WORDS".
    public func usage(_ words: Catalog) -> String {
        words.text(Phrase(family: key("usage"), fields: Self.argumentWords(words)))
    }

    /// The words commands take as arguments, as fields: `{all}`, `{exact}`, `{transit}` (the
    /// transit filter's word, as typed) and each detent's (`{half}`).
    static func argumentWords(_ words: Catalog) -> [String: String] {
        var fields = [
            "all": words.text(.filterAll), "exact": words.text(.whereExactWord),
            "transit": words.text(.filterTransit).lowercased(),
        ]
        for detent in Detent.allCases { fields[detent.name] = detent.word(words) }
        return fields
    }

    /// What it does, in a few words.
    public func summary(_ words: Catalog) -> String {
        words.text(Phrase(family: key("summary"), fields: Self.argumentWords(words)))
    }

    /// The action this command asks for with `argument` (the rest of the line, trimmed). A bad
    /// argument becomes `.invalid`, which the reducer answers with a spoken error.
    public func parse(_ argument: String, words: Catalog = .builtIn(.english)) -> Action {
        func noArgument(_ action: Action) -> Action {
            argument.isEmpty
                ? action : .invalid(.badArgument(command: name, Phrase.commandTakesNothing(command: name)))
        }
        switch self {
        case .find: return argument.isEmpty ? .searchFocused : .queryEntered(argument)
        case .clear: return noArgument(.queryCleared)
        case .done: return noArgument(.searchDismissed)
        case .filter:
            if argument.isEmpty { return .filtersRequested }
            return Self.isWord(argument, "all", key: Key.filterAll, words)
                ? .filterChosen(nil) : .filterChosen(argument)
        case .count: return noArgument(.countRequested)
        case .next: return noArgument(.nextFocused)
        case .previous: return noArgument(.previousFocused)
        case .select:
            if argument.isEmpty { return .placeSelected(.focused) }
            if let number = Self.wholeNumber(argument) { return .placeSelected(.position(number)) }
            return .placeSelected(.name(argument))
        case .close: return noArgument(.selectionCleared)
        case .up: return noArgument(.handleIncremented)
        case .down: return noArgument(.handleDecremented)
        case .handle: return noArgument(.handleActivated)
        case .back: return noArgument(.dimmedMapTapped)
        case .detent:
            guard let detent = Detent(word: argument, words: words) else {
                let (resting, half, full) = (
                    Detent.resting.word(words), Detent.half.word(words), Detent.full.word(words)
                )
                let problem =
                    argument.isEmpty
                    ? Phrase.detentNeedsName(resting: resting, half: half, full: full)
                    : Phrase.detentUnknown(
                        word: NearbyState.echo(argument, words), resting: resting, half: half, full: full)
                return .invalid(.badArgument(command: name, problem))
            }
            return .detentChosen(detent)
        case .drag:
            let numbers = argument.split(separator: " ").map { Self.decimalNumber(String($0)) }
            guard (1...2).contains(numbers.count), numbers.allSatisfy({ $0 != nil }) else {
                return .invalid(.badArgument(command: name, Phrase(.dragBadArgument)))
            }
            return .sheetDragged(translation: numbers[0]!, velocity: numbers.count == 2 ? numbers[1]! : 0)
        case .read: return noArgument(.readRequested)
        case .whereabouts:
            if argument.isEmpty { return .whereRequested(exact: false) }
            guard Self.isWord(argument, "exact", key: Key.whereExactWord, words) else {
                return .invalid(
                    .badArgument(command: name, Phrase.whereBadArgument(exact: words.text(.whereExactWord))))
            }
            return .whereRequested(exact: true)
        case .walk: return noArgument(.walkRequested)
        case .route:
            if argument.isEmpty { return .routeRequested }
            let parts = argument.split(separator: " ", maxSplits: 1).map(String.init)
            if Self.isWord(parts[0], "steps", key: Key.routeWordSteps, words), parts.count == 1 {
                return .routeStepsRequested
            }
            if Self.isWord(parts[0], "export", key: Key.routeWordExport, words) {
                guard parts.count > 1 else {
                    return .invalid(.badArgument(command: name, Phrase(.routeExportNeedsFile)))
                }
                return .routeExportRequested(parts[1].trimmingCharacters(in: .whitespaces))
            }
            if Self.isWord(parts[0], "to", key: Key.routeWordTo, words) {
                return .routeTo(parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : nil)
            }
            return Self.keptRouteAction(parts, command: name, words)
        case .preview:
            if argument.isEmpty { return .previewRequested }
            if Self.isWord(argument, "off", key: Key.previewWordOff, words) { return .previewLeft }
            return .previewAt(argument)
        case .go:
            if argument.isEmpty { return .goRequested(.onward) }
            if let number = Self.wholeNumber(argument) { return .goRequested(.number(number)) }
            if Self.isWord(argument, "back", key: Key.goWordBack, words) { return .goRequested(.back) }
            if Self.isWord(argument, "left", key: Key.goWordLeft, words) { return .goRequested(.side(.left)) }
            if Self.isWord(argument, "right", key: Key.goWordRight, words) { return .goRequested(.side(.right)) }
            if Self.isWord(argument, "ahead", key: Key.goWordAhead, words) { return .goRequested(.side(.ahead)) }
            return .goRequested(.name(argument))
        case .mute:
            // `mute` alone: 10 minutes; `mute 0` or `mute off`: callouts again now.
            if argument.isEmpty { return .calloutsMuted(minutes: NearbyState.defaultMuteMinutes) }
            if ["off", "0"].contains(argument.lowercased()) { return .calloutsMuted(minutes: 0) }
            guard let minutes = Self.wholeNumber(argument), (1...1440).contains(minutes) else {
                return .invalid(.badArgument(command: name, Phrase(.muteBadArgument)))
            }
            return .calloutsMuted(minutes: minutes)
        case .details:
            if argument.isEmpty { return .detailsRequested(all: false) }
            guard Self.isWord(argument, "all", key: Key.filterAll, words) else {
                return .invalid(.badArgument(command: name, Phrase.detailsBadArgument(all: words.text(.filterAll))))
            }
            return .detailsRequested(all: true)
        case .about: return noArgument(.aboutRequested)
        case .mark: return .markRequested(argument.isEmpty ? nil : argument)
        case .markers:
            if argument.isEmpty { return .markersRequested }
            let parts = argument.split(separator: " ", maxSplits: 1).map(String.init)
            let file = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : ""
            if Self.isWord(parts[0], "export", key: Key.routeWordExport, words), !file.isEmpty {
                return .markersExportRequested(file)
            }
            if Self.isWord(parts[0], "import", key: Key.markersWordImport, words), !file.isEmpty {
                return .markersImportRequested(file)
            }
            return .invalid(.badArgument(command: name, Phrase(.markersBadArgument)))
        case .routes: return noArgument(.routesRequested)
        case .record:
            if argument.isEmpty { return .recordStart(nil) }
            if Self.isWord(argument, "stop", key: Key.routeWordStop, words) { return .recordStop }
            return .recordStart(argument)
        case .unmark: return noArgument(.unmarkRequested)
        case .undo: return noArgument(.undoRequested)
        case .around: return noArgument(.aroundRequested)
        case .ahead: return noArgument(.aheadRequested)
        case .repeatLast: return noArgument(.repeatRequested)
        case .current: return noArgument(.currentRequested)
        case .spell: return noArgument(.spellRequested)
        case .history:
            if argument.isEmpty { return .historyRequested(nil) }
            guard let number = Self.wholeNumber(argument), number > 0 else {
                return .invalid(.badArgument(command: name, Phrase(.historyBadArgument)))
            }
            return .historyRequested(number)
        case .stop: return noArgument(.speechStopped)
        case .set:
            let parts = argument.split(separator: " ", maxSplits: 1).map(String.init)
            guard parts.count == 2 else {
                return .invalid(.badArgument(command: name, Phrase.setBadArgument(all: words.text(.filterAll))))
            }
            let value = parts[1].trimmingCharacters(in: .whitespaces)
            guard let setting = Setting(key: parts[0]) else {
                return .invalid(.unknownSetting(parts[0], suggestion: Setting.nearest(to: parts[0])?.key))
            }
            return .settingChanged(setting, value: value)
        case .settings:
            if argument.isEmpty { return .settingsRequested(all: false) }
            guard Self.isWord(argument, "all", key: Key.filterAll, words) else {
                return .invalid(.badArgument(command: name, Phrase.settingsBadArgument(all: words.text(.filterAll))))
            }
            return .settingsRequested(all: true)
        case .map: return noArgument(.mapRequested)
        case .voices:
            if argument.isEmpty { return .voicesRequested(all: false) }
            guard Self.isWord(argument, "all", key: Key.filterAll, words) else {
                return .invalid(.badArgument(command: name, Phrase.voicesBadArgument(all: words.text(.filterAll))))
            }
            return .voicesRequested(all: true)
        case .help: return .helpRequested(argument.isEmpty ? nil : argument)
        case .task: return noArgument(.taskRequested)
        case .skip: return noArgument(.taskSkipped)
        case .quit: return noArgument(.quitRequested)
        }
    }

    /// The command a typed word names, by its English name or alias or its word in the
    /// catalog's language, whatever its case and accents.
    public init?(word: String, words: Catalog = .builtIn(.english)) {
        let lowered = word.lowercased()
        if let command = Self.allCases.first(where: { $0.name == lowered || $0.aliases.contains(lowered) }) {
            self = command
            return
        }
        let folded = TextFolding.fold(word)
        guard !folded.isEmpty, let command = Self.allCases.first(where: { TextFolding.fold($0.word(words)) == folded })
        else { return nil }
        self = command
    }

    /// Every word that names it: the language's, then the English name and aliases.
    func names(_ words: Catalog) -> [String] {
        [TextFolding.fold(word(words)), name] + aliases
    }

    /// The command whose words are nearest to `word` in edit distance, when one is near enough
    /// to be what was meant.
    /// A command word of another of the catalogs' languages is that command ("buscar" typed in
    /// a Portuguese session is `find`, said back as "procurar").
    public static func nearest(to word: String, words: Catalog = .builtIn(.english)) -> Command? {
        let folded = TextFolding.fold(word)
        for language in Language.allCases where language != words.language && language != .pseudo {
            let other = Catalog.builtIn(language)
            if let command = allCases.first(where: { TextFolding.fold($0.word(other)) == folded }) { return command }
        }
        return DidYouMean.nearest(to: folded, among: allCases) { $0.names(words) }
    }

    /// Whether `typed` is the argument word `english`, or its word in the catalog's language.
    static func isWord(_ typed: String, _ english: String, key: Key, _ words: Catalog) -> Bool {
        let folded = TextFolding.fold(typed)
        return folded == english || folded == TextFolding.fold(words.text(key))
    }

    /// A whole number written in decimal digits, with an optional sign: never hexadecimal, never
    /// with separators.
    static func wholeNumber(_ text: String) -> Int? {
        guard Self.isDecimal(text, allowingPoint: false) else { return nil }
        return Int(text)
    }

    /// A finite number in plain decimal notation ("-300", "2.5"); not "0xAD", "1e3", "inf" or "1,000".
    static func decimalNumber(_ text: String) -> Double? {
        guard Self.isDecimal(text, allowingPoint: true), let value = Double(text), value.isFinite else { return nil }
        return value
    }

    private static func isDecimal(_ text: String, allowingPoint: Bool) -> Bool {
        var digits = 0
        var points = 0
        for (offset, character) in text.enumerated() {
            switch character {
            case "0"..."9": digits += 1
            case "+",
                "-" where offset == 0:
                continue
            case "." where allowingPoint: points += 1
            default: return false
            }
        }
        return digits > 0 && points <= 1
    }
}

/// Turns a typed line into an `Action`. It never fails: a line that is not a command becomes
/// `.invalid`, which the reducer answers with a spoken error.
public enum CommandParser {
    /// The action a line asks for, or nil for a blank line or a `#` comment.
    public static func parse(_ line: String, words: Catalog = .builtIn(.english)) -> Action? {
        // Cleaned once (escape sequences, control characters, a byte-order mark): what is
        // searched is what is shown and spoken.
        let trimmed = SafeText.clean(line, limit: .max).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { return nil }
        let word: String
        let rest: String
        if let space = trimmed.firstIndex(where: { $0 == " " || $0 == "\t" }) {
            word = String(trimmed[..<space])
            rest = trimmed[space...].trimmingCharacters(in: .whitespaces)
        } else {
            word = trimmed
            rest = ""
        }
        guard let command = Command(word: word, words: words) else {
            return .invalid(.unknownCommand(word, suggestion: Command.nearest(to: word, words: words)?.word(words)))
        }
        return command.parse(rest, words: words)
    }
}
