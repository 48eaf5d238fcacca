import Synchronization

/// The places a query matches, nearest first, put in order only as far as they are read.
///
/// Reading any of the first 16 places finds the 16 nearest in one pass over the matches (a
/// bounded heap that nearly every match leaves at one comparison), without copying them: that
/// is what a find, the rail and `read` ask for. Reading further gathers the rest and selects
/// the next nearest block (quickselect), sorting only that block, doubling it each time. So a
/// query that speaks its count and the nearest places never sorts its matches, and walking the
/// list sorts what it walks. Ties in distance go to the lower index among the places, so the order is
/// the one a full sort would give.
public struct NearestFirst: RandomAccessCollection, Equatable, Sendable, CustomStringConvertible {
    public typealias Element = Int
    public typealias Index = Int

    /// The matching indices into the places, ascending.
    public let members: [Int32]
    /// The distance of every place loaded, by index.
    let distances: [Double]
    /// Whether the places are read in their own order (the Map Search Sheet's list, which
    /// keeps the order it was given) rather than nearest first.
    public let inGivenOrder: Bool
    private let order: Order

    /// The places `members` (catalog indices, ascending), to be read nearest first by
    /// `distances` (every place's, by index), or, `inGivenOrder`, in the places' own order.
    public init(members: [Int32], distances: [Double], inGivenOrder: Bool = false) {
        self.members = members
        self.distances = distances
        self.inGivenOrder = inGivenOrder
        order = Order()
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { members.count }
    public var count: Int { members.count }
    public var isEmpty: Bool { members.isEmpty }

    public subscript(position: Int) -> Int {
        precondition(position >= 0 && position < members.count, "Index out of range")
        if inGivenOrder { return Int(members[position]) }
        return Int(order.element(at: position, members: members, distances: distances))
    }

    /// How many of the matches are in order so far (for tests of the lazy ordering).
    var orderedCount: Int { order.orderedCount }

    public static func == (lhs: NearestFirst, rhs: NearestFirst) -> Bool {
        lhs.members == rhs.members && lhs.distances == rhs.distances && lhs.inGivenOrder == rhs.inGivenOrder
    }

    public var description: String {
        count <= 20 ? "\(Array(self))" : "\(count) places, nearest \(Array(prefix(3)))…"
    }

    /// The order found so far: shared by copies of the collection, which all hold the same
    /// members and distances, so it is a cache of a pure function and safe to share.
    private final class Order: Sendable {
        private struct Progress {
            /// The members: the first `ordered` in order, the rest after them in any order. While
            /// only the first block is known, it holds that block alone.
            var permutation: [Int32] = []
            var ordered = 0
            /// Whether `permutation` holds every member (not the first block alone).
            var isWhole = false
        }
        private let progress = Mutex(Progress())

        /// How many places the first reading puts in order.
        static let firstBlock = 16

        /// Whether `a` comes before `b`: nearer, or as near and lower among the places. The one
        /// order of the list, which a full sort would give too.
        @inline(__always)
        static func precedes(_ a: Int32, _ b: Int32, _ distances: UnsafeBufferPointer<Double>) -> Bool {
            let da = distances[Int(a)]
            let db = distances[Int(b)]
            return da < db || (da == db && a < b)
        }

        var orderedCount: Int { progress.withLock { $0.ordered } }

        func element(at position: Int, members: [Int32], distances: [Double]) -> Int32 {
            progress.withLock { progress in
                if position < progress.ordered { return progress.permutation[position] }
                if progress.ordered == 0 && position < Self.firstBlock {
                    progress.permutation = Self.nearest(Self.firstBlock, of: members, distances: distances)
                    progress.ordered = progress.permutation.count
                    progress.isWhole = progress.ordered == members.count
                    return progress.permutation[position]
                }
                if !progress.isWhole { Self.gatherTheRest(&progress, members: members, distances: distances) }
                Self.extend(&progress, to: position + 1, distances: distances)
                return progress.permutation[position]
            }
        }

        /// The `k` nearest of `members` in order, in one pass: a max-heap of the `k` nearest so
        /// far, which a member enters only when it precedes the last of them.
        private static func nearest(_ wanted: Int, of members: [Int32], distances: [Double]) -> [Int32] {
            let k = Swift.min(wanted, members.count)
            guard k > 0 else { return [] }
            var heap = [Int32](repeating: 0, count: k)
            distances.withUnsafeBufferPointer { distances in
                heap.withUnsafeMutableBufferPointer { heap in
                    /// Restores the heap (the last of the `k` at the top) from `child` up.
                    func siftUp(_ child: Int) {
                        var child = child
                        while child > 0 && precedes(heap[(child - 1) / 2], heap[child], distances) {
                            heap.swapAt(child, (child - 1) / 2)
                            child = (child - 1) / 2
                        }
                    }
                    /// Restores the heap from the top down, after the top was replaced.
                    func siftDown() {
                        var parent = 0
                        while true {
                            let left = 2 * parent + 1
                            var top = parent
                            if left < k && precedes(heap[top], heap[left], distances) { top = left }
                            if left + 1 < k && precedes(heap[top], heap[left + 1], distances) { top = left + 1 }
                            if top == parent { return }
                            heap.swapAt(parent, top)
                            parent = top
                        }
                    }
                    members.withUnsafeBufferPointer { members in
                        for i in 0..<k {
                            heap[i] = members[i]
                            siftUp(i)
                        }
                        // The last of the k and its distance kept at hand: nearly every member is
                        // turned away by one comparison (this runs at every keystroke).
                        var last = heap[0]
                        var lastDistance = distances[Int(last)]
                        for member in members[k...] {
                            let distance = distances[Int(member)]
                            guard distance < lastDistance || (distance == lastDistance && member < last) else {
                                continue
                            }
                            heap[0] = member
                            siftDown()
                            last = heap[0]
                            lastDistance = distances[Int(last)]
                        }
                    }
                }
                heap.sort { precedes($0, $1, distances) }
            }
            return heap
        }

        /// After the first block: every other member, each after its last, behind it.
        private static func gatherTheRest(_ progress: inout Progress, members: [Int32], distances: [Double]) {
            defer { progress.isWhole = true }
            guard let last = progress.permutation.last else {
                progress.permutation = members
                return
            }
            progress.permutation.reserveCapacity(members.count)
            distances.withUnsafeBufferPointer { distances in
                for member in members where precedes(last, member, distances) {
                    progress.permutation.append(member)
                }
            }
        }

        private static func extend(_ progress: inout Progress, to wanted: Int, distances: [Double]) {
            let total = progress.permutation.count
            let from = progress.ordered
            let target = Swift.min(total, Swift.max(wanted, from * 2, from + 32))
            distances.withUnsafeBufferPointer { distances in
                @inline(__always) func less(_ a: Int32, _ b: Int32) -> Bool { precedes(a, b, distances) }
                progress.permutation.withUnsafeMutableBufferPointer { items in
                    if target < total { select(items, from, total, target - 1, less) }
                    var block = Array(items[from..<target])
                    block.sort(by: less)
                    for (offset, item) in block.enumerated() { items[from + offset] = item }
                }
            }
            progress.ordered = target
        }

        /// Quickselect: puts the element of rank `k` at `k`, smaller ones before it, larger after.
        private static func select(
            _ items: UnsafeMutableBufferPointer<Int32>, _ start: Int, _ end: Int, _ k: Int,
            _ less: (Int32, Int32) -> Bool
        ) {
            var low = start
            var high = end - 1
            while high > low {
                let middle = low + (high - low) / 2
                var a = items[low]
                var b = items[middle]
                var c = items[high]
                if less(b, a) { swap(&a, &b) }
                if less(c, b) { swap(&b, &c) }
                if less(b, a) { swap(&a, &b) }
                let pivot = b
                var i = low
                var j = high
                while i <= j {
                    while less(items[i], pivot) { i += 1 }
                    while less(pivot, items[j]) { j -= 1 }
                    if i <= j {
                        items.swapAt(i, j)
                        i += 1
                        j -= 1
                    }
                }
                if k <= j {
                    high = j
                } else if k >= i {
                    low = i
                } else {
                    return
                }
            }
        }
    }
}
