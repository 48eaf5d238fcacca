import Testing
import Words

@testable import NearbyCore

@Suite("Tab completion")
struct CompletionTests {
    let state = NearbyState()

    func labels(_ line: String, in state: NearbyState? = nil) -> [String] {
        Completion.complete(line, in: state ?? self.state).candidates.map(\.label)
    }

    func replacement(_ line: String) -> String {
        Completion.complete(line, in: state).replacement
    }

    @Test func theFirstWordCompletesToCommandNames() {
        #expect(labels("fi") == ["find", "filter"])
        #expect(replacement("fi") == "fi")
        #expect(labels("FIN") == ["find"])
        #expect(replacement("fin") == "find")
        #expect(labels("se") == ["select", "set", "settings"])
        #expect(replacement("se") == "se")
        #expect(replacement("sett") == "settings")
        #expect(labels("xyz").isEmpty)
        #expect(replacement("xyz") == "xyz")
        #expect(labels("").count == Command.allCases.count)
    }

    @Test func aLanguageCompletesItsOwnCommandWordsAndEnglishOnlyWhenNoneBeginsSo() {
        var settings = Settings()
        settings.language = .spanish
        let spanish = NearbyState(settings: settings)
        let own = Command.allCases.map { $0.word(spanish.words) }
        // An empty line: one word a command, the language's own.
        #expect(Set(labels("", in: spanish)) == Set(own))
        #expect(labels("", in: spanish).count == Set(own).count)
        #expect(labels("bus", in: spanish) == ["buscar"])
        // No Spanish command word begins "he": the English name, which always works.
        #expect(labels("he", in: spanish) == ["help"])
    }

    @Test func aCommandWordOfAnotherLanguageSuggestsItsOwn() {
        let portuguese = Catalog.builtIn(.portuguese)
        #expect(Command.nearest(to: "buscar", words: portuguese) == .find)
        #expect(Command.find.word(portuguese) == "procurar")
        #expect(Command.nearest(to: "procurar", words: .builtIn(.spanish)) == .find)
        #expect(Command.nearest(to: "bajar", words: portuguese) == .down)
    }

    @Test func leadingSpaceIsKept() {
        #expect(replacement("  hel") == "  help")
    }

    @Test func severalWordsOfAnAccentedNameCompleteIgnoringCaseAndAccents() {
        #expect(labels("select tile mus") == ["Tile Museum Café"])
        #expect(replacement("select tile mus") == "select Tile Museum Café")
        #expect(replacement("o TILE MUS") == "o Tile Museum Café")
        #expect(replacement("select jardim sao") == "select Jardim São Pedro")
        #expect(replacement("select farmácia") == "select Farmácia Central")
        #expect(replacement("select acor") == "select Açores Deli")
        #expect(replacement("select d'alf") == "select Taberna d'Alfama")
        #expect(replacement("select taberna d’alf") == "select Taberna d'Alfama")
    }

    @Test func wordsMustBeginNameWordsInTheOrderTyped() {
        #expect(labels("select mus tile").isEmpty)
        #expect(labels("select useum").isEmpty)
        #expect(labels("select mus") == ["Design Museum", "Tile Museum Café"])
    }

    @Test func anAmbiguousNameCompletesAsFarAsTheCandidatesAgree() {
        #expect(labels("select riv") == ["Riverside Garden", "Riverside Pharmacy"])
        #expect(replacement("select riv") == "select Riverside ")
        // Nothing shared beyond what was typed: the line stays as typed, never shorter.
        #expect(replacement("select mus") == "select mus")
    }

    @Test func findCompletesKindsThenPlaces() {
        #expect(labels("find caf") == ["Café", "Tile Museum Café"])
        #expect(replacement("find caf") == "find caf")
        #expect(labels("find tile mus") == ["Tile Museum Café"])
        #expect(labels("/ bake") == ["Bakery", "Blue Door Bakery", "Golden Crust Bakery"])
        #expect(replacement("/ bakery") == "/ bakery")
        #expect(replacement("f golden") == "f Golden Crust Bakery")
        // Eight kinds, then the 21 places.
        #expect(labels("find ").count == 8 + 21)
    }

    @Test func selectOffersOnlyThePlacesTheListShows() {
        var searched = state
        _ = searched.reduce(.queryEntered("bakery"))
        #expect(labels("select ", in: searched) == ["Blue Door Bakery", "Custard Corner", "Golden Crust Bakery"])
        #expect(labels("select tile", in: searched).isEmpty)
    }

    @Test func filterCompletesKindsAndAll() {
        #expect(
            labels("filter ") == [
                "all", "Bakery", "Bookshop", "Café", "Grocery", "Museum", "Park", "Pharmacy", "Restaurant",
            ])
        #expect(replacement("filter ph") == "filter Pharmacy")
        #expect(replacement("k cafe") == "k Café")
    }

    @Test func setCompletesKeysThenValues() {
        #expect(labels("set re") == ["reduce-motion", "reduce-transparency"])
        #expect(replacement("set re") == "set reduce-")
        #expect(replacement("set un") == "set units")
        #expect(labels("set units ") == ["metric", "imperial"])
        #expect(replacement("set units i") == "set units imperial")
        #expect(replacement("set verbosity v") == "set verbosity verbose")
        #expect(labels("set dismissible ") == ["on", "off"])
        #expect(replacement("set rate ") == "set rate 175")
        #expect(labels("set nosuch ").isEmpty)
    }

    @Test func detentAndHelpComplete() {
        #expect(labels("detent ") == ["resting", "half", "full"])
        #expect(replacement("detent f") == "detent full")
        #expect(replacement("help wa") == "help walk")
    }

    @Test func commandsWithoutArgumentsOfferNothing() {
        #expect(labels("next ").isEmpty)
        #expect(labels("walk x").isEmpty)
        #expect(labels("nosuch thing").isEmpty)
    }
}
