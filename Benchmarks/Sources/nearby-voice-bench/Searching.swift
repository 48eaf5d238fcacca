import Foundation
import NearbyCore
import PlaceData

/// What the search measures need at one size of one data set.
struct SearchSetting {
    /// "1M", or "1M OSM": how the rows name this size.
    var label: String
    var state: NearbyState
    /// The data set's own queries; three rare words of the data are added.
    var queries: [String]
    var folder: String
    var file: String
    var python: String
    var baselinesScript: String
    var runs: Int
}

/// The query, forgiving and Tab rows of one size, and one line of the query table a query.
struct SearchRows {
    var rows: [Row] = []
    var queryRows: [[String]] = []
}

/// The words of `query` as the baselines get them: folded as nearby-voice folds them.
func foldedWords(_ query: String) -> [String] { TextFolding.queryWords(query).map(String.init) }

/// Searching at one size: every query timed in nearby-voice (count every match; and, as the
/// program answers, count them and name the nearest: median, p99 of every run, CPU time)
/// against the baselines a person would pick over
/// the same folded names: `grep -F -c`, Python's `in` scan, SQLite FTS5 (trigram), each counting
/// the places that hold every word; the seed's rule folded once and the seed's algorithm beside
/// them. Then forgiving search against rapidfuzz over the distinct words, Tab completion, and
/// nearest first.
func measureSearch(_ setting: SearchSetting, note: (String) -> Void) throws -> SearchRows {
    var result = SearchRows()
    let label = setting.label
    let catalog = setting.state.places
    let distances = setting.state.distances
    let scan = FoldedScan(catalog.all)
    let queries = setting.queries + rareWords(scan)
    let rare = Set(queries.dropFirst(setting.queries.count))
    let folded = "\(setting.folder)/\(setting.file)-folded.txt"
    let words = "\(setting.folder)/\(setting.file)-words.txt"
    if !FileManager.default.fileExists(atPath: words) {
        try FoldedFiles.write(catalog.all, folded: folded, words: words)
    }
    note("Measuring \(label): the baselines build their tables…")
    let server = BaselineServer(
        python: setting.python, script: setting.baselinesScript, folded: folded, words: words, runs: 3)
    func verdict(_ met: Bool) -> String { met ? "yes" : "NO" }

    var worstScan = Double.infinity
    var worstIndex = Double.infinity
    var worstFolded = Double.infinity
    var worstSeed = Double.infinity
    var disagreements: [String] = []
    var walls: [Double] = []
    var cpus: [Double] = []
    let ourRuns = 21
    let timed = queries + keystrokes.map { "⌨ " + $0 }
    note("Measuring \(label): \(timed.count) queries…")
    for query in timed {
        let text = query.hasPrefix("⌨ ") ? String(query.dropFirst(2)) : query
        // The same question as the baselines: how many places hold every word. What a query
        // costs the program (count, and the nearest named) is timed beside it.
        let ours = Measure.time(runs: ourRuns) { _ = catalog.matchSet(query: text).count }
        let samples = Measure.samples(runs: ourRuns) { _ = countAndNearest(catalog, distances, text) }
        walls += samples.map(\.wall)
        cpus += samples.map(\.cpu)
        let count = catalog.matchSet(query: text).count
        let wordsOf = foldedWords(text)
        let grep = grepCount(wordsOf, file: folded, runs: 3)
        let python = server?.ask(["scan", wordsOf.joined(separator: " ")]) ?? ("n/a", .nan)
        let fts = server?.ask(["fts", wordsOf.joined(separator: " ")]) ?? ("n/a", .nan)
        let bestScan = min(grep.seconds, python.seconds)
        worstScan = min(worstScan, bestScan / ours)
        worstIndex = min(worstIndex, fts.seconds / ours)
        worstFolded = min(worstFolded, Measure.time(runs: 1) { _ = scan.matches(query: text) } / ours)
        worstSeed = min(worstSeed, Measure.time(runs: 1) { _ = SeedSearch.matches(catalog.all, query: text) } / ours)
        let counts = ["\(grep.count.map(String.init) ?? "n/a")", python.answer, fts.answer]
        if counts.contains(where: { $0 != "\(count)" }) { disagreements.append("\"\(text)\"") }
        let kind =
            query.hasPrefix("⌨ ") ? "keystroke" : rare.contains(query) ? "rare" : text.contains(" ") ? "words" : "word"
        result.queryRows.append(
            ["\"\(text)\" (\(kind))", "\(count)", counts.joined(separator: "/")]
                + [
                    seconds(ours), seconds(Measure.median(samples.map(\.wall))),
                    seconds(Measure.median(samples.map(\.cpu))), seconds(grep.seconds),
                    seconds(python.seconds), seconds(fts.seconds), times(bestScan / ours), times(fts.seconds / ours),
                ])
    }
    let count = timed.count
    result.rows.append(
        Row(
            figure: "query \(label), worst of \(count): best of grep -F -c and Python's in", ours: "-",
            baseline: "the same folded names, the same count", ratio: times(worstScan), target: ">= 10x",
            verdict: verdict(worstScan >= 10)))
    result.rows.append(
        Row(
            figure: "query \(label), worst of \(count): SQLite FTS5 (trigram, MATCH)", ours: "-",
            baseline: server.map { "an index of substrings, built in \(seconds($0.buildSeconds)) with the list" }
                ?? "python3 missing",
            ratio: times(worstIndex), target: ">= 1x", verdict: verdict(worstIndex >= 1)))
    result.rows.append(
        Row(
            figure: "query \(label), counted and the nearest named: wall median, p99 of \(walls.count) runs; CPU",
            ours:
                "\(seconds(Measure.median(walls))), p99 \(seconds(Measure.percentile(walls, 0.99))); CPU \(seconds(Measure.median(cpus)))",
            baseline: "counts differ: " + (disagreements.isEmpty ? "none" : disagreements.joined(separator: ", ")),
            ratio: "-", target: "report", verdict: "-"))
    result.rows.append(
        Row(
            figure: "query \(label), worst of \(count): Swift, the seed's rule folded once", ours: "-",
            baseline: "a linear scan with String.contains", ratio: times(worstFolded), target: "report",
            verdict: "-"))
    result.rows.append(
        Row(
            figure: "query \(label), worst of \(count): the seed's algorithm", ours: "-",
            baseline: "fold every name on every query", ratio: times(worstSeed), target: ">= 500x",
            verdict: verdict(worstSeed >= 500)))

    result.rows += forgivingRows(setting, scan: scan, server: server, into: &result.queryRows, note: note)
    result.rows += tabRows(setting, queries: queries, note: note)

    // Nearest first: the four nearest of the largest match set, against one pass with a heap.
    let widest = keystrokes[0]
    let members = catalog.matchSet(query: widest).members
    let lazy = Measure.time(runs: 7) { _ = Array(NearestFirst(members: members, distances: distances).prefix(4)) }
    let heap = Measure.time(runs: 7) { _ = nearestByHeap(members, distances, k: 4) }
    let same =
        Array(NearestFirst(members: members, distances: distances).prefix(4))
        == nearestByHeap(members, distances, k: 4).map { Int($0) }
    result.rows.append(
        Row(
            figure: "nearest 4 of \(members.count) matches (\"\(widest)\"), \(label)" + (same ? "" : " DIFFERENT"),
            ours: seconds(lazy),
            baseline: "one pass, a heap of 4 \(seconds(heap))", ratio: times(heap / lazy), target: ">= 1x",
            verdict: verdict(same && heap / lazy >= 1)))
    server?.end()
    return result
}

