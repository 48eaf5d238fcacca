import Testing

@testable import Words

@Suite("PO files")
struct POFileTests {
    @Test("Entries with contexts, plurals, notes and continued strings")
    func parses() throws {
        let file = try POFile.parse(
            """
            \u{FEFF}# a comment
            msgid ""
            msgstr ""
            "Language: es\\n"
            "Plural-Forms: nplurals=2; plural=(n != 1);\\n"

            #. {count} chooses the form.
            msgctxt "places.count"
            msgid "{count} place"
            msgid_plural "{count} places"
            msgstr[0] "{count} lugar"
            msgstr[1] "{count} "
            "lugares"

            msgctxt "quoted"
            msgid "say \\"hi\\"\\tthen\\\\"
            msgstr "di \\"hola\\""
            """)
        #expect(file.header["Language"] == "es")
        #expect(file.header["Plural-Forms"] == "nplurals=2; plural=(n != 1);")
        let plural = file.entries[1]
        #expect(plural.context == "places.count")
        #expect(plural.idPlural == "{count} places")
        #expect(plural.strings == ["{count} lugar", "{count} lugares"])
        #expect(plural.notes == ["{count} chooses the form."])
        #expect(plural.line == 8)
        #expect(file.entries[2].id == "say \"hi\"\tthen\\")
        // Written out and read again, the file says the same (lines aside).
        let again = try POFile.parse(file.text())
        #expect(again.entries.map(\.withoutLine) == file.entries.map(\.withoutLine))
    }

    @Test(
        "Bad PO is refused with its line",
        arguments: [
            ("msgid \"a\"\nmsgstr \"b", 2, "a string without its closing quote"),
            ("msgid \"a\"\nmsgstr[0] \"b\"", 2, "msgstr[0] needs a msgid_plural"),
            (
                "msgid \"a\"\nmsgid_plural \"as\"\nmsgstr \"b\"", 3,
                "a plural entry takes msgstr[0], msgstr[1]…, not msgstr"
            ),
            ("msgid \"a\"\nmsgstr \"b\" x", 2, "text after the closing quote"),
            (
                "msgctxt \"k\"\nmsgid \"a\"\nmsgstr \"b\"\n\nmsgctxt \"k\"\nmsgid \"a\"\nmsgstr \"c\"", 5,
                "msgctxt \"k\" is defined twice (first at line 1)"
            ),
            ("\"orphan\"", 1, "a string with no keyword before it"),
            ("msgid \"a\"\nmsgstr \"\\q\"", 2, "unknown escape \\q"),
            ("msgid \"a\"", 1, "the entry has no msgstr"),
            ("msgstr \"a\"", 1, "msgstr without a msgid before it"),
            ("msgidx \"a\"", 1, "unknown keyword msgidx"),
        ])
    func refused(text: String, line: Int, message: String) {
        #expect(throws: POFile.Problem(line: line, message: message)) { try POFile.parse(text) }
    }
}

extension POFile.Entry {
    var withoutLine: POFile.Entry {
        var entry = self
        entry.line = 0
        return entry
    }
}

@Suite("Plural rules")
struct PluralRuleTests {
    @Test(
        "gettext's rules choose the forms gettext chooses",
        arguments: [
            ("nplurals=2; plural=(n != 1);", [0: 1, 1: 0, 2: 1, 21: 1]),
            ("nplurals=2; plural=(n > 1);", [0: 0, 1: 0, 2: 1]),
            (
                "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
                [1: 0, 2: 1, 5: 2, 11: 2, 21: 0, 22: 1, 25: 2]
            ),
            ("nplurals=1; plural=0;", [0: 0, 1: 0, 7: 0]),
        ])
    func forms(header: String, expected: [Int: Int]) throws {
        let rule = try PluralRule(header)
        for (n, form) in expected { #expect(rule.form(for: n) == form, "n = \(n)") }
    }

    @Test(
        "A broken rule is refused",
        arguments: [
            "nplurals=2;", "nplurals=2; plural=(n != 1", "nplurals=2; plural=n+5;", "plural=n;",
            "nplurals=2; plural=n $ 1;",
        ])
    func broken(header: String) {
        #expect(throws: POFile.Problem.self) { try PluralRule(header) }
    }
}

@Suite("Templates and catalogs")
struct TemplateTests {
    @Test("Fields are named in braces; other braces are text")
    func fields() {
        let template = Template("{name}: {walk}, {distance} {walk} {Not} {} {a b}")
        #expect(template.fields == ["name", "walk", "distance"])
        #expect(
            template.render(["name": "Café {x}", "walk": "4", "distance": "5 m"]) == "Café {x}: 4, 5 m 4 {Not} {} {a b}"
        )
    }

