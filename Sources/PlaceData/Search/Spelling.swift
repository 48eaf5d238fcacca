import Foundation

/// Forgiving search: when the seed's rule finds nothing, the nearest spelling that does.
///
/// Each word of the query that finds nothing alone is tried, in order, as its singular
/// ("bakerys", "museums"), in its British or American spelling ("harbour", "centre", "organise"),
/// and then against the words of every name and kind within an edit distance of 1 (2 from six
/// letters). The exact rule is never changed: this runs only when it found nothing.
///
/// The words of the names are gathered once: the program asks for them on a thread of its own
/// once the places load (`prepareSpelling`), and a search that needs them sooner waits for them.
final class Spelling: @unchecked Sendable {
    /// The distinct folded words of every name and kind of one length, most frequent first, end
    /// to end in one buffer: a million names have about a million words, a few megabytes this
    /// way where an array a word took some fifty bytes each.
    struct Words: Sendable {
        let length: Int
        let bytes: [UInt8]
        var count: Int { bytes.count / length }
    }

    /// The words by their length in bytes, and the index of the words within one edit of a
    /// typed one.
    struct Vocabulary: Sendable {
        let byLength: [Int: Words]
        let oneEdit: OneEditIndex

        /// The words whose length is within `allowed` of `length`, a group for each length,
        /// shortest first.
        func groups(near length: Int, allowed: Int) -> [Words] {
            (length - allowed...length + allowed).compactMap { byLength[$0] }
        }
    }

    /// Nil until needed. Guarded by `lock` (a pthread mutex, which ThreadSanitizer sees;
    /// `Synchronization.Mutex` is a futex it cannot).
    private var gathered: Vocabulary?
    private let lock = NSLock()

    /// The words of the places' names and kinds (each folded), gathered on the first call.
    func vocabulary(of places: [Place]) -> Vocabulary {
        lock.withLock {
            if let gathered { return gathered }
            let byLength = Self.gather(places)
            let vocabulary = Vocabulary(byLength: byLength, oneEdit: OneEditIndex(byLength))
            gathered = vocabulary
            return vocabulary
        }
    }

    /// The words whose length is within `allowed` of `length`, a group for each length.
    func words(near length: Int, allowed: Int, of places: [Place]) -> [Words] {
        vocabulary(of: places).groups(near: length, allowed: allowed)
    }

    /// The word of the names and kinds nearest to `word` within the allowed distance, as
    /// `nearest(to:in:)` finds it: within one edit from the index, and only when none is that
    /// near (and the word has six letters or more) by reading the words of nearby lengths.
    func nearest(to word: String, of places: [Place]) -> String? {
        let typed = Array(word.utf8)
        guard typed.count >= 3 else { return nil }
        let vocabulary = vocabulary(of: places)
        if let near = vocabulary.oneEdit.nearest(to: typed, in: vocabulary.byLength) {
            return String(decoding: near.word, as: UTF8.self)
        }
        let allowed = Self.allowedDistance(word)
        guard allowed > 1 else { return nil }
        return Self.nearest(to: word, in: vocabulary.groups(near: typed.count, allowed: allowed))
    }

    static func gather(_ places: [Place]) -> [Int: Words] {
        // Counted by number in a table of the words' bytes (`WordTable`): a dictionary of half a
        // million strings took some 40 MB while it was built, and the session's peak of memory
        // is while the words are gathered. The kinds, few, are folded once each.
        var table = WordTable(capacity: places.count / 2)
        var counts: [UInt32] = []
        func count(_ word: ArraySlice<UInt8>) {
            guard word.count >= 2 else { return }
            let number = Int(table.number(of: word))
            if number == counts.count { counts.append(0) }
            counts[number] += 1
        }
        var folded: [UInt8] = []
        var kinds: Set<String> = []
        for place in places {
            folded.removeAll(keepingCapacity: true)
            TextFolding.append(place.name, to: &folded, joined: false, umlautsAsE: false)
            WordTable.forEachWord(in: folded[...], count)
            kinds.insert(place.kind)
        }
        for kind in kinds {
            folded.removeAll(keepingCapacity: true)
            TextFolding.append(kind, to: &folded, joined: false, umlautsAsE: false)
            WordTable.forEachWord(in: folded[...], count)
        }
        // A length at a time, most frequent first, then alphabetical.
        let order = counts.indices.sorted { a, b in
            let (first, second) = (table.word(a), table.word(b))
            if first.count != second.count { return first.count < second.count }
            if counts[a] != counts[b] { return counts[a] > counts[b] }
            return WordTable.precedes(first, second) ?? false
        }
        var vocabulary: [Int: Words] = [:]
        var start = 0
        while start < order.count {
            let length = table.word(order[start]).count
            var end = start
            while end < order.count && table.word(order[end]).count == length { end += 1 }
            var bytes: [UInt8] = []
            bytes.reserveCapacity(length * (end - start))
            for number in order[start..<end] { bytes.append(contentsOf: table.word(number)) }
            vocabulary[length] = Words(length: length, bytes: bytes)
            start = end
        }
        return vocabulary
    }

