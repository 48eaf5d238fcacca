import Foundation
import PlaceData
import Testing
import Words

@testable import NearbyCore

/// The catalogs hold every word the code asks for, in every language, and the command words of
/// each language name one command each.
@Suite("The built-in catalogs cover the code")
struct CatalogCoverageTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test("Spanish and Portuguese have every English key", arguments: [Language.spanish, .portuguese, .pseudo])
    func complete(language: Language) {
        let english = Catalog.builtIn(.english)
        let other = Catalog.builtIn(language)
        #expect(other.keys == english.keys)
        for key in english.keys { #expect(other.has(key), "\(language.code) lacks \(key)") }
    }

    /// The keys written as string literals in the Swift sources: `say("key"`, `text("key"`,
    /// `Phrase("key"`.
    static func keysInSources() throws -> [(file: String, key: String)] {
        var found: [(String, String)] = []
        let sources = root.appendingPathComponent("Sources")
        let files =
            FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        let pattern = try NSRegularExpression(pattern: #"(?:say|text|Phrase|refusal)\(\s*"([a-z][a-z0-9.-]*)""#)
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                guard let range = Range(match.range(at: 1), in: text) else { continue }
                found.append((file.lastPathComponent, String(text[range])))
            }
        }
        return found
    }

    @Test("Every key the code names is in the English catalog")
    func keysExist() throws {
        let english = Catalog.builtIn(.english)
        let used = try Self.keysInSources()
        #expect(used.count > 150, "the scan found only \(used.count) keys: is the pattern still right?")
        for (file, key) in used where !key.hasSuffix(".") {
            #expect(english.has(key), "\(file) names \(key), which en.po lacks")
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
