import Testing

@testable import ScenarioFormat

/// Splitting an options line into words as a shell would.
@Suite("Splitting options into words")
struct ShellWordsTests {
    @Test(
        "Spaces and tabs separate, quotes group, a backslash escapes the next character",
        arguments: [
            ("", []),
            ("   \t ", []),
            ("--at 1,2", ["--at", "1,2"]),
            ("  --at \t 1,2  ", ["--at", "1,2"]),
            (#""two words""#, ["two words"]),
            ("'two words'", ["two words"]),
            (#"a"b c"d"#, ["ab cd"]),
            (#""""#, [""]),
            ("''", [""]),
            (#""" ''"#, ["", ""]),
            (#"it\'s"#, ["it's"]),
            (#"a\ b"#, ["a b"]),
            (#"a\\b"#, [#"a\b"#]),
            (#""say \"hi\"""#, [#"say "hi""#]),
            (#""a\b""#, ["ab"]),
            (#"'a\b'"#, [#"a\b"#]),
            (#""it's""#, ["it's"]),
            (#"'say "hi"'"#, [#"say "hi""#]),
            (#"end\"#, [#"end\"#]),
            (#"\"#, []),
            (#"a \ b"#, ["a", " b"]),
            ("--voice=en-gb --rate=300", ["--voice=en-gb", "--rate=300"]),
            ("café 😀", ["café", "😀"]),
        ] as [(String, [String])])
    func split(text: String, words: [String]) throws {
        #expect(try ShellWords.split(text) == words)
    }

    @Test("An unclosed quote is refused", arguments: [#""open"#, "'open", #"a "b c"#, #"'it\'s'"#])
    func unclosed(text: String) {
        #expect(throws: ShellWords.Problem.self) { try ShellWords.split(text) }
        do {
            _ = try ShellWords.split(text)
        } catch {
            #expect(error.message == "an unclosed quote in the options")
        }
    }
}
