import Testing
import Words

@testable import NearbyCore
@testable import PlaceData

/// The Nearby list within the radius, the search beyond it (in memory and through a store's
/// window), and what a place's details say of its OpenStreetMap facts.
@Suite("Radius, the search beyond it, and a place's facts")
struct RadiusAndFactsTests {
    /// Near the Helsinki extract's centre: 0.001° of latitude is about 111 metres.
    static let origin = Coordinate(latitude: 60.1687, longitude: 24.9420)
    static func place(_ id: String, _ name: String, _ kind: String, north metres: Double, facts: Place.Facts = .init())
        -> Place
    {
        Place(
            id: id, name: name, kind: kind, symbol: "mappin", latitude: origin.latitude + metres / 111_195,
            longitude: origin.longitude, facts: facts)
    }
    static let kahvila = place(
        "a", "Kahvila Sävy", "Café", north: 100,
        facts: Place.Facts(
            street: "Mannerheimintie", houseNumber: "12", city: "Helsinki",
            openingHours: "Mo-Fr 08:00-18:00; Sa 09:00-13:00", phone: "+358 9 123 4567",
            website: "https://www.example-kahvila-helsinki.fi/menu/", wheelchair: "limited"))
    static let kirja = place("b", "Kirjakauppa", "Bookshop", north: 500)
    static let lautta = place("c", "Lauttaterminaali", "Ferry terminal", north: 3000)

    static func state(_ places: Places, language: Language = .english) -> NearbyState {
        var settings = Settings()
        settings.origin = origin
        settings.language = language
        return NearbyState(places: places, settings: settings)
    }

    @Test("The list holds the places within the radius; set radius widens it")
    func listWithinTheRadius() {
        var state = Self.state(Places([Self.kahvila, Self.kirja, Self.lautta]))
        #expect(state.shownPlaces.map(\.id) == ["a", "b"])
        #expect(!state.isBeyondRadius)
        let answer = state.reduce(.settingChanged(.radius, value: "5000")).announcements.map(\.text)
        #expect(answer == ["Radius: 5000 metres. 3 places."])
        #expect(state.shownPlaces.map(\.id) == ["a", "b", "c"])
        let refused = state.reduce(.settingChanged(.radius, value: "5")).announcements.map(\.text)
        #expect(refused.first?.contains("10 to 100000") == true, "\(refused)")
        #expect(state.settings.radius == 5000)
    }

