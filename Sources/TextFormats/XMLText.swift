/// Text inside markup, escaped one way for every writer of it: the speech's SSML (spelling), the
/// `test` command's JUnit report and the study report's HTML page with its SVG chart.
public enum XMLText {
    /// `text` as character data or a quoted attribute's value: `&`, `<`, `>`, `"` and `'` as
    /// entities (`&apos;` is XML's, HTML5's and SSML's alike), so that markup in a place's name
    /// or a file's is shown or spelled, never obeyed; and the control characters XML 1.0 cannot
    /// hold (those below U+0020 but tab, line feed and carriage return) left out.
    public static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default: if scalar.value >= 0x20 { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }

    /// The text that `escaped` (or any XML writer) wrote as character data or an attribute's
    /// value: the five named entities and character references (`&#233;`, `&#xE9;`) replaced.
    /// Anything else after an `&` (an entity XML does not define, a lone `&`) is kept as it is
    /// written: a reader of other programs' files takes what it can rather than refuse a name.
    public static func unescaped(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count)
        var rest = text[...]
        while let ampersand = rest.firstIndex(of: "&") {
            out += rest[..<ampersand]
            let after = rest[rest.index(after: ampersand)...]
            guard let semicolon = after.prefix(12).firstIndex(of: ";"),
                let scalar = entity(after[..<semicolon])
            else {
                out += "&"
                rest = after
                continue
            }
            out.unicodeScalars.append(scalar)
            rest = after[after.index(after: semicolon)...]
        }
        out += rest
        return out
    }

    /// The character an entity's name (between `&` and `;`) stands for, when XML defines it.
    private static func entity(_ name: Substring) -> Unicode.Scalar? {
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        default:
            guard name.hasPrefix("#") else { return nil }
            let number = name.dropFirst()
            let value =
                number.hasPrefix("x") || number.hasPrefix("X")
                ? UInt32(number.dropFirst(), radix: 16) : UInt32(number, radix: 10)
            return value.flatMap(Unicode.Scalar.init)
        }
    }
}
