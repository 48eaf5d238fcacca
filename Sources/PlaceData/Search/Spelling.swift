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
    /// The distinct folded words of every name and kind, by their length in bytes, most frequent
    /// first within a length; nil until needed. Guarded by `lock` (a pthread mutex, which
    /// ThreadSanitizer sees; `Synchronization.Mutex` is a futex it cannot).
    private var vocabulary: [Int: [[UInt8]]]?
    private let lock = NSLock()

    /// The words of the places' names and kinds (each folded) whose length is within `allowed`
    /// of `length`, a group for each length, gathered on the first call.
    func words(near length: Int, allowed: Int, of places: [Place]) -> [[[UInt8]]] {
        let byLength = lock.withLock {
            if let cached = vocabulary { return cached }
            // Counted as strings: a short word is stored inline, so counting a million names
            // allocates little. The kinds, few, are folded once each.
            var counts: [String: Int] = [:]
            var kindWords: [String: [String]] = [:]
            for place in places {
                for word in TextFolding.fold(place.name).split(separator: " ") where word.utf8.count >= 2 {
                    counts[String(word), default: 0] += 1
                }
                if kindWords[place.kind] == nil {
                    kindWords[place.kind] = TextFolding.fold(place.kind).split(separator: " ").map(String.init)
                }
            }
            for words in kindWords.values {
                for word in words where word.utf8.count >= 2 { counts[word, default: 0] += 1 }
            }
            let sorted = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            let grouped = Dictionary(grouping: sorted.map { Array($0.key.utf8) }, by: \.count)
            vocabulary = grouped
            return grouped
        }
        return (length - allowed...length + allowed).compactMap { byLength[$0] }
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
            for (british, american) in pairs {
                if form.contains(british) { found.append(form.replacingAll(british, with: american)) }
                if form.contains(american) { found.append(form.replacingAll(american, with: british)) }
            }
        }
        var seen: Set<String> = [word]
        return found.filter { seen.insert($0).inserted }
    }

    /// British and American spellings that differ by a few letters.
    private static let pairs = [
        ("our", "or"), ("tre", "ter"), ("ise", "ize"), ("yse", "yze"), ("ogue", "og"), ("ll", "l"), ("ae", "e"),
    ]

    /// The word of `vocabulary` (groups by length, each most frequent first) nearest to `word`
    /// within the allowed distance; of words as near, the shorter, then the more frequent. Nil
    /// when none is near enough.
    static func nearest(to word: String, in vocabulary: [[[UInt8]]]) -> String? {
        let typed = Array(word.utf8)
        guard typed.count >= 3 else { return nil }
        let allowed = allowedDistance(word)
        var best: (word: [UInt8], distance: Int)?
        for group in vocabulary {
            for candidate in group where abs(candidate.count - typed.count) <= allowed {
                let limit = min(best?.distance ?? allowed + 1, allowed + 1) - 1
                guard limit >= 0, let distance = boundedDistance(typed, candidate, limit: limit) else { continue }
                // Of two words as near, the first found stays: shorter first, then more frequent.
                best = (candidate, distance)
                if distance == 0 { return String(decoding: candidate, as: UTF8.self) }
            }
        }
        return best.map { String(decoding: $0.word, as: UTF8.self) }
    }

    /// How many edits a word may be from what was meant: 1, or 2 from six letters.
    static func allowedDistance(_ word: String) -> Int { word.utf8.count >= 6 ? 2 : 1 }

    /// The edit distance of `a` and `b` (insertions, deletions, substitutions and swaps of two
    /// neighbours), or nil when it is over `limit`: rows stop as soon as all exceed it.
    static func boundedDistance(_ a: [UInt8], _ b: [UInt8], limit: Int) -> Int? {
        if abs(a.count - b.count) > limit { return nil }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
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
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count] <= limit ? previous[b.count] : nil
    }
}

extension String {
    fileprivate func replacingAll(_ target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}

extension PlaceCatalog {
    /// Gathers the words of the names now, so that the first search that finds nothing need
    /// not: the shell calls it on a thread of its own once the places are loaded. A search
    /// that needs them meanwhile waits for the rest.
    public func prepareSpelling() {
        _ = spelling.words(near: 0, allowed: 0, of: places)
    }

    /// A query spelled like `query` that finds places when `query` finds none: each word that
    /// finds nothing alone replaced by its singular, its other spelling, or the nearest word of
    /// the names. Nil when `query` finds something, or when no spelling near it does.
    public func correctedQuery(_ query: String, kind: String? = nil) -> String? {
        guard matchSet(query: query, kind: kind).isEmpty else { return nil }
        let words = TextFolding.queryWords(query).map(String.init)
        guard !words.isEmpty else { return nil }
        var corrected: [String] = []
        var changed = false
        for word in words {
            if !matchSet(query: word, kind: kind).isEmpty {
                corrected.append(word)
                continue
            }
            var replacement = Spelling.variants(of: word).first { !matchSet(query: $0, kind: kind).isEmpty }
            if replacement == nil {
                let vocabulary = spelling.words(
                    near: word.utf8.count, allowed: Spelling.allowedDistance(word), of: places)
                replacement = Spelling.nearest(to: word, in: vocabulary).flatMap {
                    matchSet(query: $0, kind: kind).isEmpty ? nil : $0
                }
            }
            guard let replacement else { return nil }
            corrected.append(replacement)
            changed = true
        }
        let result = corrected.joined(separator: " ")
        guard changed, !matchSet(query: result, kind: kind).isEmpty else { return nil }
        return result
    }
}
