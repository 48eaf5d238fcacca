/// What the calling thread has used of the processors.
public enum ThreadTime {
    /// The CPU time the calling thread has used, in seconds: what a piece of its work cost,
    /// whatever the other threads did meanwhile.
    public static var cpuSeconds: Double { Syscalls.threadCPUTime() }
}
