import Foundation
import Testing
import Words

@testable import NearbyCore
@testable import PlaceData

/// How a stop is said: its kind before its name in a callout, its lines by their refs in order,
/// in one word when they are all of the stop's own mode and by mode when not, the callout's at
/// most `calloutLines` with the rest counted.
@Suite("Stops said with their lines")
struct TransitWordingTests {
    static func state(kind: String, lines: String?, language: Language = .english) -> NearbyState {
        var settings = Settings()
        settings.origin = Coordinate(latitude: 60.17, longitude: 24.94)
        var state = NearbyState(
            places: [
                Place(
                    id: "node/1", name: "Kauppatori", kind: kind, symbol: "bus", latitude: 60.1701, longitude: 24.94,
                    facts: Place.Facts(lines: lines))
            ], settings: settings)
        state.words = .builtIn(language)
        return state
    }

    @Test(arguments: [
        ("Bus stop", "bus 17;bus 16", "Bus stop Kauppatori, lines 16 and 17", "Served by lines 16 and 17."),
        ("Tram stop", "tram 2", "Tram stop Kauppatori, line 2", "Served by line 2."),
        (
            "Bus stop", "tram 7;bus 18N;tram 9", "Bus stop Kauppatori, bus line 18N and tram lines 7 and 9",
            "Served by bus line 18N and tram lines 7 and 9."
        ),
        (
            "Railway station", "train 1;train A;train D;train E;train I;train L;train P;train R",
            "Railway station Kauppatori, train lines 1, A, D, E, I, L and 2 more",
            "Served by train lines 1, A, D, E, I, L, P and R."
        ),
        ("Bus stop", nil, "Bus stop Kauppatori", nil),
    ])
    func aStopIsCalledByKindNameAndLines(kind: String, lines: String?, callout: String, details: String?) {
        let state = Self.state(kind: kind, lines: lines)
        #expect(state.calledName(0) == callout)
        #expect(state.servedByPhrase(state.places.all[0]) == details)
    }

    @Test func aPlaceThatIsNoStopIsCalledByItsName() {
        let state = Self.state(kind: "Café", lines: "bus 1")
        #expect(state.calledName(0) == "Kauppatori")
    }

    @Test func theLinesInSpanishAndPortuguese() {
        let spanish = Self.state(kind: "Bus stop", lines: "bus 16;tram 2", language: .spanish)
        #expect(
            spanish.servedByPhrase(spanish.places.all[0]) == "Paran aquí: línea de autobús 16 y línea de tranvía 2.")
        let brazilian = Self.state(kind: "Bus stop", lines: "bus 16;bus 17", language: .brazilian)
        #expect(brazilian.servedByPhrase(brazilian.places.all[0]) == "Param aqui: linhas 16 e 17.")
        let portuguese = Self.state(kind: "Railway station", lines: "tram 28", language: .portuguese)
        #expect(portuguese.servedByPhrase(portuguese.places.all[0]) == "Param aqui: linha de elétrico 28.")
    }
}
