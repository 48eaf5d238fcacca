import Foundation
import NearbyCore
import PlaceData
import PlaceStore

/// Issue 23's place store at 10M places: a generated extract (Tests/Fixtures/osm/
/// generate-extract.py, "varied": made-up names, a grid 17.8 m apart, so that about 10,000 places
/// lie within 1 km of any point inside it), imported once into the bench's data folder and kept
/// (the generation and the import take minutes: their times are in the table the run that makes
/// them). Then its size a place, start-up and memory with `--speech off` (page cache warm, and
/// cold after dropping it, as root) against loading a 1M GeoJSON file in memory, and the queries
/// at the grid's centre: the Nearby list, `find` near the position and the whole-store search,
/// medians and 99th percentiles.
enum StoreBench {
    static let count = 10_000_000

    static func rows(app: String, folder: String, runs: Int) -> [Row] {
        let (prepared, opened, store) = prepare(app: app, folder: folder)
        guard let opened else { return prepared }
        var rows = prepared + [sizeRow(opened, store)]
        rows += startRows(app: app, store: store, folder: folder, runs: runs)
        rows += sessionRows(app: app, store: store, folder: folder)
        rows += QueryBench.startParts(store)
        rows += QueryBench.rows(opened)
        rows += NetworkBench.rows(opened)
        return rows
    }

    /// Issue 36's rows alone (`nearby-voice-bench network`): the import against ogr2ogr's points
    /// and lines when the store is made, its size with its network, the network's queries and
    /// the position report, and start-up with the network there.
    static func networkRows(app: String, folder: String, runs: Int) -> [Row] {
        let (prepared, opened, store) = prepare(app: app, folder: folder)
        guard let opened else { return prepared }
        return prepared + [sizeRow(opened, store)] + NetworkBench.rows(opened)
            + RouteBench.rows(opened, extract: "\(folder)/generated-\(label(count)).osm.pbf", folder: folder)
            + startRows(app: app, store: store, folder: folder, runs: runs)
    }

    /// The store's size a place, with its walking network (issue 36: ≤ 250 B; 150 B before it
    /// had one).
    static func sizeRow(_ opened: PlaceStore, _ store: String) -> Row {
        let size = (try? FileManager.default.attributesOfItem(atPath: store)[.size] as? Int) ?? 0
        let perPlace = Double(size) / Double(opened.count)
        return Row(
            figure: "\(label(count)) store with its walking network: bytes a place (\(opened.count) places, "
                + "\(opened.streetCount) streets)",
            ours: String(format: "%.0f B (%d MB)", perPlace, size / 1_000_000),
            baseline: "-", ratio: "-", target: "<= 250 B", verdict: perPlace <= 250 ? "yes" : "NO")
    }

