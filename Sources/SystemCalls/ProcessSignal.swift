/// What the program does with signals sent to it, through the system calls in `Syscalls.swift`.
public enum ProcessSignal {
    /// Blocks `numbers` in the calling thread (pthread_sigmask(3)); every thread it starts
    /// afterwards inherits the block. Called before any thread starts, the signals then stay
    /// pending until `waitForAny` takes one: no handler runs in a thread that happens to be
    /// inside a system call.
    public static func block(_ numbers: [Int32]) { Syscalls.block(signals: numbers) }

    /// Unblocks `numbers` in the calling thread (pthread_sigmask(3)).
    public static func unblock(_ numbers: [Int32]) { Syscalls.unblock(signals: numbers) }

    /// Waits (sigwait(3)) until one of `numbers`, blocked in every thread, arrives; returns it.
    public static func waitForAny(_ numbers: [Int32]) -> Int32 { Syscalls.waitForAny(signals: numbers) }

    /// Ends the process by `number` with its default action, as if no handler had been there:
    /// signal(2) with SIG_DFL, then kill(2) of the process itself.
    public static func endBy(_ number: Int32) { Syscalls.endBy(signal: number) }
}
