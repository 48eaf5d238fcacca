/// The queries of the search index: the places whose names or kinds hold every word of a query
/// (`SearchIndex.swift` builds what they read).
extension SearchIndex {
    /// The places whose name or kind matches every word of `query`, and whose kind is `kind`
    /// (or in its group, `KindGroup`) when one is given, as a set. The words are taken rarest
    /// first (`Word.bound`), each looked for among the places the words before it left, and
    /// the search ends when none is left: a keystroke that matches nothing ("cafe sao" at a
    /// million places) no longer gathers the tens of thousands of places its first word names.
    func matches(query: String, kind: String?) -> PlaceSet {
        var result: PlaceSet?
        if let kind {
            var members = PlaceSet(count: count)
            if let group = KindGroup(filterName: kind) {
                for (name, id) in kindIDs where group.contains(kind: name) { members.insert(kindMembers[Int(id)]) }
            } else if let id = kindIDs[kind] {
                members.insert(kindMembers[Int(id)])
            }
            result = members
        }
        let words = query.split(whereSeparator: { $0.isWhitespace }).compactMap(word)
        for word in words.sorted(by: { $0.bound < $1.bound }) {
            if let result, result.isEmpty { break }
            var found = PlaceSet(count: count)
            for form in word.forms {
                addNames(holding: form, within: result, to: &found)
            }
            for id in word.kinds { found.insert(kindMembers[id]) }
            if result == nil { result = found } else { result!.formIntersection(found) }
        }
        return result ?? PlaceSet(all: count)
    }

    /// Whether `matches(query: text, kind: nil)` of the one word `text` finds any place: its
    /// kinds' places, or the first name found holding one of its forms.
    func finds(word text: Substring) -> Bool {
        guard let word = word(text) else { return count > 0 }
        if word.kinds.contains(where: { !kindMembers[$0].isEmpty }) { return true }
        return word.forms.contains(where: namesHold)
    }

    /// The places `matches(query: text, kind: nil)` finds for the one word `text`, ascending,
    /// read straight from its names' lists when it has one form and no kind holds it; nil
    /// otherwise.
    func members(ofWord text: Substring) -> [Int32]? {
        guard let word = word(text), word.kinds.isEmpty, word.forms.count == 1 else { return nil }
        var found: [Int32] = []
        forEachName(holding: word.forms[0], within: nil) { place in
            found.append(place)
            return true
        }
        return found
    }

    /// Whether any name holds `form`. A name that does is most often among the first places
    /// of its rarest triple's list, so the first `placesCheckedFirst` are each checked as they
    /// are read; only when none holds it are the lists intersected (`forEachName`).
    private func namesHold(_ form: [UInt8]) -> Bool {
        guard quadsMayHold(form) else { return false }
        if form.count >= 3 {
            var checked = 0
            var found = false
            guard let (first, _) = rarestTriples(of: form) else { return false }
            decode(first) { place in
                found = name(of: Int(place), holds: form)
                checked += 1
                return !found && checked < Self.placesCheckedFirst
            }
            if found { return true }
            if checked < Self.placesCheckedFirst { return false }
        }
        var found = false
        forEachName(holding: form, within: nil) { _ in
            found = true
            return false
        }
        return found
    }

    /// How many places of a word's rarest list `finds` checks before it intersects the lists.
    static let placesCheckedFirst = 32

    /// A word of a query as the index looks for it: its search forms, the kinds that hold one,
    /// and at most how many places hold it (the shortest list of a form's grams, or every place
    /// for a form of one or two bytes, with the kinds' places).
    fileprivate struct Word {
        var forms: [[UInt8]]
        var kinds: [Int]
        var bound: Int
    }

    /// `text`'s forms (nil when folding leaves none), with the kinds that hold one of them.
    fileprivate func word(_ text: Substring) -> Word? {
        var forms = TextFolding.searchForms(String(text)).filter { !$0.isEmpty }
        if forms.isEmpty { return nil }
        // "Paper & Ink" is spoken "Paper and Ink", so a listener types "and" (or "y", "e").
        if Self.conjunctions.contains(forms[0]) { forms.append(Array("&".utf8)) }
        var kinds: [Int] = []
        var bound = 0
        for form in forms {
            for id in kindsHolding(form) where !kinds.contains(id) {
                kinds.append(id)
                bound += kindMembers[id].count
            }
            guard form.count >= 3 else {
                bound += count
                continue
            }
            bound += rarestTriples(of: form).map { Int(postingCounts[$0.first]) } ?? 0
        }
        return Word(forms: forms, kinds: kinds, bound: bound)
    }

    /// The words for "and" in the catalogs' languages (and German's and French's), which also
    /// find an ampersand: a synthesiser says "&" as the word.
    static let conjunctions: Set<[UInt8]> = Set(["and", "y", "e", "und", "et"].map { Array($0.utf8) })

    /// Adds the places whose name holds `form` (among `within`, when given) to `found`.
    fileprivate func addNames(holding form: [UInt8], within: PlaceSet?, to found: inout PlaceSet) {
        if form.count == 1 {
            if let bits = singleBits(form[0]) { found.formUnion(bits: bits) }
            return
        }
        forEachName(holding: form, within: within) { place in
            found.insert(place)
            return true
        }
    }

