/// A binary min-heap of vertices by a key, for the route planner's A*: an array laid out as a
/// tree (the children of `i` at `2i + 1` and `2i + 2`), push and pop in O(log n). A vertex whose
/// key falls is pushed again rather than moved; the planner skips the stale entry when it is
/// popped (a vertex already settled).
struct RouteHeap {
    struct Entry {
        var key: Double
        var vertex: Int32
    }

    private(set) var entries: [Entry] = []

    init(capacity: Int = 0) { entries.reserveCapacity(capacity) }

    var isEmpty: Bool { entries.isEmpty }

    /// The least key, without taking it.
    var minimum: Double? { entries.first?.key }

    mutating func push(_ vertex: Int32, key: Double) {
        entries.append(Entry(key: key, vertex: vertex))
        var child = entries.count - 1
        let entry = entries[child]
        // Sift up: move parents down until the entry's place is found.
        while child > 0 {
            let parent = (child - 1) / 2
            guard entries[parent].key > entry.key else { break }
            entries[child] = entries[parent]
            child = parent
        }
        entries[child] = entry
    }

    /// Takes the entry of the least key.
    mutating func pop() -> Entry? {
        guard let last = entries.popLast() else { return nil }
        guard !entries.isEmpty else { return last }
        let top = entries[0]
        // Sift down: the last entry goes in at the root, and the lesser child moves up until it
        // fits.
        let count = entries.count
        var parent = 0
        while true {
            var child = 2 * parent + 1
            guard child < count else { break }
            if child + 1 < count, entries[child + 1].key < entries[child].key { child += 1 }
            guard entries[child].key < last.key else { break }
            entries[parent] = entries[child]
            parent = child
        }
        entries[parent] = last
        return top
    }
}
