import Announcer
import NearbyCore
import Testing

@Suite("Queue rules, as screen readers define them")
struct SpeechQueueTests {
    func utterance(_ seq: Int, _ priority: Announcement.Priority) -> Utterance {
        Utterance(seq: seq, text: "u\(seq)", priority: priority)
    }

    /// Every pair of what is speaking (nothing, or each priority) and what arrives, with a
    /// queue holding one of each priority.
    @Test(arguments: [nil] + Announcement.Priority.allCases.map { Optional($0) }, Announcement.Priority.allCases)
    func arrivals(speaking: Announcement.Priority?, arriving: Announcement.Priority) {
        var queue = SpeechQueue()
        let queued = [utterance(1, .assertive), utterance(2, .polite), utterance(3, .status)]
        for item in queued { _ = queue.add(item, speaking: utterance(0, .assertive)) }
        // Adding the status one dropped nothing; adding assertive first dropped nothing either.
        #expect(queue.pending.map(\.seq) == [1, 2, 3])
        let current = speaking.map { utterance(9, $0) }
        let change = queue.add(utterance(4, arriving), speaking: current)
        switch arriving {
        case .assertive:
            // A newer answer replaces everything still waiting, an older answer too.
            #expect(change.interruptsCurrent == (current != nil))
            #expect(change.dropped.map(\.seq) == [1, 2, 3])
            #expect(queue.pending.map(\.seq) == [4])
        case .polite:
            #expect(change.interruptsCurrent == false)
            #expect(change.dropped.isEmpty)
            #expect(queue.pending.map(\.seq) == [1, 2, 3, 4])
        case .status:
            #expect(change.interruptsCurrent == (speaking == .status))
            #expect(change.dropped.map(\.seq) == [3])
            #expect(queue.pending.map(\.seq) == [1, 2, 4])
        }
        // Only a newer assertive answer drops an assertive one.
        if arriving != .assertive { #expect(!change.dropped.contains { $0.priority == .assertive }) }
    }

    @Test func onlyTheLatestStatusIsKept() {
        var queue = SpeechQueue()
        for seq in 1...5 { _ = queue.add(utterance(seq, .status), speaking: nil) }
        #expect(queue.pending.map(\.seq) == [5])
    }

    @Test func nextTakesInOrderAndStopEmpties() {
        var queue = SpeechQueue()
        for seq in 1...3 { _ = queue.add(utterance(seq, .polite), speaking: nil) }
        #expect(queue.next()?.seq == 1)
        #expect(queue.removeAll().map(\.seq) == [2, 3])
        #expect(queue.next() == nil)
    }
}
