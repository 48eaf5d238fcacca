import Foundation
import MarkerStore
import NearbyCore
import PlaceData

/// Issue 40's speed goals for markers, where the user meets them: sessions of the release
/// build on the 21 built-in places with `--speech off`, typed into through a pseudo-terminal
/// (scripts/bench-markers), each with a data folder of the bench's own as `XDG_DATA_HOME` (on
/// the disk of the bench's data folder), its markers file written here as the program writes
/// it (`MarkerLibrary.gpx()`).
///
/// - `mark` said and safely on disk: `mark NAME` typed to "Marked NAME." (said only once the
///   file is written whole and fsynced), 100 markers kept, 50 marks; beside it, after each mark,
///   the floor: the same bytes written to a new file, fsync, rename, fsync of the folder. Goal
///   20 ms (median; p90 beside it).
/// - 10,000 markers: start-up to the first answer (`where` typed at once in a terminal) and
///   `markers`' answer, each beside the same with no markers file, alternately in the same run.
///   Goal: each at most 10 ms more than with none (medians).
enum MarkerBench {
    static let kept = 100
    static let marks = 50
    static let many = 10_000
    static let starts = 21
    static let asks = 21

    /// The rows; with `partsOnly`, the in-process parts alone (`nearby-voice-bench markers
    /// --parts`, for a profiler).
    static func rows(app: String, folder: String, partsOnly: Bool = false) -> [Row] {
        let base = "\(folder)/markers-bench"
        let none = "\(base)/none"
        let few = "\(base)/kept-\(kept)"
        let lots = "\(base)/kept-\(label(many))"
        let lotsMarked = "\(base)/kept-\(label(many))-marked"
        try? FileManager.default.removeItem(atPath: base)
        do {
            try FileManager.default.createDirectory(atPath: none, withIntermediateDirectories: true)
            try write(count: kept, to: few)
            try write(count: many, to: lots)
            try write(count: many, to: lotsMarked)
        } catch {
            return [failed("markers files in \(base): \(error)")]
        }
        defer { try? FileManager.default.removeItem(atPath: base) }
        if partsOnly { return partRows(lots) }
        var rows: [Row] = []
        rows += markRows(app: app, data: few, kept: kept, count: marks, judged: true)
        rows += startRows(app: app, lots: lots, none: none)
        rows += listRows(app: app, lots: lots, none: none)
        rows += markRows(app: app, data: lotsMarked, kept: many, count: 20, judged: false)
        rows += partRows(lots)
        return rows
    }

    /// Where the session's time goes, in this process (reported): the 10k file read
    /// (`MarkerLibrary.read`), the session's state taking its markers in (`.markersLoaded`:
    /// the places and their index rebuilt with them), and `markers`' answer in the reducer.
    static func partRows(_ data: String) -> [Row] {
        guard let text = try? String(contentsOfFile: data + "/nearby-voice/markers.gpx", encoding: .utf8),
            let read = try? MarkerLibrary.read(gpx: text)
        else { return [failed("read \(data)/nearby-voice/markers.gpx")] }
        let readTime = Measure.time(runs: 7) { _ = try? MarkerLibrary.read(gpx: text) }
        let marked = read.markers.map {
            NearbyState.MarkedPlace(
                id: "", name: $0.name, coordinate: $0.coordinate, note: $0.note, time: $0.time, placeID: $0.placeID)
        }
        var loaded = NearbyState()
        let loadTime = Measure.time(runs: 7) {
            loaded = NearbyState()
            _ = loaded.apply(.markersLoaded(marked, notice: nil))
        }
        // The places made with their search index built at once (`Places`), from the same places.
        let all = loaded.places.all
        let indexTime = Measure.time(runs: 7) { _ = Places(all) }
        var listed = ""
        let listTime = Measure.time(runs: 7) {
            listed = loaded.reduce(.markersRequested).announcements.first?.text ?? ""
        }
        var none = NearbyState()
        let noneTime = Measure.time(runs: 7) { _ = none.reduce(.markersRequested) }
        return [
            Row(
                figure: "\(label(many)) markers in process: the file read (MarkerLibrary.read, "
                    + "\(text.utf8.count / 1000) kB, \(read.markers.count) markers)",
                ours: seconds(readTime), baseline: "-", ratio: "-", target: "report", verdict: "-"),
            Row(
                figure: "\(label(many)) markers in process: the state takes them in (.markersLoaded: the places "
                    + "made anew with them, their search index left to be asked for)",
                ours: seconds(loadTime), baseline: "-", ratio: "-", target: "report", verdict: "-"),
            Row(
                figure: "\(label(many)) markers in process: the \(all.count) places with their search index built "
                    + "(Places; in a session, on a thread of its own after the markers are taken in)",
                ours: seconds(indexTime), baseline: "-", ratio: "-", target: "report", verdict: "-"),
            Row(
                figure: "\(label(many)) markers in process: `markers` in the reducer (\(listed.count) characters)",
                ours: seconds(listTime), baseline: "no markers \(seconds(noneTime))", ratio: "-", target: "report",
                verdict: "-"),
        ]
    }

