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
        // The distinct names, each numbered by its first place.
        var numbers: [String: UInt32] = [:]
        var distinct: [String] = []
        var firstNumber: [UInt32] = []
        firstNumber.reserveCapacity(places.count)
        for place in places {
            if let number = numbers[place.name] {
                firstNumber.append(number)
            } else {
                let number = UInt32(distinct.count)
                numbers[place.name] = number
                distinct.append(place.name)
                firstNumber.append(number)
            }
        }
        numbers = [:]
        // Tab's order: folded, then as written.
        let folded = distinct.map(TextFolding.fold)
        let order = distinct.indices.sorted {
            folded[$0] != folded[$1] ? folded[$0] < folded[$1] : distinct[$0] < distinct[$1]
        }
        var rank = [UInt32](repeating: 0, count: distinct.count)
        for (position, number) in order.enumerated() { rank[number] = UInt32(position) }
        names = order.map { distinct[$0] }
        nameOfPlace = firstNumber.map { rank[Int($0)] }

        // Each name's words, numbered in the order first met, then renumbered in sorted order.
        var wordNumbers: [String: UInt32] = [:]
        var metWords: [String] = []
        var nameWords: [UInt32] = []
        var nameWordEnds: [UInt32] = []
        nameWords.reserveCapacity(order.count * 3)
        nameWordEnds.reserveCapacity(order.count)
        for number in order {
            for word in folded[number].split(whereSeparator: { $0 == " " || $0 == "\t" }) {
                let word = String(word)
                if let known = wordNumbers[word] {
                    nameWords.append(known)
                } else {
                    let new = UInt32(metWords.count)
                    wordNumbers[word] = new
                    metWords.append(word)
                    nameWords.append(new)
                }
            }
            nameWordEnds.append(UInt32(nameWords.count))
        }
        wordNumbers = [:]
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
        var next = wordNameEnds.indices.map { $0 == 0 ? 0 : Int(wordNameEnds[$0 - 1]) }
        lastName = [Int32](repeating: -1, count: words.count)
        start = 0
        for (name, end) in nameWordEnds.enumerated() {
            for word in nameWords[start..<Int(end)] where lastName[Int(word)] != Int32(name) {
                lastName[Int(word)] = Int32(name)
                wordNames[next[Int(word)]] = UInt32(name)
                next[Int(word)] += 1
            }
            start = Int(end)
        }
        self.nameWords = nameWords
        self.nameWordEnds = nameWordEnds
        self.wordNames = wordNames
        self.wordNameEnds = wordNameEnds
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
