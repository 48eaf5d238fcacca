import Foundation

/// Folds text for search the way the seed's `folded(_:)` does (case and accents ignored), and a
/// little further: letters that do not decompose (ł, ø, æ, ß…) become their Latin spellings,
/// apostrophes and quotes of every kind disappear, and dashes of every kind become "-".
public enum TextFolding {
    /// The folded form of `text`.
    public static func fold(_ text: String) -> String {
        var folded = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < 0x80 {
                switch value {
                case 0x41...0x5A: folded.append(Unicode.Scalar(value + 0x20)!)
                case 0x27, 0x22, 0x60: break  // ' " `
                default: folded.append(scalar)
                }
            } else if value < tableEnd {
                folded.append(contentsOf: latinTable[Int(value - 0x80)].unicodeScalars)
            } else {
                folded.append(contentsOf: foldScalar(scalar).unicodeScalars)
            }
        }
        return String(folded)
    }

    /// The first code point past the precomputed table (Latin-1 Supplement and Latin Extended-A/B).
    private static let tableEnd: UInt32 = 0x250

    /// The fold of every scalar from U+0080 to U+024F, computed once.
    private static let latinTable: [String] = (UInt32(0x80)..<tableEnd).map {
        foldScalar(Unicode.Scalar($0) ?? " ")
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
        0x0131: "i",  // ı
        0x0127: "h", 0x0126: "h",  // ħ Ħ
        0x0167: "t", 0x0166: "t",  // ŧ Ŧ
    ]

    /// The slow path: special letters, punctuation variants, then decomposition without marks.
    private static func foldScalar(_ scalar: Unicode.Scalar) -> String {
        let value = scalar.value
        if let special = specialLetters[value] { return special }
        switch value {
        case 0x2018, 0x2019, 0x201A, 0x201B, 0x2032, 0x2035, 0x02BC, 0x02B9, 0x00B4, 0xFF07,
            0x201C, 0x201D, 0x201E, 0x201F, 0x2033, 0x00AB, 0x00BB, 0x2039, 0x203A, 0xFF02:
            return ""  // apostrophes and quotes: "d’Alfama" is found by "dalfama" and "d'alfama"
        case 0x2010, 0x2011, 0x2012, 0x2013, 0x2014, 0x2015, 0x2212, 0xFE63, 0xFF0D:
            return "-"
        case 0x00A0, 0x2000...0x200A, 0x202F, 0x205F, 0x3000:
            return " "
        case 0x0300...0x036F:
            return ""  // combining marks of a decomposed input
        default:
            break
        }
        var result = ""
        for part in String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars {
            if (0x0300...0x036F).contains(part.value) { continue }
            if let special = specialLetters[part.value] {
                result += special
            } else {
                result += part.properties.lowercaseMapping
            }
        }
        return result
    }

    /// The words of a query, folded: what every matching place must contain.
    public static func queryWords(_ query: String) -> [Substring] {
        fold(query).split(whereSeparator: { $0 == " " || $0 == "\t" })
    }
}
