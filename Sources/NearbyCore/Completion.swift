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

    /// The candidates, in the order a list reads them: every one, or the first `listLimit` + 1
    /// when there are more (`total` says how many).
    public var candidates: [Candidate]
    /// What the typed line becomes now: the one candidate, or the longest beginning that every
    /// candidate shares when that says more than what was typed; otherwise the line as typed.
    /// Always found among every candidate, not only those listed.
    public var replacement: String
    /// How many candidates there are in all.
    public var total: Int

    public init(candidates: [Candidate], replacement: String, total: Int? = nil) {
        self.candidates = candidates
        self.replacement = replacement
        self.total = total ?? candidates.count
    }

    /// The most candidates a list reads out. A Tab among a million places can have a hundred
    /// thousand ("find a"), and a list of them helps no one: beyond this many, a reader says
    /// how many there are (`total`) and asks for more letters, as readline asks before it lists
    /// many. `candidates` keeps one more than this, so that a reader that counts the list (not
    /// `total`) still sees that there are too many; the replacement is still found among all.
    public static let listLimit = 100

    /// Whether the line can end in exactly one way (a space may follow it).
    public var isUnique: Bool { total == 1 }

    /// The candidates for `line` (the text before the cursor) in `state`.
    public static func complete(_ line: String, in state: NearbyState) -> Completion {
        guard let (prefix, labels) = labels(for: line, in: state) else {
            return Completion(candidates: [], replacement: line)
        }
        return Completion(
            candidates: labels.prefix(listLimit + 1).map { Candidate(line: prefix + $0, label: $0) },
            replacement: replacement(for: line, lines: labels.lazy.map { prefix + $0 }, count: labels.count),
            total: labels.count)
    }

    /// The candidates alone, as `complete` finds them.
    public static func candidates(for line: String, in state: NearbyState) -> [Candidate] {
        complete(line, in: state).candidates
    }

    /// The labels of every candidate, in order, and what comes before them on the line; nil
    /// when the line can become nothing.
    private static func labels(for line: String, in state: NearbyState) -> (prefix: String, labels: Labels)? {
        let leading = line.prefix { $0 == " " || $0 == "\t" }
        let afterLeading = line.dropFirst(leading.count)
        guard let space = afterLeading.firstIndex(where: { $0 == " " || $0 == "\t" }) else {
            // Still typing the command's name.
            // The language's own words; the English names (which always work) only when none of
            // its own begins so, so that Tab on an empty line lists one word a command.
            let typed = TextFolding.fold(String(afterLeading))
            let begins = { (word: String) in TextFolding.fold(word).hasPrefix(typed) }
            let own = unique(Command.allCases.map { $0.word(state.words) }).filter(begins)
            return (String(leading), Labels(own.isEmpty ? unique(Command.allCases.map(\.name)).filter(begins) : own))
        }
        guard let command = Command(word: String(afterLeading[..<space]), words: state.words) else { return nil }
        let rest = afterLeading[space...]
        let argumentStart = rest.firstIndex { $0 != " " && $0 != "\t" } ?? rest.endIndex
        let prefix = String(line[..<argumentStart])
        let argument = String(line[argumentStart...])
        func labels(_ labels: [String]) -> (prefix: String, labels: Labels) { (prefix, Labels(labels)) }
        switch command.argument {
        case .searchWords:
            // The kinds, then the names that are not a kind's too.
            // The kinds as the places spell them, which is what the search matches.
            let kinds = state.places.kindCounts().map(\.kind).filter { wordsBegin(argument, $0) }
            let names = state.places.completionNames(argument)
            let both = Set(kinds.filter { names.contains($0, in: state.places) })
            return (prefix, Labels(kinds, then: names, except: both))
        case .listedPlace:
            return (prefix, Labels([], then: state.places.completionNames(argument, among: state.shown.members)))
        case .kindOrAll:
            return labels(([state.words.text(.filterAll)] + kinds(in: state)).filter { wordsBegin(argument, $0) })
        case .detent:
            return labels(Detent.allCases.map { $0.word(state.words) }.filter { wordsBegin(argument, $0) })
        case .commandOrAll:
            return labels(
                ([state.words.text(.filterAll)] + Command.allCases.map { $0.word(state.words) }).filter {
                    wordsBegin(argument, $0)
                })
        case .all:
            return labels([state.words.text(.filterAll)].filter { wordsBegin(argument, $0) })
        case .exact:
            return labels([state.words.text(.whereExactWord)].filter { wordsBegin(argument, $0) })
        case .setting:
            return settingLabels(argument, after: prefix, in: state)
        case .none, .numbers:
            return nil
        }
    }

    /// Every label, in order, made as it is read: a few words, then perhaps the matching place
    /// names, which a Tab among a million places counts but reads only as far as it needs.
    private struct Labels: Sequence {
        let first: [String]
        let names: NameMatches?
        /// Names left out because `first` has them (a kind that is a place's name too).
        let except: Set<String>
        let count: Int

        init(_ labels: [String], then names: NameMatches? = nil, except: Set<String> = []) {
            first = labels
            self.names = names
            self.except = except
            count = labels.count + (names?.count ?? 0) - except.count
        }

        struct Iterator: IteratorProtocol {
            var first: IndexingIterator<[String]>
            var names: NameMatches.Iterator?
            let except: Set<String>

            mutating func next() -> String? {
                if let label = first.next() { return label }
                while let name = names?.next() {
                    if except.isEmpty || !except.contains(name) { return name }
                }
                return nil
            }
        }

        func makeIterator() -> Iterator {
            Iterator(first: first.makeIterator(), names: names?.makeIterator(), except: except)
        }
    }

    /// `set KEY` completes the key; `set KEY VALUE` completes the value: the choices where there
    /// are a few, otherwise the current value.
    private static func settingLabels(_ argument: String, after prefix: String, in state: NearbyState)
        -> (prefix: String, labels: Labels)?
    {
        guard let space = argument.firstIndex(where: { $0 == " " || $0 == "\t" }) else {
            let typed = TextFolding.fold(argument)
            return (prefix, Labels(Setting.allCases.map(\.key).filter { $0.hasPrefix(typed) }))
        }
        guard let setting = Setting(key: String(argument[..<space])) else { return nil }
        let rest = argument[space...]
        let valueStart = rest.firstIndex { $0 != " " && $0 != "\t" } ?? rest.endIndex
        let valuePrefix = prefix + String(argument[..<valueStart])
        let typed = TextFolding.fold(String(argument[valueStart...]))
        // The choices where there are a few; otherwise the current value, which `set` takes back.
        let current = setting.value(in: state.settings)
        var values = setting.choices ?? [current]
        if setting == .heading { values = ["none"] + (current == "none" ? [] : [current]) }
        return (valuePrefix, Labels(values.filter { TextFolding.fold($0).hasPrefix(typed) }))
    }

    /// The kinds of place, in the listener's language, alphabetically.
    private static func kinds(in state: NearbyState) -> [String] {
        state.places.kindCounts().map { state.kindName($0.kind) }.sorted {
            TextFolding.fold($0) < TextFolding.fold($1)
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
        replacement(for: line, lines: candidates.lazy.map(\.line), count: candidates.count)
    }

    /// The same for `count` candidate lines read in order. The shared beginning only shrinks
    /// as lines are read, and once it no longer says more than what was typed it never will
    /// again: the rest are not read.
    static func replacement<Lines: Sequence<String>>(for line: String, lines: Lines, count: Int) -> String {
        var lines = lines.makeIterator()
        guard let first = lines.next() else { return line }
        if count == 1 { return first }
        let foldedLine = TextFolding.fold(line)
        func saysMore(_ shared: [Character]) -> String? {
            let common = String(shared)
            let foldedCommon = TextFolding.fold(common)
            return foldedCommon.hasPrefix(foldedLine) && foldedCommon.count > foldedLine.count ? common : nil
        }
        var shared = Array(first)
        while let candidate = lines.next() {
            var count = 0
            for character in candidate {
                guard count < shared.count, shared[count] == character else { break }
                count += 1
            }
            guard count < shared.count else { continue }
            shared.removeSubrange(count...)
            if saysMore(shared) == nil { return line }
        }
        return saysMore(shared) ?? line
    }

    private static func unique(_ items: [String]) -> [String] {
        var seen = Set<String>()
        return items.filter { seen.insert($0).inserted }
    }
}
