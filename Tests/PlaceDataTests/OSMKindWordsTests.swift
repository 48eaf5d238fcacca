import Testing

@testable import PlaceData
@testable import Words

/// Every kind the import can make has words in every language the program speaks: the tagging
/// schema's (`Words/po/osm-kinds.tsv`, `scripts/kind-words`), a catalog's override, or, for a
/// value the schema does not name, its key's words (`osm-kind-unknown.KEY`).
@Suite("The kinds' words in every language")
struct OSMKindWordsTests {
    static let languages: [Language] = [.english, .spanish, .portuguese, .brazilian]
    static let table = OSMKindTable.builtIn

    /// The keys whose values the import makes places of, and the values of those that need one.
    static var importKeys: [String] { OSMTagging.anyValueKeys + OSMTagging.someValueKeys.map(\.key) }

    @Test("Every kind the schema names under the import's keys has a word in every language")
    func everyNamedKindHasWords() {
        let rows = Self.table.rows.filter { Self.importKeys.contains($0.key) }
        #expect(rows.count == 533)  // 532 of the schema's, and shop=grocery, an override's own
        for row in rows {
            for language in Self.languages {
                let word = Catalog.builtIn(language).kindWord(key: row.key, value: row.value)
                #expect(
                    !word.isEmpty && !word.contains("_") && !word.contains("{") && !word.contains("⟦"),
                    "\(row.key)=\(row.value) in \(language.code): \"\(word)\"")
            }
        }
        for (key, values) in OSMTagging.someValueKeys {
            for value in values { #expect(Self.table.row(key: key, value: value) != nil, "\(key)=\(value)") }
        }
    }

    @Test("Which kinds the schema names in each language, and which fall back")
    func schemaNamesAndFallbacks() {
        let schemaRows = Self.table.rows.filter { $0.words.count == 4 }
        var named: [Language: Int] = [:]
        var missing: [String] = []
        for row in schemaRows {
            for (index, language) in Self.languages.enumerated() {
                if row.words[index].isEmpty {
                    missing.append("\(row.key)=\(row.value) \(language.code)")
                } else {
                    named[language, default: 0] += 1
                }
            }
        }
        #expect(named == [.english: 532, .spanish: 532, .portuguese: 530, .brazilian: 527])
        #expect(
            missing == [
                "amenity=kitchen pt", "amenity=traffic_park pt-BR", "leisure=schoolyard pt-BR",
                "healthcare=blood_donation pt", "healthcare=blood_donation pt-BR", "healthcare=physiotherapist pt-BR",
                "historic=millstone pt-BR",
            ])
        // Brazilian falls back to Portuguese, Portuguese to Brazilian; with neither, the key's words.
        #expect(
            Catalog.builtIn(.brazilian).kindWord(key: "historic", value: "millstone")
                == Catalog.builtIn(.portuguese).kindWord(key: "historic", value: "millstone"))
        #expect(
            Catalog.builtIn(.portuguese).kindWord(key: "amenity", value: "kitchen")
                == Catalog.builtIn(.brazilian).kindWord(key: "amenity", value: "kitchen"))
        #expect(
            Catalog.builtIn(.portuguese).kindWord(key: "healthcare", value: "blood_donation")
                == "Saúde (blood donation)")
    }

    @Test("A value the schema does not name is said in words with its key's noun, in every language")
    func unknownValuesInEveryLanguage() {
        for key in Self.importKeys {
            for language in Self.languages {
                let catalog = Catalog.builtIn(language)
                let word = catalog.kindWord(key: key, value: "xyz_abc")
                #expect(
                    word.lowercased().contains("xyz abc") && word != "Xyz abc" && !word.contains("{"),
                    "\(key) in \(language.code): \"\(word)\"")
                // The store keeps the English words; the session says them in its language.
                let english = Catalog.builtIn(.english).kindWord(key: key, value: "xyz_abc")
                #expect(catalog.kindWord(english) == word, "\(key) in \(language.code)")
            }
        }
        let english = Catalog.builtIn(.english)
        #expect(english.kindWord(key: "shop", value: "xyz_abc") == "Xyz abc shop")
        #expect(english.kindWord(key: "office", value: "ngx") == "NGX office")
        #expect(english.kindWord(key: "shop", value: "spa_bag") == "Spa bag shop")
        #expect(Catalog.builtIn(.spanish).kindWord(key: "office", value: "ngx") == "Oficina (NGX)")
    }

    @Test("The store's English word of every kind is said in every language as its tag is")
    func englishWordsRoundTrip() {
        var collisions: Set<String> = []
        for row in Self.table.rows {
            let english = Catalog.builtIn(.english).kindWord(key: row.key, value: row.value)
            for language in Self.languages {
                let catalog = Catalog.builtIn(language)
                if catalog.kindWord(english) != catalog.kindWord(key: row.key, value: row.value) {
                    collisions.insert(english)
                }
            }
        }
        // Tags named alike in English are said as the first (the import's order of keys): of five
        // such pairs (Locksmith, Tailor...) only these differ in another language.
        #expect(collisions == ["Ice cream shop"])
    }
}