    /// Calls `body` with each place whose name holds `form` (among `within`, when given), in
    /// ascending order, until it returns false.
    fileprivate func forEachName(holding form: [UInt8], within: PlaceSet?, _ body: (Int32) -> Bool) {
        guard quadsMayHold(form) else { return }
        switch form.count {
        case 0:
            return
        case 1:
            guard let bitmap = singleBits(form[0]) else { return }
            for (offset, word) in bitmap.enumerated() {
                var bits = word
                while bits != 0 {
                    let place = Int32((offset << 6) | bits.trailingZeroBitCount)
                    bits &= bits - 1
                    if let within, !within.contains(place) { continue }
                    if !body(place) { return }
                }
            }
        case 2:
            decode(Self.pairBase + (Int(form[0]) << 8 | Int(form[1]))) { place in
                if let within, !within.contains(place) { return true }
                return body(place)
            }
        default:
            // The two shortest lists of the word's triples, intersected, then each candidate's
            // own text checked (triples share buckets, and a word is more than its triples).
            guard let (first, second) = rarestTriples(of: form) else { return }
            if form.count == 3, holdsAlone(first, form) {
                // The list is the answer: every place in it holds the word, in its name or its
                // umlaut form.
                decode(first) { place in
                    if let within, !within.contains(place) { return true }
                    return body(place)
                }
                return
            }
            var candidates: [Int32] = []
            candidates.reserveCapacity(Int(postingCounts[first]))
            decode(first) { place in
                if let within, !within.contains(place) { return true }
                candidates.append(place)
                return true
            }
            if let second {
                var kept: [Int32] = []
                kept.reserveCapacity(candidates.count)
                var position = 0
                decode(second) { place in
                    while position < candidates.count && candidates[position] < place { position += 1 }
                    if position < candidates.count && candidates[position] == place { kept.append(place) }
                    return position < candidates.count
                }
                candidates = kept
            }
            for place in candidates where name(of: Int(place), holds: form) {
                if !body(place) { return }
            }
        }
    }

    /// The bitmap of the places whose names hold `byte`, a bit a place; nil when none does.
    fileprivate func singleBits(_ byte: UInt8) -> ArraySlice<UInt64>? {
        let slot = Int(singleSlots[Int(byte)])
        guard slot >= 0 else { return nil }
        let words = (count + 63) / 64
        return singles[(slot * words)..<((slot + 1) * words)]
    }

    /// The keys of the two shortest lists of `form`'s triples (the second nil when it has one
    /// triple, or one list); nil when no name holds one of its triples, its bucket holding
    /// another triple alone, or none (`bucketTriples`): then no name holds the form, and no
    /// list need be read. `form` has three bytes or more.
    fileprivate func rarestTriples(of form: [UInt8]) -> (first: Int, second: Int?)? {
        var keys: [Int] = []
        for i in 0...(form.count - 3) {
            let packed = Self.packedTriple(form[i], form[i + 1], form[i + 2])
            let key = Self.tripleKey(packed: packed, shift: tripleShift)
            let gram = bucketTriples[key - Self.tripleBase]
            if gram != Self.mixedGrams && gram != packed &+ 1 { return nil }
            keys.append(key)
        }
        keys.sort { postingCounts[$0] < postingCounts[$1] }
        return (keys[0], keys.count > 1 && keys[1] != keys[0] ? keys[1] : nil)
    }

    /// Whether place `index`'s folded name, or its umlaut form, holds `form`.
    @inline(__always)
    fileprivate func name(of index: Int, holds form: [UInt8]) -> Bool {
        let start = index == 0 ? 0 : Int(ends[index - 1])
        let held = text.withUnsafeBufferPointer { Self.contains($0[start..<Int(ends[index])], form) }
        return held || umlautForm(of: index, holds: form)
    }

    /// Whether the triple's bucket `key` holds the three bytes of `form` and no other triple
    /// (`bucketTriples`).
    @inline(__always)
    fileprivate func holdsAlone(_ key: Int, _ form: [UInt8]) -> Bool {
        bucketTriples[key - Self.tripleBase] == Self.packedTriple(form[0], form[1], form[2]) &+ 1
    }

    /// Whether the umlaut form of place `index`'s name, if it has one, holds `form`.
    fileprivate func umlautForm(of index: Int, holds form: [UInt8]) -> Bool {
        guard umlautBits[index >> 6] & (1 << UInt64(index & 63)) != 0 else { return false }
        var low = 0
        var high = umlautPlaces.count
        while low < high {
            let middle = (low + high) / 2
            if umlautPlaces[middle] < Int32(index) { low = middle + 1 } else { high = middle }
        }
        guard low < umlautPlaces.count, umlautPlaces[low] == Int32(index) else { return false }
        let start = low == 0 ? 0 : Int(umlautEnds[low - 1])
        return Self.contains(umlautText[start..<Int(umlautEnds[low])], form)
    }

    /// Calls `body` with each place of `key`'s posting list, ascending, until it returns false.
    @inline(__always)
    fileprivate func decode(_ key: Int, _ body: (Int32) -> Bool) {
        let start = key == 0 ? 0 : Int(postingEnds[key - 1])
        let end = Int(postingEnds[key])
        postings.withUnsafeBufferPointer { bytes in
            var at = start
            var place: Int32 = -1
            while at < end {
                var gap: UInt32 = 0
                var shift: UInt32 = 0
                while true {
                    let byte = bytes[at]
                    at += 1
                    gap |= UInt32(byte & 0x7F) << shift
                    if byte < 0x80 { break }
                    shift += 7
                }
                place += Int32(gap)
                if !body(place) { return }
            }
        }
    }

    /// Whether `haystack` holds `needle` as a run of bytes.
    @inline(__always)
    static func contains<C: Collection<UInt8>>(_ haystack: C, _ needle: [UInt8]) -> Bool where C.Index == Int {
        let n = needle.count
        guard n > 0 else { return true }
        guard haystack.count >= n else { return false }
        let first = needle[0]
        var i = haystack.startIndex
        let last = haystack.endIndex - n
        while i <= last {
            if haystack[i] == first {
                var j = 1
                while j < n && haystack[i + j] == needle[j] { j += 1 }
                if j == n { return true }
            }
            i += 1
        }
        return false
    }
}
