import Foundation

/// `make bench`'s test of itself (issue 42): the rows of the 10M store where the user meets the
/// store, measured again on a build of the program made with a known 2× slowdown
/// (`-Xswiftc -DNEARBY_VOICE_BENCH_SLOWDOWN`: the store's reads and searches done twice,
/// `BenchSlowdown`), must each miss their goals; a row that still says "yes" could not catch
/// such a regression, and the self-test fails. (The position report's row is the position
/// bench's own: `nearby-voice-position-bench --self-test`.)
enum SelfTest {
    static func rows(slowed app: String, folder: String, runs: Int) -> [Row] {
        let store = "\(folder)/generated-\(label(StoreBench.count)).places"
        let measured =
            [StoreBench.firstAnswerRow(app: app, store: store, runs: max(31, runs))]
            + StoreBench.sessionRows(app: app, store: store, folder: folder)
        return measured.map { row in
            guard row.target != "report" else { return row }
            var judged = row
            judged.figure = "slowed 2x: " + row.figure
            judged.target = row.target + ", missed"
            judged.verdict = row.verdict == "NO" ? "yes, caught" : "NO, not caught"
            return judged
        }
    }
}
