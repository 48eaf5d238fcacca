/// The calling thread's share of the processors, against the process's other threads, and what
/// it has used of them.
public enum ThreadPriority {
    /// The CPU time the calling thread has used, in seconds: what a piece of its work cost,
    /// whatever the other threads did meanwhile.
    public static var cpuSeconds: Double { Syscalls.threadCPUTime() }

    /// Makes the calling thread run only when no other thread wants its processor (the
    /// `SCHED_IDLE` policy, sched(7)): while it works, the session's own thread, answering a line,
    /// has the processor it shares. For work done ahead on a thread of its own (a store's window,
    /// the words of a window's names). It is no guarantee of a prompt wake-up: on this machine a
    /// thread woken onto the processor it was running on still waited for it up to a scheduler
    /// tick (4 ms), which is why a store's window is also read only once the session is idle
    /// (`WindowLoad`). Linux keeps the policy per thread, and a thread without the right to leave
    /// it again (an unprivileged one) keeps it: so it is for threads of their own, never a pool's.
    /// A failure leaves the thread as it was: only its share depends on it.
    public static func makeCallingThreadIdle() {
        _ = Syscalls.setCallingThreadPolicy(idlePolicy)
    }

    /// Whether the calling thread runs under `SCHED_IDLE` (`makeCallingThreadIdle`).
    public static var callingThreadIsIdle: Bool { Syscalls.callingThreadPolicy() == idlePolicy }

    /// `SCHED_IDLE` of linux/sched.h, which glibc's sched.h declares only under `_GNU_SOURCE`
    /// (and so Swift's Glibc module does not).
    static let idlePolicy: Int32 = 5
}