    /// The spellings of `word` worth trying before the edit distance: its singular, and its
    /// British or American spelling (of the word and of its singular), in that order.
    static func variants(of word: String) -> [String] {
        var singulars: [String] = []
        if word.hasSuffix("ies"), word.count > 4 { singulars.append(String(word.dropLast(3)) + "y") }
        if word.hasSuffix("es"), word.count > 4 { singulars.append(String(word.dropLast(2))) }
        if word.hasSuffix("s"), !word.hasSuffix("ss"), word.count > 3 { singulars.append(String(word.dropLast())) }
        var found: [String] = singulars
        for form in [word] + singulars {
            let bytes = Array(form.utf8)
            for (british, american) in pairs {
                if SearchIndex.contains(bytes, british.bytes) {
                    found.append(form.replacingAll(british.text, with: american.text))
                }
                if SearchIndex.contains(bytes, american.bytes) {
                    found.append(form.replacingAll(american.text, with: british.text))
                }
            }
        }
        var seen: Set<String> = [word]
        return found.filter { seen.insert($0).inserted }
    }

    /// British and American spellings that differ by a few letters.
    private static let pairs = [
        ("our", "or"), ("tre", "ter"), ("ise", "ize"), ("yse", "yze"), ("ogue", "og"), ("ll", "l"), ("ae", "e"),
    ].map { (british: Spelled($0), american: Spelled($1)) }

    /// A spelling, and its bytes to look for: each looked for in every misspelt word.
    private struct Spelled {
        let text: String
        let bytes: [UInt8]
        init(_ text: String) {
            self.text = text
            bytes = Array(text.utf8)
        }
    }

    /// The word of `vocabulary` (groups by length, each most frequent first) nearest to `word`
    /// within the allowed distance; of words as near, the shorter, then the more frequent. Nil
    /// when none is near enough.
    static func nearest(to word: String, in vocabulary: [Words]) -> String? {
        let typed = Array(word.utf8)
        guard typed.count >= 3 else { return nil }
        let allowed = allowedDistance(word)
        var rows = DistanceRows(width: typed.count + allowed + 1)
        var best: (word: [UInt8], distance: Int)?
        for group in vocabulary where abs(group.length - typed.count) <= allowed {
            group.bytes.withUnsafeBufferPointer { bytes in
                for start in stride(from: 0, to: bytes.count, by: group.length) {
                    let limit = min(best?.distance ?? allowed + 1, allowed + 1) - 1
                    guard limit >= 0 else { return }
                    let candidate = UnsafeBufferPointer(rebasing: bytes[start..<start + group.length])
                    guard let distance = typed.withUnsafeBufferPointer({ rows.distance($0, candidate, limit: limit) })
                    else { continue }
                    // Of two words as near, the first found stays: shorter first, then more frequent.
                    best = (Array(candidate), distance)
                }
            }
            if best?.distance == 0 { break }
        }
        return best.map { String(decoding: $0.word, as: UTF8.self) }
    }

    /// How many edits a word may be from what was meant: 1, or 2 from six letters.
    static func allowedDistance(_ word: String) -> Int { word.utf8.count >= 6 ? 2 : 1 }

    /// The edit distance of `a` and `b` (insertions, deletions, substitutions and swaps of two
    /// neighbours), or nil when it is over `limit`: rows stop as soon as all exceed it.
    static func boundedDistance(_ a: [UInt8], _ b: [UInt8], limit: Int) -> Int? {
        var rows = DistanceRows(width: b.count + 1)
        return a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in rows.distance(a, b, limit: limit) }
        }
    }

    /// The three rows of the edit distance, allocated once for the many words a search tries.
    struct DistanceRows {
        private var before: [Int]
        private var previous: [Int]
        private var current: [Int]

        init(width: Int) {
            before = [Int](repeating: 0, count: width)
            previous = before
            current = before
        }

        mutating func distance(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, limit: Int) -> Int? {
            if abs(a.count - b.count) > limit { return nil }
            if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
            if previous.count < b.count + 1 { self = DistanceRows(width: b.count + 1) }
            for j in 0...b.count { previous[j] = j }
            for i in 1...a.count {
                current[0] = i
                var rowMinimum = i
                for j in 1...b.count {
                    var cost = min(
                        previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                    if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { cost = min(cost, before[j - 2] + 1) }
                    current[j] = cost
                    rowMinimum = min(rowMinimum, cost)
                }
                if rowMinimum > limit { return nil }
                swap(&before, &previous)
                swap(&previous, &current)
            }
            return previous[b.count] <= limit ? previous[b.count] : nil
        }
    }
}

