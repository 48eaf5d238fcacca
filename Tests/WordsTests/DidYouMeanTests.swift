import Testing

@testable import Words

@Suite("Did you mean: one rule for commands, settings, options and keys")
struct DidYouMeanTests {
    static let commands = ["find", "filter", "select", "settings", "set", "next", "help"]

    @Test(
        "A word that begins a known one from two letters, else a third of its letters wrong at most",
        arguments: [
            ("fnd", "find"), ("slect", "select"), ("nxt", "next"), ("fi", "find"), ("setings", "settings"),
            ("sel", "select"), ("hlep", "help"),
        ])
    func near(typed: String, meant: String) {
        #expect(DidYouMean.nearest(to: typed, among: Self.commands) == meant)
    }

    @Test("Nothing is suggested for a word too far from every known one", arguments: ["xyzzy", "colour", "f", ""])
    func far(typed: String) {
        #expect(DidYouMean.nearest(to: typed, among: Self.commands) == nil)
    }

    @Test("The threshold: one edit up to five letters, then a third of the letters")
    func threshold() {
        #expect(DidYouMean.isNear(1, typedLength: 2))
        #expect(!DidYouMean.isNear(2, typedLength: 5))
        #expect(DidYouMean.isNear(2, typedLength: 6))
        #expect(!DidYouMean.isNear(3, typedLength: 8))
        #expect(DidYouMean.isNear(3, typedLength: 9))
    }

    @Test("Candidates with several names: the nearest name counts; the first candidate wins a tie")
    func severalNames() {
        let candidates = [("quit", ["quit", "exit"]), ("walk", ["walk"])]
        #expect(DidYouMean.nearest(to: "exot", among: candidates) { $0.1 }?.0 == "quit")
        #expect(DidYouMean.nearest(to: "wa", among: candidates) { $0.1 }?.0 == "walk")
    }

    @Test("Edit distance counts insertions, deletions, substitutions and two letters swapped")
    func distance() {
        #expect(editDistance("kitten", "sitting") == 3)
        #expect(editDistance("hlep", "help") == 1)
        #expect(editDistance("ca", "abc") == 3)
        #expect(editDistance("", "abc") == 3)
        #expect(editDistance("café", "cafe") == 1)
    }
}