    /// The generated extract and its store, made when missing (their times in rows), and the
    /// store opened.
    static func prepare(app: String, folder: String) -> (rows: [Row], store: PlaceStore?, path: String) {
        func note(_ text: String) { FileHandle.standardError.write(Data((text + "\n").utf8)) }
        let extract = "\(folder)/generated-\(label(count)).osm.pbf"
        let store = "\(folder)/generated-\(label(count)).places"
        var rows: [Row] = []
        if !FileManager.default.fileExists(atPath: extract) {
            note("Generating \(extract) (minutes)…")
            let partial = "\(folder)/partial-\(label(count)).osm.pbf"
            let generator = FileManager.default.currentDirectoryPath + "/Tests/Fixtures/osm/generate-extract.py"
            let made = Measure.run(["/usr/bin/python3", generator, String(count), partial, "varied"])
            guard made.status == 0, (try? FileManager.default.moveItem(atPath: partial, toPath: extract)) != nil else {
                return (
                    [
                        Row(
                            figure: "generate \(label(count)) extract", ours: "failed", baseline: "-", ratio: "-",
                            target: "-", verdict: "NO")
                    ], nil, store
                )
            }
            rows.append(
                Row(
                    figure: "generate the \(label(count)) extract (pyosmium, once)", ours: seconds(made.seconds),
                    baseline: "-", ratio: "-", target: "report", verdict: "-"))
        }
        if (try? PlaceStore.open(path: store)) == nil {
            note("Importing \(extract) into \(store) (minutes)…")
            let imported = Measure.run([app, "import", extract, "--output", store])
            rows.append(
                Row(
                    figure: "import the \(label(count)) extract (once): wall, peak RSS"
                        + (imported.status == 0 ? "" : " (exit not 0)"),
                    ours: "\(seconds(imported.seconds)), \(megabytes(imported.peakKB))",
                    baseline: String(format: "%.0f places/s", Double(count) / imported.seconds), ratio: "-",
                    target: "report", verdict: "-"))
            rows += ImportBench.tenMillionRows(extract: extract, store: store, folder: folder, imported: imported)
        }
        guard let opened = try? PlaceStore.open(path: store) else {
            return (
                rows + [
                    Row(
                        figure: "open the \(label(count)) store", ours: "failed", baseline: "-", ratio: "-",
                        target: "-", verdict: "NO")
                ], nil, store
            )
        }
        return (rows, opened, store)
    }

    /// The Nearby list, `find` and the whole-store search where the user meets them (issue 42): a
    /// session on the store typed into through a pseudo-terminal (scripts/bench-moves), moved to
    /// `moveCount` new points about the centre (about 10,000 places within 1 km of each) and asked
    /// there at once, with no pause (`read` as soon as the move is answered, `find` as soon as
    /// `read` is), beside the same on the 21 built-in places (the answer path's floor); then,
    /// back at the centre, `find` of 100 places' names far from it (seeded), which the window
    /// does not hold: the session searches the whole store. Enter to the answer's first line.
    /// `read` is answered from the new window's nearest part, `find` right after it from that part
    /// and the store's matches within the radius, before the rest of the window is read; each
    /// must say what it says once the window is in (`read_same`, `find_same`).
    static let moveCount = 75

    /// The Nearby list's goal as judged: issue 42 asked for 5 ms above the floor. Answered from
    /// the window's nearest part it was 2.5-4.0 ms above here in 7 runs of 75 moves
    /// (2026-12-04), with the rest of the window read beside it. Since the window waits for the
    /// session to be idle (`WindowLoad`, 2026-12-05), it was 2.6-2.8 ms in 2 runs, and on the
    /// slowed build (the part's reads, its places and their taking in done twice) 4.3-4.4 ms in
    /// 2: judged at 3.5 ms, each side has 0.7 ms or more.
    static let readBudget = 0.0035

    /// `find`'s goal as judged, issue 42's 2 ms above the floor: answered from the window's
    /// nearest part and the store's matches within the radius, it was 1.35-1.45 ms above in 2
    /// runs of 75 moves (2026-12-05), and on the slowed build 3.1-3.3 ms in 2.
    static let findBudget = 0.002

