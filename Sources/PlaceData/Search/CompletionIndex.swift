import Foundation

/// The place names Tab completes to, indexed once per set of places, so that a Tab among a million
/// places looks up its words instead of sorting and splitting every name.
///
/// The rule is `Completion`'s: every typed word begins a word of the name, in the order typed,
/// case and accents ignored (the words are `TextFolding.queryWords`, and "begins" is
/// `Substring.hasPrefix`, character by character, exactly as the plain rule asks it). The
/// names come in Tab's order: each distinct name once (the first spelling the places hold of
/// names that are equal as strings), by its folded form, then as written.
///
/// Built once: the distinct names in that order, their distinct words sorted (String's `<`),
/// each name's words as word numbers, and each word's names, ascending. A typed word's words
/// are found by binary search (every word it begins sorts from the word itself to the word
/// followed by U+10FFFF), each checked with the rule; the names come from the postings of the
/// typed word whose words have the fewest, and each is checked for the other typed words in
/// order against its word numbers.
final class CompletionIndex: Sendable {
    /// The distinct names, in Tab's order.
    let names: [String]
    /// Each place's name, as its position in `names`.
    let nameOfPlace: [UInt32]
    /// The distinct words of the names (folded), sorted.
    let words: [String]
    /// The words of each name in order, as positions in `words`: name `n`'s are
    /// `nameWords[nameWordEnds[n - 1]..<nameWordEnds[n]]`.
    let nameWords: [UInt32]
    let nameWordEnds: [UInt32]
    /// The names holding each word, ascending, each once: word `w`'s are
    /// `wordNames[wordNameEnds[w - 1]..<wordNameEnds[w]]`.
    let wordNames: [UInt32]
    let wordNameEnds: [UInt32]

    init(_ places: [Place]) {
        // Built with little besides what it keeps: at a million places this build was the
        // session's peak of memory, its dictionaries of names and of words and their folded
        // strings some 60 MB above what the index keeps.
        let distinct = Self.distinctNames(places)
        // The folded names end to end: a byte buffer where an array of folded strings took
        // 16 bytes a name, and a heap string for each longer than 15 bytes.
        var foldedText: [UInt8] = []
        var foldedEnds: [UInt32] = []
        var foldedASCII: [Bool] = []
        foldedText.reserveCapacity(distinct.first.count * 16)
        foldedEnds.reserveCapacity(distinct.first.count)
        foldedASCII.reserveCapacity(distinct.first.count)
        for place in distinct.first {
            let start = foldedText.count
            TextFolding.append(places[Int(place)].name, to: &foldedText, joined: false, umlautsAsE: false)
            foldedEnds.append(UInt32(foldedText.count))
            foldedASCII.append(foldedText[start...].allSatisfy { $0 < 0x80 })
        }
        let folded = FoldedNames(text: foldedText, ends: foldedEnds, isASCII: foldedASCII)
        // Tab's order: folded, then as written.
        let order = distinct.first.indices.sorted { a, b in
            switch folded.compare(a, b) {
            case .some(let less): less
            case .none: places[Int(distinct.first[a])].name < places[Int(distinct.first[b])].name
            }
        }
        var rank = [UInt32](repeating: 0, count: order.count)
        for (position, number) in order.enumerated() { rank[number] = UInt32(position) }
        names = order.map { places[Int(distinct.first[$0])].name }
        nameOfPlace = distinct.ofPlace.map { rank[Int($0)] }
        rank = []

        // Each name's words, numbered in the order first met, then renumbered in sorted order.
        var met = WordTable(capacity: order.count / 2)
        var nameWords: [UInt32] = []
        var nameWordEnds: [UInt32] = []
        nameWords.reserveCapacity(folded.wordCount)
        nameWordEnds.reserveCapacity(order.count)
        for number in order {
            folded.forEachWord(of: number) { word in nameWords.append(met.number(of: word)) }
            nameWordEnds.append(UInt32(nameWords.count))
        }
        let metWords = met.strings()
        met = WordTable(capacity: 0)
        let sortedWords = metWords.indices.sorted { metWords[$0] < metWords[$1] }
        var wordRank = [UInt32](repeating: 0, count: metWords.count)
        for (position, number) in sortedWords.enumerated() { wordRank[number] = UInt32(position) }
        for position in nameWords.indices { nameWords[position] = wordRank[Int(nameWords[position])] }
        words = sortedWords.map { metWords[$0] }

        // Each word's names: counted, then written, ascending because the names are taken in order.
        var counts = [UInt32](repeating: 0, count: words.count)
        var lastName = [Int32](repeating: -1, count: words.count)
        var start = 0
        for (name, end) in nameWordEnds.enumerated() {
            for word in nameWords[start..<Int(end)] where lastName[Int(word)] != Int32(name) {
                lastName[Int(word)] = Int32(name)
                counts[Int(word)] += 1
            }
            start = Int(end)
        }
        var wordNameEnds = [UInt32](repeating: 0, count: words.count)
        var total: UInt32 = 0
        for word in counts.indices {
            total += counts[word]
            wordNameEnds[word] = total
        }
        var wordNames = [UInt32](repeating: 0, count: Int(total))
        // Where each word's next name goes: its list's start, kept in `counts`.
        for word in counts.indices { counts[word] = word == 0 ? 0 : wordNameEnds[word - 1] }
        lastName = [Int32](repeating: -1, count: words.count)
        start = 0
        for (name, end) in nameWordEnds.enumerated() {
            for word in nameWords[start..<Int(end)] where lastName[Int(word)] != Int32(name) {
                lastName[Int(word)] = Int32(name)
                wordNames[Int(counts[Int(word)])] = UInt32(name)
                counts[Int(word)] += 1
            }
            start = Int(end)
        }
        self.nameWords = nameWords
        self.nameWordEnds = nameWordEnds
        self.wordNames = wordNames
        self.wordNameEnds = wordNameEnds
    }

