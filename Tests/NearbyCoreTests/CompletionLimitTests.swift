import PlaceData
import Testing

@testable import NearbyCore

/// A Tab with very many candidates: the list stops after `listLimit` + 1, `total` counts them
/// all, and the replacement is found among all of them.
@Suite("Tab among many places")
struct CompletionLimitTests {
    static func state(_ names: [String]) -> NearbyState {
        NearbyState(
            places: names.enumerated().map { index, name in
                Place(
                    id: "\(index)", name: name, kind: "Café", symbol: "cup", latitude: 38.7 + Double(index) / 1e5,
                    longitude: -9.1)
            })
    }

    /// "Alpha 001" to "Alpha 500", in a shuffled order.
    static let alphas = (1...500).map { "Alpha " + String(String($0 + 1000).dropFirst()) }.shuffled()

    @Test func aLongListStopsAfterTheLimitAndCountsTheRest() {
        let completion = Completion.complete("find alp", in: Self.state(Self.alphas))
        #expect(completion.total == 500)
        #expect(completion.candidates.count == Completion.listLimit + 1)
        #expect(completion.candidates.first?.label == "Alpha 001")
        #expect(completion.candidates.last?.label == "Alpha 101")
        #expect(completion.candidates.first?.line == "find Alpha 001")
        #expect(!completion.isUnique)
        // All 500 share "Alpha ", and the line says so.
        #expect(completion.replacement == "find Alpha ")
    }

    @Test func theReplacementIsFoundAmongTheCandidatesNotListedToo() {
        // "Alps" sorts after every "Alpha": beyond the list, it still stops the line at "Alp".
        let completion = Completion.complete("find alp", in: Self.state(Self.alphas + ["Alps"]))
        #expect(completion.total == 501)
        #expect(completion.candidates.count == Completion.listLimit + 1)
        #expect(!completion.candidates.map(\.label).contains("Alps"))
        #expect(completion.replacement == "find alp")
        #expect(Completion.complete("find alph", in: Self.state(Self.alphas + ["Alps"])).replacement == "find Alpha ")
    }

    @Test func aKindThatIsAPlaceNameIsCountedOnce() {
        // The kinds come first; a place named as a kind is not listed again.
        let completion = Completion.complete("find ", in: Self.state(Self.alphas + ["Café"]))
        #expect(completion.total == 1 + 500)
        #expect(completion.candidates.prefix(2).map(\.label) == ["Café", "Alpha 001"])
    }

    @Test func selectCountsAndListsTheShownPlacesAlone() {
        var state = Self.state(Self.alphas + ["Beta 1", "Beta 2"])
        #expect(Completion.complete("select ", in: state).total == 502)
        #expect(Completion.complete("select ", in: state).candidates.count == Completion.listLimit + 1)
        _ = state.reduce(.queryEntered("alpha 4"))
        let completion = Completion.complete("select alpha ", in: state)
        #expect(state.shown.count > 0 && state.shown.count < 500)
        // The search shows the places whose names hold a 4; every one of them begins "alpha".
        #expect(completion.total == state.shown.count)
        #expect(completion.candidates.count == min(state.shown.count, Completion.listLimit + 1))
        #expect(completion.candidates.allSatisfy { $0.label.hasPrefix("Alpha ") })
        #expect(Completion.complete("select b", in: state).total == 0)
    }
}
