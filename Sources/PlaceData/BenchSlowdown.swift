/// `make bench`'s test of itself (issue 42): a release build made with
/// `-Xswiftc -DNEARBY_VOICE_BENCH_SLOWDOWN` (the bench's own build of the program, never the
/// program's) does twice the work handed here, a known 2× slowdown of the store's opening (its
/// connections), its reads and searches, of the places a window's part is made of and their
/// taking in (`read` and `find` typed at once after a move), and of a position report's
/// decision; the bench's rows that measure them must then miss their goals, or the bench could
/// not catch such a regression. Any other build does the work once, at no cost: the flag is a
/// constant.
public enum BenchSlowdown {
    #if NEARBY_VOICE_BENCH_SLOWDOWN
        public static let isOn = true
    #else
        public static let isOn = false
    #endif

    /// `work`'s answer: done twice when built for the self-test, once otherwise.
    @inline(__always)
    public static func twice<T, Failure: Error>(_ work: () throws(Failure) -> T) throws(Failure) -> T {
        if isOn { _ = try work() }
        return try work()
    }
}