    @Test("find with no match within the radius says the nearest match beyond it, which select takes")
    func findBeyondTheRadius() {
        var state = Self.state(Places([Self.kahvila, Self.kirja, Self.lautta]))
        let found = state.reduce(.queryEntered("lautta")).announcements.map(\.text)
        #expect(
            found.first
                == "Nothing within 1 kilometre matches \"lautta\". The nearest match: Lauttaterminaali, Ferry terminal, 3 kilometres north, 36 minute walk."
        )
        #expect(state.isBeyondRadius)
        _ = state.reduce(.placeSelected(.position(1)))
        #expect(state.selection == "c")
        // Nothing anywhere: no results, as before.
        let none = state.reduce(.queryEntered("xyzzy")).announcements.map(\.text)
        #expect(none.first == "No results for \"xyzzy\".")
    }

    @Test("A store's window: a search with no match asks the shell for the whole store, then says what it found")
    func windowOfAStore() {
        var state = Self.state(Places([Self.kahvila, Self.kirja], isWindow: true))
        // While typing, no count is said of a window that holds no match: the store may.
        #expect(!state.reduce(.queryTyped("lautta")).announcements.contains { $0.kind == .results })
        let asked = state.reduce(.queryEntered("lautta"))
        #expect(asked.effects == [.searchWholeStore(query: "lautta", kind: nil)])
        #expect(!asked.announcements.contains { $0.kind == .results })
        // An answer to another search changes nothing.
        #expect(
            state.apply(.wholeStoreSearched(query: "other", kind: nil, found: [Self.lautta])).announcements.isEmpty)
        #expect(state.places.count == 2)
        let answer = state.apply(.wholeStoreSearched(query: "lautta", kind: nil, found: [Self.lautta]))
        #expect(answer.announcements.first?.text.hasPrefix("Nothing within 1 kilometre matches \"lautta\".") == true)
        #expect(state.places.count == 3 && state.focus == 0)
        _ = state.reduce(.placeSelected(.position(1)))
        #expect(state.selection == "c")
        // The store holds none either: no results then.
        _ = state.reduce(.queryEntered("xyzzy"))
        let none = state.apply(.wholeStoreSearched(query: "xyzzy", kind: nil, found: []))
        #expect(none.announcements.map(\.text) == ["No results for \"xyzzy\"."])
    }

    @Test("A store's window: a misspelt word asks the whole store before a spelling is offered")
    func windowOffersASpellingOnlyOnceTheStoreHoldsNone() {
        var state = Self.state(Places([Self.kahvila, Self.kirja], isWindow: true))
        // "kahvlia" is a spelling away from the window's "Kahvila": the store may hold it as typed.
        #expect(state.places.correctedQuery("kahvlia", kind: nil) != nil)
        let asked = state.reduce(.queryEntered("kahvlia"))
        #expect(asked.effects == [.searchWholeStore(query: "kahvlia", kind: nil)])
        #expect(asked.announcements.allSatisfy { !$0.text.contains("Did you mean") })
        // The store holds it as typed, far away: that is said, not a spelling.
        let far = Place(
            id: "far", name: "Kahvlia Bar", kind: "Bar", symbol: "mappin", latitude: 60.30, longitude: 24.94)
        let found = state.apply(.wholeStoreSearched(query: "kahvlia", kind: nil, found: [far]))
        #expect(found.announcements.first?.text.contains("Kahvlia Bar") == true)
        // Nothing anywhere as typed: then the spelling the places hold.
        _ = state.reduce(.queryEntered("kirjakuappa"))
        let none = state.apply(.wholeStoreSearched(query: "kirjakuappa", kind: nil, found: []))
        #expect(none.announcements.first?.text.contains("Did you mean") == true)
    }

    @Test("details say the address, the hours in words, open now, the phone in groups, wheelchair, website")
    func detailsSayTheFacts() {
        var state = Self.state(Places([Self.kahvila, Self.kirja]))
        state.now = LocalTime(parsing: "2026-12-01T10:00")  // a Tuesday
        _ = state.reduce(.placeSelected(.position(1)))
        let details = state.reduce(.detailsRequested(all: true)).announcements.map(\.text)
        #expect(
            details == [
                "Details of Kahvila Sävy, selected. Café, 100 metres north, 2 minute walk. Address: 12 Mannerheimintie, Helsinki. Opening hours: Monday to Friday, 8 to 18; Saturday, 9 to 13. Open now. Phone: plus 358, 9, 123, 4567. Limited wheelchair access. Website: example-kahvila-helsinki.fi/menu."
            ])
        // read says the website's site alone; on Sunday it is closed.
        state.now = LocalTime(parsing: "2026-12-06T10:00")
        let read = state.reduce(.readRequested).announcements.first?.text ?? ""
        #expect(read.contains("Closed now.") && read.contains("Website: example-kahvila-helsinki.fi."), "\(read)")
        // Without a clock, nothing is said of now.
        state.now = nil
        let unknown = state.reduce(.detailsRequested(all: true)).announcements.first?.text ?? ""
        #expect(
            unknown.hasSuffix(
                "9 to 13. Phone: plus 358, 9, 123, 4567. Limited wheelchair access. Website: example-kahvila-helsinki.fi/menu."
            ), "\(unknown)")
    }

    @Test("Open now says so when a public holiday would change it, which is not known here")
    func publicHolidays() {
        func said(_ hours: String, at time: String) -> String {
            let shop = Self.place("e", "Kauppa", "Shop", north: 50, facts: Place.Facts(openingHours: hours))
            var state = Self.state(Places([shop]))
            state.now = LocalTime(parsing: time)
            _ = state.reduce(.placeSelected(.position(1)))
            let text = state.reduce(.detailsRequested(all: true)).announcements.first?.text ?? ""
            return String(text.split(separator: ".").dropFirst(3).joined(separator: "."))
        }
        #expect(
            said("Mo-Fr 10:00-18:00; PH off", at: "2026-12-01T12:00").hasSuffix(
                "Open now, unless today is a public holiday"))
        #expect(said("Mo-Fr 10:00-18:00; PH off", at: "2026-12-01T20:00").hasSuffix("Closed now"))
        #expect(said("Mo-Fr 10:00-18:00; PH 10:00-18:00", at: "2026-12-01T12:00").hasSuffix("Open now"))
        #expect(
            said("Mo-Fr 10:00-18:00; PH 09:00-11:00", at: "2026-12-05T09:30").hasSuffix(
                "Closed now, unless today is a public holiday"))
    }

    @Test("What is missing is not said; what is not read here is said as mapped")
    func missingAndAsMapped() {
        let odd = Self.place(
            "d", "Baari", "Bar", north: 50,
            facts: Place.Facts(
                street: "Aleksanterinkatu", streetIsNearest: true, openingHours: "Mo-Fr 8-02", phone: "ask inside",
                wheelchair: "bumpy"))
        var state = Self.state(Places([odd]))
        state.now = LocalTime(parsing: "2026-12-01T10:00")
        _ = state.reduce(.placeSelected(.position(1)))
        #expect(
            state.reduce(.detailsRequested(all: true)).announcements.map(\.text) == [
                "Details of Baari, selected. Bar, 50 metres north, 1 minute walk. On Aleksanterinkatu. Opening hours, as mapped: Monday to Friday 8 to 2. Phone: ask inside. Wheelchair: bumpy."
            ])
        var plain = Self.state(Places([Self.kirja]))
        _ = plain.reduce(.placeSelected(.position(1)))
        #expect(
            plain.reduce(.detailsRequested(all: true)).announcements.map(\.text) == [
                "Details of Kirjakauppa, selected. Bookshop, 500 metres north, 6 minute walk."
            ])
    }

    @Test("Hours and phones in words, in each language")
    func wording() throws {
        let hours = try #require(
            OpeningHours.parse("Mo,We 08:30-12:00,13:00-17:00; Fr 22:00-02:00; Sa 10:00-24:00; PH off"))
        #expect(
            HoursWording.hours(hours, .builtIn(.english))
                == "Monday and Wednesday, 8:30 to 12 and 13 to 17; Friday, 22 to 2 after midnight; Saturday, 10 to midnight; public holidays, closed"
        )
        #expect(
            HoursWording.hours(hours, .builtIn(.spanish))
                == "lunes y miércoles, de 8:30 a 12 y de 13 a 17; viernes, de 22 a 2 de la madrugada; sábado, de 10 a medianoche; festivos, cerrado"
        )
        let week = try #require(OpeningHours.parse("Mo-Fr 08:00-18:00; Sa-Su 00:00-24:00"))
        #expect(
            HoursWording.hours(week, .builtIn(.portuguese))
                == "de segunda-feira a sexta-feira, das 8 às 18; de sábado a domingo, todo o dia")
        #expect(HoursWording.hours(OpeningHours.parse("24/7")!, .builtIn(.english)) == "open 24 hours, every day")
        let seasons = try #require(OpeningHours.parse("Jun-Aug: Su-Sa 09:00-24:00; Sep-May: Su-Sa 09:00-18:00"))
        #expect(
            HoursWording.hours(seasons, .builtIn(.english))
                == "June to August: every day, 9 to midnight; September to May: every day, 9 to 18")
        #expect(
            HoursWording.hours(seasons, .builtIn(.portuguese))
                == "de junho a agosto: todos os dias, das 9 à meia-noite; de setembro a maio: todos os dias, das 9 às 18"
        )
        #expect(
            HoursWording.hours(OpeningHours.parse("Mo-Su 09:00-17:00")!, .builtIn(.english)) == "every day, 9 to 17")

        let english = Catalog.builtIn(.english)
        #expect(FactsWording.phone("+358 9 123 4567", english) == "plus 358, 9, 123, 4567")
        #expect(FactsWording.phone("+358-9-39351;(09) 612.34", english) == "plus 358, 9, 39, 351 or 0 9, 612, 34")
        #expect(FactsWording.phone("+3589666001", .builtIn(.spanish)) == "más 358, 9, 666, 0 0 1")
        #expect(FactsWording.phone("call 123", english) == nil)
        #expect(FactsWording.phone("12+3", english) == nil)
        #expect(FactsWording.website("http://www.kahvila.fi/") == "kahvila.fi")
    }

    @Test("The greeting names OpenStreetMap as the source, and about gives its credit")
    func attribution() {
        var state = Self.state(Places([Self.kahvila], source: Places.openStreetMap))
        #expect(
            state.reduce(.sessionStarted).announcements.map(\.text) == [
                "Nearby: 1 place around you, from OpenStreetMap. Type help for commands, quit to leave."
                    + " Headphones? Type set spatial hrtf."
            ])
        #expect(
            state.reduce(.aboutRequested).announcements.map(\.text) == [
                "1 place from OpenStreetMap. Map data © OpenStreetMap contributors, under the Open Database License (ODbL), openstreetmap.org/copyright."
            ])
        state = NearbyState()
        #expect(
            state.reduce(.aboutRequested).announcements.map(\.text) == [
                "21 places: the built-in set, invented places in Lisbon."
            ])
        #expect(state.reduce(.sessionStarted).announcements.first?.text.contains("OpenStreetMap") == false)
    }

    @Test("The greeting, where and count say one count, the list's; about says the source's")
    func oneCountOfPlaces() {
        let far = Self.place("c", "Kauppahalli", "Market", north: 1_500)
        var state = Self.state(Places([Self.kahvila, Self.kirja, far], source: Places.openStreetMap))
        #expect(
            state.reduce(.sessionStarted).announcements.first?.text.hasPrefix("Nearby: 2 places around you") == true)
        #expect(state.reduce(.countRequested).announcements.map(\.text) == ["2 places."])
        #expect(state.reduce(.whereRequested(exact: false)).announcements.first?.text.hasSuffix(" 2 places.") == true)
        #expect(
            state.reduce(.aboutRequested).announcements.first?.text.hasPrefix("3 places from OpenStreetMap.") == true)
        // A store's window: the greeting says the list it will hold, about the whole store.
        var window = Self.state(Places([], source: Places.openStreetMap, isWindow: true))
        window.placesToCome = 20_000
        window.listedToCome = 5_120
        window.sourceCount = 10_000_000
        #expect(
            window.reduce(.sessionStarted).announcements.first?.text.hasPrefix("Nearby: 5,120 places around") == true)
        #expect(window.reduce(.aboutRequested).announcements.first?.text.hasPrefix("10,000,000 places from") == true)
    }

    @Test("While a store's window is still being read, the greeting says how many places it holds")
    func greetingBeforeTheWindow() {
        var state = Self.state(Places([], source: Places.openStreetMap, isWindow: true))
        state.placesToCome = 20_000
        #expect(
            state.reduce(.sessionStarted).announcements.first?.text.hasPrefix(
                "Nearby: 20,000 places around you, from OpenStreetMap.") == true)
        // The window comes in before anything else is answered; then the count is its own.
        _ = state.apply(.windowMoved(Places([Self.kahvila], source: Places.openStreetMap, isWindow: true)))
        #expect(state.placesToCome == nil)
        #expect(state.reduce(.sessionStarted).announcements.first?.text.hasPrefix("Nearby: 1 place around you") == true)
    }
}
