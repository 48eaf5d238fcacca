import Foundation
import PlaceData

/// A search of the store: the places whose name or kind holds every word of a query (the rule of
/// `Places.matchSet`, on the same folded keys), nearest first. Two ways to the same answer:
/// - through the trigram index (`places_words`), when a word names no kind: the places whose keys
///   hold its trigrams one after another, each checked against the keys (within a radius, those
///   in the circle); a word of one or two letters, through the index's terms that begin with it
///   (`places_terms`), and none at all when no term does;
/// - within a radius, when the index would name more than `radiusCap` places of the whole
///   store, the same trigrams in the rows of the circle's cells alone;
/// - else, or when the index finds more than `candidateCap` places, outwards from the position:
///   the rows of the cells of a circle's box, checked, the circle four times wider until it
///   holds `limit` matches or the whole store.
extension PlaceStore {
    /// More candidates than this from the trigram index, and the search goes outwards instead:
    /// each candidate is a look-up (about 2 µs), while outwards reads about `count × limit /
    /// candidates` rows (a fraction of a microsecond each) before it holds `limit` matches; so
    /// the square root of `count × limit`, at least 2,000 and at most 20,000 (at 10M places:
    /// 3,162 for the nearest match, 14,142 for the nearest 20).
    func candidateCap(limit: Int) -> Int {
        min(20_000, max(2_000, Int(Double(count).squareRoot() * Double(min(limit, 400)).squareRoot())))
    }

    /// The places of the whole store (or within `radius` metres of `origin`, when given) whose
    /// name or kind holds every word of `query`, and whose kind is `kind` when given, nearest
    /// to `origin` first (equal distances in the store's order), at most `limit`.
    public func search(
        _ query: String, kind: String?, near origin: Coordinate, within radius: Double? = nil, limit: Int
    ) -> [Place] {
        BenchSlowdown.twice { searchTelling(query, kind: kind, near: origin, within: radius, limit: limit).places }
    }

    /// The way a search went.
    enum Way: Equatable {
        /// Through the index: the rarest trigram of the most selective word, or the terms that
        /// begin with a short word.
        case rarest
        /// Through the index: every word as phrases.
        case everyWord
        /// Through the index, within a radius: the rarest trigrams of the most selective word,
        /// in the rows of the circle's cells alone (`inCircle`), when the whole store holds too
        /// many of them to read.
        case circleRows
        /// Outwards from the position (or the circle's rows), the index naming too many or none.
        case outwards
        /// Nowhere: a word holds a trigram no place holds, or the kind is none of the store's.
        case none
    }

    /// `search`, and the way it went; with the most candidates the index may name
    /// (`candidateCap`, `radiusCap`) given, for the tests, so that a small store takes the ways
    /// a large one does.
    func searchTelling(
        _ query: String, kind: String?, near origin: Coordinate, within radius: Double?, limit: Int,
        candidates: Int? = nil
    ) -> (places: [Place], way: Way) {
        guard limit > 0, let plan = SearchPlan(query, kind: kind, store: self) else { return ([], .none) }
        var found: [(distance: Double, id: Int64)]?
        var way = Way.outwards
        if !plan.trigrams.isEmpty || !plan.short.isEmpty {
            // Within a radius, the index's candidates are kept to the rows of the circle's cells
            // before any is checked, so more of them are worth reading than for the whole store.
            let cap = candidates ?? (radius == nil ? candidateCap(limit: limit) : Self.radiusCap)
            found = indexed(plan, origin: origin, cap: cap, radius: radius, way: &way)
        }
        if found == nil {
            way = .outwards
            found = outwards(plan, origin: origin, radius: radius, limit: limit)
        }
        var hits = found ?? []
        Self.sortNearest(&hits)
        if hits.count > limit { hits.removeLast(hits.count - limit) }
        var made: [Place] = []
        locked { made = places(hits.map(\.id)) }
        return (made, way)
    }

    /// At most this many candidates from the index for a search within a radius: those outside
    /// the circle's rows cost nothing more than reading them from the index.
    static let radiusCap = 20_000

