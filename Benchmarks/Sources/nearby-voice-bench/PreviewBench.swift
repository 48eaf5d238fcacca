import Foundation
import NearbyCore
import PlaceData
import PlaceStore

/// Issue 38's preview step on the 10M store, in process, as the session does it: the reducer
/// takes `go`, the store reads the walking network about the decision point arrived at (what
/// `Effect.readStreets` reads: every edge within `NearbyState.previewRead`, sidewalks and
/// crossings told by their road), the reducer describes it. The
/// places are the session's window about the start (the grid's places are as dense everywhere),
/// and the steps start again from the corner nearest the centre every 4 steps, so that they stay
/// in its densest square kilometre. Goal: ≤ 2 ms median. The baseline is the network read alone
/// for the same corners: what the store costs of the step.
enum PreviewBench {
    static func rows(_ store: PlaceStore, from corner: Coordinate, label: String) -> [Row] {
        var settings = Settings()
        settings.origin = corner
        let window = store.near(corner, radius: 2_000, limit: 20_000)
        let places = Places(window, source: nil, isWindow: true)
        var steps: [Double] = []
        var reads: [Double] = []
        var described = 0
        var refused = 0
        for round in 0..<60 {
            var state = NearbyState(places: places, settings: settings)
            // Enter at the corner, as `preview` does after the shell read the network about it.
            _ = state.apply(
                .streetFound(nil, at: corner, network: store.network(around: corner, radius: NearbyState.cornerLimit)))
            _ = state.reduce(.previewRequested)
            guard state.isPreviewing else { break }
            for step in 0..<4 {
                let choice = NearbyState.RoadChoice.number(1 + (round + step) % 2)
                var said = 0
                var arrivedAt: Coordinate?
                let time = QueryBench.timed {
                    let reaction = state.reduce(.goRequested(choice))
                    said += reaction.announcements.count
                    for effect in reaction.effects {
                        guard case .readStreets(let point, let then) = effect else { continue }
                        arrivedAt = point
                        let network = store.network(in: BoundingBox(around: point, radius: NearbyState.previewRead))
                            .pairingFootways()
                        _ = state.apply(.streetFound(nil, at: point, network: network))
                        said += state.reduce(then).announcements.count
                    }
                }
                guard let arrivedAt else {
                    refused += 1
                    continue
                }
                steps.append(time)
                if said >= 2 { described += 1 }
                reads.append(
                    QueryBench.timed {
                        _ = store.network(in: BoundingBox(around: arrivedAt, radius: NearbyState.previewRead))
                            .pairingFootways()
                    })
            }
        }
        let step = QueryBench.spread(steps)
        let read = QueryBench.spread(reads)
        return [
            Row(
                figure: "\(label): a preview step (go: the edge walked, its places, the next corner read and "
                    + "described), \(steps.count) steps in the densest square kilometre (\(described) described, "
                    + "\(refused) refused), median; p99",
                ours: "\(seconds(step.median)); p99 \(seconds(step.p99))",
                baseline: "the network read alone about the same corners \(seconds(read.median))",
                ratio: times(read.median / step.median), target: "<= 2 ms",
                verdict: !steps.isEmpty && described == steps.count && step.median <= 0.002 ? "yes" : "NO")
        ]
    }
}
