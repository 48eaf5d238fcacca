import PlaceData
import Testing
import Words

@testable import NearbyCore

/// `details` for the ear (issue 39, point 4): at most 45 words unless `details all`, saying so
/// when something is left out; opening hours in words in their newer forms and a form not read
/// said as mapped but for the ear; a contradiction in the data said plainly; a website as its
/// site; a phone in groups, as written or by its country's grouping.
@Suite("details for the ear")
struct DetailsForTheEarTests {
    static let english = Catalog.builtIn(.english)

    static func place(_ facts: Place.Facts) -> Place {
        Place(
            id: "a", name: "Ravintola", kind: "Restaurant", symbol: "fork.knife", latitude: 60.1696,
            longitude: 24.9420, facts: facts)
    }

    static func details(_ facts: Place.Facts, at time: String, all: Bool = false, language: Language = .english)
        -> String
    {
        var settings = Settings()
        settings.origin = Coordinate(latitude: 60.1687, longitude: 24.9420)
        settings.language = language
        var state = NearbyState(places: [place(facts)], settings: settings)
        state.now = LocalTime(parsing: time)
        _ = state.reduce(.placeSelected(.position(1)))
        return state.reduce(.detailsRequested(all: all)).announcements.first?.text ?? ""
    }

    static func words(_ text: String) -> Int { text.split(whereSeparator: \.isWhitespace).count }

    /// Kiila's facts in Helsinki's extract, 65 words before the limit.
    static let long = Place.Facts(
        street: "Kalevankatu", houseNumber: "1", city: "Helsinki",
        openingHours:
            "Mo-Tu 07:00-22:00; We-Th 07:00-23:00; Fr 07:00-02:00; Sa 08:30-04:00; Su 09:00-21:00",
        phone: "+358 40 5118952", website: "https://www.ravintolakiila.fi/en/menu/lunch", wheelchair: "yes")

