import Foundation
import NearbyCore
import PlaceData
import PlaceStore

/// Issue 36's rows of the walking network on the 10M store (its street grid: generate-extract.py,
/// "varied"), in process, each beside a baseline of the same run and judged against its goal:
/// the nearest intersection and the edges of a vertex (≤ 0.1 ms each, median; p99 reported), and
/// a position report to the intersection callout decided (≤ 1 ms), as the session does it: the
/// store's `network(around:radius:)` for the report's point (the radius `Session.withStreets`
/// asks) and the reducer applying `.positionReported` with it, over the session's window of the
/// store's places, walked along a street of the grid through its corners at the store's centre.
enum NetworkBench {
    static func rows(_ store: PlaceStore) -> [Row] {
        guard let centre = store.centre else { return [] }
        let label = "\(StoreBench.count / 1_000_000)M store"
        guard let first = store.nearestIntersections(to: centre, limit: 1, within: 2_000).first else {
            return [
                Row(
                    figure: "\(label): the walking network", ours: "no intersection within 2 km of the centre",
                    baseline: "-", ratio: "-", target: "-", verdict: "NO")
            ]
        }
        var rows: [Row] = []
        // Seeded points within 1 km of the centre: every run asks the same.
        var generator = SeededGenerator(seed: 36)
        let points = (0..<2_000).map { _ in
            Coordinate(
                latitude: centre.latitude + Double.random(in: -0.009...0.009, using: &generator),
                longitude: centre.longitude + Double.random(in: -0.018...0.018, using: &generator))
        }
        for point in points.prefix(100) { _ = store.nearestIntersections(to: point) }
        var found = 0
        var ids: [Int64] = []
        let nearest = QueryBench.spread(
            points.map { point in
                QueryBench.timed {
                    if let hit = store.nearestIntersections(to: point).first {
                        found += 1
                        ids.append(hit.vertex.id)
                    }
                }
            })
        let nearestPlace = QueryBench.spread(
            points.map { point in QueryBench.timed { _ = store.near(point, radius: 1_000, limit: 1) } })
        var edgeCount = 0
        let edges = QueryBench.spread(ids.map { id in QueryBench.timed { edgeCount += store.edges(of: id).count } })
        let vertexRow = QueryBench.spread(ids.map { id in QueryBench.timed { _ = store.vertex(id) } })
        func pair(_ value: (median: Double, p99: Double)) -> String {
            "\(seconds(value.median)); p99 \(seconds(value.p99))"
        }
        rows += [
            Row(
                figure: "\(label): nearest intersection, \(points.count) seeded points within 1 km of the centre "
                    + "(\(found) found), median; p99",
                ours: pair(nearest), baseline: "the store's nearest place \(pair(nearestPlace))",
                ratio: times(nearestPlace.median / nearest.median), target: "<= 0.1 ms",
                verdict: found == points.count && nearest.median <= 0.000_1 ? "yes" : "NO"),
            Row(
                figure: "\(label): edges of a vertex, the \(ids.count) intersections found "
                    + "(\(String(format: "%.1f", Double(edgeCount) / Double(max(1, ids.count)))) edges each), median; p99",
                ours: pair(edges), baseline: "the vertex's own row by its id \(pair(vertexRow))",
                ratio: times(vertexRow.median / edges.median), target: "<= 0.1 ms",
                verdict: !ids.isEmpty && edges.median <= 0.000_1 ? "yes" : "NO"),
        ]
        rows += walkRows(store, from: first.vertex.coordinate, label: label)
        rows += PreviewBench.rows(store, from: first.vertex.coordinate, label: label)
        return rows
    }

