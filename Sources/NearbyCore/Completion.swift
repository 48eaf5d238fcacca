import PlaceData

/// Tab completion: what the line typed so far can become, given the state. Pure: the line
/// reader asks, and shows or inserts the answer.
///
/// The first word completes to a command name; after a command, its argument completes:
/// place names for `find` and `select` (several words, case and accents ignored: "tile mus" is
/// "Tile Museum Café"), the kinds for `filter` (and `find`), setting keys and then their values
/// for `set`, detents for `detent`, command names for `help`.
public struct Completion: Equatable, Sendable {
    /// One way the line can end.
    public struct Candidate: Equatable, Sendable {
        /// The whole line, with this candidate in place of what was being typed.
        public var line: String
        /// What a list of candidates calls it: the command, name, kind or value alone.
        public var label: String

        public init(line: String, label: String) {
            self.line = line
            self.label = label
        }
    }

    /// Every candidate, in the order a list reads them.
    public var candidates: [Candidate]
    /// What the typed line becomes now: the one candidate, or the longest beginning that every
    /// candidate shares when that says more than what was typed; otherwise the line as typed.
    public var replacement: String

    public init(candidates: [Candidate], replacement: String) {
        self.candidates = candidates
        self.replacement = replacement
    }

    /// Whether the line can end in exactly one way (a space may follow it).
    public var isUnique: Bool { candidates.count == 1 }

    /// The candidates for `line` (the text before the cursor) in `state`.
    public static func complete(_ line: String, in state: NearbyState) -> Completion {
        let candidates = candidates(for: line, in: state)
        return Completion(candidates: candidates, replacement: replacement(for: line, candidates))
    }

    /// The candidates alone, as `complete` finds them.
    public static func candidates(for line: String, in state: NearbyState) -> [Candidate] {
        let leading = line.prefix { $0 == " " || $0 == "\t" }
        let afterLeading = line.dropFirst(leading.count)
        guard let space = afterLeading.firstIndex(where: { $0 == " " || $0 == "\t" }) else {
            // Still typing the command's name.
            let typed = TextFolding.fold(String(afterLeading))
            return unique(Command.allCases.map { $0.word(state.words) } + Command.allCases.map(\.name)).filter {
                TextFolding.fold($0).hasPrefix(typed)
            }
            .map { Candidate(line: leading + $0, label: $0) }
        }
        guard let command = Command(word: String(afterLeading[..<space]), words: state.words) else { return [] }
        let rest = afterLeading[space...]
        let argumentStart = rest.firstIndex { $0 != " " && $0 != "\t" } ?? rest.endIndex
        let prefix = String(line[..<argumentStart])
        let argument = String(line[argumentStart...])
        func lines(_ labels: [String], after prefix: String) -> [Candidate] {
            labels.map { Candidate(line: prefix + $0, label: $0) }
        }
        switch command {
        case .find:
            let kinds = kinds(in: state).filter { wordsBegin(argument, $0) }
            let places = placeNames(state.catalog.places).filter { wordsBegin(argument, $0) }
            return lines(unique(kinds + places.filter { !kinds.contains($0) }), after: prefix)
        case .select:
            return lines(placeNames(state.shownPlaces).filter { wordsBegin(argument, $0) }, after: prefix)
        case .filter:
            return lines(
                ([state.words.text(.filterAll)] + kinds(in: state)).filter { wordsBegin(argument, $0) }, after: prefix
            )
        case .detent:
            return lines(
                Detent.allCases.map { $0.word(state.words) }.filter { wordsBegin(argument, $0) },
                after: prefix)
        case .help:
            return lines(
                ([state.words.text(.filterAll)] + Command.allCases.map { $0.word(state.words) }).filter {
                    wordsBegin(argument, $0)
                }, after: prefix)
        case .voices:
            return lines([state.words.text(.filterAll)].filter { wordsBegin(argument, $0) }, after: prefix)
        case .whereabouts:
            return lines([state.words.text(.whereExactWord)].filter { wordsBegin(argument, $0) }, after: prefix)
        case .set:
            return settingCandidates(argument, after: prefix, in: state)
        case .clear, .done, .count, .next, .previous, .close, .up, .down, .handle, .back, .drag, .read, .walk,
            .details, .around, .current, .spell, .repeatLast, .history, .stop, .settings, .map, .quit, .task, .skip:
            return []
        }
    }

    /// `set KEY` completes the key; `set KEY VALUE` completes the value: the choices where there
    /// are a few, otherwise the current value.
    private static func settingCandidates(_ argument: String, after prefix: String, in state: NearbyState)
        -> [Candidate]
    {
        guard let space = argument.firstIndex(where: { $0 == " " || $0 == "\t" }) else {
            let typed = TextFolding.fold(argument)
            return Setting.allCases.map(\.key).filter { $0.hasPrefix(typed) }
                .map { Candidate(line: prefix + $0, label: $0) }
        }
        guard let setting = Setting(key: String(argument[..<space])) else { return [] }
        let rest = argument[space...]
        let valueStart = rest.firstIndex { $0 != " " && $0 != "\t" } ?? rest.endIndex
        let valuePrefix = prefix + String(argument[..<valueStart])
        let typed = TextFolding.fold(String(argument[valueStart...]))
        // The choices where there are a few; otherwise the current value, which `set` takes back.
        let current = setting.value(in: state.settings)
        var values = setting.choices ?? [current]
        if setting == .heading { values = ["none"] + (current == "none" ? [] : [current]) }
        return values.filter { TextFolding.fold($0).hasPrefix(typed) }
            .map { Candidate(line: valuePrefix + $0, label: $0) }
    }

    /// The kinds of place, alphabetically.
    private static func kinds(in state: NearbyState) -> [String] {
        state.catalog.kindCounts().map(\.kind)
    }

    /// The names of `places`, each once, alphabetically (case and accents ignored).
    private static func placeNames(_ places: [Place]) -> [String] {
        unique(places.map(\.name)).sorted {
            let left = TextFolding.fold($0)
            let right = TextFolding.fold($1)
            return left != right ? left < right : $0 < $1
        }
    }

    /// Whether every typed word begins a word of `name`, in the order typed (case and accents
    /// ignored): "tile mus" begins "Tile Museum Café", "sao" begins "Jardim São Pedro".
    static func wordsBegin(_ typed: String, _ name: String) -> Bool {
        let typedWords = TextFolding.queryWords(typed)
        var nameWords = TextFolding.queryWords(name)[...]
        for word in typedWords {
            guard let found = nameWords.firstIndex(where: { $0.hasPrefix(word) }) else { return false }
            nameWords = nameWords[(found + 1)...]
        }
        return true
    }

    /// The line that Tab leaves: the one candidate; or the candidates' longest shared beginning
    /// when it holds all that was typed (case and accents ignored) and says more; else the line.
    static func replacement(for line: String, _ candidates: [Candidate]) -> String {
        guard let first = candidates.first else { return line }
        if candidates.count == 1 { return first.line }
        var shared = Array(first.line)
        for candidate in candidates.dropFirst() {
            let other = Array(candidate.line)
            var count = 0
            while count < min(shared.count, other.count) && shared[count] == other[count] { count += 1 }
            shared.removeSubrange(count...)
        }
        let common = String(shared)
        let foldedCommon = TextFolding.fold(common)
        let foldedLine = TextFolding.fold(line)
        guard foldedCommon.hasPrefix(foldedLine), foldedCommon.count > foldedLine.count else { return line }
        return common
    }

    private static func unique(_ items: [String]) -> [String] {
        var seen = Set<String>()
        return items.filter { seen.insert($0).inserted }
    }
}
