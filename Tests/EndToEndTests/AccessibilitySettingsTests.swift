import Foundation
import Testing

/// The same script with and without reduce motion, and with and without reduce transparency
/// (visuals on, so that what the eye sees is said): the transcripts differ exactly where the
/// settings say, and nowhere else. With visuals off (the default), none of it is said.
@Suite("Reduce motion and reduce transparency, side by side; visuals off and on")
struct AccessibilitySettingsTests {
    let script = "find cafe\nselect 1\nread\nclear\nup\nread\nwhere\ndetent half\nread\n"

    /// The JSON Lines transcript's entries: text, and whether only the eye sees it.
    func entries(_ options: [String]) throws -> [(text: String, visual: Bool)] {
        let result = try Program(
            ["--speech", "off", "--format", "jsonl", "--transcript", "-"] + options, input: .text(script)
        ).run()
        #expect(result.status == 0)
        return try result.stdout.split(separator: "\n").map {
            let object = try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
            return (object["text"] as! String, object["visual"] as? Bool ?? false)
        }
    }

    func texts(_ extra: [String]) throws -> [String] {
        try entries(["--visuals", "on"] + extra).map { entry in
            #expect(!entry.visual)
            return entry.text
        }
    }

    @Test func withVisualsOffNothingOnlyTheEyeSeesIsSaidButTheTranscriptKeepsIt() throws {
        for options in [[], ["--reduce-motion"], ["--reduce-transparency"]] {
            let all = try entries(options)
            let said = all.filter { !$0.visual }.map(\.text)
            let words = said.joined(separator: " ")
            for visualWord in ["flies", "zooms", "Map shows", "dimmed", "scaled", "rounded corners", "Details at full"]
            {
                #expect(!words.contains(visualWord), "\(options): \(visualWord)")
            }
            // The camera's moves are in the JSON Lines transcript, marked, for whoever reads it.
            let visual = all.filter(\.visual).map(\.text)
            #expect(visual.contains { $0.hasPrefix("Map ") && $0.contains("Rossio Espresso Bar") })
        }
        // Reduce motion changes only words that visuals off does not say.
        #expect(
            try entries([]).filter { !$0.visual }.map(\.text)
                == entries(["--reduce-motion"]).filter { !$0.visual }.map(\.text))
    }

    /// The pairs of lines that differ, in order.
    func differences(_ a: [String], _ b: [String]) -> [[String]] {
        #expect(a.count == b.count)
        return zip(a, b).filter { $0 != $1 }.map { [$0, $1] }
    }

    static let scaled = " The map behind is dimmed, scaled down with rounded corners."

    @Test func reduceMotionChangesOnlyTheCameraAndTheScaledMapBehind() throws {
        let plain = try texts([])
        let reduced = try texts(["--reduce-motion"])
        let pairs = differences(plain, reduced)
        // The camera jumps, and the words say so; the map behind is dimmed but not scaled.
        #expect(pairs.count == 4)
        #expect(
            pairs[0] == [
                "Map flies to Rossio Espresso Bar, 1.5 kilometres above.",
                "Map shows Rossio Espresso Bar from 1.5 kilometres above.",
            ])
        #expect(pairs[2] == ["Map zooms out to all 21 places.", "Map shows all 21 places."])
        for pair in [pairs[1], pairs[3]] {
            #expect(pair[0].hasSuffix(Self.scaled))
            #expect(pair[1] == pair[0].dropLast(Self.scaled.count) + " The map behind is dimmed.")
        }
        #expect(pairs[1][0].hasPrefix("Nearby, full height. Details of Rossio Espresso Bar"))
        #expect(pairs[3][0].hasPrefix("Nearby, full height. 21 places: 1, Paper & Ink"))
        #expect(
            !reduced.joined().contains("flies") && !reduced.joined().contains("zooms")
                && !reduced.joined().contains("scaled"))
    }

    /// The Nearby seed: "Reduce Transparency uses an opaque surface", and nothing else. The map
    /// behind the full sheet is still dimmed and scaled down, and `read` says so.
    @Test func reduceTransparencyChangesNothingThatIsSaid() throws {
        let plain = try texts([])
        let opaque = try texts(["--reduce-transparency"])
        #expect(plain == opaque)
        #expect(opaque.filter { $0.hasSuffix(Self.scaled) }.count == 2)
    }

    @Test func reduceTransparencyDrawsTheSheetOpaque() throws {
        let see = try Program(
            ["--speech", "off"], environment: ["COLUMNS": "60", "LINES": "24"], input: .text("map\n")
        ).run()
        let opaque = try Program(
            ["--speech", "off", "--reduce-transparency"], environment: ["COLUMNS": "60", "LINES": "24"],
            input: .text("map\n")
        ).run()
        // See-through: the sheet's rows are dotted and the pins behind show in lower case.
        #expect(see.stdout.contains("Note: pins under the sheet show in lower case."))
        #expect(see.stdout.contains("....."))
        // Opaque: nothing of the map behind the sheet is drawn.
        #expect(opaque.stdout.contains("Note: sheet opaque."))
        #expect(!opaque.stdout.contains("....."))
        let sheetRows = opaque.stdout.split(separator: "\n", omittingEmptySubsequences: false).drop {
            !$0.hasPrefix("+--")
        }.dropFirst(2).prefix { !$0.hasPrefix("Legend") }
        #expect(!sheetRows.isEmpty)
        #expect(sheetRows.allSatisfy { $0.allSatisfy { $0 == " " } })
        // Behind the full sheet the map is still dimmed, scaled down with rounded corners.
        let full = try Program(
            ["--speech", "off", "--reduce-transparency"], environment: ["COLUMNS": "60", "LINES": "24"],
            input: .text("detent full\nmap\n")
        ).run()
        #expect(full.stdout.contains("Note: map dimmed, scaled down, rounded corners; sheet opaque."), "\(full.stdout)")
        #expect(full.stdout.split(separator: "\n").contains { $0.hasPrefix("(") && $0.hasSuffix(")") })
    }
}