    /// The matches among the places the trigram index names; nil when it would name too many
    /// (more than `cap`), or when no word can go through it. Each word's trigrams are counted in
    /// `places_terms` first: the word whose rarest trigrams bound its places most tightly goes
    /// through the index, as its rarest trigram (the rest of the query is checked in SQL),
    /// so that a word of common syllables reads no long lists. Only when every word's trigrams
    /// are common does the whole query go through as phrases, and only for the whole store:
    /// within a radius the circle's own rows are read instead.
    private func indexed(_ plan: SearchPlan, origin: Coordinate, cap: Int, radius: Double?, way: inout Way) -> [(
        distance: Double, id: Int64
    )]? {
        var ids: [Int64] = []
        var hits: [(distance: Double, id: Int64)] = []
        var none = false
        var tooMany = false
        locked {
            // The most selective word: the fewest places its rarest trigrams (or, for a short
            // word, the terms that begin with it) allow.
            var best: (bound: Int, forms: [[String]])?
            for forms in plan.short {
                guard let terms = terms(beginning: forms, cap: cap) else { continue }
                if best == nil || terms.places < best!.bound { best = (terms.places, terms.terms.map { [$0] }) }
            }
            for word in plan.trigrams {
                // A form's phrase, and the mark it is looked for among when it has one: the
                // rarer of the two bounds it.
                let rarest = word.map { form in
                    let phrase = rarestTrigrams(of: form[0])
                    guard form.count > 1 else { return phrase }
                    let mark = rarestTrigrams(of: form[1])
                    return (phrase.trigrams + mark.trigrams, min(phrase.places, mark.places))
                }
                let bound = rarest.reduce(0) { $0 + $1.places }
                if best == nil || bound < best!.bound { best = (bound, rarest.map(\.trigrams)) }
            }
            guard
                let match = try? database.prepare("SELECT rowid FROM places_words WHERE places_words MATCH ?1 LIMIT ?2")
            else { return }
            // The places the index names for `words`, at most `cap + 1`.
            func named(_ words: [[[String]]]) -> [Int64] {
                var named: [Int64] = []
                try? match.forEachRow([.text(SearchPlan.query(words)), .integer(Int64(cap + 1))]) {
                    named.append($0.int64(0))
                }
                return named
            }
            if let best, best.bound == 0 {
                none = true
                return
            } else if let best, best.bound <= cap {
                way = .rarest
                ids = named([best.forms])
            } else if radius == nil, !plan.trigrams.isEmpty {
                way = .everyWord
                ids = named(plan.trigrams)
            } else if let radius, let best {
                way = .circleRows
                hits = inCircle(plan, best.forms, origin: origin, radius: radius)
                return
            } else {
                tooMany = true
                return
            }
            guard ids.count <= cap else {
                tooMany = true
                return
            }
            if let radius { ids = Self.keep(ids, within: cells(around: origin, radius: radius)) }
            guard
                let check = try? database.prepare(
                    "SELECT id, latitude, longitude, name, kind FROM places WHERE id = ?\(plan.values.count + 1)"
                        + plan.conditions.map { " AND " + $0 }.joined())
            else { return }
            for id in ids {
                try? check.forEachRow(plan.values + [.integer(id)]) { row in
                    if let hit = plan.hit(row, origin: origin) { hits.append(hit) }
                }
            }
        }
        if none {
            way = .none
            return []
        }
        if tooMany || (plan.trigrams.isEmpty && plan.short.isEmpty) { return nil }
        return radius.map { radius in hits.filter { $0.distance <= radius } } ?? hits
    }

    /// The rarest of the trigrams of `form` (a search key's word, as the trigram tokenizer splits
    /// it: three characters at a time), and how many places hold it: 0 when one of them is in no
    /// place's key. One alone: with a second, commoner one FTS5 read through that one's long list
    /// too (a whole-store p99 of 364 ms at 10M places, against the phrases' 144 ms before).
    /// Inside `locked`.
    private func rarestTrigrams(of form: String) -> (trigrams: [String], places: Int) {
        let characters = Array(form.unicodeScalars)
        guard characters.count >= 3 else { return ([form], count) }
        var counted: [(trigram: String, places: Int)] = []
        for start in 0...(characters.count - 3) {
            var trigram = String.UnicodeScalarView()
            trigram.append(contentsOf: characters[start..<(start + 3)])
            let text = String(trigram)
            if counted.contains(where: { $0.trigram == text }) { continue }
            var places = 0
            try? termPlaces.forEachRow([.text(text)]) { places = Int($0.int64(0)) }
            counted.append((text, places))
        }
        counted.sort { $0.places < $1.places }
        return (counted.prefix(1).map(\.trigram), counted.first?.places ?? 0)
    }

