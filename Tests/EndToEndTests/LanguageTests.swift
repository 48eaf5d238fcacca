import Foundation
import Testing

/// Languages and a designer's words, end to end: the program as a user runs it.
@Suite("Languages and a designer's words")
struct LanguageTests {
    static func run(_ arguments: [String], input: String = "") throws -> Program.Result {
        try Program(arguments, environment: ["LC_ALL": "", "LC_MESSAGES": "", "LANG": ""], input: .text(input)).run()
    }

    @Test("A designer's round trip: strings, change one msgstr, --strings, the change is heard")
    func designerRoundTrip() throws {
        let places = try Self.run(["strings", "--language", "en"])
        #expect(places.status == 0)
        let original = "msgstr \"Adjustable: type {command-up} or {command-down} to move it.\""
        #expect(places.stdout.contains(original))
        let changed = places.stdout.replacingOccurrences(
            of: original,
            with:
                "msgstr \"Adjustable. To move the sheet one step higher, type {command-up}; one step lower, {command-down}.\""
        )
        let mine = temporaryPath("mine.po")
        try changed.write(toFile: mine, atomically: true, encoding: .utf8)
        let script = temporaryPath("down.txt")
        try "down\n".write(toFile: script, atomically: true, encoding: .utf8)
        let before = temporaryPath("before.wav")
        let after = temporaryPath("after.wav")
        let plain = try Self.run(["--script", script, "--speech", "off", "--earcons", "off", "--wav", before])
        let designed = try Self.run(
            ["--script", script, "--speech", "off", "--earcons", "off", "--wav", after, "--strings", mine])
        #expect(plain.stdout == "Sheet, resting at the bottom, 1 of 3. Adjustable: type up or down to move it.\n")
        #expect(
            designed.stdout
                == "Sheet, resting at the bottom, 1 of 3. Adjustable. To move the sheet one step higher, type up; one step lower, down.\n"
        )
        // Nine more words: at 175 words a minute, about three seconds more speech.
        let gained = try wavSeconds(after) - wavSeconds(before)
        #expect(gained > 1.5 && gained < 5, "\(gained) s more")
    }

    @Test(
        "A bad strings file stops the start with its line and exit 65",
        arguments: [
            (
                "msgctxt \"handle.hint\"\nmsgid \"x\"\nmsgstr \"Move it with {comand-up}.\"\n",
                "mine.po:1: {comand-up} is not a field of handle.hint; it takes {command-down}, {command-up}."
            ),
            (
                "\n\nmsgctxt \"handel.hint\"\nmsgid \"x\"\nmsgstr \"y\"\n",
                "mine.po:3: unknown key handel.hint. Did you mean handle.hint?"
            ),
            (
                "msgctxt \"places.count\"\nmsgid \"x\"\nmsgstr \"y\"\n",
                "mine.po:1: places.count has plural forms: give msgid_plural and msgstr[0] to msgstr[1]."
            ),
            ("msgctxt \"handle.hint\"\nmsgid \"x\"\nmsgstr \"y\n", "mine.po:3: a string without its closing quote."),
        ])
    func badStrings(text: String, message: String) throws {
        let folder = temporaryPath("strings-\(abs(text.hashValue))")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let mine = folder + "/mine.po"
        try text.write(toFile: mine, atomically: true, encoding: .utf8)
        let result = try Program(
            ["--strings", "mine.po", "--speech", "off"], input: .text("down\n"), directory: URL(fileURLWithPath: folder)
        ).run()
        #expect(result.status == 65)
        #expect(result.stderr == "nearby-voice: \(message)\n")
        #expect(result.stdout.isEmpty)
    }

    @Test("Bytes that are not UTF-8 are refused with their line")
    func notUTF8() throws {
        let mine = temporaryPath("latin1.po")
        try Data(
            "msgctxt \"handle.hint\"\nmsgid \"x\"\nmsgstr \"caf\u{E9}\"\n".utf8.map { $0 == 0xC3 ? 0xE9 : $0 }.filter {
                $0 != 0xA9
            }
        )
        .write(to: URL(fileURLWithPath: mine))
        let result = try Self.run(["--strings", mine, "--speech", "off"])
        #expect(result.status == 65)
        #expect(result.stderr == "nearby-voice: \(mine):3:12: not UTF-8 text.\n")
    }

    @Test("set strings in a session: a bad file is a spoken error that changes nothing; a good one changes the words")
    func setStrings() throws {
        let bad = temporaryPath("bad.po")
        let good = temporaryPath("good.po")
        try "msgctxt \"nope\"\nmsgid \"x\"\nmsgstr \"y\"\n".write(toFile: bad, atomically: true, encoding: .utf8)
        try "msgctxt \"session.goodbye\"\nmsgid \"Goodbye.\"\nmsgstr \"See you.\"\n".write(
            toFile: good, atomically: true, encoding: .utf8)
        let result = try Self.run(
            ["--speech", "off"], input: "set strings \(bad)\nquit\nset strings \(good)\n")
        #expect(result.stdout == "\(bad):1: unknown key nope. The words stay as they were.\nGoodbye.\n")
        let second = try Self.run(["--speech", "off"], input: "set strings \(good)\nquit\n")
        #expect(second.stdout == "Words from \(good).\nSee you.\n")
    }

    @Test(
        "The language comes from --language, else LC_ALL, LC_MESSAGES and LANG in that order, else English",
        arguments: [
            ([String](), ["LANG": "pt_PT.UTF-8"], "Adeus."),
            ([], ["LC_ALL": "es_ES.UTF-8", "LANG": "pt_PT.UTF-8"], "Adiós."),
            ([], ["LC_MESSAGES": "es_ES.UTF-8", "LANG": "pt_PT.UTF-8"], "Adiós."),
            ([], ["LANG": "fr_FR.UTF-8"], "Goodbye."),
            ([], ["LANG": "C"], "Goodbye."),
            (["--language", "en"], ["LANG": "pt_PT.UTF-8"], "Goodbye."),
        ])
    func languageFromLocale(arguments: [String], environment: [String: String], goodbye: String) throws {
        var env = ["LC_ALL": "", "LC_MESSAGES": "", "LANG": ""]
        for (key, value) in environment { env[key] = value }
        let result = try Program(arguments + ["--speech", "off"], environment: env, input: .text("quit\n")).run()
        #expect(result.stdout == goodbye + "\n")
    }

    @Test("LANG=pt_BR gets Brazilian Portuguese: the words that differ overridden, the rest European")
    func brazilianPortugueseFromLocale() throws {
        var env = ["LC_ALL": "", "LC_MESSAGES": "", "LANG": "pt_BR.UTF-8"]
        let brazil = try Program(["--speech", "off"], environment: env, input: .text("xyzzy\nsettings all\nquit\n"))
            .run()
        let lines = brazil.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "Comando desconhecido: xyzzy. Digite ajuda para ver os comandos.", "\(lines)")
        #expect(lines.count == 3 && lines[1].contains("Idioma: português do Brasil;"), "\(lines)")
        // "Voz: a do idioma" is European Portugal's, not overridden; the goodbye is Brazil's own.
        #expect(lines.count == 3 && lines[1].contains("Voz: a do idioma;"), "\(lines)")
        #expect(lines.last == "Até logo.")
        env["LANG"] = "pt_PT.UTF-8"
        let portugal = try Program(["--speech", "off"], environment: env, input: .text("xyzzy\n")).run()
        #expect(portugal.stdout == "Comando desconhecido: xyzzy. Escreva ajuda para ver os comandos.\n")
    }

    @Test("The voice follows the language unless one was chosen")
    func voiceFollowsLanguage() throws {
        let result = try Self.run(
            ["--speech", "off", "--language", "pt"],
            input: "settings all\nset voice en\nset language es\nsettings all\n")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines[0].contains("Voz: a do idioma;"))
        #expect(lines[3].contains("Voz: en;"))
    }

    @Test("Spanish and Portuguese are heard in their own voices: the same answer lasts differently")
    func languagesHaveTheirVoices() throws {
        var seconds: [String: Double] = [:]
        for language in ["en", "es", "pt", "pt-BR"] {
            let wav = temporaryPath("lang-\(language).wav")
            let result = try Self.run(
                ["--speech", "off", "--earcons", "off", "--language", language, "--wav", wav], input: "find cafe\n")
            #expect(result.status == 0)
            seconds[language] = try wavSeconds(wav)
        }
        #expect(seconds.values.allSatisfy { $0 > 2 }, "\(seconds)")
        // Brazilian Portuguese is heard in espeak-ng's Brazilian voice, not the European one.
        #expect(Set(seconds.values.map { ($0 * 100).rounded() }).count == 4, "\(seconds)")
    }

    @Test("strings prints a places msgfmt accepts, in every language", arguments: ["en", "es", "pt", "pt-BR", "en-XA"])
    func msgfmtAcceptsTheCatalogs(language: String) throws {
        let places = try Self.run(["strings", "--language", language])
        #expect(places.status == 0)
        let path = temporaryPath("strings-\(language).po")
        try places.stdout.write(toFile: path, atomically: true, encoding: .utf8)
        let msgfmt = try Program(tool: "/usr/bin/msgfmt", ["--check", "-o", "/dev/null", path]).run()
        let said = msgfmt.stderr
        #expect(msgfmt.end == .exited(0), "\(said)")
        #expect(said.isEmpty, "\(said)")
        // What strings prints, --strings takes back unchanged.
        let again = try Self.run(["--language", language, "--strings", path, "--speech", "off"], input: "down\n")
        #expect(again.status == 0, "\(again.stderr)")
    }
}
