import Foundation
import Synchronization

/// Folds text for search the way the seed's `folded(_:)` does (case and accents ignored), and
/// further, so that a person finds what they can type:
/// - letters that do not decompose (ł ø æ œ ß đ ð þ ı ħ ŧ and their capitals) become their usual
///   Latin spellings ("l", "o", "ae", "oe", "ss", "d", "d", "th", "i", "h", "t");
/// - apostrophes and quotes of every kind disappear ("d’Alfama" is "dalfama"), and dashes of
///   every kind become "-";
/// - for search, a name is also read without its spaces and hyphens (`joined`), so that
///   "saopedro" finds "São Pedro", and German umlauts are also read as "ae", "oe", "ue".
///
/// The work is on UTF-8 bytes with precomputed tables: the fold of every scalar below U+3000 is
/// computed once, the first time it is needed.
public enum TextFolding {
    /// The folded form of `text`: lower case, no accents, no quotes, dashes as "-".
    public static func fold(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        append(text, to: &bytes, joined: false, umlautsAsE: false)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The words of a query, folded: what every matching place must contain.
    public static func queryWords(_ query: String) -> [Substring] {
        fold(query).split(whereSeparator: { $0 == " " || $0 == "\t" })
    }

    /// The search forms of one query word or one name: folded and joined (no spaces, no
    /// hyphens), and, when the text holds a German umlaut, the same with umlauts as "ae", "oe", "ue".
    public static func searchForms(_ text: String) -> [[UInt8]] {
        var plain: [UInt8] = []
        plain.reserveCapacity(text.utf8.count)
        guard append(text, to: &plain, joined: true, umlautsAsE: false) else { return [plain] }
        var umlauts: [UInt8] = []
        append(text, to: &umlauts, joined: true, umlautsAsE: true)
        return [plain, umlauts]
    }

    /// Appends the fold of `text` to `out`; `joined` leaves out spaces and hyphens, `umlautsAsE`
    /// spells ä ö ü as ae oe ue. Returns whether the text holds a German umlaut.
    @discardableResult
    static func append(_ text: String, to out: inout [UInt8], joined: Bool, umlautsAsE: Bool) -> Bool {
        var sawUmlaut = false
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < 0x80 {
                let byte = asciiFold[Int(value)]
                if byte == 0 { continue }
                if joined && (byte == 0x20 || byte == 0x2D) { continue }
                out.append(byte)
                continue
            }
            switch value {
            case 0xE4, 0xF6, 0xFC, 0xC4, 0xD6, 0xDC:
                sawUmlaut = true
                if umlautsAsE {
                    out.append(umlautBase(value))
                    out.append(0x65)
                    continue
                }
            case 0x0308:
                // A decomposed umlaut: the mark follows its a, o or u.
                if let last = out.last, last == 0x61 || last == 0x6F || last == 0x75 {
                    sawUmlaut = true
                    if umlautsAsE { out.append(0x65) }
                }
                continue
            default:
                break
            }
            if value < latinEnd {
                latin.append(Int(value - 0x80), to: &out, joined: joined)
            } else if value < extendedEnd {
                extended.append(Int(value - latinEnd), to: &out, joined: joined)
            } else if value >= 0xFF01 && value <= 0xFF5E {
                // Fullwidth ASCII, as East Asian keyboards type it.
                let byte = asciiFold[Int(value - 0xFEE0)]
                if byte != 0 && !(joined && byte == 0x2D) { out.append(byte) }
            } else if value >= 0xAC00 && value <= 0xD7A3 {
                // A Hangul syllable as its jamo (its canonical decomposition), so that Korean
                // typed composed finds it written decomposed, and the other way round.
                let index = value - 0xAC00
                for jamo in [0x1100 + index / 588, 0x1161 + index % 588 / 28, 0x11A7 + index % 28] where jamo != 0x11A7
                {
                    out.append(contentsOf: String(Unicode.Scalar(jamo)!).utf8)
                }
            } else if isCaseless(value) {
                out.append(contentsOf: String(scalar).utf8)
            } else {
                for byte in foldScalar(scalar).utf8 where !(joined && (byte == 0x20 || byte == 0x2D)) {
                    out.append(byte)
                }
            }
        }
        return sawUmlaut
    }

    /// "a", "o" or "u" for an umlaut of either case.
    private static func umlautBase(_ value: UInt32) -> UInt8 {
        switch value {
        case 0xE4, 0xC4: 0x61
        case 0xF6, 0xD6: 0x6F
        default: 0x75
        }
    }

    /// Scripts without case or accents to fold (CJK, kana, Hangul, Yi…): kept as they are.
    private static func isCaseless(_ value: UInt32) -> Bool {
        (0x3040...0x9FFF).contains(value) || (0xAC00...0xD7AF).contains(value)
            || (0xF900...0xFAFF).contains(value) || (0x20000...0x3FFFF).contains(value)
    }