    /// The index's terms (trigrams) that begin with one of `forms`, and how many places hold
    /// them: none when no key holds the word; nil when more than `cap` places hold them (the word
    /// is too common to help). Inside `locked`.
    private func terms(beginning forms: [String], cap: Int) -> (terms: [String], places: Int)? {
        guard
            let statement = try? database.prepare(
                "SELECT term, doc FROM places_terms WHERE term >= ?1 AND term < ?2")
        else { return nil }
        var terms: [String] = []
        var places = 0
        for form in forms {
            try? statement.forEachRow([.text(form), .text(form + "\u{10FFFF}")]) { row in
                terms.append(row.text(0) ?? "")
                places += Int(row.int64(1))
            }
        }
        return places > cap ? nil : (terms, places)
    }

    /// The matches in circles about `origin`, four times wider each time, until one holds
    /// `limit` of them (all of them, beyond, are farther) or the store's whole box; only the
    /// circle of `radius` when given.
    private func outwards(_ plan: SearchPlan, origin: Coordinate, radius: Double?, limit: Int) -> [(
        distance: Double, id: Int64
    )] {
        let first = plan.values.count + 1
        let sql =
            "SELECT id, latitude, longitude, name, kind FROM places WHERE id BETWEEN ?\(first) AND ?\(first + 1)"
            + plan.conditions.map { " AND " + $0 }.joined()
        var circle = radius ?? 1_000
        var hits: [(distance: Double, id: Int64)] = []
        locked {
            guard let statement = try? database.prepare(sql) else { return }
            while true {
                let box = BoundingBox(around: origin, radius: circle)
                let whole = radius == nil && (circle >= 20_000_000 || covers(box))
                hits = []
                let ranges = whole ? [(first: Int64(1), last: Int64.max)] : rows(in: box)
                for range in ranges {
                    try? statement.forEachRow(plan.values + [.integer(range.first), .integer(range.last)]) { row in
                        if let hit = plan.hit(row, origin: origin), whole || hit.distance <= circle {
                            hits.append(hit)
                        }
                    }
                }
                if radius != nil || whole || hits.count >= limit { return }
                circle *= 4
            }
        }
        return hits
    }

    /// Whether `box` holds all the store's places.
    private func covers(_ box: BoundingBox) -> Bool {
        guard let bounds else { return count == 0 }
        return box.contains(bounds)
    }
}

/// A query turned into SQL conditions on `places` (id, latitude, longitude, name, kind), and the
/// trigrams of its words that can go through the index.
struct SearchPlan {
    var conditions: [String] = []
    var values: [SQLiteValue] = []
    /// For each word that can go through the index, each of its forms (a phrase of its
    /// trigrams, and the mark of a spelled umlaut it is looked for among, when it is), or for a
    /// short word each index term that begins with it.
    var trigrams: [[[String]]] = []
    /// For each word of one or two letters that names no kind, its forms.
    var short: [[String]] = []
    /// Words of punctuation alone, looked for as typed in the name and kind.
    let literals: [String]
    let kinds: [Int64: String]

