/// Makes text from data safe to print on a terminal and to give a synthesiser: terminal escape
/// sequences (CSI, OSC) are removed whole, other control characters (BEL, backspace, line
/// breaks, tabs) become a space, bidirectional overrides and zero-width characters go, and the
/// rest of the text survives.
public enum SafeText {
    /// The most characters of an answer that are said or shown: the shell cleans every
    /// announcement with this limit, and a list longer than it is cut there ("…").
    public static let answerLength = 20_000

    /// How many of `text`'s characters `clean` keeps, wherever the text stands in a longer one,
    /// when nothing before it swallows them: those that are neither white space nor a control,
    /// nor removed or replaced. At most what `clean` keeps of it. Nil when `text` holds the
    /// start of an escape sequence (ESC, C1 CSI or OSC), which can swallow what follows it.
    public static func surelyKept(_ text: String) -> Int? {
        var kept = 0
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x1B, 0x9B, 0x9D: return nil
            case 0x00...0x20, 0x7F...0x9F, 0x2028, 0x2029, 0x200B...0x200F, 0x202A...0x202E, 0x2060...0x206F,
                0x061C, 0xFEFF, 0xFFF9...0xFFFB, 0xD800...0xDFFF, 0xFFFE, 0xFFFF:
                continue
            default: kept += 1
            }
        }
        return kept
    }

    /// The cleaned text: one line unless `keepingNewlines`, at most `limit` characters.
    public static func clean(_ text: String, keepingNewlines: Bool = false, limit: Int = 2_000) -> String {
        let scalars = Array(text.unicodeScalars)
        var result = String.UnicodeScalarView()
        var count = 0
        var index = 0
        var lastWasSpace = false
        var lastWasInsertedSpace = false
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            var replacement: Unicode.Scalar? = scalar
            switch scalar.value {
            case 0x1B:  // ESC: a whole CSI or OSC sequence, or ESC and one character
                index = skipEscape(scalars, from: index)
                replacement = nil
            case 0x9B:  // C1 CSI
                index = skipCSI(scalars, from: index)
                replacement = nil
            case 0x9D:  // C1 OSC
                index = skipOSC(scalars, from: index)
                replacement = nil
            case 0x0A where keepingNewlines: replacement = scalar
            case 0x00...0x1F, 0x7F, 0x85, 0x2028, 0x2029: replacement = " "  // breaks, tabs, BEL, backspace…
            case 0x80...0x9F: replacement = nil  // the rest of C1
            case 0x200B...0x200F, 0x202A...0x202E, 0x2060...0x206F, 0x061C, 0xFEFF, 0xFFF9...0xFFFB:
                replacement = nil  // zero-width and bidirectional controls
            case 0xD800...0xDFFF, 0xFFFE, 0xFFFF: replacement = "\u{FFFD}"
            default: break
            }
            guard let replacement else { continue }
            // A control next to a space adds no second space; the text's own spaces stay.
            let isSpace = replacement == " "
            let inserted = isSpace && replacement != scalar
            if isSpace && (inserted ? lastWasSpace : lastWasInsertedSpace) { continue }
            // Cut only when a character beyond the limit would be kept, not when the rest of
            // the text is all removed.
            if count >= limit {
                result.append("\u{2026}")
                break
            }
            lastWasSpace = isSpace
            lastWasInsertedSpace = inserted
            result.append(replacement)
            count += 1
        }
        return String(result)
    }

    /// After ESC: skips a CSI (`ESC [` … final byte), an OSC (`ESC ]` … BEL or `ESC \`), or one
    /// character.
    private static func skipEscape(_ scalars: [Unicode.Scalar], from index: Int) -> Int {
        guard index < scalars.count else { return index }
        switch scalars[index] {
        case "[": return skipCSI(scalars, from: index + 1)
        case "]", "P", "_", "^": return skipOSC(scalars, from: index + 1)
        default: return index + 1
        }
    }

    /// Skips a CSI's parameters and its final byte (0x40-0x7E).
    private static func skipCSI(_ scalars: [Unicode.Scalar], from index: Int) -> Int {
        var index = index
        while index < scalars.count {
            let value = scalars[index].value
            index += 1
            if (0x40...0x7E).contains(value) { break }
            if value < 0x20 || value > 0x7E { return index - 1 }  // not a CSI after all: stop here
        }
        return index
    }

    /// Skips an OSC (or DCS, APC, PM) string up to BEL or ST (`ESC \`).
    private static func skipOSC(_ scalars: [Unicode.Scalar], from index: Int) -> Int {
        var index = index
        while index < scalars.count {
            let value = scalars[index].value
            index += 1
            if value == 0x07 || value == 0x9C { break }
            if value == 0x1B {
                if index < scalars.count && scalars[index] == "\\" { index += 1 }
                break
            }
        }
        return index
    }
}
