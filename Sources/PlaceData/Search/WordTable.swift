/// The distinct words of a build, numbered in the order met: their bytes end to end and a
/// table of their numbers keyed by a hash of the bytes (open addressing), where a dictionary
/// of half a million strings took 20 MB and its strings as much again.
struct WordTable {
    private var bytes: [UInt8] = []
    private var ends: [UInt32] = []
    private var slots: [UInt32]
    private var mask: Int

    init(capacity: Int) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = [UInt32](repeating: 0, count: size)
        mask = size - 1
    }

    /// How many words it holds.
    var count: Int { ends.count }

    /// The bytes of word `number`.
    func word(_ number: Int) -> ArraySlice<UInt8> {
        bytes[(number == 0 ? 0 : Int(ends[number - 1]))..<Int(ends[number])]
    }

    private static func hash(_ word: ArraySlice<UInt8>) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in word { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return Int(truncatingIfNeeded: hash ^ hash >> 29)
    }

    /// The number of `word`, given it now if it is new.
    mutating func number(of word: ArraySlice<UInt8>) -> UInt32 {
        if ends.count * 2 >= slots.count { grow() }
        var slot = Self.hash(word) & mask
        while true {
            let entry = slots[slot]
            if entry == 0 {
                bytes.append(contentsOf: word)
                ends.append(UInt32(bytes.count))
                slots[slot] = UInt32(ends.count)
                return UInt32(ends.count - 1)
            }
            if self.word(Int(entry - 1)).elementsEqual(word) { return entry - 1 }
            slot = (slot + 1) & mask
        }
    }

    private mutating func grow() {
        slots = [UInt32](repeating: 0, count: slots.count * 2)
        mask = slots.count - 1
        for number in ends.indices {
            var slot = Self.hash(word(number)) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = UInt32(number + 1)
        }
    }

    /// The words, as strings, in the order met.
    func strings() -> [String] { ends.indices.map { String(decoding: word($0), as: UTF8.self) } }

    /// Calls `body` with each word of a folded form, in order, split as
    /// `TextFolding.queryWords` splits: at spaces and tabs, character by character.
    static func forEachWord(in form: ArraySlice<UInt8>, _ body: (ArraySlice<UInt8>) -> Void) {
        if form.allSatisfy({ $0 < 0x80 }) {
            // Folded ASCII holds no tab: the fold makes it a space.
            for word in form.split(separator: 0x20) { body(word) }
            return
        }
        // A mark after a space makes one character of both, which does not split.
        let string = String(decoding: form, as: UTF8.self)
        for word in string.split(whereSeparator: { $0 == " " || $0 == "\t" }) { body(ArraySlice(word.utf8)) }
    }

    /// Whether word `a` sorts before word `b` as strings do (String's `<`): two ASCII words
    /// compared as bytes, which is the same order, any other pair as strings.
    func precedes(_ a: Int, _ b: Int) -> Bool {
        Self.precedes(word(a), word(b)) ?? false
    }

    /// Whether `a` sorts before `b` as strings do, or nil when they are equal as strings.
    static func precedes(_ a: ArraySlice<UInt8>, _ b: ArraySlice<UInt8>) -> Bool? {
        if a.allSatisfy({ $0 < 0x80 }) && b.allSatisfy({ $0 < 0x80 }) {
            if a.elementsEqual(b) { return nil }
            return a.lexicographicallyPrecedes(b)
        }
        let first = String(decoding: a, as: UTF8.self)
        let second = String(decoding: b, as: UTF8.self)
        return first == second ? nil : first < second
    }
}
