import Foundation
import PlaceData

/// A cell of the grid that holds places, seen from a point: its rows (first and last) and the
/// nearest and farthest any point of it lies.
struct CellSpan {
    var first: Int64
    var last: Int64
    var nearest: Double
    var farthest: Double
}

/// The places near a point: the cells about it nearest first (rings outwards), the rows'
/// coordinates alone read until `limit` places are found and no cell left can hold a nearer one,
/// and only then the places kept made from their rows.
extension PlaceStore {
    /// Metres allowed for the nearest point of a cell being found at the point's own latitude or
    /// longitude (on the sphere it lies a little off, well under a metre at a few kilometres):
    /// cells are skipped, or counted whole, only beyond it; rows are tested exactly.
    static let cellSlack = 1.0

    /// The places within `radius` metres of `origin`, nearest first (equal distances in the
    /// store's order), at most `limit`.
    public func near(_ origin: Coordinate, radius: Double, limit: Int) -> [Place] {
        guard limit > 0 else { return [] }
        var found: [Place] = []
        locked {
            found = BenchSlowdown.twice { places(nearestOutwards(origin, radius: radius, limit: limit).map(\.id)) }
        }
        return found
    }

    /// `nearest`, for a few places in a wide circle asked within a small one first, then one
    /// four times as wide, until `limit` are found or the circle is `radius`: the cells of a
    /// circle of 2 km (2,000-3,000 of them, each measured) are then not all listed to find the
    /// nearest 256 of a town, which lie within 200 m. The same answer: the nearest `limit`
    /// within a circle that holds `limit` places are the nearest within any wider one. Many
    /// places (a session's window) are asked for within the whole radius at once, as a wasted
    /// smaller circle would cost more than the listing. Inside `locked`.
    func nearestOutwards(_ origin: Coordinate, radius: Double, limit: Int) -> [(distance: Double, id: Int64)] {
        guard limit <= Self.outwardsLimit else { return nearest(origin, radius: radius, limit: limit) }
        var reach = min(radius, Self.firstReach)
        while true {
            let hits = nearest(origin, radius: reach, limit: limit)
            if hits.count >= limit || reach >= radius { return hits }
            reach = min(radius, reach * 4)
        }
    }

    /// The most places `nearestOutwards` asks for circle by circle, and its first circle, in metres.
    static let outwardsLimit = 1_000
    static let firstReach = 250.0

    /// How many places `near(origin, radius: radius, limit: limit)` gives, without making them:
    /// the cells wholly within the radius counted from their rows' numbers, the others' rows
    /// read (their coordinates alone). What the greeting says before the window is read.
    public func count(near origin: Coordinate, radius: Double, limit: Int) -> Int {
        var count = 0
        locked {
            count = BenchSlowdown.twice { countLocked(near: origin, radius: radius, limit: limit) }
        }
        return min(count, limit)
    }

    /// `count(near:radius:limit:)`, inside `locked`.
    private func countLocked(near origin: Coordinate, radius: Double, limit: Int) -> Int {
        var count = 0
        let spans = cells(around: origin, radius: radius)
        for span in spans where span.farthest < radius - Self.cellSlack {
            count += Int(span.last - span.first + 1)
        }
        for span in spans where span.farthest >= radius - Self.cellSlack && count < limit {
            pointsInRange.forEachRow(span.first, span.last) { row in
                let point = Coordinate(latitude: row.double(1), longitude: row.double(2))
                if origin.distance(to: point) <= radius { count += 1 }
            }
        }
        return count
    }

    /// How many places `near(origin, radius: radius, limit: limit)` gives, as `count` does, and
    /// their kinds, each once; the kinds nil when `limit` or more lie within the radius (the
    /// nearest `limit` are then a part of them, whose kinds only reading them all would tell).
    /// Nothing is made: the cells wholly within the radius give their kinds from their rows'
    /// kind column, one range a strip; the others' rows are read with their coordinates. What
    /// `read` says of a window before it is read: the filters its list will offer.
    public func countAndKinds(near origin: Coordinate, radius: Double, limit: Int) -> (count: Int, kinds: Set<String>?)
    {
        var answer: (count: Int, kinds: Set<String>?) = (0, nil)
        locked {
            answer = BenchSlowdown.twice { countAndKindsLocked(near: origin, radius: radius, limit: limit) }
        }
        return answer
    }

