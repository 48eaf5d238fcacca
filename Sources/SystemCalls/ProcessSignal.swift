/// What the program does with signals sent to it, through the system calls in `Syscalls.swift`.
public enum ProcessSignal {
    /// Ignores `number` (signal(2) with SIG_IGN), so that a `DispatchSource` alone answers it.
    public static func ignore(_ number: Int32) { Syscalls.ignore(signal: number) }

    /// Ends the process by `number` with its default action, as if no handler had been there:
    /// signal(2) with SIG_DFL, then kill(2) of the process itself.
    public static func endBy(_ number: Int32) { Syscalls.endBy(signal: number) }
}
