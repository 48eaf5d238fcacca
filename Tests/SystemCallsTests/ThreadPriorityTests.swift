import Foundation
import Synchronization
import Testing

@testable import SystemCalls

/// Work done ahead on a thread of its own yields to the session's thread: the thread that asked
/// runs under `SCHED_IDLE`, and no other thread (the one that made it) does.
@Suite("A thread of work ahead yields the processors")
struct ThreadPriorityTests {
    @Test func aThreadMadeIdleIsIdleAndTheOthersAreNot() {
        #expect(!ThreadPriority.callingThreadIsIdle)
        let seen = Mutex<(before: Bool, after: Bool)?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let before = ThreadPriority.callingThreadIsIdle
            ThreadPriority.makeCallingThreadIdle()
            seen.withLock { $0 = (before, ThreadPriority.callingThreadIsIdle) }
            done.signal()
        }
        done.wait()
        let result = seen.withLock { $0 }
        #expect(result?.before == false)
        #expect(result?.after == true)
        // The policy is the thread's own: this one is as it was.
        #expect(!ThreadPriority.callingThreadIsIdle)
    }
}