    @Test("details is at most 45 words, today's hours in the week's place, and says how to hear the rest")
    func limit() {
        let short = Self.details(Self.long, at: "2026-12-02T11:00")
        #expect(Self.words(short) <= 45, "\(short)")
        #expect(
            short
                == "Details of Ravintola, selected. Restaurant, 100 metres north, 2 minute walk. Address: 1 Kalevankatu, Helsinki. Opening hours today: 7 to 23. Open now. Phone: plus 358, 40, 511, 8952. Wheelchair accessible. Website: ravintolakiila.fi. details all for more."
        )
        let all = Self.details(Self.long, at: "2026-12-02T11:00", all: true)
        #expect(
            all.contains(
                "Opening hours: Monday to Tuesday, 7 to 22; Wednesday to Thursday, 7 to 23; Friday, 7 to 2 after midnight; Saturday, 8:30 to 4 after midnight; Sunday, 9 to 21."
            ) && all.hasSuffix("Website: ravintolakiila.fi/en/menu/lunch."), "\(all)")
        #expect(!all.contains("for more"))
        // What fits is said whole, with nothing about more.
        let small = Self.details(Place.Facts(openingHours: "Mo-Fr 10:00-18:00"), at: "2026-12-02T11:00")
        #expect(small.hasSuffix("Opening hours: Monday to Friday, 10 to 18. Open now."), "\(small)")
        let spanish = Self.details(Self.long, at: "2026-12-02T11:00", language: .spanish)
        #expect(Self.words(spanish) <= 45 && spanish.hasSuffix("detalles todos para el resto."), "\(spanish)")
    }

    @Test("details all, and details with another word, are parsed")
    func command() {
        #expect(Command.details.parse("") == .detailsRequested(all: false))
        #expect(Command.details.parse("all") == .detailsRequested(all: true))
        #expect(Command.details.parse("todos", words: .builtIn(.spanish)) == .detailsRequested(all: true))
        #expect(Command.details.parse("more") != .detailsRequested(all: true))
        if case .invalid = Command.details.parse("more") {} else { Issue.record("details more is not refused") }
        // Tab completes the word all after details.
        #expect(Completion.complete("details a", in: NearbyState()).replacement == "details all")
    }

    @Test("A contradiction in the data is said plainly", arguments: [Language.english, .spanish, .portuguese])
    func contradiction(language: Language) {
        let sunday = Self.details(
            Place.Facts(openingHours: "Mo-Su 09:00-12:30; Su off"), at: "2026-12-06T11:00", language: language)
        let expected: [Language: String] = [
            .english: "Closed now: the last rule closes it at this hour on Sundays.",
            .spanish: "Cerrado ahora: la última regla lo cierra a esta hora los domingos.",
            .portuguese: "Fechado agora: a última regra fecha-o a esta hora aos domingos.",
        ]
        #expect(sunday.hasSuffix(expected[language]!), "\(sunday)")
        let night = Self.details(
            Place.Facts(openingHours: "Th 20:00-03:00; Fr-Sa 20:00-04:00"), at: "2026-12-04T00:30", language: language)
        let nightExpected: [Language: String] = [
            .english: "Closed now: the rule for Friday ends the night's hours at midnight.",
            .spanish: "Cerrado ahora: la regla del viernes acaba a medianoche el horario de la noche.",
            .portuguese: "Fechado agora: a regra de sexta-feira acaba à meia-noite o horário da noite.",
        ]
        #expect(night.contains(nightExpected[language]!), "\(night)")
    }

    @Test("The newer forms of hours in words, in each language")
    func newerForms() throws {
        let summer = try #require(
            OpeningHours.parse("Mo-Fr 10:00-18:00; Jun 06-Aug 13 Mo-Fr 11:00-18:00; Jul 02-Jul 30 Sa off"))
        #expect(
            HoursWording.hours(summer, Self.english)
                == "Monday to Friday, 10 to 18; June 6 to August 13: Monday to Friday, 11 to 18; July 2 to July 30: Saturday, closed"
        )
        #expect(
            HoursWording.hours(summer, .builtIn(.spanish))
                == "de lunes a viernes, de 10 a 18; del 6 de junio al 13 de agosto: de lunes a viernes, de 11 a 18; del 2 de julio al 30 de julio: sábado, cerrado"
        )
        let once = try #require(OpeningHours.parse("2017 Jul 1 - 2017 Aug 8 off; PH off"))
        #expect(
            HoursWording.hours(once, .builtIn(.portuguese))
                == "de 1 de julho de 2017 a 8 de agosto de 2017: todos os dias, fechado; feriados, fechado")
        let meals = try #require(OpeningHours.parse("Mo-Fr 11:00-15:00 open \"Lunch\"; Sa 12:00-22:00 open \"Dinner\""))
        #expect(
            HoursWording.hours(meals, Self.english) == "Monday to Friday, 11 to 15 (Lunch); Saturday, 12 to 22 (Dinner)"
        )
        let appointment = try #require(OpeningHours.parse("Mo-Fr 08:00-16:00 || \"on appointment\""))
        #expect(HoursWording.hours(appointment, Self.english) == "Monday to Friday, 8 to 16; otherwise, on appointment")
        #expect(HoursWording.hours(OpeningHours.parse("\"for request only\"")!, Self.english) == "for request only")
        let request = Self.details(Place.Facts(openingHours: "\"for request only\""), at: "2026-12-02T11:00")
        #expect(request.hasSuffix("Opening hours: for request only. Open or closed now: the hours do not say."))
    }

    @Test("A form not read here is said as mapped, for the ear, and never as open now")
    func asMapped() {
        #expect(HoursWording.asMapped("Apr 24-Jun 14: 09:00-18:00", Self.english) == "April 24 to June 14: 9 to 18")
        #expect(
            HoursWording.asMapped("Mo-Fr 8-02;Sa 8-02 Su 8", Self.english)
                == "Monday to Friday 8 to 2; Saturday 8 to 2 Sunday 8")
        #expect(
            HoursWording.asMapped("Mon - Fri 11am - 11pm", .builtIn(.spanish)) == "lunes a viernes 11am a 11pm")
        #expect(
            HoursWording.asMapped("Mo-Fr 16:00-, Sa 14:00-", Self.english)
                == "Monday to Friday 16 onwards, Saturday 14 onwards")
        let said = Self.details(Place.Facts(openingHours: "Mo-Fr 09:30 - 15:00. Lunch"), at: "2026-12-02T11:00")
        #expect(said.hasSuffix("Opening hours, as mapped: Monday to Friday 9:30 to 15. Lunch."), "\(said)")
        #expect(!said.contains("now"))
    }

    @Test("A website is said as its site")
    func website() {
        #expect(FactsWording.site("https://www.mairie.mc/en/langues-etrangeres/accueil") == "mairie.mc")
        #expect(FactsWording.site("http://Kiasma.fi:8080/?lang=en") == "kiasma.fi")
        #expect(FactsWording.site("www.example.org") == "example.org")
        #expect(FactsWording.website("https://www.mairie.mc/en/") == "mairie.mc/en")
    }

    @Test("A phone in groups as written, or by its country's grouping")
    func phones() {
        let cases: [(String, String)] = [
            ("+358 9 123 4567", "plus 358, 9, 123, 4567"),
            ("+35891234567", "plus 358, 9, 123, 4567"),
            ("+358401234567", "plus 358, 40, 123, 4567"),
            ("+33123456789", "plus 33, 1, 23, 45, 67, 89"),
            ("+37793152863", "plus 377, 93, 15, 28, 63"),
            ("+12125550123", "plus 1, 212, 555, 0 123"),
            ("+442079460958", "plus 44, 20, 7946, 0 958"),
            ("+34912345678", "plus 34, 912, 345, 678"),
            ("+351213456789", "plus 351, 213, 456, 789"),
            ("+5511912345678", "plus 55, 11, 9, 1234, 5678"),
            ("0035891234567", "plus 358, 9, 123, 4567"),
            ("+49 30 12345678", "plus 49, 30, 1234, 5678"),
            ("0912345678", "0 91, 234, 5678"),
        ]
        for (written, said) in cases {
            #expect(FactsWording.phone(written, Self.english) == said, "\(written)")
        }
    }
}
