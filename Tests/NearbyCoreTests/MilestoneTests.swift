import Foundation
import Testing

@testable import NearbyCore
@testable import PlaceData

/// The selected place as a walk nears it: its distance at milestones, then "Arrived at …" once;
/// a place arrived at stays arrived at until it is selected anew (issue 40).
@Suite("Walking: the selected place's milestones and arrival")
struct MilestoneTests {
    @Test("The selected place: milestones, then the arrival, not a plain callout")
    func milestones() {
        var state = CalloutTests.state()
        _ = state.reduce(.placeSelected(.name("Cafe Kolme")))
        var said: [String] = []
        for metres in stride(from: 0.0, through: 300, by: 5) {
            said += state.apply(CalloutTests.walked(metres, time: metres)).announcements.map(\.text).filter {
                $0.contains("Kolme")
            }
        }
        #expect(
            said == [
                "Cafe Kolme, 300 metres ahead.", "Cafe Kolme, 200 metres ahead.", "Cafe Kolme, 100 metres ahead.",
                "Cafe Kolme, 50 metres ahead.",
                "Cafe Kolme, 20 metres ahead.", "Arrived at Cafe Kolme.",
            ])
    }

    @Test("Arrived stays arrived: walking on and back says no milestone again until it is selected anew")
    func arrivalOnce() {
        var state = CalloutTests.state()
        _ = state.reduce(.placeSelected(.name("Cafe Kolme")))
        var said: [String] = []
        // To it, 300 m on past it, and back to it: one arrival, no milestone on the way back.
        let walk = Array(stride(from: 0.0, through: 600, by: 5)) + Array(stride(from: 595.0, through: 250, by: -5))
        for (step, metres) in walk.enumerated() {
            said += state.apply(CalloutTests.walked(metres, time: Double(step))).announcements.map(\.text).filter {
                $0.contains("Kolme")
            }
        }
        #expect(said.filter { $0.hasPrefix("Arrived") } == ["Arrived at Cafe Kolme."])
        #expect(said.last == "Arrived at Cafe Kolme.", "\(said)")
        // Closed and selected again, 50 m north of it after walking on to 350 m: its milestones
        // and arrival start afresh.
        for (step, metres) in stride(from: 255.0, through: 350, by: 5).enumerated() {
            _ = state.apply(CalloutTests.walked(metres, time: Double(walk.count + step)))
        }
        _ = state.reduce(.selectionCleared)
        _ = state.reduce(.placeSelected(.name("Cafe Kolme")))
        said = []
        for (step, metres) in stride(from: 345.0, through: 295, by: -5).enumerated() {
            said += state.apply(CalloutTests.walked(metres, time: Double(walk.count + 100 + step))).announcements.map(
                \.text
            )
            .filter { $0.contains("Kolme") }
        }
        #expect(said == ["Cafe Kolme, 20 metres behind.", "Arrived at Cafe Kolme."], "\(said)")
    }
}
