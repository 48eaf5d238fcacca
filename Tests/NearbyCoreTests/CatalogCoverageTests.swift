import Foundation
import PlaceData
import Testing

@testable import NearbyCore
// Words' own: the generated key list (`Key.generated`) and each catalog file's text.
@testable import Words

/// The catalogs hold every word the code asks for, in every language, and the command words of
/// each language name one command each.
@Suite("The built-in catalogs cover the code")
struct CatalogCoverageTests {
    /// Each built-in catalog file, by its name, as the binary carries it.
    static let files = [("en", CatalogTexts.en), ("es", CatalogTexts.es), ("pt", CatalogTexts.pt)]

    /// The keys (msgctxt) of a catalog file, read from the file itself.
    static func keys(of text: String) throws -> [String] {
        try POFile.parse(text).entries.compactMap(\.context)
    }

    @Test(
        "Each catalog file holds every key the code was built with (Key.generated), and no other",
        arguments: files.map(\.0))
    func complete(file: String) throws {
        let keys = try Self.keys(of: try #require(Self.files.first { $0.0 == file }?.1))
        let generated = Key.generated.map(\.rawValue)
        let missing = Set(generated).subtracting(keys)
        let unknown = Set(keys).subtracting(generated)
        #expect(missing.isEmpty, "\(file).po lacks \(missing.sorted())")
        #expect(unknown.isEmpty, "\(file).po has keys the code does not know: \(unknown.sorted())")
        #expect(keys.count == generated.count, "\(file).po has \(keys.count) keys, the code \(generated.count)")
    }

    @Test("The Brazilian variant overrides only keys the code was built with")
    func variantKeys() throws {
        let unknown = Set(try Self.keys(of: CatalogTexts.ptBR)).subtracting(Key.generated.map(\.rawValue))
        #expect(unknown.isEmpty, "pt_BR.po has keys the code does not know: \(unknown.sorted())")
    }

    @Test("Every built-in catalog says every key the code was built with", arguments: Language.allCases)
    func says(language: Language) {
        let words = Catalog.builtIn(language)
        for key in Key.generated { #expect(words.has(key), "\(language.code) lacks \(key)") }
    }

    /// Whether `text` came from the catalog: a key it lacks is said as "⟦missing KEY⟧".
    static func isWords(_ text: String) -> Bool { !text.isEmpty && !text.contains("⟦missing") }

    // Every other key is a constant generated from en.po (Key+Generated.swift), so a key the
    // code names and the catalog lacks does not compile. These tests cover the keys that a
    // table builds from its cases (`Key(family:)`), through the very functions that say them.

    @Test("Every command has its word, usage and summary", arguments: [Language.english, .spanish, .portuguese])
    func commandKeys(language: Language) {
        let words = Catalog.builtIn(language)
        for command in Command.allCases {
            #expect(Self.isWords(command.word(words)), "\(command.name): \(command.word(words))")
            #expect(Self.isWords(command.usage(words)), "\(command.name): \(command.usage(words))")
            #expect(Self.isWords(command.summary(words)), "\(command.name): \(command.summary(words))")
        }
    }

    @Test("Every detent has its words, and every setting its name, unit, expected value and values")
    func detentAndSettingKeys() {
        let words = Catalog.builtIn(.english)
        for detent in Detent.allCases {
            for text in [detent.spoken(words), detent.word(words), detent.situation(words)] {
                #expect(Self.isWords(text), "\(detent.name): \(text)")
            }
        }
        for setting in Setting.allCases {
            #expect(Self.isWords(words.text(setting.nameKey)), "\(setting.key) has no name")
            if let unit = setting.unitKey { #expect(Self.isWords(words.text(unit)), "\(setting.key): \(unit)") }
            let expected = setting.expected(words)
            #expect(expected.isEmpty || Self.isWords(expected), "\(setting.key): \(expected)")
            #expect(Self.isWords(setting.spokenValue(in: Settings(), words)), "\(setting.key)'s default")
            for choice in setting.choices ?? [] {
                var settings = Settings()
                #expect(setting.apply(choice, to: &settings, words) == nil, "\(setting.key) refused \(choice)")
                let said = setting.spokenValue(in: settings, words)
                #expect(Self.isWords(said), "\(setting.key) \(choice): \(said)")
            }
        }
    }

    @Test("A language's command words are its own: each names one command", arguments: Language.allCases)
    func commandWords(language: Language) {
        let words = Catalog.builtIn(language)
        var seen: [String: Command] = [:]
        for command in Command.allCases {
            for name in [command.name] + command.aliases {
                seen[name] = command
            }
        }
        for command in Command.allCases {
            let word = TextFolding.fold(command.word(words))
            #expect(!word.isEmpty && !word.contains(" "), "\(command.name) has no single word in \(language.code)")
            if let other = seen[word], other != command {
                Issue.record("\(language.code): \(word) names both \(other.name) and \(command.name)")
            }
            seen[word] = command
            #expect(Command(word: command.word(words), words: words) == command)
        }
    }

    @Test("Hints name the command words of the language they are said in")
    func hintsFollowCommandWords() {
        var state = NearbyState(
            settings: {
                var settings = Settings()
                settings.language = .spanish
                return settings
            }())
        let answer = state.reduce(.handleDecremented).announcements.first?.text ?? ""
        #expect(answer.contains("subir") && answer.contains("bajar"), "\(answer)")
    }
}
