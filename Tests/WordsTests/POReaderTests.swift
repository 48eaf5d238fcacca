import Testing

@testable import Words

/// The byte-level PO reader (issue 27) against the reader it replaced (`ReferencePOReader`),
/// and the built-in catalogs, which a start no longer checks, against the checks a file gets.
@Suite("The PO reader and the built-in catalogs")
struct POReaderTests {
    static let builtIn: [(String, String)] = [
        ("en", CatalogTexts.en), ("es", CatalogTexts.es), ("pt", CatalogTexts.pt), ("pt_BR", CatalogTexts.ptBR),
    ]

    /// What a reader made of a text: its entries, or its problem.
    static func outcome(_ read: (String) throws(POFile.Problem) -> POFile, _ text: String) -> Result<
        POFile, POFile.Problem
    > {
        Result { () throws(POFile.Problem) in try read(text) }
    }

    @Test("Every built-in catalog reads as the reference reader read it", arguments: [0, 1, 2, 3])
    func catalogs(index: Int) throws {
        let (name, text) = Self.builtIn[index]
        let file = try POFile.parse(text)
        #expect(file.entries.count > 50, "\(name)")
        #expect(file == (try ReferencePOReader.parse(text)), "\(name)")
    }

    @Test("Catalogs mangled at random give the same entries or the same problem as the reference")
    func mangled() {
        var random = SplitMix(seed: 27)
        let lines = CatalogTexts.en.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // What a hand or a tool gets wrong: quotes, escapes, white space of every kind (a
        // no-break space, an ideographic one, a carriage return), comments, keywords out of place.
        let insertions = [
            "\"", "\\", "\\n", "\\q", "\\é", " ", "\t", "\u{A0}", "\u{3000}", "\u{2009}", "\r", "\n", "#", "#. ",
            "msgstr ", "msgstr[1] ", "msgstr[0] \"x\"", "msgid \"\"", "msgid_plural \"p\"", "msgctxt \"k\"", "é", "x",
            "\u{FEFF}",
        ]
        var differences: [String] = []
        var refused = 0
        for trial in 0..<600 {
            // From a blank line between entries, so that some windows read and some do not.
            var start = random.next(below: lines.count - 80)
            while !lines[start].isEmpty { start += 1 }
            var window = Array(lines[start..<start + 8 + random.next(below: 30)])
            for _ in 0...random.next(below: 3) {
                let row = random.next(below: window.count)
                var characters = Array(window[row])
                let at = random.next(below: characters.count + 1)
                switch random.next(below: 4) {
                case 0 where !characters.isEmpty: characters.remove(at: min(at, characters.count - 1))
                case 1: window.insert(window[row], at: row)
                default: characters.insert(contentsOf: insertions[random.next(below: insertions.count)], at: at)
                }
                window[row] = String(characters)
            }
            let text = (random.next(below: 10) == 0 ? "\u{FEFF}" : "") + window.joined(separator: "\n")
            let ours = Self.outcome(POFile.parse, text)
            let reference = Self.outcome(ReferencePOReader.parse, text)
            if ours != reference { differences.append("trial \(trial): \(ours) / \(reference)\n\(text)") }
            if case .failure = reference { refused += 1 }
        }
        // Both ways are tried: texts that read, and texts refused, each many times.
        #expect(refused > 100 && refused < 560, "\(refused) of 600 refused")
        #expect(differences.isEmpty, "\(differences.count) differ; the first: \(differences.first ?? "")")
    }

    @Test(
        "Every built-in catalog passes the checks a designer's file gets", arguments: [Language.spanish, .portuguese])
    func checked(language: Language) throws {
        let english = try Catalog.complete(.english, from: POFile.parse(CatalogTexts.en), name: "en.po", english: nil)
        #expect(english == Catalog.builtIn(.english))
        let text = language == .spanish ? CatalogTexts.es : CatalogTexts.pt
        let checked = try Catalog.complete(
            language, from: POFile.parse(text), name: "\(language.code).po", english: english)
        #expect(checked == Catalog.builtIn(language))
    }

    @Test("Fields are found between multi-byte words, and a brace that opens none is text")
    func templates() {
        let template = Template("Café {name} — {count}€ {Ñame} {a-1} {é} {x{y}} ü{")
        #expect(template.fields == ["name", "count", "a-1", "y"])
        #expect(
            template.render(["name": "Ñ", "count": "3", "a-1": "b", "y": "z"]) == "Café Ñ — 3€ {Ñame} b {é} {xz} ü{")
    }
}

/// A small seeded generator (SplitMix64), so that a failing trial comes back the same.
struct SplitMix {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next(below bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(max(1, bound)))
    }
}
