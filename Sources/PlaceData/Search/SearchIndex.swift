import Dispatch

/// The search index of a catalog: built once, read by every query and keystroke.
///
/// Each name is kept folded and joined (`TextFolding.searchForms`: no case, accents, quotes,
/// spaces or hyphens) in one byte buffer, with a second form for names with German umlauts.
/// Every byte of those forms has a bitmap of the places that hold it, and every 2- and 3-byte
/// piece (gram) a posting list: the places that hold
/// it, ascending, as delta-encoded variable-length integers in one buffer. One- and two-byte
/// grams are exact (the list is the answer for a word that short); three-byte grams are hashed
/// into buckets, so a longer word intersects the two shortest lists of its grams and checks
/// each candidate's text. Kinds are few: each query word is tried on every distinct kind once.
final class SearchIndex: Sendable {
    /// The number of places.
    let count: Int
    /// The joined, folded names end to end; the name of place `i` is `text[ends[i-1]..<ends[i]]`.
    let text: [UInt8]
    let ends: [UInt32]
    /// The places whose names hold umlauts (ascending), and their "ae/oe/ue" forms.
    let umlautPlaces: [Int32]
    /// A bit a place, set for those of `umlautPlaces`: a name with no umlaut form is passed over
    /// without a search of that list (a binary search of some 17 steps at a million places,
    /// for each candidate a word's lists leave that its name does not hold).
    let umlautBits: [UInt64]
    let umlautText: [UInt8]
    let umlautEnds: [UInt32]
    /// The posting lists, end to end, and where each key's list ends and how many it holds.
    let postings: [UInt8]
    let postingEnds: [UInt32]
    let postingCounts: [UInt32]
    /// Which triple each triple's bucket holds (packed, plus one; 0 for none, `mixedGrams` for
    /// two or more): the list of a bucket that holds one triple alone is exactly the places
    /// holding it, and a word of those three bytes needs no check of their text ("bar" at a
    /// million places: 48,169 names scanned for it, 890 µs). 4 bytes a bucket (1 MB at a
    /// million places).
    let bucketTriples: [UInt32]
    /// The distinct kinds, the search forms of each, each place's kind, and each kind's places.
    let kinds: [String]
    let kindForms: [[[UInt8]]]
    /// The kinds holding each triple of their forms, a bitmap of `kindBitmapWords` words each in
    /// `kindTripleBitmaps` from the offset the triple gives: a word of three bytes or more is
    /// looked for only in the kinds that hold all its triples. A misspelt word, most often in
    /// none, was compared with each of the hundreds of kinds of an OpenStreetMap extract, some
    /// 5 µs of every search that found nothing.
    let kindTriples: [UInt32: Int]
    let kindTripleBitmaps: [UInt64]
    var kindBitmapWords: Int { (kinds.count + 63) / 64 }
    let kindOf: [UInt32]
    let kindMembers: [[Int32]]
    let kindIDs: [String: UInt32]

    /// Which places hold each single byte, as bitmaps end to end, and where each byte's is
    /// (-1 for a byte no name holds).
    let singles: [UInt64]
    let singleSlots: [Int32]

    /// A bit for each run of four bytes some name holds (its plain or umlaut form), hashed
    /// (`quadShift`): a word with a run whose bit is clear is in no name, and is answered
    /// without a list read. A misspelt word most often holds such a run: "aelpa" among a
    /// million OpenStreetMap names was some 7 µs of list reading, for names that repeat. At
    /// most 2 MB (2^24 bits), fewer for fewer names.
    let quadBits: [UInt64]
    let quadShift: UInt32

    /// Keys: 256 (unused: single bytes have bitmaps), then 65,536 byte pairs, then hashed byte triples.
    static let pairBase = 256
    static let tripleBase = 256 + 65_536
    /// Buckets for triples: 2^18 at a million places, fewer for a few places (so that the
    /// built-in places start in no time); `tripleShift` is 32 minus the bits.
    let tripleShift: UInt32
    var keyCount: Int { Self.tripleBase + 1 << (32 - Int(tripleShift)) }

    @inline(__always)
    static func tripleKey(_ a: UInt8, _ b: UInt8, _ c: UInt8, shift: UInt32) -> Int {
        tripleKey(packed: packedTriple(a, b, c), shift: shift)
    }

    @inline(__always)
    static func tripleKey(packed: UInt32, shift: UInt32) -> Int {
        tripleBase + Int((packed &* 0x9E37_79B1) >> shift)
    }

