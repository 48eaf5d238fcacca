import Foundation

/// Runs `body` for every index of `0..<count` on `width` threads of its own, and gives the
/// results in index order. For a test that starts many child processes and waits for each:
/// they run side by side, and the waits hold these threads, not the Swift concurrency pool that
/// the test runner's other tests need.
func concurrently<T: Sendable>(_ count: Int, width: Int, _ body: @escaping @Sendable (Int) -> T) -> [T] {
    let work = Work<T>(count: count)
    let done = DispatchGroup()
    for _ in 0..<min(width, count) {
        done.enter()
        Thread.detachNewThread {
            while let index = work.take() { work.put(body(index), at: index) }
            done.leave()
        }
    }
    done.wait()
    return work.results()
}

/// The next index to run and the results so far, behind a lock.
private final class Work<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private let count: Int
    private var next = 0
    private var slots: [T?]

    init(count: Int) {
        self.count = count
        slots = Array(repeating: nil, count: count)
    }

    func take() -> Int? {
        lock.withLock {
            guard next < count else { return nil }
            defer { next += 1 }
            return next
        }
    }

    func put(_ result: T, at index: Int) { lock.withLock { slots[index] = result } }

    func results() -> [T] { lock.withLock { slots.map { $0! } } }
}
