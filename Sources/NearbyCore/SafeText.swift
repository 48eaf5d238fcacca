/// Makes text from data safe to print on a terminal and to give a synthesiser: control
/// characters (escape sequences, BEL, backspace, carriage return), bidirectional overrides and
/// zero-width characters are removed or become spaces, and the rest of the text survives.
public enum SafeText {
    /// The cleaned text: one line unless `keepingNewlines`, at most `limit` characters.
    public static func clean(_ text: String, keepingNewlines: Bool = false, limit: Int = 2_000) -> String {
        var result = String.UnicodeScalarView()
        var count = 0
        var lastWasSpace = false
        for scalar in text.unicodeScalars {
            let value = scalar.value
            var replacement: Unicode.Scalar? = scalar
            switch value {
            case 0x0A where keepingNewlines: replacement = scalar
            case 0x00...0x1F, 0x7F, 0x85, 0x2028, 0x2029: replacement = " "  // C0, DEL, line breaks
            case 0x80...0x9F: replacement = nil  // C1, CSI among them
            case 0x200B...0x200F, 0x202A...0x202E, 0x2060...0x206F, 0x061C, 0xFEFF, 0xFFF9...0xFFFB:
                replacement = nil  // zero-width and bidirectional controls
            case 0xD800...0xDFFF, 0xFFFE, 0xFFFF: replacement = "\u{FFFD}"
            default: break
            }
            guard let replacement else { continue }
            // A control character next to a space adds no second space; the text's own spaces stay.
            let isSpace = replacement == " "
            if isSpace && replacement != scalar && lastWasSpace { continue }
            lastWasSpace = isSpace
            result.append(replacement)
            count += 1
            if count >= limit {
                result.append("\u{2026}")
                break
            }
        }
        return String(result)
    }
}