    /// ASCII folded: letters lowered, quotes and backquotes dropped (0), tab as a space.
    private static let asciiFold: [UInt8] = (0..<128).map { value -> UInt8 in
        switch value {
        case 0x41...0x5A: UInt8(value + 0x20)
        case 0x27, 0x22, 0x60: 0
        case 0x09: 0x20
        default: UInt8(value)
        }
    }

    /// The end of the Latin table (Latin-1 Supplement, Latin Extended-A and B).
    private static let latinEnd: UInt32 = 0x250
    /// The end of the second table (IPA to CJK punctuation: Greek, Cyrillic, Arabic, Hebrew,
    /// Indic scripts, Latin Extended Additional, punctuation).
    private static let extendedEnd: UInt32 = 0x3000

    /// The folds of a range of scalars, as UTF-8 bytes, end to end.
    private struct Table: Sendable {
        let bytes: [UInt8]
        let ends: [UInt32]

        init(_ range: Range<UInt32>) {
            var bytes: [UInt8] = []
            var ends: [UInt32] = []
            ends.reserveCapacity(range.count)
            // The scalars are decomposed together, one Foundation call a table rather than one
            // a scalar (each call some 1.3 µs): U+0001 between them is a starter, which nothing
            // decomposes into and no mark is reordered across.
            let scalars = range.map(Unicode.Scalar.init)
            var joined = String.UnicodeScalarView()
            for scalar in scalars.compactMap({ $0 }) {
                joined.append(scalar)
                joined.append(Self.separator)
            }
            var decompositions = String(joined).decomposedStringWithCanonicalMapping.unicodeScalars.split(
                separator: Self.separator, omittingEmptySubsequences: false
            )[...]
            for scalar in scalars {
                if let scalar, let decomposition = decompositions.popFirst() {
                    bytes.append(contentsOf: foldScalar(scalar, decomposition: decomposition).utf8)
                }
                ends.append(UInt32(bytes.count))
            }
            self.bytes = bytes
            self.ends = ends
        }

        private static let separator = Unicode.Scalar(0x01 as UInt8)

        @inline(__always)
        func append(_ index: Int, to out: inout [UInt8], joined: Bool) {
            let start = index == 0 ? 0 : Int(ends[index - 1])
            let end = Int(ends[index])
            var position = start
            while position < end {
                let byte = bytes[position]
                position += 1
                if joined && (byte == 0x20 || byte == 0x2D) { continue }
                out.append(byte)
            }
        }
    }

    /// The second table, a page of 256 scalars at a time, each page built the first time one
    /// of its scalars is folded. Built whole, with one Foundation decomposition a scalar, it took
    /// some 9 ms while the second loading thread waited for it; names of a few scripts need a
    /// few pages (the bench's 10,000 world cities, 25 of the 46).
    private final class PagedTable: @unchecked Sendable {
        final class Page: Sendable {
            let table: Table
            init(_ table: Table) { self.table = table }
        }
        private static let size = 256
        private let range: Range<UInt32>
        private let pages: UnsafeMutablePointer<AtomicLazyReference<Page>>
        let count: Int

        init(_ range: Range<UInt32>) {
            self.range = range
            count = (range.count + Self.size - 1) / Self.size
            pages = .allocate(capacity: count)
            for number in 0..<count { (pages + number).initialize(to: AtomicLazyReference()) }
        }

        @inline(__always)
        func append(_ index: Int, to out: inout [UInt8], joined: Bool) {
            page(index / Self.size).table.append(index % Self.size, to: &out, joined: joined)
        }

        /// Page `number`, built now if no thread has built it (two threads may both build it;
        /// the first stored is kept).
        func page(_ number: Int) -> Page {
            if let page = pages[number].load() { return page }
            let start = range.lowerBound + UInt32(number * Self.size)
            let end = min(start + UInt32(Self.size), range.upperBound)
            return pages[number].storeIfNil(Page(Table(start..<end)))
        }
    }

    private static let latin = Table(0x80..<latinEnd)
    private static let extended = PagedTable(latinEnd..<extendedEnd)

    /// Builds every page of the folding tables now (once), so that a caller can do it on another
    /// thread before the first name is folded: an import starts it beside reading its file.
    public static func prepare() {
        _ = latin.ends.count
        for number in 0..<extended.count { _ = extended.page(number) }
    }

