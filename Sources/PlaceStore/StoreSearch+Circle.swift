import Foundation
import PlaceData

/// A search within a circle, in the rows of its cells: the rarest trigrams of a word read run by
/// run of rows (`inCircle`), and the index's candidates kept to those rows (`keep`).
extension PlaceStore {
    /// The matches within `radius` of `origin` among the places the index names for `forms` (a
    /// word's rarest trigrams, `indexed`'s best) in the rows of the circle's cells: one query a
    /// run of rows (a strip of latitude's cells), in which FTS5 reads only the part of each
    /// trigram's list that falls in the run. A trigram that 56,000 of 10M places hold had every
    /// row of a 1 km circle checked (about 13,000, 1.3-1.6 ms); through the index, the circle's
    /// 19 runs held 74-474 candidates, each checked as it was named (0.3-0.7 ms, measured with
    /// Python's sqlite3). Inside `locked`.
    func inCircle(_ plan: SearchPlan, _ forms: [[String]], origin: Coordinate, radius: Double) -> [(
        distance: Double, id: Int64
    )] {
        let first = plan.values.count + 1
        guard
            let statement = try? database.prepare(
                "SELECT id, latitude, longitude, name, kind FROM places WHERE id IN (SELECT rowid FROM places_words "
                    + "WHERE places_words MATCH ?\(first) AND rowid BETWEEN ?\(first + 1) AND ?\(first + 2))"
                    + plan.conditions.map { " AND " + $0 }.joined())
        else { return [] }
        let query = SQLiteValue.text(SearchPlan.query([forms]))
        var hits: [(distance: Double, id: Int64)] = []
        for run in Self.runs(of: cells(around: origin, radius: radius)) {
            try? statement.forEachRow(plan.values + [query, .integer(run.first), .integer(run.last)]) { row in
                if let hit = plan.hit(row, origin: origin), hit.distance <= radius { hits.append(hit) }
            }
        }
        return hits
    }

    /// The rows of `spans` as runs: spans whose rows follow one another (the cells of a strip)
    /// joined, in the order of their rows.
    static func runs(of spans: [CellSpan]) -> [(first: Int64, last: Int64)] {
        var runs: [(first: Int64, last: Int64)] = []
        for span in spans.sorted(by: { $0.first < $1.first }) {
            if let last = runs.last, span.first <= last.last + 1 {
                runs[runs.count - 1].last = max(last.last, span.last)
            } else {
                runs.append((span.first, span.last))
            }
        }
        return runs
    }

    /// The ids that lie in the rows of `spans` (the cells of a circle), each looked for among
    /// the spans sorted by their rows.
    static func keep(_ ids: [Int64], within spans: [CellSpan]) -> [Int64] {
        let sorted = spans.sorted { $0.first < $1.first }
        return ids.filter { id in
            // The last span that begins at or before `id`.
            var low = 0
            var high = sorted.count
            while low < high {
                let middle = (low + high) / 2
                if sorted[middle].first <= id { low = middle + 1 } else { high = middle }
            }
            return low > 0 && id <= sorted[low - 1].last
        }
    }
}
