/// The words of a vocabulary within one edit of a typed word, found without reading the others.
///
/// Each word is filed under itself and under each of its one-letter deletions. Two words one
/// edit apart (a letter added, dropped or changed, or two neighbours swapped) always share a
/// key: "cafe" and "caffe" share "cafe", "cafe" and "cafo" share "caf", "teh" and "the" share
/// "th". So the typed word's own keys (itself and its deletions) reach every word within one
/// edit, with a few strangers a bucket shares; each is checked with the edit distance. This is
/// the symmetric delete of SymSpell, at one edit: a word of n letters files n + 1 keys.
///
/// The keys are not kept, only their hashes' buckets (about four keys a bucket): a bucket lists
/// its words as (position in their length's group << 8 | length), four bytes each, and its end
/// takes four more. The bench's million places (527,047 words) file 6.2 million keys: 25 MB of
/// entries and 8 MB of bucket ends.
struct OneEditIndex: Sendable {
    /// Where each bucket's words end in `entries`.
    private let bucketEnds: [UInt32]
    /// Each bucket's words, (rank << 8 | length).
    private let entries: [UInt32]
    private let bucketBits: Int

    /// The longest word filed (its length must fit the entry's low byte).
    static let longestWord = 255

    init(_ vocabulary: [Int: Spelling.Words]) {
        let keys = vocabulary.reduce(0) { $0 + ($1.key <= Self.longestWord ? $1.value.count * ($1.key + 1) : 0) }
        // About four keys a bucket.
        var bits = 4
        while (1 << bits) * 4 < keys { bits += 1 }
        bucketBits = bits
        var counts = [UInt32](repeating: 0, count: (1 << bits) + 1)
        Self.forEachKey(of: vocabulary, bits: bits) { bucket, _ in counts[bucket + 1] += 1 }
        for i in 1..<counts.count { counts[i] += counts[i - 1] }
        // counts[b] is now where bucket b starts; filling moves it to where it ends.
        var filled = [UInt32](repeating: 0, count: Int(counts[counts.count - 1]))
        Self.forEachKey(of: vocabulary, bits: bits) { bucket, entry in
            filled[Int(counts[bucket])] = entry
            counts[bucket] += 1
        }
        counts.removeLast()
        bucketEnds = counts
        entries = filled
    }

    /// Calls `body` with the bucket and the entry of every key of every word.
    private static func forEachKey(of vocabulary: [Int: Spelling.Words], bits: Int, _ body: (Int, UInt32) -> Void) {
        var hashes = KeyHashes()
        for (length, group) in vocabulary where length <= longestWord {
            group.bytes.withUnsafeBufferPointer { bytes in
                for rank in 0..<group.count {
                    let word = UnsafeBufferPointer(rebasing: bytes[rank * length..<(rank + 1) * length])
                    let entry = UInt32(rank) << 8 | UInt32(length)
                    hashes.forEachKey(of: word) { body(Self.bucket($0, bits: bits), entry) }
                }
            }
        }
    }

    @inline(__always)
    private static func bucket(_ hash: UInt64, bits: Int) -> Int {
        Int(truncatingIfNeeded: (hash &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - bits))
    }

    /// The word of `vocabulary` (the one the index was built from) nearest to `typed` within one
    /// edit: of words as near, the shorter, then the earlier in its group (the more frequent).
    /// Nil when none is within one edit.
    func nearest(to typed: [UInt8], in vocabulary: [Int: Spelling.Words]) -> (word: [UInt8], distance: Int)? {
        guard !typed.isEmpty, typed.count < Self.longestWord else { return nil }
        var best: (length: Int, rank: Int, distance: Int)?
        var rows = Spelling.DistanceRows(width: typed.count + 2)
        var hashes = KeyHashes()
        typed.withUnsafeBufferPointer { typed in
            hashes.forEachKey(of: typed) { hash in
                let bucket = Self.bucket(hash, bits: bucketBits)
                let start = bucket == 0 ? 0 : Int(bucketEnds[bucket - 1])
                for entry in entries[start..<Int(bucketEnds[bucket])] {
                    let length = Int(entry & 0xFF)
                    let rank = Int(entry >> 8)
                    guard abs(length - typed.count) <= 1, let group = vocabulary[length] else { continue }
                    let distance = group.bytes.withUnsafeBufferPointer { bytes in
                        rows.distance(
                            typed, UnsafeBufferPointer(rebasing: bytes[rank * length..<(rank + 1) * length]), limit: 1)
                    }
                    guard let distance else { continue }
                    if best == nil || (distance, length, rank) < (best!.distance, best!.length, best!.rank) {
                        best = (length, rank, distance)
                    }
                }
            }
        }
        guard let best, let group = vocabulary[best.length] else { return nil }
        return (Array(group.bytes[best.rank * best.length..<(best.rank + 1) * best.length]), best.distance)
    }

    /// The hashes of a word and of its one-letter deletions, each computed in constant time from
    /// the word's prefix and suffix hashes (a polynomial hash, so a deletion joins the two).
    struct KeyHashes {
        private var prefixes: [UInt64] = []
        private var suffixes: [UInt64] = []
        private var powers: [UInt64] = [1]
        private static let base: UInt64 = 0x100_0000_01B3

        /// Calls `body` with the hash of `word`, then of each deletion that differs from the
        /// one before it (deleting either of two equal neighbours gives the same word).
        mutating func forEachKey(of word: UnsafeBufferPointer<UInt8>, _ body: (UInt64) -> Void) {
            let n = word.count
            while powers.count <= n { powers.append(powers[powers.count - 1] &* Self.base) }
            if prefixes.count < n + 1 {
                prefixes = [UInt64](repeating: 0, count: n + 1)
                suffixes = prefixes
            }
            prefixes[0] = 0
            for i in 0..<n { prefixes[i + 1] = prefixes[i] &* Self.base &+ UInt64(word[i]) &+ 1 }
            suffixes[n] = 0
            var i = n - 1
            while i >= 0 {
                suffixes[i] = (UInt64(word[i]) &+ 1) &* powers[n - 1 - i] &+ suffixes[i + 1]
                i -= 1
            }
            body(Self.keyed(prefixes[n], length: n))
            for i in 0..<n where i == 0 || word[i] != word[i - 1] {
                body(Self.keyed(prefixes[i] &* powers[n - 1 - i] &+ suffixes[i + 1], length: n - 1))
            }
        }

        /// The hash with its length mixed in, so that words of other lengths rarely share it.
        @inline(__always)
        private static func keyed(_ hash: UInt64, length: Int) -> UInt64 {
            hash ^ (UInt64(length) &* 0xFF51_AFD7_ED55_8CCD)
        }
    }
}