    /// Three bytes in one number, the first highest.
    @inline(__always)
    static func packedTriple(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt32 {
        UInt32(a) << 16 | UInt32(b) << 8 | UInt32(c)
    }

    init(_ places: [Place]) {
        count = places.count
        // The names are folded in two halves at once, while a third task numbers the kinds.
        let half = places.count / 2
        let work = Build()
        Self.perform(3, places: places.count) { task in
            if task == 2 {
                var kindIDs: [String: UInt32] = [:]
                var kinds: [String] = []
                var kindOf: [UInt32] = []
                kindOf.reserveCapacity(places.count)
                for place in places {
                    if let id = kindIDs[place.kind] {
                        kindOf.append(id)
                    } else {
                        let id = UInt32(kinds.count)
                        kindIDs[place.kind] = id
                        kinds.append(place.kind)
                        kindOf.append(id)
                    }
                }
                work.kinds = (kindIDs, kinds, kindOf)
                return
            }
            var part = Folded()
            let range = task == 0 ? 0..<half : half..<places.count
            part.text.reserveCapacity(range.count * 20)
            part.ends.reserveCapacity(range.count)
            for index in range {
                let name = places[index].name
                if TextFolding.append(name, to: &part.text, joined: true, umlautsAsE: false) {
                    part.umlautPlaces.append(Int32(index))
                    TextFolding.append(name, to: &part.umlautText, joined: true, umlautsAsE: true)
                    part.umlautEnds.append(UInt32(part.umlautText.count))
                }
                part.ends.append(UInt32(part.text.count))
            }
            if task == 0 { work.first = part } else { work.second = part }
        }
        let (first, second) = (work.first, work.second)
        let text = first.text + second.text
        let ends = first.ends + second.ends.map { $0 + UInt32(first.text.count) }
        let umlautPlaces = first.umlautPlaces + second.umlautPlaces
        let umlautText = first.umlautText + second.umlautText
        let umlautEnds = first.umlautEnds + second.umlautEnds.map { $0 + UInt32(first.umlautText.count) }
        (work.first, work.second) = (Folded(), Folded())
        let (kindIDs, kinds, kindOf) = work.kinds
        var kindMembers = [[Int32]](repeating: [], count: kinds.count)
        for (index, kind) in kindOf.enumerated() { kindMembers[Int(kind)].append(Int32(index)) }
        self.text = text
        self.ends = ends
        self.umlautPlaces = umlautPlaces
        var umlautBits = [UInt64](repeating: 0, count: (places.count + 63) / 64)
        for place in umlautPlaces { umlautBits[Int(place) >> 6] |= 1 << UInt64(place & 63) }
        self.umlautBits = umlautBits
        self.umlautText = umlautText
        self.umlautEnds = umlautEnds
        self.kinds = kinds
        self.kindForms = kinds.map { TextFolding.searchForms($0) }
        (kindTriples, kindTripleBitmaps) = Self.kindTriples(kindForms)
        self.kindOf = kindOf
        self.kindMembers = kindMembers
        self.kindIDs = kindIDs

        // Two passes over every gram: the first sizes each list, the second writes it. The
        // tables are raw buffers: this loop runs some sixty million times at a million places.
        var bits: UInt32 = 10
        while bits < 18 && (1 << bits) < places.count { bits += 1 }
        let shift = 32 - bits
        tripleShift = shift
        let keys = Self.tripleBase + 1 << Int(bits)
        // Per key, side by side so that one cache line serves a gram: the last place counted,
        // the list's size in bytes (then its write position), and its length.
        let state = UnsafeMutableBufferPointer<KeyState>.allocate(capacity: keys)
        defer { state.deallocate() }
        state.initialize(repeating: KeyState())
        // Two workers, one the pairs' keys, one the triples': their tables and lists never overlap.
        let shared = Shared(state: state)
        let workers = 2
        // A third task beside the sizing pass: the single bytes' bitmaps.
        let singleBytes = Singles()
        Self.perform(workers + 1, places: places.count) {
            [text, ends, umlautPlaces, umlautText, umlautEnds] worker in
            if worker == workers {
                singleBytes.made = Self.singleBitmaps(
                    text: text, ends: ends, umlautPlaces: umlautPlaces, umlautText: umlautText, umlautEnds: umlautEnds)
                singleBytes.quads = Self.quadBitmap(
                    text: text, ends: ends, umlautText: umlautText, umlautEnds: umlautEnds)
                return
            }
            let state = shared.state
            Self.forEachGram(
                text: text, ends: ends, umlautPlaces: umlautPlaces, umlautText: umlautText, umlautEnds: umlautEnds,
                triples: worker == 1, shift: shift
            ) { key, place, packed in
                // A triple's bucket: which triples were counted into it (pairs are exact).
                if worker == 1, state[key].gram != packed &+ 1 {
                    state[key].gram = state[key].gram == 0 ? packed &+ 1 : Self.mixedGrams
                }
                let previous = state[key].last
                if previous == place { return }
                state[key].last = place
                state[key].count &+= 1
                state[key].bytes &+= UInt32(Self.varintSize(UInt32(place - previous)))
            }
        }
        (singles, singleSlots) = singleBytes.made
        (quadBits, quadShift) = singleBytes.quads
        singleBytes.made = ([], [])
        singleBytes.quads = ([], 0)
        var postingEnds = [UInt32](repeating: 0, count: keys)
        var postingCounts = [UInt32](repeating: 0, count: keys)
        bucketTriples = (Self.tripleBase..<keys).map { state[$0].gram }
        var total: UInt32 = 0
        for key in 0..<keys {
            let size = state[key].bytes
            state[key].bytes = total
            state[key].last = -1
            total += size
            postingEnds[key] = total
            postingCounts[key] = state[key].count
        }
        var postings = [UInt8](repeating: 0, count: Int(total))
        postings.withUnsafeMutableBufferPointer { out in
            let target = Output(out: out)
            Self.perform(workers, places: places.count) {
                [text, ends, umlautPlaces, umlautText, umlautEnds] worker in
                let state = shared.state
                let out = target.out
                Self.forEachGram(
                    text: text, ends: ends, umlautPlaces: umlautPlaces, umlautText: umlautText, umlautEnds: umlautEnds,
                    triples: worker == 1, shift: shift
                ) { key, place, _ in
                    let previous = state[key].last
                    if previous == place { return }
                    state[key].last = place
                    var gap = UInt32(place - previous)
                    var at = Int(state[key].bytes)
                    while gap >= 0x80 {
                        out[at] = UInt8(gap & 0x7F) | 0x80
                        gap >>= 7
                        at += 1
                    }
                    out[at] = UInt8(gap)
                    state[key].bytes = UInt32(at + 1)
                }
            }
        }
        self.postings = postings
        self.postingEnds = postingEnds
        self.postingCounts = postingCounts
    }

    /// Single bytes: one bitmap each (a one-letter word is the first keystroke, and matches
    /// half the places), side by side in one buffer, built in one sequential pass; and where
    /// each byte's bitmap is.
    private static func singleBitmaps(
        text: [UInt8], ends: [UInt32], umlautPlaces: [Int32], umlautText: [UInt8], umlautEnds: [UInt32]
    ) -> ([UInt64], [Int32]) {
        var seen = [Bool](repeating: false, count: 256)
        for byte in text { seen[Int(byte)] = true }
        for byte in umlautText { seen[Int(byte)] = true }
        var slots = [Int32](repeating: -1, count: 256)
        var used: Int32 = 0
        for byte in 0..<256 where seen[byte] {
            slots[byte] = used
            used += 1
        }
        let words = (ends.count + 63) / 64
        var singles = [UInt64](repeating: 0, count: Int(used) * words)
        singles.withUnsafeMutableBufferPointer { bits in
            func mark(_ bytes: ArraySlice<UInt8>, _ place: Int) {
                let word = place >> 6
                let bit: UInt64 = 1 << UInt64(place & 63)
                for byte in bytes { bits[Int(slots[Int(byte)]) * words + word] |= bit }
            }
            var from = 0
            for place in 0..<ends.count {
                mark(text[from..<Int(ends[place])], place)
                from = Int(ends[place])
            }
            for (slot, place) in umlautPlaces.enumerated() {
                mark(umlautText[(slot == 0 ? 0 : Int(umlautEnds[slot - 1]))..<Int(umlautEnds[slot])], Int(place))
            }
        }
        return (singles, slots)
    }

    /// Runs `body` for each of `tasks`: side by side on the machine's cores when the index is
    /// of `sharedFrom` places or more, else one after another on this thread. For a few hundred
    /// names (a store window's nearest part, the built-in places) other threads cost more than
    /// they save, and on a busy machine the build would wait for them to be scheduled.
    private static func perform(_ tasks: Int, places: Int, _ body: @Sendable (Int) -> Void) {
        if places >= sharedFrom {
            DispatchQueue.concurrentPerform(iterations: tasks, execute: body)
        } else {
            for task in 0..<tasks { body(task) }
        }
    }

    /// The fewest places whose index is built on several threads.
    static let sharedFrom = 4_096

    private final class Singles: @unchecked Sendable {
        var made: ([UInt64], [Int32]) = ([], [])
        var quads: ([UInt64], UInt32) = ([], 0)
    }

    /// Per key, side by side so that one cache line serves a gram: the last place counted, the
    /// list's size in bytes (then its write position), and its length.
    private struct KeyState {
        var last: Int32 = -1
        var bytes: UInt32 = 0
        var count: UInt32 = 0
        /// A triple's key: the one triple counted into it (packed, plus one), 0 before any,
        /// `mixedGrams` once two different triples share it.
        var gram: UInt32 = 0
    }

    /// `KeyState.gram` of a bucket two different triples share.
    static let mixedGrams = UInt32.max

    /// The folded names of a range of places.
    private struct Folded {
        var text: [UInt8] = []
        var ends: [UInt32] = []
        var umlautPlaces: [Int32] = []
        var umlautText: [UInt8] = []
        var umlautEnds: [UInt32] = []
    }

    /// What the tasks of the first step make, each in its own property.
    private final class Build: @unchecked Sendable {
        var first = Folded()
        var second = Folded()
        var kinds: ([String: UInt32], [String], [UInt32]) = ([:], [], [])
    }

    /// The build's tables, handed to the two workers, which touch disjoint keys.
    private struct Shared: @unchecked Sendable { let state: UnsafeMutableBufferPointer<KeyState> }
    private struct Output: @unchecked Sendable { let out: UnsafeMutableBufferPointer<UInt8> }

    @inline(__always)
    private static func varintSize(_ value: UInt32) -> Int {
        value < 0x80 ? 1 : value < 0x4000 ? 2 : value < 0x20_0000 ? 3 : value < 0x1000_0000 ? 4 : 5
    }

    /// Calls `body` with every pair's key (or every triple's) of every place, places in
    /// ascending order.
    private static func forEachGram(
        text: [UInt8], ends: [UInt32], umlautPlaces: [Int32], umlautText: [UInt8], umlautEnds: [UInt32],
        triples: Bool, shift: UInt32, _ body: (Int, Int32, UInt32) -> Void
    ) {
        if triples {
            forEachGram(
                text: text, ends: ends, umlautPlaces: umlautPlaces, umlautText: umlautText, umlautEnds: umlautEnds,
                shift: shift
            ) { bytes, start, end, place in
                var i = start
                while i + 2 < end {
                    let packed = packedTriple(bytes[i], bytes[i + 1], bytes[i + 2])
                    body(tripleKey(packed: packed, shift: shift), place, packed)
                    i += 1
                }
            }
        } else {
            forEachGram(
                text: text, ends: ends, umlautPlaces: umlautPlaces, umlautText: umlautText, umlautEnds: umlautEnds,
                shift: shift
            ) { bytes, start, end, place in
                var i = start
                while i + 1 < end {
                    body(pairBase + (Int(bytes[i]) << 8 | Int(bytes[i + 1])), place, 0)
                    i += 1
                }
            }
        }
    }

    /// Calls `body` with the folded text of every place (and its umlaut form after it, if it
    /// has one), places in ascending order.
    @inline(__always)
    private static func forEachGram(
        text: [UInt8], ends: [UInt32], umlautPlaces: [Int32], umlautText: [UInt8], umlautEnds: [UInt32],
        shift: UInt32, _ body: (UnsafeBufferPointer<UInt8>, Int, Int, Int32) -> Void
    ) {
        var nextUmlaut = 0
        text.withUnsafeBufferPointer { text in
            umlautText.withUnsafeBufferPointer { umlautText in
                ends.withUnsafeBufferPointer { ends in
                    var start = 0
                    for place in 0..<ends.count {
                        let end = Int(ends[place])
                        body(text, start, end, Int32(place))
                        if nextUmlaut < umlautPlaces.count && umlautPlaces[nextUmlaut] == Int32(place) {
                            let from = nextUmlaut == 0 ? 0 : Int(umlautEnds[nextUmlaut - 1])
                            body(umlautText, from, Int(umlautEnds[nextUmlaut]), Int32(place))
                            nextUmlaut += 1
                        }
                        start = end
                    }
                }
            }
        }
    }
}
