/// A set of indices into the places as a bitmap: one bit a place, so that the words of a query
/// combine with a few thousand word operations even at a million places. Public, read only, for
/// the benchmarks (a package of their own); built and combined only inside this package.
public struct PlaceSet: Equatable, Sendable {
    /// The number of places loaded (the universe).
    package let universe: Int
    private var words: [UInt64]

    /// The empty set.
    package init(count universe: Int) {
        self.universe = universe
        words = [UInt64](repeating: 0, count: (universe + 63) / 64)
    }

    /// Every place.
    package init(all universe: Int) {
        self.universe = universe
        words = [UInt64](repeating: .max, count: (universe + 63) / 64)
        if universe % 64 != 0 { words[words.count - 1] = (1 << UInt64(universe % 64)) - 1 }
    }

    /// The places of `first`, then those of `second` numbered after them: a set over places
    /// made of two lists one after the other.
    package init(_ first: PlaceSet, then second: PlaceSet) {
        universe = first.universe + second.universe
        words = first.words
        words.append(contentsOf: repeatElement(0, count: (universe + 63) / 64 - words.count))
        for member in second.members { insert(Int32(first.universe) + member) }
    }

    @inline(__always)
    package func contains(_ index: Int32) -> Bool {
        words[Int(index) >> 6] & (1 << UInt64(index & 63)) != 0
    }

    @inline(__always)
    mutating func insert(_ index: Int32) {
        words[Int(index) >> 6] |= 1 << UInt64(index & 63)
    }

    mutating func insert(_ indices: [Int32]) {
        words.withUnsafeMutableBufferPointer { words in
            for index in indices { words[Int(index) >> 6] |= 1 << UInt64(index & 63) }
        }
    }

    /// Adds the places of a bitmap of the same universe (empty: none).
    mutating func formUnion(bits: ArraySlice<UInt64>) {
        guard !bits.isEmpty else { return }
        words.withUnsafeMutableBufferPointer { words in
            bits.withUnsafeBufferPointer { bits in
                for i in 0..<words.count { words[i] |= bits[i] }
            }
        }
    }

    mutating func formIntersection(_ other: PlaceSet) {
        words.withUnsafeMutableBufferPointer { words in
            other.words.withUnsafeBufferPointer { others in
                for i in 0..<words.count { words[i] &= others[i] }
            }
        }
    }

    /// How many places the set holds.
    public var count: Int { words.reduce(0) { $0 + $1.nonzeroBitCount } }

    public var isEmpty: Bool { !words.contains { $0 != 0 } }

    /// The members, ascending.
    public var members: [Int32] {
        var result: [Int32] = []
        result.reserveCapacity(count)
        for (offset, word) in words.enumerated() {
            var bits = word
            while bits != 0 {
                result.append(Int32(offset << 6 | bits.trailingZeroBitCount))
                bits &= bits - 1
            }
        }
        return result
    }
}