    /// A walk at 1.4 m/s, a report a second, east along the street of the intersection nearest
    /// the centre and back, 500 m each side of it (inside the densest square kilometre: the
    /// grid's places are as dense everywhere), through its corners, 3 times there and back.
    static func walkRows(_ store: PlaceStore, from corner: Coordinate, label: String) -> [Row] {
        var settings = Settings()
        settings.origin = corner
        // The session's window: the places within 2 km, at most 20,000 (PlacesOpening.window).
        let window = store.near(corner, radius: 2_000, limit: 20_000)
        let within = window.filter { corner.distance(to: $0.coordinate) <= 1_000 }.count
        var state = NearbyState(places: Places(window, source: nil, isWindow: true), settings: settings)
        var floorState = state
        // The radius `Session.withStreets` reads the network in.
        let reach = settings.intersectionDistance + NearbyState.StreetWalk.reach + 10
        let metresPerDegree = 111_195 * cos(corner.latitude * .pi / 180)
        var points: [(Coordinate, Double)] = []
        var east = -500.0
        var heading = 90.0
        for _ in 0..<(3 * 2 * 715) {
            points.append(
                (Coordinate(latitude: corner.latitude, longitude: corner.longitude + east / metresPerDegree), heading))
            if heading == 90, east + 1.4 > 500 {
                heading = 270
            } else if heading == 270, east - 1.4 < -500 {
                heading = 90
            }
            east += heading == 90 ? 1.4 : -1.4
        }
        var total: [Double] = []
        var read: [Double] = []
        var floor: [Double] = []
        var said = 0
        var corners = 0
        var pieces = 0
        var reads = 0
        // The session's own path (`Session.withStreets`): a piece `streetsMargin` (100 m) wider
        // than the corners need, read again once the walker is 100 m from where it was read.
        let margin = 100.0
        var kept: (centre: Coordinate, network: StreetNetwork)?
        for (step, (point, course)) in points.enumerated() {
            var report = PositionReport(coordinate: point, course: course, speed: 1.4, time: Double(step))
            let began = Measure.now()
            if kept == nil || kept!.centre.distance(to: point) > margin {
                kept = (point, store.network(around: point, radius: reach + margin))
                reads += 1
            }
            let network = kept!.network
            if !network.isEmpty { report.streets = network }
            let reaction = state.apply(.positionReported(report))
            let ended = Measure.now()
            total.append(ended - began)
            // The piece of the corners' own radius read for this report alone, as a report of its own.
            let readBegan = Measure.now()
            let own = store.network(around: point, radius: reach)
            let readEnded = Measure.now()
            read.append(readEnded - readBegan)
            pieces += own.edges.count
            said += reaction.announcements.count
            corners += reaction.announcements.filter { $0.text.hasPrefix("Intersection") }.count
            // The floor: the same report through the reducer with no network (what it cost before).
            let plain = PositionReport(coordinate: point, course: course, speed: 1.4, time: Double(step))
            let floorBegan = Measure.now()
            _ = floorState.apply(.positionReported(plain))
            floor.append(Measure.now() - floorBegan)
        }
        let all = QueryBench.spread(total)
        let network = QueryBench.spread(read)
        let without = QueryBench.spread(floor)
        let readingEach = QueryBench.spread(zip(read, total).map { $0 + $1 })
        let ok = all.median <= 0.001 && corners > 0
        return [
            Row(
                figure: "\(label): a position report to the intersection callout decided, as the session does it: "
                    + "the network read \(Int(reach + margin)) m about the walker once it is \(Int(margin)) m from where "
                    + "it was read (\(reads) reads) and the reducer, \(points.count) reports of a walk through the corners, "
                    + "\(within) places within 1 km; \(corners) corners said (\(said) callouts), median; p99",
                ours: "\(seconds(all.median)); p99 \(seconds(all.p99))",
                baseline: "the reducer with no network \(seconds(without.median)); p99 \(seconds(without.p99))",
                ratio: "-", target: "<= 1 ms", verdict: ok ? "yes" : "NO"),
            Row(
                figure: "\(label): the store's network(around:) at the corners' own radius (\(Int(reach)) m, "
                    + "\(pieces / max(1, points.count)) edges) alone, median; p99; and a report reading it every time "
                    + "(the measure before it followed the session)",
                ours: "\(seconds(network.median)); p99 \(seconds(network.p99))",
                baseline: "read and reducer \(seconds(readingEach.median)); p99 \(seconds(readingEach.p99))",
                ratio: "-", target: "report", verdict: "-"),
        ]
    }
}
