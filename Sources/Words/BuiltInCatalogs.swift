/// The catalogs compiled into the binary (`Sources/Words/po/*.po`, as string literals that the
/// CatalogKeys plugin writes), read at the first use of each: the English one at every start.
enum BuiltInCatalogs {
    static let english: Catalog = load(.english, CatalogTexts.en, english: nil)
    static let spanish: Catalog = load(.spanish, CatalogTexts.es, english: english)
    static let portuguese: Catalog = load(.portuguese, CatalogTexts.pt, english: english)
    /// A regional variant: its language's catalog, with the words that differ overridden.
    static let brazilian: Catalog = variant(.brazilian, of: portuguese, CatalogTexts.ptBR)
    static let pseudo: Catalog = {
        var catalog = english
        catalog.language = .pseudo
        return catalog
    }()

    static func catalog(_ language: Language) -> Catalog {
        switch language {
        case .english: english
        case .spanish: spanish
        case .portuguese: portuguese
        case .brazilian: brazilian
        case .pseudo: pseudo
        }
    }

    /// A built-in catalog; a broken one is the program's own bug, caught by the catalog tests.
    static func variant(_ language: Language, of base: Catalog, _ text: String) -> Catalog {
        let name = "built-in \(language.code).po"
        do {
            let file: POFile
            do { file = try POFile.parse(text) } catch {
                throw Catalog.Problem(file: name, line: error.line, message: error.message)
            }
            var catalog = try base.overriding(with: file, name: name)
            catalog.language = language
            return catalog
        } catch {
            fatalError("\(error)")
        }
    }

    static func load(_ language: Language, _ text: String, english: Catalog?) -> Catalog {
        let name = "built-in \(language.code).po"
        do {
            let file: POFile
            do { file = try POFile.parse(text) } catch {
                throw Catalog.Problem(file: name, line: error.line, message: error.message)
            }
            return try Catalog.unchecked(language, from: file, name: name, english: english)
        } catch {
            fatalError("\(error)")
        }
    }
}