/// Forgiving search: a misspelt word finds nothing, its nearest spelling is offered with the
/// three nearest places it finds. Judged against rapidfuzz's extractOne over the distinct words
/// (OSA distance within the same limit, the most frequent of the nearest), on the same question:
/// which word was meant (`correctedQuery`: the exact search that finds nothing, the singular and
/// the other spelling tried, the nearest word, and its check that it finds places). The whole
/// answer, with the three nearest places that spelling finds, is reported beside it.
func forgivingRows(
    _ setting: SearchSetting, scan: FoldedScan, server: BaselineServer?, into queryRows: inout [[String]],
    note: (String) -> Void
) -> [Row] {
    let catalog = setting.state.places
    let distances = setting.state.distances
    let label = setting.label
    note("Measuring \(label): forgiving search…")
    // Only misspellings that the exact rule finds nothing for ask the forgiving search: of rare
    // words, or of any words when none is rare (the OpenStreetMap set, scaled up).
    let rare = rareWords(scan, count: 12)
    let words = rare.isEmpty ? seededWords(scan, count: 24, once: false) : rare
    let misspelt = Array(
        Set(misspellings(words)).sorted().filter { catalog.matchSet(query: $0).isEmpty }.prefix(3))
    guard let first = misspelt.first else {
        return [
            Row(
                figure: "forgiving search \(label)", ours: "not measured", baseline: "no misspelling finds nothing",
                ratio: "-", target: ">= 10x", verdict: "NO")
        ]
    }
    let cold = Measure.time(runs: 1) { _ = forgiving(catalog, distances, first) }
    var worst = Double.infinity
    var worstWhole = Double.infinity
    var slowest = 0.0
    var slowestWhole = 0.0
    var same = 0
    for query in misspelt {
        let spelled = Measure.time(runs: 21) { _ = catalog.correctedQuery(query) }
        let whole = Measure.time(runs: 21) { _ = forgiving(catalog, distances, query) }
        let word = foldedWords(query).joined(separator: " ")
        let fuzzy = server?.ask(["fuzzy", word, "\(word.utf8.count >= 6 ? 2 : 1)"]) ?? ("n/a", .nan)
        let corrected = catalog.correctedQuery(query) ?? "-"
        if corrected == fuzzy.answer { same += 1 }
        worst = min(worst, fuzzy.seconds / spelled)
        worstWhole = min(worstWhole, fuzzy.seconds / whole)
        slowest = max(slowest, spelled)
        slowestWhole = max(slowestWhole, whole)
        queryRows.append([
            "\"\(query)\" (misspelt, forgiving)", "\"\(corrected)\"", "\"\(fuzzy.answer)\"", seconds(spelled),
            seconds(whole), "-", "-",
            "rapidfuzz \(seconds(fuzzy.seconds))", "-", times(fuzzy.seconds / spelled), "-",
        ])
    }
    return [
        Row(
            figure: "forgiving search \(label), worst of \(misspelt.count) misspelt: the word meant",
            ours: seconds(slowest),
            baseline: "rapidfuzz extractOne over the distinct words (same answer \(same) of \(misspelt.count))",
            ratio: times(worst), target: ">= 10x", verdict: worst >= 10 ? "yes" : "NO"),
        Row(
            figure: "forgiving search \(label): the word meant and its three nearest places",
            ours: seconds(slowestWhole),
            baseline: "the same rapidfuzz", ratio: times(worstWhole), target: "report", verdict: "-"),
        Row(
            figure: "forgiving search \(label), gathering the words (in the background after loading)",
            ours: seconds(cold), baseline: "-", ratio: "-", target: "report", verdict: "-"),
    ]
}