    static func sessionRows(app: String, store: String, folder: String) -> [Row] {
        let script = FileManager.default.currentDirectoryPath + "/scripts/bench-moves"
        let queries = "\(folder)/whole-store-queries.txt"
        if let opened = try? PlaceStore.open(path: store) {
            try? QueryBench.farPlaces(opened).map(\.name).joined(separator: "\n").write(
                toFile: queries, atomically: true, encoding: .utf8)
        }
        func moves(_ places: String, _ extra: [String]) -> [String: Any]? {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: script)
            process.arguments = [app, places, String(moveCount)] + extra
            let output = Pipe()
            process.standardOutput = output
            guard (try? process.run()) != nil else { return nil }
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else { return nil }
            return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
        }
        guard let ours = moves(store, [queries]), let floor = moves("built-in", []) else {
            return [
                Row(
                    figure: "\(label(count)) store in a session: scripts/bench-moves", ours: "failed", baseline: "-",
                    ratio: "-", target: "-", verdict: "NO")
            ]
        }
        func times(_ run: [String: Any], _ key: String) -> (median: Double, p99: Double) {
            QueryBench.spread(run[key] as? [Double] ?? [])
        }
        func pair(_ value: (median: Double, p99: Double)) -> String {
            "\(seconds(value.median)); worst \(seconds(value.p99))"
        }
        // The list's and find's goals are judged on what the store adds to the answer path's floor
        // (the pseudo-terminal, the process waking, the answer printed: 0.3-2 ms here, the same for
        // any command), the same command with the built-in places in the same run.
        let read = times(ours, "read")
        let find = times(ours, "find")
        let whole = times(ours, "whole")
        let readFloor = times(floor, "read")
        let findFloor = times(floor, "find")
        let found = ours["found"] as? Int ?? 0
        let readSame = ours["read_same"] as? Int ?? 0
        let findSame = ours["find_same"] as? Int ?? 0
        let wholeCount = (ours["whole"] as? [Double])?.count ?? 0
        let wholeFound = ours["whole_found"] as? Int ?? 0
        let storeLabel = "\(label(count)) store"
        let label = "\(storeLabel) in a session (a terminal), \(moveCount) new points of 10k places within 1 km"
        func above(_ value: Double) -> String { String(format: "%+.1f ms", value * 1000) }
        return [
            Row(
                figure: "\(label): `set at`, Enter to its answer (the window then read on its own thread)",
                ours: pair(times(ours, "set_at")), baseline: "built-in places \(pair(times(floor, "set_at")))",
                ratio: "-", target: "report", verdict: "-"),
            Row(
                figure: "\(label): `read` at half height at once after the move, its Nearby list, Enter to answer "
                    + "(\(readSame) of \(moveCount) said as once the window is in)",
                ours: pair(read), baseline: "built-in places \(pair(readFloor))",
                ratio: above(read.median - readFloor.median),
                target: "<= \(readBudget * 1000) ms above (issue 42: 5)",
                verdict: read.median - readFloor.median <= readBudget && readSame == moveCount ? "yes" : "NO"),
            Row(
                figure:
                    "\(label): `find` the nearest's first word at once after `read` (the window's nearest part "
                    + "and the store's matches within the radius), Enter to answer (\(found) of \(moveCount) found, "
                    + "\(findSame) said as once the window is in)",
                ours: pair(find), baseline: "built-in places \(pair(findFloor))",
                ratio: above(find.median - findFloor.median),
                target: "<= \(findBudget * 1000) ms above (issue 42: 2)",
                verdict: find.median - findFloor.median <= findBudget && found == moveCount && findSame == moveCount
                    ? "yes" : "NO"),
            Row(
                figure:
                    "\(storeLabel) in a session: `find` of a far place's name (the whole store searched, the nearest 20), "
                    + "\(wholeCount) names, \(wholeFound) found; median; p99",
                ours: "\(seconds(whole.median)); p99 \(seconds(whole.p99))", baseline: "-", ratio: "-",
                target: "<= \(Int(wholeMedianBudget * 1000)) ms (issue 42: 50); p99 <= 100 ms",
                verdict: wholeCount >= 100 && wholeFound == wholeCount && whole.median <= wholeMedianBudget
                    && whole.p99 <= 0.1 ? "yes" : "NO"),
        ]
    }

    /// The whole-store search's median judged: issue 42 asked for 50 ms, and for a p99 of 100 ms
    /// when it was 146 ms. Since the mark of a spelled umlaut (schema 9) the median is 14-16 ms
    /// on this 2-core machine, and a build whose searches take twice as long (the bench's test of
    /// itself) gave 45.9-50.8 ms in 3 whole runs, two of which would pass under 50 ms: judged at
    /// 30 ms, each side has 14 ms or more. The p99 is judged at issue 42's 100 ms: of 100 names it
    /// is the slowest, which one page of the store read from the disk moves (28.5-32 ms in 2 whole
    /// runs, 63.5 ms in a third; the slowed build 130-153 ms), so it is no test of a slowdown (a
    /// budget of 60 ms failed that unslowed run).
    static let wholeMedianBudget = 0.03

    /// Start-up to the greeting and exit (input at its end at once), `--speech off`, against the
    /// same with a 1M GeoJSON file read whole; peak RSS; and a cold start.
    static func startRows(app: String, store: String, folder: String, runs: Int) -> [Row] {
        var geoJSON = (try? FileManager.default.contentsOfDirectory(atPath: folder))?
            .first { $0.hasPrefix("places-") && $0.hasSuffix("-1M.geojson") }.map { "\(folder)/\($0)" }
        if geoJSON == nil {
            // The data bench's file comes later in a first run: one of its own, Zipf names.
            let file = "\(folder)/places-zipf-1M.geojson"
            let names = Generator.zipfNames(count: 1_000_000, seed: 5)
            try? Generator.write(
                count: 1_000_000, seed: 7, geoJSON: file, names: "\(folder)/names-zipf-1M.txt", vocabulary: names)
            geoJSON = FileManager.default.fileExists(atPath: file) ? file : nil
        }
        let tries = max(5, runs)
        _ = Measure.run([app, "--places", store, "--speech", "off"])
        let starts = (0..<tries).map { _ in Measure.run([app, "--places", store, "--speech", "off"]) }
        let started = starts.allSatisfy { $0.status == 0 }
        let warm = Measure.median(starts.map(\.seconds))
        let worst = starts.map(\.seconds).max() ?? .nan
        let peak = starts.map(\.peakKB).max() ?? 0
        let memory = geoJSON.map { file in
            (0..<max(3, runs / 2)).map { _ in Measure.run([app, "--places", file, "--speech", "off"]) }
        }
        let memorySeconds = Measure.median(memory?.map(\.seconds) ?? [])
        // The floor: the same start with the 21 built-in places, no file, no store.
        let builtIn = Measure.median((0..<tries).map { _ in Measure.run([app, "--speech", "off"]).seconds })
        // The greeting waits for no window (it is read on a thread of its own); the first answer
        // is where the user meets it (scripts/bench-first-answer): `where` typed at once in a
        // pseudo-terminal, side by side with the built-in places' own. Piped starts with the
        // same line give the peak memory of a start that takes the window in.
        let line = "\(folder)/where.txt"
        FileManager.default.createFile(atPath: line, contents: Data("where\n".utf8))
        let answered = (0..<tries).map { _ in Measure.run([app, "--places", store, "--speech", "off"], input: line) }
        let peakAll = max(peak, answered.map(\.peakKB).max() ?? 0)
        let first = firstAnswerRow(app: app, store: store, runs: max(31, runs))
        var cold = Double.nan
        if getuid() == 0, FileManager.default.isWritableFile(atPath: "/proc/sys/vm/drop_caches") {
            sync()
            if (try? "3\n".write(toFile: "/proc/sys/vm/drop_caches", atomically: false, encoding: .utf8)) != nil {
                cold = Measure.run([app, "--places", store, "--speech", "off"]).seconds
                // The rows after this one are measured warm, as the goals ask: the store read
                // through once, back into the page cache (else the first queries read the disk).
                if let file = FileHandle(forReadingAtPath: store) {
                    while let chunk = try? file.read(upToCount: 1 << 22), !chunk.isEmpty {}
                    try? file.close()
                }
            }
        }
        let flag = started ? "" : " (exit not 0)"
        return [
            Row(
                figure: "\(label(count)) store: start-up --speech off, piped, to the greeting and out, cache warm "
                    + "(median; worst of \(tries); the 50 ms goal is judged on the first answer below)" + flag,
                ours: "\(seconds(warm)); \(seconds(worst))",
                baseline: (geoJSON == nil ? "n/a (no 1M GeoJSON)" : "1M GeoJSON in memory \(seconds(memorySeconds))")
                    + "; built-in places \(seconds(builtIn))",
                ratio: times(memorySeconds / warm), target: "report", verdict: started ? "-" : "NO"),
            first,
            Row(
                figure: "\(label(count)) store: peak RSS --speech off (the starts, and those with an answer)" + flag,
                ours: megabytes(peakAll),
                baseline: memory.map { "1M GeoJSON \(megabytes($0.map(\.peakKB).max() ?? 0))" } ?? "n/a",
                ratio: "-", target: "<= 100 MB", verdict: started && peakAll <= 100 * 1024 ? "yes" : "NO"),
            Row(
                figure: "\(label(count)) store: cold start (page cache dropped)", ours: seconds(cold),
                baseline: "-", ratio: "-", target: "report", verdict: "-"),
        ]
    }
}

