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

    @Test func aWordThatFindsOtherPlacesIsCorrectedAmongTheOthersWordsPlaces() {
        // "dor" alone is nearest to a word of another name, so word by word "blue dor" finds
        // nothing; among the names "blue" finds, it is "door".
        #expect(places.correctedQuery("dor") != "door")
        #expect(places.correctedQuery("blue dor") == "blue door")
        // "blu" finds Blue Door already (a word is found inside names): only "dor" changes.
        #expect(places.correctedQuery("blu dor") == "blu door")
        // Nothing near among the places "blue" finds: no guess.
        #expect(places.correctedQuery("blue xyzzy") == nil)
    }

    @Test func theWordForAndFindsAnAmpersand() {
        let paper = places.all.firstIndex { $0.name == "Paper & Ink" }.map(Int32.init)
        for query in ["paper and ink", "paper & ink", "paper y ink", "Paper E Ink"] {
            #expect(places.matchSet(query: query).members == [paper!], "\(query)")
        }
        // "and" still finds the letters it spells.
        #expect(places.matchSet(query: "and").members.isEmpty == places.matchSet(query: "&").isEmpty)
    }
}
