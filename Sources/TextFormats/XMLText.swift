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
}
