import Testing

@testable import NearbyCore
@testable import PlaceData

@Suite("History marks and safe text")
struct HistoryAndSafetyTests {
    @Test func historyMarksWhatSpeechCutOffOrDropped() {
        var settings = Settings()
        settings.visuals = true  // the details and the camera are said, and kept
        var state = NearbyState(settings: settings)
        _ = state.reduce(.handleDecremented)  // kept 1: the handle's answer
        // kept 2 to 5: selection, details, camera, the walk-time chip
        _ = state.reduce(.placeSelected(.position(1)))
        #expect(state.review.spokenTotal == 5)
        _ = state.apply(.speechEnded(number: 2, .interrupted))
        _ = state.apply(.speechEnded(number: 4, .dropped))
        _ = state.apply(.speechEnded(number: 99, .dropped))  // never said: ignored
        #expect(state.review.speechMarks == [2: .interrupted, 4: .dropped])
        #expect(
            state.reduce(.historyRequested(4)).announcements == [
                Announcement(
                    "Item 4 of 5 (interrupted), Selected, Paper & Ink, Bookshop, 180 metres south-west, 3 minute walk.",
                    kind: .history)
            ])
        #expect(
            state.reduce(.historyRequested(2)).announcements == [
                Announcement("Item 2 of 5, not spoken, Map flies to Paper & Ink, 1.5 kilometres above.", kind: .history)
            ])
        // Reviewing is not itself kept.
        #expect(state.review.spokenTotal == 5)
    }

    @Test func marksOfForgottenAnnouncementsAreForgottenToo() {
        var state = NearbyState()
        for _ in 0..<NearbyState.historyLimit { _ = state.reduce(.handleActivated) }
        _ = state.apply(.speechEnded(number: 1, .dropped))
        #expect(state.review.speechMarks[1] == .dropped)
        _ = state.reduce(.handleActivated)
        #expect(state.review.spoken.count == NearbyState.historyLimit)
        #expect(state.review.speechMarks.isEmpty)
    }

    @Test(arguments: [
        ("Caf\u{1B}[31mé\u{1B}[0m\u{7}!", "Café !"),  // a CSI goes whole, BEL is a space
        ("a\u{9B}2Jb", "ab"),  // C1 CSI
        ("\u{1B}]0;title\u{7}Bar", "Bar"),  // OSC, ended by BEL
        ("\u{1B}]8;;http://x\u{1B}\\Link", "Link"),  // OSC 8, ended by ST
        ("Back\u{8}\u{8}space", "Back space"),
        ("line\r\nbreak", "line break"),
        ("\u{202E}evil\u{202C} name", "evil name"),  // bidirectional override
        ("zero\u{200B}width\u{FEFF}", "zerowidth"),
        ("<speak><break time=\"5s\"/></speak>", "<speak><break time=\"5s\"/></speak>"),  // markup stays words
        ("  two  spaces  ", "  two  spaces  "),
    ])
    func safeTextRemovesControlsAndKeepsTheName(_ input: String, _ expected: String) {
        #expect(SafeText.clean(input) == expected)
    }

    @Test func safeTextBoundsLength() {
        let long = String(repeating: "a", count: 100_000)
        let cleaned = SafeText.clean(long, limit: 200)
        #expect(cleaned.count == 201)
        #expect(cleaned.hasSuffix("\u{2026}"))
    }

    /// What `surelyKept` counts is kept by `clean` wherever the text stands: never more than
    /// it keeps of the text alone or after anything without an escape sequence; nil for a text
    /// with one.
    @Test func surelyKeptIsNeverMoreThanKept() {
        let pieces = [
            "a", " ", "  ", "\t", "\n", "\r\n", "\u{7}", "\u{85}", "\u{2028}", "\u{200B}", "\u{202E}", "\u{FEFF}",
            "é", "e\u{301}", "北", "🚏", "\u{7F}", "\u{9C}", "&", "…",
        ]
        var state: UInt64 = 7
        for _ in 0..<2_000 {
            var text = ""
            var before = ""
            for index in 0..<12 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let piece = pieces[Int(state >> 33) % pieces.count]
                if index < 3 { before += piece } else { text += piece }
            }
            let kept = SafeText.surelyKept(text)
            #expect(kept != nil)
            let alone = SafeText.clean(text, limit: .max).unicodeScalars.count
            let after =
                SafeText.clean(before + text, limit: .max).unicodeScalars.count
                - SafeText.clean(before, limit: .max).unicodeScalars.count
            #expect((kept ?? 0) <= alone && (kept ?? 0) <= after, "\(text.unicodeScalars.map(\.value))")
        }
        #expect(SafeText.surelyKept("a\u{1B}[31mb") == nil)
        #expect(SafeText.surelyKept("a\u{9B}2Jb") == nil)
        #expect(SafeText.surelyKept("a\u{9D}0;t\u{7}b") == nil)
        #expect(SafeText.surelyKept("Café ☕, 15 m") == 9)
    }
}

@Suite("The session's greeting and goodbye")
struct GreetingTests {
    @Test func greetingSaysWhatItIsHowManyPlacesAndHowToGetHelp() {
        var state = NearbyState()
        expectReduce(
            &state, .sessionStarted,
            [
                Announcement(
                    "Nearby: 21 places around you. Type help for commands, quit to leave. Headphones? Type set spatial hrtf.",
                    kind: .notice)
            ])
        expectReduce(&state, .inputEnded, [Announcement("Goodbye.", kind: .notice)]) { $0.isFinished = true }
    }
}
