/// The one rule for "Did you mean …?": which known word a person most likely meant by a word
/// that names nothing. Commands, settings, options and catalog keys all ask it, so that a slip
/// is forgiven the same way everywhere.
///
/// A word of two letters or more that begins a known word means that word (`sel` is `select`);
/// otherwise the known word nearest in edit distance, when at most a third of the typed letters
/// (and at least one) would have to change. Anything further is not suggested: a wrong guess
/// misleads a listener more than none.
public enum DidYouMean {
    /// The candidate `typed` most likely meant, or nil. `names` gives each candidate's words,
    /// already folded as `typed` is; the first candidate wins a tie.
    public static func nearest<Candidate>(
        to typed: String, among candidates: [Candidate], names: (Candidate) -> [String]
    ) -> Candidate? {
        guard !typed.isEmpty else { return nil }
        if typed.count >= 2, let prefixed = candidates.first(where: { names($0).contains { $0.hasPrefix(typed) } }) {
            return prefixed
        }
        var best: (candidate: Candidate, distance: Int)?
        for candidate in candidates {
            guard let distance = names(candidate).map({ editDistance(typed, $0) }).min() else { continue }
            if distance < best?.distance ?? .max { best = (candidate, distance) }
        }
        guard let best, isNear(best.distance, typedLength: typed.count) else { return nil }
        return best.candidate
    }

    /// The word of `words` that `typed` most likely meant, or nil.
    public static func nearest(to typed: String, among words: [String]) -> String? {
        nearest(to: typed, among: words) { [$0] }
    }

    /// Whether a word `distance` edits away from one of `typedLength` letters is near enough.
    static func isNear(_ distance: Int, typedLength: Int) -> Bool {
        distance <= max(1, typedLength / 3)
    }
}

/// The edit distance between two short strings: how many letters to insert, delete, change or
/// swap with the next (optimal string alignment), so that "hlep" is one slip from "help".
public func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
    var beforePrevious = Array(0...b.count)
    var previous = beforePrevious
    var current = previous
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                current[j] = min(current[j], beforePrevious[j - 2] + 1)
            }
        }
        (beforePrevious, previous, current) = (previous, current, beforePrevious)
    }
    return previous[b.count]
}