    /// Nil when `kind` is not one of the store's.
    init?(_ query: String, kind: String?, store: PlaceStore) {
        kinds = store.kinds
        if let group = kind.flatMap(KindGroup.init(filterName:)) {
            let ids = store.kindIDs.filter { group.contains(kind: $0.key) }.map(\.value).sorted()
            guard !ids.isEmpty else { return nil }
            conditions.append("kind IN (\(ids.map(String.init).joined(separator: ",")))")
        } else if let kind {
            guard let id = store.kindIDs[kind] else { return nil }
            values.append(.integer(id))
            conditions.append("kind = ?\(values.count)")
        }
        let words = query.split(whereSeparator: { $0.isWhitespace }).map(String.init)
        for word in words {
            let forms = TextFolding.searchForms(word).filter { !$0.isEmpty }
            if forms.isEmpty { continue }
            var alternatives: [String] = []
            var matchingKinds: Set<Int64> = []
            for form in forms {
                values.append(.blob(form))
                let number = values.count
                alternatives.append("instr(search_key, ?\(number)) > 0 OR instr(umlaut_key, ?\(number)) > 0")
                for (id, kindForms) in store.kindForms
                where kindForms.contains(where: { PlaceStore.contains($0, form) }) {
                    matchingKinds.insert(id)
                }
            }
            if !matchingKinds.isEmpty {
                alternatives.append("kind IN (\(matchingKinds.sorted().map(String.init).joined(separator: ",")))")
            }
            conditions.append("(" + alternatives.joined(separator: " OR ") + ")")
            let scalars = forms.map { Array(String(decoding: $0, as: UTF8.self).unicodeScalars) }
            if matchingKinds.isEmpty, scalars.allSatisfy({ $0.count >= 3 }) {
                // Each form as a phrase: its trigrams, one after another (the index keeps their
                // positions), so that the index names only places whose key holds the form;
                // the form with umlauts as "ae", "oe", "ue" among the places whose key spells
                // one, where that holds every place it alone finds (`spellsUmlautsAlone`).
                var phrases = forms.map { [String(decoding: $0, as: UTF8.self)] }
                if phrases.count == 2, Self.spellsUmlautsAlone(forms[0]) {
                    phrases[1].append(StoreSchema.spelledUmlautMark)
                }
                trigrams.append(phrases)
            } else if matchingKinds.isEmpty, scalars.allSatisfy({ $0.count < 3 }) {
                short.append(forms.map { String(decoding: $0, as: UTF8.self) })
            }
        }
        literals = words.filter(TextFolding.isLiteralWord).map(TextFolding.literalForm)
    }

    /// Whether every place whose keys hold a word's form with umlauts as "ae", "oe", "ue" and
    /// not its `plain` form (umlauts as a, o, u) spells "ae", "oe" or "ue" in its key: the index
    /// marks those (`StoreSchema.spelledUmlautMark`). So it is when the plain form holds none of
    /// the three and does not begin with "e": each "ae" of the other form is then the word's ä,
    /// which a key holding the form either spells (and holds the pair) or gets from an ä of
    /// its name (and holds the plain form); an "e" it began with could be the end of a name's
    /// "ä" ("eä" is in "öä" with umlauts as "oeae", and "ea" not in "oa").
    static func spellsUmlautsAlone(_ plain: [UInt8]) -> Bool {
        guard plain.first != 0x65 else { return false }
        return !zip(plain, plain.dropFirst()).contains { pair in
            pair.1 == 0x65 && (pair.0 == 0x61 || pair.0 == 0x6F || pair.0 == 0x75)
        }
    }

    /// The FTS5 query of `words`: every word, each in one of its forms or terms, each a string
    /// that the trigram tokenizer makes a phrase of (a term is one trigram).
    static func query(_ words: [[[String]]]) -> String {
        func quoted(_ trigram: String) -> String { "\"" + trigram.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
        return words.map { forms in
            "("
                + forms.map { "(" + Set($0).sorted().map(quoted).joined(separator: " AND ") + ")" }
                .joined(separator: " OR ") + ")"
        }.joined(separator: " AND ")
    }

    /// A row that matches (its literal words too), with its distance from `origin`.
    func hit(_ row: SQLiteStatement, origin: Coordinate) -> (distance: Double, id: Int64)? {
        if !literals.isEmpty {
            let text = TextFolding.literalForm("\(row.text(3) ?? "") \(kinds[row.int64(4)] ?? "")")
            guard literals.allSatisfy({ text.contains($0) }) else { return nil }
        }
        let point = Coordinate(latitude: row.double(1), longitude: row.double(2))
        return (origin.distance(to: point), row.int64(0))
    }
}