    @Test("The pseudo-locale accents the template's words, never its data, and brackets them")
    func pseudo() {
        var catalog = Catalog.builtIn(.english)
        catalog.language = .pseudo
        #expect(catalog.text(.placesCount(count: "21", plural: 21)) == "21⟦ þļáçéš⟧")
    }

    @Test("Plural keys choose their form by count")
    func plural() {
        let english = Catalog.builtIn(.english)
        #expect(english.text(.placesCount(count: "1", plural: 1)) == "1 place")
        #expect(english.text(.placesCount(count: "2", plural: 2)) == "2 places")
        #expect(english.text(Key(family: "no", "such", "key")) == "⟦missing no.such.key⟧")
    }

    @Test(
        "A field may hold a phrase: it is said in the catalog's language, as its words would be",
        arguments: Language.allCases)
    func nested(language: Language) {
        let words = Catalog.builtIn(language)
        #expect(
            words.text(.listOr(items: "a", last: Phrase(.languageName)))
                == words.text(.listOr(items: "a", last: words.text(.languageName))))
    }

    private func override(_ text: String) throws(Catalog.Problem) -> Catalog {
        let file: POFile
        do { file = try POFile.parse(text) } catch {
            throw Catalog.Problem(file: "mine.po", line: error.line, message: error.message)
        }
        return try Catalog.builtIn(.english).overriding(with: file, name: "mine.po")
    }

    @Test("An override changes only the keys it gives; an empty msgstr keeps the built-in words")
    func overrides() throws {
        let catalog = try override(
            """
            msgctxt "places.count"
            msgid "{count} place"
            msgid_plural "{count} places"
            msgstr[0] "one spot"
            msgstr[1] "{count} spots"
            """)
        #expect(catalog.text(.placesCount(count: "3", plural: 3)) == "3 spots")
        #expect(catalog.text(.placesCount(count: "1", plural: 1)) == "one spot")
        #expect(catalog.overrides == "mine.po")
        let kept = try override(
            "msgctxt \"places.count\"\nmsgid \"x\"\nmsgid_plural \"y\"\nmsgstr[0] \"\"\nmsgstr[1] \"\"")
        #expect(kept.text(.placesCount(count: "3", plural: 3)) == "3 places")
    }

    @Test(
        "A bad override is refused with its line and what is wrong",
        arguments: [
            (
                "msgctxt \"place.count\"\nmsgid \"a\"\nmsgstr \"b\"", 1,
                "unknown key place.count. Did you mean places.count?"
            ),
            (
                "msgid \"a\"\nmsgstr \"b\"", 1,
                "an entry without msgctxt: each entry is found by its msgctxt, such as \"place.row\""
            ),
            (
                "msgctxt \"places.count\"\nmsgid \"a\"\nmsgstr \"b\"", 1,
                "places.count has plural forms: give msgid_plural and msgstr[0] to msgstr[1]"
            ),
            (
                "\nmsgctxt \"places.count\"\nmsgid \"a\"\nmsgid_plural \"b\"\nmsgstr[0] \"{count}\"\nmsgstr[1] \"{cuont}\"",
                2, "{cuont} is not a field of places.count; it takes {count}"
            ),
            (
                "msgctxt \"places.count\"\nmsgid \"a\"\nmsgid_plural \"b\"\nmsgstr[0] \"a\"", 1,
                "places.count takes 2 plural forms (msgstr[0] to msgstr[1]), not 1"
            ),
            (
                "msgid \"\"\nmsgstr \"Plural-Forms: nplurals=3; plural=(n==1 ? 0 : n==2 ? 1 : 2);\\n\"", 1,
                "Plural-Forms has 3 forms, but en has 2"
            ),
        ])
    func refused(text: String, line: Int, message: String) {
        #expect(throws: Catalog.Problem(file: "mine.po", line: line, message: message)) { try override(text) }
    }
}
