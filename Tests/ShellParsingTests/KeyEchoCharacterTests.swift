import ShellParsing
import Testing

/// Key echo compares characters, never bytes: "ã" typed before "ç" shares its first UTF-8 byte
/// (0xC3) with it, and a byte comparison saw two broken characters and spoke the whole line.
@Suite("Key echo: what one key changed, in characters")
struct KeyEchoCharacterTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var echo: KeyEcho
        var before: String
        var after: String
        var spoken: String?
        var testDescription: String { "\(echo) \"\(before)\" → \"\(after)\"" }
    }

    static let cases: [Case] = [
        // Typed: the letter (letters), nothing until the word ends (words).
        Case(echo: .letters, before: "ço", after: "ãço", spoken: "ã"),
        Case(echo: .words, before: "ço", after: "ãço", spoken: nil),
        Case(echo: .letters, before: "Sço", after: "Sãço", spoken: "ã"),
        Case(echo: .letters, before: "caf", after: "café", spoken: "é"),
        Case(echo: .letters, before: "find caf", after: "find cafe", spoken: "e"),
        Case(echo: .letters, before: "é", after: "éé", spoken: "é"),
        Case(echo: .letters, before: "日本", after: "日本語", spoken: "語"),
        Case(echo: .letters, before: "Łódź", after: "Łódź ", spoken: "space"),
        // A space or punctuation ends a word: the word is said.
        Case(echo: .words, before: "find São", after: "find São ", spoken: "São"),
        Case(echo: .words, before: "ação", after: "ação,", spoken: "ação"),
        // Deleted: the letter (letters), nothing (words).
        Case(echo: .letters, before: "ãço", after: "ço", spoken: "ã"),
        Case(echo: .letters, before: "naïve", after: "nave", spoken: "ï"),
        Case(echo: .words, before: "ãço", after: "ço", spoken: nil),
        // More than one character at once (a paste, history): the whole line.
        Case(echo: .letters, before: "a", after: "ação", spoken: "ação"),
        Case(echo: .words, before: "ço", after: "ããço", spoken: "ããço"),
        Case(echo: .letters, before: "ão", after: "", spoken: "blank"),
        Case(echo: .none, before: "ço", after: "ãço", spoken: nil),
    ]

    @Test(arguments: cases)
    func oneKeyIsSaidAsACharacter(_ test: Case) {
        let said = test.echo.phrase(
            before: (test.before, test.before.utf8.count), after: (test.after, test.after.utf8.count))
        #expect(said == test.spoken)
    }
}