extension StoreBench {
    /// Issues 36 and 42's first answer: start-up to the first line of `where`'s answer, typed at
    /// once in a pseudo-terminal (scripts/bench-first-answer), median and spread of `runs`, beside
    /// the built-in places in the same run (the ratio column: what the store adds to them);
    /// judged against issue 42's 50 ms (the start-up goal, where the user meets it) and the
    /// store's part against `firstAnswerAdded` above the built-in places (the median of each
    /// start's difference from the built-in start beside it). The answers typed at once must
    /// equal one typed once the window is in.
    static func firstAnswerRow(app: String, store: String, runs: Int) -> Row {
        let script = FileManager.default.currentDirectoryPath + "/scripts/bench-first-answer"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: script)
        process.arguments = [app, store, String(runs)]
        let output = Pipe()
        process.standardOutput = output
        let figure = "\(label(count)) store: start-up and the first answer, `where` typed at once in a terminal"
        guard (try? process.run()) != nil else {
            return Row(figure: figure, ours: "failed", baseline: "-", ratio: "-", target: "-", verdict: "NO")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
            let json = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
            let ours = json["store"] as? [String: [Double]], let floor = json["built-in"] as? [String: [Double]]
        else {
            return Row(
                figure: figure, ours: "failed (scripts/bench-first-answer)", baseline: "-", ratio: "-", target: "-",
                verdict: "NO")
        }
        func spread(_ values: [Double]) -> String {
            "\(seconds(Measure.median(values))) (\(seconds(values.min() ?? .nan))-\(seconds(values.max() ?? .nan)))"
        }
        let answer = Measure.median(ours["answer"] ?? [])
        let same = json["same"] as? Bool ?? false
        // Judged twice: the answer itself (issue 42's 50 ms), and what the store adds to the
        // program's own first answer in the same run (`firstAnswerAdded`), so that a regression
        // of the store's part shows though the whole stays under 50 ms.
        // Each start on the store beside the built-in places' start after it (the script
        // alternates them): the median of those differences, which a slow minute of the
        // machine moves less than the difference of the two medians.
        let added = Measure.median(zip(ours["answer"] ?? [], floor["answer"] ?? []).map { $0 - $1 })
        return Row(
            figure: figure + ", median (min-max) of \(runs); the greeting \(spread(ours["greeting"] ?? []))"
                + (same ? "; said as when typed after the window" : "; NOT said as when typed after the window"),
            ours: spread(ours["answer"] ?? []),
            baseline: "built-in places \(spread(floor["answer"] ?? [])); greeting \(spread(floor["greeting"] ?? []))",
            ratio: String(format: "%+.1f ms", added * 1000),
            target: "<= 50 ms; <= \(Int(firstAnswerAdded * 1000)) ms above",
            verdict: same && answer <= 0.05 && added <= firstAnswerAdded ? "yes" : "NO")
    }

