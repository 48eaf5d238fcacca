import Foundation
import Testing

@testable import SystemCalls

/// The calling thread's CPU time: it grows with the thread's own work, and not while it sleeps.
@Suite("A thread's CPU time")
struct ThreadTimeTests {
    @Test func itGrowsWithWorkAndNotWithSleep() {
        let start = ThreadTime.cpuSeconds
        var sum = 0.0
        for index in 0..<3_000_000 { sum += Double(index).squareRoot() }
        let worked = ThreadTime.cpuSeconds
        #expect(sum > 0)
        #expect(worked > start)
        Thread.sleep(forTimeInterval: 0.2)
        // Asleep for 0.2 s: far less than that of CPU.
        #expect(ThreadTime.cpuSeconds - worked < 0.05)
    }
}