    // MARK: The rows

    /// `mark` typed to "Marked …." with `kept` markers kept, beside the floor of the same bytes.
    static func markRows(app: String, data: String, kept: Int, count: Int, judged: Bool) -> [Row] {
        guard let run = script(app, ["mark", data, String(count)]), let marked = run["mark"] as? [Double],
            let floors = run["floor"] as? [Double], !marked.isEmpty
        else { return [failed("`mark` with \(grouped(kept)) kept: scripts/bench-markers")] }
        let said = run["said"] as? Int ?? 0
        let onDisk = run["on_disk"] as? Int ?? 0
        let bytes = run["bytes"] as? Int ?? 0
        let disk = run["disk"] as? String ?? "?"
        let median = Measure.median(marked)
        let floor = Measure.median(floors)
        let whole = said == count && onDisk == count
        return [
            Row(
                figure: "`mark NAME` said and on disk (fsync included), \(grouped(kept)) "
                    + "markers kept, \(count) marks: Enter to \"Marked NAME.\" (\(said) said, \(onDisk) found "
                    + "in the file; \(bytes / 1000) kB; \(disk))",
                ours: "\(seconds(median)); p90 \(seconds(Measure.percentile(marked, 0.9)))",
                baseline: "floor: the same bytes to a new file, fsync, rename, folder fsync \(seconds(floor)); "
                    + "p90 \(seconds(Measure.percentile(floors, 0.9)))",
                ratio: times(median / floor), target: judged ? "<= 20 ms" : "report",
                verdict: judged ? (whole && median <= 0.020 ? "yes" : "NO") : (whole ? "-" : "NO"))
        ]
    }

    /// Start-up with 10k markers to the first answer, beside none, alternately.
    static func startRows(app: String, lots: String, none: String) -> [Row] {
        guard let run = script(app, ["start", lots, none, String(starts)]), let with = run["with"] as? [String: Any],
            let without = run["without"] as? [String: Any], let said = run["said"] as? [String: String]
        else { return [failed("start-up with \(label(many)) markers: scripts/bench-markers")] }
        func times(_ side: [String: Any], _ key: String) -> [Double] { side[key] as? [Double] ?? [] }
        let answer = Measure.median(times(with, "answer"))
        let answerNone = Measure.median(times(without, "answer"))
        let greeting = Measure.median(times(with, "greeting"))
        let greetingNone = Measure.median(times(without, "greeting"))
        let loaded = said["with"]?.hasPrefix(grouped(many) + " markers") == true
        return [
            Row(
                figure: "start-up with \(label(many)) markers, to the first answer (`where` typed at once, a terminal; "
                    + "`markers` then said \"\(said["with"]?.prefix(24) ?? "nothing")…\"), median of \(starts)",
                ours: "\(seconds(answer)); spread \(spread(times(with, "answer")))",
                baseline: "no markers file \(seconds(answerNone)); spread \(spread(times(without, "answer")))",
                ratio: above(answer - answerNone), target: "<= 10 ms above",
                verdict: loaded && answer - answerNone <= 0.010 ? "yes" : "NO"),
            Row(
                figure: "start-up with \(label(many)) markers, to the greeting (the markers are read after it)",
                ours: seconds(greeting), baseline: "no markers file \(seconds(greetingNone))",
                ratio: above(greeting - greetingNone), target: "report", verdict: "-"),
        ]
    }

