import Synchronization

/// The places a query matches, nearest first, put in order only as far as they are read.
///
/// Reading the first place finds the nearest in one pass; reading further selects the next
/// nearest block (quickselect) and sorts only that block, doubling it each time. So a query that
/// speaks its count and the nearest place never sorts its matches, and walking the list sorts
/// what it walks. Ties in distance go to the lower catalog index, so the order is the one a full
/// sort would give.
public struct NearestFirst: RandomAccessCollection, Equatable, Sendable, CustomStringConvertible {
    public typealias Element = Int
    public typealias Index = Int

    /// The matching catalog indices, ascending.
    package let members: [Int32]
    /// The distance of every place of the catalog, by index.
    let distances: [Double]
    private let order: Order

    package init(members: [Int32], distances: [Double]) {
        self.members = members
        self.distances = distances
        order = Order()
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { members.count }
    public var count: Int { members.count }
    public var isEmpty: Bool { members.isEmpty }

    public subscript(position: Int) -> Int {
        precondition(position >= 0 && position < members.count, "Index out of range")
        return Int(order.element(at: position, members: members, distances: distances))
    }

    /// How many of the matches are in order so far (for tests of the lazy ordering).
    var orderedCount: Int { order.orderedCount }

    public static func == (lhs: NearestFirst, rhs: NearestFirst) -> Bool {
        lhs.members == rhs.members && lhs.distances == rhs.distances
    }

    public var description: String {
        count <= 20 ? "\(Array(self))" : "\(count) places, nearest \(Array(prefix(3)))…"
    }

    /// The order found so far: shared by copies of the collection, which all hold the same
    /// members and distances, so it is a cache of a pure function and safe to share.
    private final class Order: Sendable {
        private struct Progress {
            var permutation: [Int32] = []
            var ordered = 0
        }
        private let progress = Mutex(Progress())

        var orderedCount: Int { progress.withLock { $0.ordered } }

        func element(at position: Int, members: [Int32], distances: [Double]) -> Int32 {
            progress.withLock { progress in
                if position < progress.ordered { return progress.permutation[position] }
                if progress.permutation.isEmpty { progress.permutation = members }
                Self.extend(&progress, to: position + 1, distances: distances)
                return progress.permutation[position]
            }
        }

        private static func extend(_ progress: inout Progress, to wanted: Int, distances: [Double]) {
            let total = progress.permutation.count
            let from = progress.ordered
            let target = wanted == 1 && from == 0 ? 1 : Swift.min(total, Swift.max(wanted, from * 2, from + 32))
            distances.withUnsafeBufferPointer { distances in
                @inline(__always) func less(_ a: Int32, _ b: Int32) -> Bool {
                    let da = distances[Int(a)]
                    let db = distances[Int(b)]
                    return da < db || (da == db && a < b)
                }
                progress.permutation.withUnsafeMutableBufferPointer { items in
                    if target == from + 1 {
                        // The next nearest alone: one pass.
                        var best = from
                        for i in (from + 1)..<total where less(items[i], items[best]) { best = i }
                        items.swapAt(from, best)
                        return
                    }
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
