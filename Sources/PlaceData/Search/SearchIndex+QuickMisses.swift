/// The search index's quick misses: a word most often misspelt, or a word of a kind no place
/// has, is answered without reading a list (issue 42: among a million names that repeat, the
/// lists of a misspelling were most of its answer). Each only ever passes over a word no name
/// or kind holds; the linear scan of QuickAnswersTests checks it.
extension SearchIndex {
    /// The bit of a run of four bytes, packed (`quadBits`).
    @inline(__always)
    static func quadBit(packed: UInt32, shift: UInt32) -> Int { Int((packed &* 0x9E37_79B1) >> shift) }

    /// The runs of four bytes of every name, a bit each (`quadBits`), and the shift of their
    /// hash: eight bits a byte of text, 2^10 to 2^24.
    static func quadBitmap(
        text: [UInt8], ends: [UInt32], umlautText: [UInt8], umlautEnds: [UInt32]
    ) -> ([UInt64], UInt32) {
        var bits: UInt32 = 10
        while bits < 24 && (1 << bits) < (text.count + umlautText.count) * 8 { bits += 1 }
        let shift = 32 - bits
        var quads = [UInt64](repeating: 0, count: 1 << Int(bits - 6))
        quads.withUnsafeMutableBufferPointer { quads in
            func mark(_ text: [UInt8], _ ends: [UInt32]) {
                text.withUnsafeBufferPointer { text in
                    var from = 0
                    for end in ends {
                        let end = Int(end)
                        if end - from >= 4 {
                            var packed = UInt32(text[from]) << 16 | UInt32(text[from + 1]) << 8 | UInt32(text[from + 2])
                            for index in from + 3..<end {
                                packed = packed << 8 | UInt32(text[index])
                                let bit = quadBit(packed: packed, shift: shift)
                                quads[bit >> 6] |= 1 << UInt64(bit & 63)
                            }
                        }
                        from = end
                    }
                }
            }
            mark(text, ends)
            mark(umlautText, umlautEnds)
        }
        return (quads, shift)
    }

    /// Whether every run of four bytes of `form` is in some name (`quadBits`): false when one
    /// is in none, and so the form is in none.
    @inline(__always)
    func quadsMayHold(_ form: [UInt8]) -> Bool {
        guard form.count >= 4 else { return true }
        var packed = UInt32(form[0]) << 16 | UInt32(form[1]) << 8 | UInt32(form[2])
        for index in 3..<form.count {
            packed = packed << 8 | UInt32(form[index])
            let bit = Self.quadBit(packed: packed, shift: quadShift)
            if quadBits[bit >> 6] & (1 << UInt64(bit & 63)) == 0 { return false }
        }
        return true
    }

    /// The kinds holding each triple of their forms (`kindTriples`).
    static func kindTriples(_ kindForms: [[[UInt8]]]) -> ([UInt32: Int], [UInt64]) {
        let words = (kindForms.count + 63) / 64
        var offsets: [UInt32: Int] = [:]
        var bitmaps: [UInt64] = []
        for (kind, forms) in kindForms.enumerated() {
            for form in forms where form.count >= 3 {
                for start in 0...form.count - 3 {
                    let triple = packedTriple(form[start], form[start + 1], form[start + 2])
                    let offset =
                        offsets[triple]
                        ?? {
                            bitmaps.append(contentsOf: repeatElement(0, count: words))
                            offsets[triple] = bitmaps.count - words
                            return bitmaps.count - words
                        }()
                    bitmaps[offset + kind >> 6] |= 1 << UInt64(kind & 63)
                }
            }
        }
        return (offsets, bitmaps)
    }

    /// The kinds a form of three bytes or more holds, ascending: among those holding each of
    /// its triples (`kindTriples`), most often none. A shorter form is looked for in every kind.
    func kindsHolding(_ form: [UInt8]) -> [Int] {
        guard form.count >= 3 else {
            return kindForms.indices.filter { kindForms[$0].contains(where: { Self.contains($0[...], form) }) }
        }
        let words = kindBitmapWords
        var candidates: [UInt64] = []
        for start in 0...form.count - 3 {
            guard let offset = kindTriples[Self.packedTriple(form[start], form[start + 1], form[start + 2])] else {
                return []
            }
            if candidates.isEmpty {
                candidates = Array(kindTripleBitmaps[offset..<offset + words])
            } else {
                var any: UInt64 = 0
                for word in 0..<words {
                    candidates[word] &= kindTripleBitmaps[offset + word]
                    any |= candidates[word]
                }
                if any == 0 { return [] }
            }
        }
        var found: [Int] = []
        for (index, word) in candidates.enumerated() {
            var bits = word
            while bits != 0 {
                let id = index << 6 | bits.trailingZeroBitCount
                bits &= bits - 1
                if kindForms[id].contains(where: { Self.contains($0[...], form) }) { found.append(id) }
            }
        }
        return found
    }
}