/// Tab completion of `find` over the place names, as the line reader asks it: the beginnings
/// of the queries, one, three and all their letters. The index is built once (in the
/// background after loading; here the first Tab waits for it, reported apart); each Tab is
/// then timed, median of 7, and the slowest is held to 20 ms.
func tabRows(_ setting: SearchSetting, queries: [String], note: (String) -> Void) -> [Row] {
    let state = setting.state
    note("Measuring \(setting.label): Tab completion…")
    var lines: [String] = []
    for query in queries.prefix(8) {
        for line in ["find " + query.prefix(1), "find " + query.prefix(3), "find " + query] where !lines.contains(line)
        {
            lines.append(line)
        }
    }
    let build = Measure.time(runs: 1) { state.places.prepareCompletion() }
    var slowest = 0.0
    var slowestLine = ""
    var candidates = 0
    var all: [Double] = []
    for line in lines {
        let samples = Measure.samples(runs: 7) { _ = Completion.complete(line, in: state) }.map(\.wall)
        all += samples
        let median = Measure.median(samples)
        if median > slowest {
            slowest = median
            slowestLine = line
            candidates = Completion.complete(line, in: state).total
        }
    }
    return [
        Row(
            figure: "Tab \(setting.label), slowest of \(lines.count) lines (\"\(slowestLine)\": \(candidates) names)",
            ours: seconds(slowest),
            baseline: "index built once \(seconds(build)); p99 of every Tab \(seconds(Measure.percentile(all, 0.99)))",
            ratio: "-", target: "<= 20 ms", verdict: slowest <= 0.020 ? "yes" : "NO")
    ]
}
