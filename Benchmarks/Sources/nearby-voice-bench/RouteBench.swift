import Foundation
import PlaceData
import PlaceStore

/// Issue 38's rows of a walking route on the 10M store (its street grid: generate-extract.py,
/// "varied"): `PlaceStore.walkRoute` between seeded points 2 km and 10 km apart as the crow
/// flies (the network read about both ends, then A* over it), judged against its goals (2 km ≤ 20
/// ms, 10 km ≤ 200 ms, median), beside Routino (Debian's `routino`: `planetsplitter` prepares
/// the same extract once, `routino-router --transport=foot --shortest` plans each pair, a
/// process a query, as it is used) and each route's length beside Routino's.
enum RouteBench {
    /// Pairs a distance.
    static let pairs = 10

    static func rows(_ store: PlaceStore, extract: String, folder: String) -> [Row] {
        guard let centre = store.centre else { return [] }
        let label = "\(StoreBench.count / 1_000_000)M store"
        var rows: [Row] = []
        let routino = prepareRoutino(extract: extract, folder: folder, rows: &rows)
        var generator = SeededGenerator(seed: 38)
        for (distance, goal) in [(2_000.0, 0.020), (10_000.0, 0.200)] {
            let questions = (0..<pairs).map { _ in
                let origin = Coordinate(
                    latitude: centre.latitude + Double.random(in: -0.02...0.02, using: &generator),
                    longitude: centre.longitude + Double.random(in: -0.04...0.04, using: &generator))
                let bearing = Double.random(in: 0..<360, using: &generator) * .pi / 180
                let north = distance * cos(bearing) / 111_195
                let east = distance * sin(bearing) / (111_195 * cos(origin.latitude * .pi / 180))
                return (origin, Coordinate(latitude: origin.latitude + north, longitude: origin.longitude + east))
            }
            // Once first: the store's pages in memory, as a session's are after its first answers.
            for (origin, destination) in questions { _ = store.walkRoute(from: origin, to: destination) }
            var totals: [Double] = []
            var reads: [Double] = []
            var plans: [Double] = []
            var lengths: [Double] = []
            var edges = 0
            for (origin, destination) in questions {
                var route: WalkRoute?
                totals.append(QueryBench.timed { route = store.walkRoute(from: origin, to: destination) })
                var piece = StreetNetwork()
                reads.append(QueryBench.timed { piece = store.network(forRouteFrom: origin, to: destination) })
                plans.append(QueryBench.timed { _ = piece.route(from: origin, to: destination) })
                edges += piece.edges.count
                lengths.append(route?.length ?? .nan)
            }
            var theirs: [Double] = []
            var theirLengths: [Double] = []
            if let routino {
                for (origin, destination) in questions {
                    let child = Measure.run([
                        "routino-router", "--dir=\(routino)", "--transport=foot", "--shortest", "--output-gpx-track",
                        "--output-stdout", "--lat1=\(origin.latitude)", "--lon1=\(origin.longitude)",
                        "--lat2=\(destination.latitude)", "--lon2=\(destination.longitude)",
                    ])
                    theirs.append(child.status == 0 ? child.seconds : .nan)
                    theirLengths.append(child.status == 0 ? routinoLength(child.output) : .nan)
                }
            }
            let total = QueryBench.spread(totals)
            let found = lengths.filter { !$0.isNaN }.count
            let ratios = zip(lengths, theirLengths).compactMap { ours, theirs in
                ours.isNaN || theirs.isNaN ? nil : ours / theirs
            }
            let their = QueryBench.spread(theirs.filter { !$0.isNaN })
            let lengthWords =
                ratios.isEmpty
                ? ""
                : String(
                    format: "; our length / Routino's %.3f to %.3f", ratios.min() ?? .nan, ratios.max() ?? .nan)
            rows.append(
                Row(
                    figure: "\(label): walkRoute between \(pairs) seeded points \(Int(distance / 1_000)) km apart "
                        + "(\(found) found, \(edges / pairs) edges read each, mean walk "
                        + "\(Int(lengths.filter { !$0.isNaN }.reduce(0, +) / Double(max(1, found)))) m): median; "
                        + "slowest; reading \(seconds(QueryBench.spread(reads).median)), planning "
                        + "\(seconds(QueryBench.spread(plans).median))\(lengthWords)",
                    ours: "\(seconds(total.median)); \(seconds(totals.max() ?? .nan))",
                    baseline: routino == nil
                        ? "Routino not installed"
                        : "routino-router, a process a query: \(seconds(their.median)); \(seconds(theirs.max() ?? .nan))",
                    ratio: routino == nil ? "-" : times(their.median / total.median),
                    target: "<= \(seconds(goal))",
                    verdict: found == pairs && total.median <= goal ? "yes" : "NO"))
        }
        return rows
    }

    /// Routino's database of the extract in `folder`/routino, made by `planetsplitter` when
    /// missing (its time a row); nil when Routino is not installed or the preparation failed.
    static func prepareRoutino(extract: String, folder: String, rows: inout [Row]) -> String? {
        guard Measure.available("routino-router"), Measure.available("planetsplitter") else { return nil }
        let directory = "\(folder)/routino"
        if FileManager.default.fileExists(atPath: "\(directory)/nodes.mem") { return directory }
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let made = Measure.run([
            "planetsplitter", "--dir=\(directory)", "--tmpdir=\(directory)", "--tagging=/usr/share/routino/tagging.xml",
            extract,
        ])
        rows.append(
            Row(
                figure: "Routino's preparation of the \(StoreBench.count / 1_000_000)M extract (planetsplitter, once): "
                    + "wall, peak RSS" + (made.status == 0 ? "" : " (exit not 0)"),
                ours: "-", baseline: "\(seconds(made.seconds)), \(megabytes(made.peakKB))", ratio: "-",
                target: "report", verdict: "-"))
        return made.status == 0 ? directory : nil
    }

    /// The length in metres of the track Routino wrote (GPX, `--output-gpx-track`), its points
    /// measured as ours are (`Coordinate.distance`): Routino's own total is said to a tenth of a
    /// kilometre, and about half a percent short of its track so measured.
    static func routinoLength(_ output: String) -> Double {
        var points: [Coordinate] = []
        for line in output.split(separator: "\n") where line.contains("<trkpt") {
            func value(_ name: String) -> Double? {
                guard let start = line.range(of: name + "=\"") else { return nil }
                return Double(line[start.upperBound...].prefix { $0 != "\"" })
            }
            if let latitude = value("lat"), let longitude = value("lon") {
                points.append(Coordinate(latitude: latitude, longitude: longitude))
            }
        }
        guard points.count >= 2 else { return .nan }
        return zip(points, points.dropFirst()).reduce(0) { $0 + $1.0.distance(to: $1.1) }
    }
}