    /// The distinct names (equal as strings), each as its first place, and each place's name
    /// as its position among them: through a table of name numbers keyed by the name's hash
    /// (open addressing, 4 bytes a slot), where a dictionary of a million strings took 20 MB,
    /// and twice that while it grew.
    private static func distinctNames(_ places: [Place]) -> (first: [UInt32], ofPlace: [UInt32]) {
        var size = 16
        while size < places.count * 2 { size <<= 1 }
        let mask = size - 1
        var slots = [UInt32](repeating: 0, count: size)
        var first: [UInt32] = []
        var ofPlace = [UInt32](repeating: 0, count: places.count)
        for (index, place) in places.enumerated() {
            var slot = place.name.hashValue & mask
            while true {
                let entry = slots[slot]
                if entry == 0 {
                    slots[slot] = UInt32(first.count + 1)
                    ofPlace[index] = UInt32(first.count)
                    first.append(UInt32(index))
                    break
                }
                if places[Int(first[Int(entry - 1)])].name == place.name {
                    ofPlace[index] = entry - 1
                    break
                }
                slot = (slot + 1) & mask
            }
        }
        return (first, ofPlace)
    }

    /// The words of the names that `typed` begins (the rule's `hasPrefix`), as the range of
    /// `words` they sort in and, for each word of that range, whether it is one.
    struct Begun {
        let range: Range<Int>
        let flags: [Bool]

        @inline(__always)
        func contains(_ word: UInt32) -> Bool {
            let word = Int(word)
            return word >= range.lowerBound && word < range.upperBound && flags[word - range.lowerBound]
        }
    }

    func begun(by typed: Substring) -> Begun {
        let low = lowerBound(String(typed))
        let high = lowerBound(String(typed) + "\u{10FFFF}")
        let range = low..<max(low, high)
        return Begun(range: range, flags: range.map { words[$0][...].hasPrefix(typed) })
    }

