import Foundation
import NearbyCore
import Words

// `make bench`: what the catalog of words costs per announcement. A place row (the most said
// announcement: name, kind, distance, direction, walk time) made from the catalog's templates,
// in each language and with a designer's file over the English, against the same row built
// by hand with string interpolation; then whole `next` commands through the reducer in each
// language. Medians of 7 runs of 20,000 each, side by side in one run.

/// Nanoseconds per call of `body`, the median of `runs` runs of `count` calls.
func nanoseconds(runs: Int = 7, count: Int = 20_000, _ body: () -> Int) -> Double {
    var medians: [Double] = []
    var sink = 0
    for _ in 0..<runs {
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<count { sink &+= body() }
        medians.append(Double(DispatchTime.now().uptimeNanoseconds - start) / Double(count))
    }
    if sink == 42 { print("") }  // keeps the work from being optimised away
    return medians.sorted()[runs / 2]
}

let names = ["Rossio Espresso Bar", "Harbor Coffee", "Tile Museum Café", "Farmácia Central", "Paper & Ink"]
let kinds = ["Café", "Café", "Café", "Pharmacy", "Bookshop"]
/// Cycles through the five places, so that no answer is the same twice in a row.
final class Cycle: @unchecked Sendable {
    var index = 0
    func next() -> Int {
        index = (index + 1) % names.count
        return index
    }
}
let cycle = Cycle()
func next() -> Int { cycle.next() }

/// The baseline: the English row written by hand, as the code did before the catalog.
func byHand() -> Int {
    let i = next()
    let metres = 275 + i * 5
    let minutes = 4 + i
    return "\(names[i]), \(kinds[i]), \(metres) metres north, \(minutes) minute walk".utf8.count
}

/// The row from the catalog, as `NearbyState.describe` makes it: four templates.
func fromCatalog(_ words: Catalog) -> Int {
    let i = next()
    let metres = 275 + i * 5
    let minutes = 4 + i
    let distance = words.text(.distanceMetres(count: String(metres), plural: metres))
    let direction = words.text(.directionNorth)
    let walk = words.text(.walkTime(time: words.text(.walkMinutes(count: String(minutes), plural: minutes))))
    let place = words.text(.placeDistanceDirection(distance: distance, direction: direction))
    return words.text(.placeRow(name: names[i], kind: kinds[i], where: place, walk: walk)).utf8.count
}

let override = try! Catalog.builtIn(.english).overriding(
    with: POFile.parse(
        """
        msgctxt "place.row"
        msgid "{name}, {kind}, {where}, {walk}"
        msgstr "{name}: {kind}, {where}; {walk}"
        """), name: "bench.po")

print("Words: a place row, ns per announcement (medians of 7 runs of 20,000)")
let hand = nanoseconds(byHand)
func row(_ label: String, _ value: String) -> String {
    "  " + label.padding(toLength: 44, withPad: " ", startingAt: 0) + value
}
print(row("by hand, English (the baseline)", String(format: "%8.0f ns", hand)))
var rows: [(String, Double)] = []
for (label, words) in [
    ("places, English", Catalog.builtIn(.english)), ("places, Spanish", Catalog.builtIn(.spanish)),
    ("places, Portuguese", Catalog.builtIn(.portuguese)), ("places, English with a strings file", override),
] {
    let time = nanoseconds { fromCatalog(words) }
    rows.append((label, time))
    print(row(label, String(format: "%8.0f ns  %5.1fx the baseline", time, time / hand)))
}

print("Words: whole `next` commands through the reducer, µs per command")
var reducerTimes: [Double] = []
for language in [Language.english, .spanish, .portuguese] {
    var settings = Settings()
    settings.language = language
    var state = NearbyState(settings: settings)
    _ = state.reduce(.detentChosen(.full))
    let time = nanoseconds(count: 5_000) {
        let reaction = state.reduce(.nextFocused)
        if state.focus == state.shown.count - 1 { _ = state.reduce(.selectionCleared) }
        return reaction.announcements.count
    }
    reducerTimes.append(time)
    print(row("next, \(language.code)", String(format: "%8.1f µs", time / 1000)))
}
// The goal: a language or a strings file costs nothing a listener could notice: under 50 µs
// an announcement, when speech itself takes ~10 ms to be heard.
let worst = max(rows.map(\.1).max() ?? 0, reducerTimes.max() ?? 0)
let met = worst < 50_000
print(
    "Words goal: every announcement under 50 µs (worst \(String(format: "%.1f", worst / 1000)) µs): \(met ? "met" : "FALLS SHORT")"
)
exit(met ? 0 : 1)