    /// Letters that canonical decomposition leaves alone, and their usual Latin spellings.
    private static let specialLetters: [UInt32: String] = [
        0x00DF: "ss", 0x1E9E: "ss",  // ß ẞ
        0x00E6: "ae", 0x00C6: "ae",  // æ Æ
        0x0153: "oe", 0x0152: "oe",  // œ Œ
        0x00F8: "o", 0x00D8: "o",  // ø Ø
        0x0142: "l", 0x0141: "l",  // ł Ł
        0x0111: "d", 0x0110: "d",  // đ Đ
        0x00F0: "d", 0x00D0: "d",  // ð Ð
        0x00FE: "th", 0x00DE: "th",  // þ Þ
        0x0131: "i",  // ı (İ decomposes to I and a dot)
        0x0127: "h", 0x0126: "h",  // ħ Ħ
        0x0167: "t", 0x0166: "t",  // ŧ Ŧ
        0x0180: "b", 0x0243: "b",  // ƀ Ƀ
        0x0268: "i", 0x0197: "i",  // ɨ Ɨ
        0x03C2: "σ",  // Greek final sigma, so that "σ" finds a word's last letter
        // Compatibility forms Foundation's case folding spells out, so that the seed's rule
        // finds nothing the index does not: the long s, and the Latin ligatures.
        0x017F: "s", 0x1E9B: "s",  // ſ ẛ
        0xFB00: "ff", 0xFB01: "fi", 0xFB02: "fl", 0xFB03: "ffi", 0xFB04: "ffl", 0xFB05: "st", 0xFB06: "st",
    ]

    /// The literal form of a query word with no letter or digit, and of the text it is looked
    /// for in (the seed's rule: the word as typed, case and accents ignored): every apostrophe
    /// and quote is "'", every dash "-", so that they still match each other.
    public static func literalForm(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x27, 0x22, 0x60: out += "'"
            case 0x00AD, 0x0300...0x036F: continue
            default:
                let folded = foldScalar(scalar)
                out += folded.isEmpty ? "'" : folded
            }
        }
        return out
    }

    /// Whether a query word has no letter or digit, so that its fold is empty and it is looked
    /// for literally. An ASCII letter or digit folds to itself: such a word is not.
    public static func isLiteralWord(_ word: String) -> Bool {
        if word.utf8.contains(where: { (0x30...0x39).contains($0) || (0x61...0x7A).contains($0 | 0x20) }) {
            return false
        }
        return searchForms(word).allSatisfy(\.isEmpty) && !literalForm(word).isEmpty
    }

    /// The words of `text` split at whitespace (`Character.isWhitespace`), as
    /// `split(whereSeparator: \.isWhitespace)` gives them. ASCII text is split at its bytes:
    /// the characters' properties were a quarter of a misspelt word's answer.
    public static func whitespaceSplit(_ text: String) -> [Substring] {
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return text.split(whereSeparator: \.isWhitespace) }
        // Tab, line feed, vertical tab, form feed, carriage return and space: the ASCII
        // whitespace (a carriage return and a line feed are one character, both whitespace).
        return text.utf8.split(whereSeparator: { $0 == 0x20 || (0x09...0x0D).contains($0) }).map { Substring($0) }
    }

    /// The fold of one scalar the slow way: special letters, punctuation variants, then
    /// canonical decomposition without its marks, lowered.
    static func foldScalar(_ scalar: Unicode.Scalar) -> String {
        foldScalar(scalar, decomposition: String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars[...])
    }

    /// The fold of `scalar`, given its canonical decomposition.
    private static func foldScalar<Parts: Sequence<Unicode.Scalar>>(
        _ scalar: Unicode.Scalar, decomposition: Parts
    ) -> String {
        let value = scalar.value
        if let special = specialLetters[value] { return special }
        switch value {
        case 0x2018, 0x2019, 0x201A, 0x201B, 0x2032, 0x2035, 0x02BB, 0x02BC, 0x02B9, 0x02BE, 0x02BF,
            0x00B4, 0xFF07, 0x201C, 0x201D, 0x201E, 0x201F, 0x2033, 0x2036, 0x00AB, 0x00BB, 0x2039,
            0x203A, 0xFF02, 0x05F3, 0x05F4, 0x300C, 0x300D:
            return ""  // apostrophes and quotes: "d’Alfama" is found by "dalfama" and "d'alfama"
        case 0x00AD, 0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF:
            return ""  // a soft hyphen and the zero-width characters are invisible
        case 0x2010, 0x2011, 0x2012, 0x2013, 0x2014, 0x2015, 0x2212, 0x058A, 0x2E3A, 0x2E3B, 0xFE58,
            0xFE63, 0xFF0D:
            return "-"
        case 0x00A0, 0x1680, 0x2000...0x200A, 0x202F, 0x205F, 0x3000:
            return " "
        case 0x0300...0x036F:
            return ""  // combining marks of a decomposed input
        default:
            break
        }
        var result = ""
        for part in decomposition {
            if (0x0300...0x036F).contains(part.value) { continue }
            if let special = specialLetters[part.value] {
                result += special
            } else {
                result += part.properties.lowercaseMapping
            }
        }
        return result
    }
}