    /// What the store may add to the first answer: between the release build's figure and the
    /// slowed build's (the store's reads done twice), 31 starts of each. 12 ms when they were
    /// 8.6-9.6 and 13.5-14.8 ms; since each query is one read transaction (2026-12-04, quiet):
    /// 5.6-7.7 ms (7 runs) and 8.9-10.6 ms (6 runs), so 8 ms, a thin margin either side.
    static let firstAnswerAdded = 0.008
}

/// The store's queries at the centre of the generated grid: in process, each many times.
enum QueryBench {
    /// The median and the 99th percentile of `values`.
    static func spread(_ values: [Double]) -> (median: Double, p99: Double) {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return (.nan, .nan) }
        return (Measure.median(sorted), sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.99))])
    }

    static func timed(_ body: () -> Void) -> Double {
        let start = Measure.now()
        body()
        return Measure.now() - start
    }

    /// The store's own part of a start at the centre, in process: opening it, and the first
    /// window (the places within 2 km, at most 20,000, made into places, as `--places STORE`
    /// loads them); beside them the session's own work on that window (its in-memory search index
    /// and the Nearby list of `NearbyState`), which the store causes but does not do.
    static func startParts(_ path: String) -> [Row] {
        var opens: [Double] = []
        var counts: [Double] = []
        var windows: [Double] = []
        var indexes: [Double] = []
        var lists: [Double] = []
        var count = 0
        for _ in 0..<11 {
            var start = Measure.now()
            guard let store = try? PlaceStore.open(path: path), let centre = store.centre else { return [] }
            opens.append(Measure.now() - start)
            start = Measure.now()
            _ = store.count(near: centre, radius: 2_000, limit: 20_000)
            counts.append(Measure.now() - start)
            start = Measure.now()
            let window = store.near(centre, radius: 2_000, limit: 20_000)
            windows.append(Measure.now() - start)
            count = window.count
            start = Measure.now()
            let places = Places(window, source: nil, isWindow: true)
            indexes.append(Measure.now() - start)
            var settings = Settings()
            settings.origin = centre
            start = Measure.now()
            let state = NearbyState(places: places, settings: settings)
            _ = state.shownPlaces.prefix(50)
            lists.append(Measure.now() - start)
        }
        let label = "\(StoreBench.count / 1_000_000)M store"
        return [
            Row(
                figure: "\(label): the store's part of a start, in process: open; the greeting's count; "
                    + "the first window (\(count) places, on a thread of its own since the greeting)",
                ours:
                    "\(seconds(Measure.median(opens))); \(seconds(Measure.median(counts))); "
                    + seconds(Measure.median(windows)),
                baseline: "the session's on it: search index \(seconds(Measure.median(indexes))), list "
                    + seconds(Measure.median(lists)), ratio: "-", target: "report", verdict: "-"),
            Row(
                figure: "\(label): the Nearby list's part in process at the centre (NearbyState over the window; "
                    + "its goal judged in the session above)",
                ours: seconds(Measure.median(lists)), baseline: "-", ratio: "-", target: "report", verdict: "-"),
        ]
    }

    /// 100 places of the store far about its centre (within 0.12° of latitude and 0.24° of
    /// longitude), seeded: every run asks the same queries, so that two runs (two builds) compare.
    static func farPlaces(_ store: PlaceStore) -> [Place] {
        guard let centre = store.centre else { return [] }
        var generator = SeededGenerator(seed: 23)
        return (0..<100).compactMap { _ in
            store.near(
                Coordinate(
                    latitude: centre.latitude + Double.random(in: -0.12...0.12, using: &generator),
                    longitude: centre.longitude + Double.random(in: -0.24...0.24, using: &generator)),
                radius: 300, limit: 1
            ).first
        }
    }

    static func rows(_ store: PlaceStore) -> [Row] {
        guard let centre = store.centre else { return [] }
        let within = store.near(centre, radius: 1_000, limit: .max).count
        let list = spread((0..<30).map { _ in timed { _ = store.near(centre, radius: 1_000, limit: .max) } })
        let first = spread((0..<30).map { _ in timed { _ = store.near(centre, radius: 1_000, limit: 50) } })
        // Queries: words of the names of places near (for find) and of places anywhere (for the
        // whole store), their fragments, and a kind.
        let nearby = store.near(centre, radius: 1_000, limit: 200)
        let far = farPlaces(store)
        func queries(_ places: [Place]) -> [String] {
            places.flatMap { place -> [String] in
                let word = String(place.name.split(separator: " ").first ?? "")
                return [word, String(word.prefix(4)).lowercased(), String(word.dropFirst(2)), place.name]
            } + ["cafe", "museum ka", "zz"]
        }
        let nearQueries = queries(Array(nearby.prefix(50)))
        let farQueries = queries(far)
        var nearFound = 0
        let find = spread(
            nearQueries.map { query in
                timed { nearFound += store.search(query, kind: nil, near: centre, within: 1_000, limit: 50).count }
            })
        // The session's `find`: the window in memory (the places within 2 km, loaded at the start
        // and at `set at`), its names searched by the in-memory index, the matches nearest first.
        let window = Places(store.near(centre, radius: 2_000, limit: 20_000))
        let distances = window.all.map { centre.distance(to: $0.coordinate) }
        _ = window.matchSet(query: "warm")
        var windowFound = 0
        let inMemory = spread(
            nearQueries.map { query in
                timed {
                    let members = window.matchSet(query: query).members
                    windowFound += members.sorted { distances[Int($0)] < distances[Int($1)] }.prefix(50).count
                }
            })
        var farFound = 0
        var slowest: [(seconds: Double, query: String)] = []
        let whole = spread(
            farQueries.map { query in
                // As a session asks (EffectRunner.storeMatches): the nearest 20 matches.
                let time = timed { farFound += store.search(query, kind: nil, near: centre, limit: 20).isEmpty ? 0 : 1 }
                slowest.append((time, query))
                return time
            })
        let worst = slowest.sorted { $0.seconds > $1.seconds }.prefix(6)
        FileHandle.standardError.write(
            Data(
                ("Slowest whole-store searches: "
                    + worst.map { "\($0.query) \(seconds($0.seconds))" }
                    .joined(separator: ", ") + "\n").utf8))
        func pair(_ value: (median: Double, p99: Double)) -> String {
            "\(seconds(value.median)); p99 \(seconds(value.p99))"
        }
        let label = "\(StoreBench.count / 1_000_000)M store"
        return [
            // The store's own queries, which a session does not wait on: it reads a window of
            // 20,000 places on a thread of its own and answers the list and `find` from it (the
            // rows of the session above, and "find in the session" below).
            Row(
                figure: "\(label): the store's own query, all \(within) places within 1 km made, nearest first",
                ours: pair(list), baseline: "the nearest 50: \(pair(first))", ratio: "-", target: "report",
                verdict: "-"),
            Row(
                figure:
                    "\(label): the store's own find within 1 km (its cells through the trigram index), "
                    + "\(nearQueries.count) queries",
                ours: pair(find), baseline: "\(nearFound) found", ratio: "-", target: "report", verdict: "-"),
            Row(
                figure: "\(label): find's part in process: the window in memory (\(window.count) places), names "
                    + "searched (its goal judged in the session above)",
                ours: pair(inMemory), baseline: "\(windowFound) found", ratio: "-", target: "report", verdict: "-"),
            Row(
                figure: "\(label): the whole-store search's part in process, the nearest 20 matches, "
                    + "\(farQueries.count) queries: names, their first words and fragments (its goal judged in the session above)",
                ours: pair(whole), baseline: "\(farFound) with a match", ratio: "-", target: "report", verdict: "-"),
        ]
    }
}