    /// `markers` with 10k markers, beside none, in two sessions side by side.
    static func listRows(app: String, lots: String, none: String) -> [Row] {
        guard let run = script(app, ["list", lots, none, String(asks)]), let with = run["with"] as? [Double],
            let without = run["without"] as? [Double], let said = run["said"] as? [String: String]
        else { return [failed("`markers` with \(label(many)) markers: scripts/bench-markers")] }
        let ours = Measure.median(with)
        let floor = Measure.median(without)
        let listed = said["with"]?.hasPrefix(grouped(many) + " markers") == true
        return [
            Row(
                figure:
                    "`markers` with \(label(many)) markers, Enter to its answer (\"\(said["with"]?.prefix(24) ?? "")…\"), "
                    + "median of \(asks)",
                ours: "\(seconds(ours)); p90 \(seconds(Measure.percentile(with, 0.9)))",
                baseline: "no markers \(seconds(floor)); p90 \(seconds(Measure.percentile(without, 0.9)))",
                ratio: above(ours - floor), target: "<= 10 ms above",
                verdict: listed && ours - floor <= 0.010 ? "yes" : "NO")
        ]
    }

    // MARK: The files and the script

    /// `count` markers about the built-in places (within about 2 km of their centre), seeded:
    /// names in many languages (the data bench's generator), a third marked from a place, one in
    /// ten with a note, a time each.
    static func library(count: Int) -> MarkerLibrary {
        var random = SeededGenerator(seed: 40)
        func unit() -> Double { Double(random.next() % 1_000_001) / 1_000_000 }
        let markers = (0..<count).map { number -> Marker in
            let name = Generator.name(&random).name
            let coordinate = Coordinate(
                latitude: 38.7115 + (unit() - 0.5) * 0.036, longitude: -9.139 + (unit() - 0.5) * 0.046)
            let placeID = number % 3 == 0 ? "node/\(1_000_000 + random.next() % 9_000_000)" : nil
            let note = number % 10 == 0 ? "Note \(number): the door on the left, then two steps up" : nil
            return Marker(
                name: name, coordinate: coordinate, note: note, time: 1_780_000_000 + Double(number) * 600,
                placeID: placeID)
        }
        return MarkerLibrary(markers: markers)
    }

    /// Writes `count` markers as `DATA/nearby-voice/markers.gpx`, as the program writes the file.
    static func write(count: Int, to data: String) throws {
        try FileManager.default.createDirectory(atPath: data + "/nearby-voice", withIntermediateDirectories: true)
        try Data(library(count: count).gpx().utf8).write(to: URL(fileURLWithPath: data + "/nearby-voice/markers.gpx"))
    }

    /// scripts/bench-markers' JSON, or nil when it failed.
    static func script(_ app: String, _ arguments: [String]) -> [String: Any]? {
        let process = Process()
        process.executableURL = URL(
            fileURLWithPath: FileManager.default.currentDirectoryPath + "/scripts/bench-markers")
        process.arguments = [app] + arguments
        let output = Pipe()
        process.standardOutput = output
        guard (try? process.run()) != nil else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }

    static func failed(_ what: String) -> Row {
        Row(figure: what, ours: "failed", baseline: "-", ratio: "-", target: "-", verdict: "NO")
    }

    static func above(_ value: Double) -> String { String(format: "%+.1f ms", value * 1000) }

    /// "min-max" of some times.
    static func spread(_ values: [Double]) -> String {
        "\(seconds(values.min() ?? .nan))-\(seconds(values.max() ?? .nan))"
    }

    /// 10000 as "10,000", as the program says counts in English.
    static func grouped(_ count: Int) -> String {
        let digits = String(count)
        var out = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0 && (digits.count - offset) % 3 == 0 { out += "," }
            out.append(digit)
        }
        return out
    }
}