extension String {
    /// The string with every run of `target` replaced, from the left. An ASCII string is
    /// rewritten as bytes (the split by a string separator, character by character, was a
    /// fifth of a misspelt word's answer); any other as characters, so that a mark after the
    /// run keeps it whole.
    fileprivate func replacingAll(_ target: String, with replacement: String) -> String {
        let bytes = Array(utf8)
        guard bytes.allSatisfy({ $0 < 0x80 }) else {
            return split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
        }
        let target = Array(target.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 8)
        var index = 0
        while index < bytes.count {
            if index + target.count <= bytes.count && bytes[index..<index + target.count].elementsEqual(target) {
                result.append(contentsOf: replacement.utf8)
                index += target.count
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: result, as: UTF8.self)
    }
}

extension Places {
    /// Gathers the words of the names now, so that the first search that finds nothing need
    /// not, and builds Tab's index of the names (`prepareCompletion`), so that the first Tab
    /// need not: the shell calls it on a thread of its own once the places are loaded. A
    /// search or a Tab that needs them meanwhile waits for the rest.
    public func prepareSpelling() {
        prepareWords()
        prepareCompletion()
    }

    /// Gathers the words of the names now (`prepareSpelling`'s first half).
    public func prepareWords() {
        _ = spelling.vocabulary(of: all)
    }

    /// A query spelled like `query` that finds places when `query` finds none: each word that
    /// finds nothing alone replaced by its singular, its other spelling, or the nearest word of
    /// the names. Nil when `query` finds something, or when no spelling near it does.
    public func correctedQuery(_ query: String, kind: String? = nil) -> String? {
        guard !finds(query, kind: kind) else { return nil }
        let words = TextFolding.queryWords(query).map(String.init)
        guard !words.isEmpty else { return nil }
        var corrected: [String] = []
        var changed = false
        for word in words {
            // A query of one word already folded was just found to find nothing.
            if !(words.count == 1 && word == query), finds(word, kind: kind) {
                corrected.append(word)
                continue
            }
            var replacement = Spelling.variants(of: word).first { finds($0, kind: kind) }
            if replacement == nil {
                replacement = spelling.nearest(to: word, of: all).flatMap { finds($0, kind: kind) ? $0 : nil }
            }
            guard let replacement else { return nil }
            corrected.append(replacement)
            changed = true
        }
        let result = corrected.joined(separator: " ")
        // A word alone was replaced by a spelling just found to find places.
        if changed && (words.count == 1 || finds(result, kind: kind)) { return result }
        return correctedAcrossWords(corrected, kind: kind)
    }

    /// Each word finds places alone, but not all together ("blue dor": "dor" is in other
    /// names than Blue Door's): one word replaced by the nearest word of the names the others
    /// find, when that finds places. Nil when no such word is near enough.
    private func correctedAcrossWords(_ words: [String], kind: String?) -> String? {
        guard words.count > 1 else { return nil }
        for (position, word) in words.enumerated() where word.utf8.count >= 3 {
            var others = words
            others.remove(at: position)
            let found = matchSet(query: others.joined(separator: " "), kind: kind)
            guard !found.isEmpty, found.count <= Self.namesToSpellAcross else { continue }
            let typed = Array(word.utf8)
            let allowed = Spelling.allowedDistance(word)
            var best: (word: String, distance: Int)?
            for place in found.members {
                for candidate in TextFolding.queryWords(all[Int(place)].name) where candidate != word {
                    guard
                        let distance = Spelling.boundedDistance(typed, Array(candidate.utf8), limit: allowed),
                        distance < best?.distance ?? Int.max
                    else { continue }
                    best = (String(candidate), distance)
                }
            }
            guard let best else { continue }
            var corrected = words
            corrected[position] = best.word
            let result = corrected.joined(separator: " ")
            if finds(result, kind: kind) { return result }
        }
        return nil
    }

    /// The most names whose words a misspelt word is compared with, across words: enough for
    /// the places near a user, few enough to be quick at a million.
    static let namesToSpellAcross = 5_000
}
