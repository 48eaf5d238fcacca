import Words

/// What is spoken of the keys typed, as terminal screen readers offer (`--key-echo`).
public enum KeyEcho: String, CaseIterable, Sendable {
    case none, words, letters

    /// What to say after one key changed the line `before` into `after` (points are byte
    /// offsets, as readline counts): the letter typed or deleted, the word a space or
    /// punctuation ended, or the whole line when more changed at once (history, completion,
    /// or keys that arrived together, as a paste, which readline inserts in one go). The lines
    /// are compared as characters, never bytes: "ã" and "ç" share their first byte.
    public func phrase(
        before: (text: String, point: Int), after: (text: String, point: Int), _ words: Catalog = .builtIn(.english)
    ) -> String? {
        guard self != .none, before.text != after.text else { return nil }
        let old = Array(before.text)
        let new = Array(after.text)
        var common = 0
        while common < min(old.count, new.count) && old[common] == new[common] { common += 1 }
        var suffix = 0
        while suffix < min(old.count, new.count) - common && old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
        {
            suffix += 1
        }
        let removed = String(old[common..<(old.count - suffix)])
        let inserted = String(new[common..<(new.count - suffix)])
        if removed.isEmpty && inserted.count == 1, let character = inserted.first {
            if self == .letters { return Self.name(of: character, words) }
            guard character.isWhitespace || character.isPunctuation else { return nil }
            let word = String(new[..<common]).split(whereSeparator: { $0.isWhitespace || $0.isPunctuation }).last
            return word.map(String.init)
        }
        if inserted.isEmpty && removed.count <= 1 {
            return self == .letters ? removed.first.map { Self.name(of: $0, words) } : nil
        }
        return after.text.trimmingCharacters(in: .whitespaces).isEmpty ? words.text(.keyEchoBlank) : after.text
    }

    /// A character as a screen reader says it alone.
    static func name(of character: Character, _ words: Catalog) -> String {
        switch character {
        case " ": words.text(.keyEchoSpace)
        case "\t": words.text(.keyEchoTab)
        case ".": words.text(.keyEchoDot)
        case ",": words.text(.keyEchoComma)
        case "-": words.text(.keyEchoDash)
        case "'": words.text(.keyEchoApostrophe)
        case "/": words.text(.keyEchoSlash)
        default: String(character)
        }
    }
}
