import Testing

@testable import PlaceData

@Suite("Forgiving search: the nearest spelling, only when nothing matches")
struct SpellingTests {
    let places = Places(BuiltInPlaces.lisbon)

    @Test func singularsAndTheOtherSpellingComeFirst() {
        #expect(Spelling.variants(of: "bakerys").contains("bakery"))
        #expect(Spelling.variants(of: "museums").first == "museum")
        #expect(Spelling.variants(of: "pharmacies").first == "pharmacy")
        #expect(Spelling.variants(of: "harbour").contains("harbor"))
        #expect(Spelling.variants(of: "center").contains("centre"))
        #expect(!Spelling.variants(of: "harbour").contains("harbour"))
    }

    @Test func theDistanceStopsOverItsLimit() {
        func distance(_ a: String, _ b: String, _ limit: Int) -> Int? {
            Spelling.boundedDistance(Array(a.utf8), Array(b.utf8), limit: limit)
        }
        #expect(distance("caffe", "cafe", 1) == 1)
        #expect(distance("expresso", "espresso", 2) == 1)
        #expect(distance("teh", "the", 1) == 1)  // two neighbours swapped: one edit
        #expect(distance("kitten", "sitting", 2) == nil)
        #expect(distance("kitten", "sitting", 3) == 3)
    }

    @Test func aQueryThatFindsSomethingIsNeverCorrected() {
        #expect(places.correctedQuery("cafe") == nil)
        #expect(places.correctedQuery("harbor") == nil)
    }

    @Test func aQueryThatFindsNothingGetsTheNearestSpellingThatDoes() {
        #expect(places.correctedQuery("harbour") == "harbor")
        #expect(places.correctedQuery("caffe") == "cafe")
        #expect(places.correctedQuery("bakerys") == "bakery")
        #expect(places.correctedQuery("harbour cofee") == "harbor coffee")
        // Too far from every word: nothing is offered rather than a wild guess.
        #expect(places.correctedQuery("zzqx") == nil)
        // Within a kind, only that kind's places are offered.
        #expect(places.correctedQuery("caffe", kind: "Bakery") == nil)
    }
}
