/// Splits a line into words as a shell would: spaces separate, quotes group, backslash escapes.
public enum ShellWords {
    public struct Problem: Error { public let message: String }

    public static func split(_ text: String) throws(Problem) -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quote: Character? = nil
        var escaped = false
        for character in text {
            if escaped {
                current.append(character)
                escaped = false
                inWord = true
            } else if character == "\\" && quote != "'" {
                escaped = true
            } else if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "\"" || character == "'" {
                quote = character
                inWord = true
            } else if character == " " || character == "\t" {
                if inWord { words.append(current) }
                current = ""
                inWord = false
            } else {
                current.append(character)
                inWord = true
            }
        }
        if quote != nil { throw Problem(message: "an unclosed quote in the options") }
        if escaped { current.append("\\") }
        if inWord { words.append(current) }
        return words
    }
}