    /// `countAndKinds(near:radius:limit:)`, inside `locked`.
    private func countAndKindsLocked(near origin: Coordinate, radius: Double, limit: Int) -> (
        count: Int, kinds: Set<String>?
    ) {
        var ids = Set<Int64>()
        let spans = cells(around: origin, radius: radius)
        // The cells wholly within, as runs of neighbouring rows (a strip's inner cells are one).
        let inner = spans.filter { $0.farthest < radius - Self.cellSlack }
        var count = inner.reduce(0) { $0 + Int($1.last - $1.first + 1) }
        guard count < limit else { return (limit, nil) }
        for run in Self.runs(of: inner) {
            kindsInRange.forEachRow(run.first, run.last) { row in ids.insert(row.int64(0)) }
        }
        for span in spans where span.farthest >= radius - Self.cellSlack {
            pointKindsInRange.forEachRow(span.first, span.last) { row in
                let point = Coordinate(latitude: row.double(0), longitude: row.double(1))
                if origin.distance(to: point) <= radius {
                    count += 1
                    ids.insert(row.int64(2))
                }
            }
            if count >= limit { return (limit, nil) }
        }
        return (count, Set(ids.map { kinds[$0] ?? "" }))
    }

    /// The rows within `radius` of `origin`, nearest first (equal distances by row), at most
    /// `limit`, with their distances. Inside `locked`.
    func nearest(_ origin: Coordinate, radius: Double, limit: Int) -> [(distance: Double, id: Int64)] {
        var spans = cells(around: origin, radius: radius)
        spans.sort { $0.nearest < $1.nearest }
        var hits: [(distance: Double, id: Int64)] = []
        // Beyond `reach` no row can be among the nearest `limit`: the radius, then the distance
        // of the last of the nearest `limit` found so far.
        var reach = radius
        var kept = 0
        for span in spans {
            if span.nearest > reach + Self.cellSlack { break }
            pointsInRange.forEachRow(span.first, span.last) { row in
                let distance = origin.distance(to: Coordinate(latitude: row.double(1), longitude: row.double(2)))
                if distance <= reach { hits.append((distance, row.int64(0))) }
            }
            // Once `limit` are found, now and then (each time they have doubled): keep the
            // nearest `limit`, and read no cell farther than the last of them.
            if hits.count >= limit, hits.count >= 2 * kept {
                Self.sortNearest(&hits)
                hits.removeLast(hits.count - limit)
                reach = hits[limit - 1].distance
                kept = limit
            }
        }
        Self.sortNearest(&hits)
        if hits.count > limit { hits.removeLast(hits.count - limit) }
        return hits
    }

    static func sortNearest(_ hits: inout [(distance: Double, id: Int64)]) {
        hits.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.id < $1.id }
    }

    /// The cells that may hold places within `radius` of `origin`, in the order of their
    /// numbers. Inside `locked`.
    func cells(around origin: Coordinate, radius: Double) -> [CellSpan] {
        guard let within = bounds.flatMap(BoundingBox(around: origin, radius: radius).intersection) else {
            return []
        }
        let side = 1 / Cell.perDegree
        var spans: [CellSpan] = []
        for run in Cell.runs(within) {
            cellsInRun.forEachRow(run.first, run.last) { row in
                let (south, west) = Cell.corner(row.int64(0))
                let (north, east) = (south + side, west + side)
                let latitude = min(max(origin.latitude, south), north)
                let closest = Coordinate(latitude: latitude, longitude: min(max(origin.longitude, west), east))
                let nearest = origin.distance(to: closest)
                guard nearest <= radius + Self.cellSlack else { return }
                // The farthest point of a cell this small is one of its corners.
                let farthest = max(
                    origin.distance(to: Coordinate(latitude: south, longitude: west)),
                    origin.distance(to: Coordinate(latitude: south, longitude: east)),
                    origin.distance(to: Coordinate(latitude: north, longitude: west)),
                    origin.distance(to: Coordinate(latitude: north, longitude: east)))
                spans.append(CellSpan(first: row.int64(1), last: row.int64(2), nearest: nearest, farthest: farthest))
            }
        }
        return spans
    }

    /// The places of the rows `ids`, in that order: the rows read in runs (ids near each other,
    /// as the places of a cell are, one range scan), each id kept made into a place. Inside
    /// `locked`.
    func places(_ ids: [Int64]) -> [Place] {
        guard !ids.isEmpty else { return [] }
        // The ids in the rows' order, each with its place in the answer.
        let ordered = ids.enumerated().sorted { $0.element < $1.element }
        var made = [Place?](repeating: nil, count: ids.count)
        var start = 0
        while start < ordered.count {
            // A run: the next ids each at most `gap` rows after the one before.
            var end = start
            while end + 1 < ordered.count, ordered[end + 1].element - ordered[end].element <= Self.runGap { end += 1 }
            var next = start
            placesInRange.forEachRow(ordered[start].element, ordered[end].element) { row in
                let id = row.int64(0)
                while next <= end, ordered[next].element < id { next += 1 }
                if next <= end, ordered[next].element == id {
                    made[ordered[next].offset] = place(row)
                    next += 1
                }
            }
            start = end + 1
        }
        return made.compactMap { $0 }
    }

    /// Rows skipped within a run rather than a new look-up: reading a row costs a fraction of
    /// looking one up.
    static let runGap: Int64 = 8
}