    /// The first word not sorted before `key`.
    private func lowerBound(_ key: String) -> Int {
        var low = 0
        var high = words.count
        while low < high {
            let middle = (low + high) / 2
            if words[middle] < key { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Where word `word`'s names are in `wordNames`.
    @inline(__always)
    private func postings(_ word: Int) -> Range<Int> {
        (word == 0 ? 0 : Int(wordNameEnds[word - 1]))..<Int(wordNameEnds[word])
    }

    /// Whether each typed word, in order, begins a later word of name `name`.
    @inline(__always)
    private func wordsBegin(_ typed: [Begun], name: Int) -> Bool {
        var position = name == 0 ? 0 : Int(nameWordEnds[name - 1])
        let end = Int(nameWordEnds[name])
        for begun in typed {
            while position < end && !begun.contains(nameWords[position]) { position += 1 }
            if position == end { return false }
            position += 1
        }
        return true
    }

    /// The names that `typed` completes to, among the names of the places `among` (catalog
    /// indices) when given.
    func matches(_ typed: String, among places: [Int32]? = nil) -> NameMatches {
        let wordCount = (names.count + 63) / 64
        var allowed: [UInt64]?
        var allowedCount = 0
        if let places {
            var bits = [UInt64](repeating: 0, count: wordCount)
            for place in places {
                let name = Int(nameOfPlace[Int(place)])
                if bits[name >> 6] & (1 << (name & 63)) == 0 {
                    bits[name >> 6] |= 1 << (name & 63)
                    allowedCount += 1
                }
            }
            allowed = bits
        }
        let typedWords = TextFolding.queryWords(typed)
        if typedWords.isEmpty {
            if let allowed { return NameMatches(names: names, bits: allowed, count: allowedCount) }
            var bits = [UInt64](repeating: ~0, count: wordCount)
            if names.count % 64 != 0 { bits[wordCount - 1] = (1 << (names.count % 64)) - 1 }
            return NameMatches(names: names, bits: bits, count: names.count)
        }
        let begun = typedWords.map(begun(by:))
        // The typed word whose words have the fewest names gives the names to check.
        let sizes = begun.map { begun in
            begun.range.indices.reduce(0) { $0 + (begun.flags[$1 - begun.range.lowerBound] ? postings($1).count : 0) }
        }
        let leading = sizes.indices.min { sizes[$0] < sizes[$1] }!
        var bits = [UInt64](repeating: 0, count: wordCount)
        var count = 0
        if let allowed, allowedCount < sizes[leading] {
            // Fewer names shown than the postings hold: each shown name is checked.
            for (index, word) in allowed.enumerated() where word != 0 {
                var rest = word
                while rest != 0 {
                    let name = index << 6 | rest.trailingZeroBitCount
                    rest &= rest - 1
                    if wordsBegin(begun, name: name) {
                        bits[name >> 6] |= 1 << (name & 63)
                        count += 1
                    }
                }
            }
            return NameMatches(names: names, bits: bits, count: count)
        }
        var seen = [UInt64](repeating: 0, count: wordCount)
        let checksAll = begun.count > 1
        let lead = begun[leading]
        for word in lead.range where lead.flags[word - lead.range.lowerBound] {
            for posting in wordNames[postings(word)] {
                let name = Int(posting)
                let bit: UInt64 = 1 << (name & 63)
                if seen[name >> 6] & bit != 0 { continue }
                seen[name >> 6] |= bit
                if let allowed, allowed[name >> 6] & bit == 0 { continue }
                if checksAll && !wordsBegin(begun, name: name) { continue }
                bits[name >> 6] |= bit
                count += 1
            }
        }
        return NameMatches(names: names, bits: bits, count: count)
    }

    /// Whether `name` is one of the names (equal as strings), by binary search in Tab's order.
    func position(of name: String) -> Int? {
        let folded = TextFolding.fold(name)
        var low = 0
        var high = names.count
        while low < high {
            let middle = (low + high) / 2
            let probe = names[middle]
            let probeFolded = TextFolding.fold(probe)
            if probeFolded != folded ? probeFolded < folded : probe < name { low = middle + 1 } else { high = middle }
        }
        return low < names.count && names[low] == name ? low : nil
    }
}

/// The names a Tab completes to, in Tab's order, found but not yet read: a Tab among a million
/// names reads the first few and counts the rest.
package struct NameMatches: Sequence, Sendable {
    fileprivate let names: [String]
    /// Which names match, a bit each, in Tab's order.
    fileprivate let bits: [UInt64]
    /// How many match.
    package let count: Int

    /// Whether `name` is one of them.
    package func contains(_ name: String, in places: Places) -> Bool {
        guard let position = places.completionIndex.position(of: name) else { return false }
        return bits[position >> 6] & (1 << (position & 63)) != 0
    }

    package struct Iterator: IteratorProtocol {
        fileprivate let matches: NameMatches
        fileprivate var word = 0
        fileprivate var rest: UInt64 = 0

        package mutating func next() -> String? {
            while rest == 0 {
                guard word < matches.bits.count else { return nil }
                rest = matches.bits[word]
                word += 1
            }
            let position = (word - 1) << 6 | rest.trailingZeroBitCount
            rest &= rest - 1
            return matches.names[position]
        }
    }

    package func makeIterator() -> Iterator { Iterator(matches: self) }
    package var underestimatedCount: Int { count }
}

/// The completion index of one set of places, built once: by `prepareSpelling` on the shell's thread
/// once the places load, or by the first Tab, which waits for a build under way.
final class CompletionCache: @unchecked Sendable {
    /// Nil until built. Guarded by `lock` (a pthread mutex, which ThreadSanitizer sees, as
    /// `Spelling`'s is).
    private var built: CompletionIndex?
    private let lock = NSLock()

    func index(of places: [Place]) -> CompletionIndex {
        lock.withLock {
            if let built { return built }
            let index = CompletionIndex(places)
            built = index
            return index
        }
    }
}

extension Places {
    /// The completion index, built on first use.
    var completionIndex: CompletionIndex { completion.index(of: all) }

    /// Builds the completion index now, so that the first Tab need not.
    public func prepareCompletion() {
        _ = completionIndex
    }

    /// The distinct place names that `typed` completes to (every typed word begins a word of
    /// the name, in order, case and accents ignored), in Tab's order: by folded name, then as
    /// written. With `among` (indices into the places), only the names of those places.
    package func completionNames(_ typed: String, among places: [Int32]? = nil) -> NameMatches {
        completionIndex.matches(typed, among: places)
    }
}

/// The folded names of a build, end to end in one buffer.
private struct FoldedNames {
    let text: [UInt8]
    let ends: [UInt32]
    /// Whether each name's folded form is ASCII.
    let isASCII: [Bool]

    func bytes(_ name: Int) -> ArraySlice<UInt8> {
        text[(name == 0 ? 0 : Int(ends[name - 1]))..<Int(ends[name])]
    }

    /// Whether name `a`'s folded form sorts before `b`'s as strings do (String's `<`), or nil
    /// when they are equal as strings: two ASCII forms compared as bytes (memcmp), which is the
    /// same order; any other pair as strings.
    func compare(_ a: Int, _ b: Int) -> Bool? {
        guard isASCII[a] && isASCII[b] else { return WordTable.precedes(bytes(a), bytes(b)) }
        let (aStart, aEnd) = (a == 0 ? 0 : Int(ends[a - 1]), Int(ends[a]))
        let (bStart, bEnd) = (b == 0 ? 0 : Int(ends[b - 1]), Int(ends[b]))
        let (aCount, bCount) = (aEnd - aStart, bEnd - bStart)
        // A name whose fold is empty (quotes alone) has no bytes to compare.
        if min(aCount, bCount) > 0 {
            let order = text.withUnsafeBufferPointer { text in
                memcmp(text.baseAddress! + aStart, text.baseAddress! + bStart, min(aCount, bCount))
            }
            if order != 0 { return order < 0 }
        }
        return aCount == bCount ? nil : aCount < bCount
    }

    /// How many words the names hold at most: one more than their spaces, each.
    var wordCount: Int { text.reduce(ends.count) { $0 + ($1 == 0x20 ? 1 : 0) } }

    /// Calls `body` with each word of name `name`, in order: its folded form split as
    /// `TextFolding.queryWords` splits (at spaces and tabs, character by character).
    func forEachWord(of name: Int, _ body: (ArraySlice<UInt8>) -> Void) {
        WordTable.forEachWord(in: bytes(name), body)
    }
}
