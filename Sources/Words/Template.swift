/// A sentence with named fields: `{count} places match "{query}".` Fields are `{` a lower-case
/// name `}` (letters, digits and hyphens); any other brace is a brace.
public struct Template: Equatable, Sendable {
    enum Piece: Equatable, Sendable {
        case literal(String)
        case field(String)
    }

    let pieces: [Piece]
    /// The text it was made from.
    public let source: String
    /// Whether a field names a command word (`{command-find}`), which the catalog fills in.
    let namesCommands: Bool

    public init(_ text: String) {
        source = text
        var pieces: [Piece] = []
        var literal = ""
        var index = text.startIndex
        while index < text.endIndex {
            if text[index] == "{", let close = text[index...].firstIndex(of: "}") {
                let name = text[text.index(after: index)..<close]
                if let first = name.first, first.isLowercase, first.isASCII,
                    name.allSatisfy({ ($0.isASCII && ($0.isLowercase || $0.isNumber)) || $0 == "-" })
                {
                    if !literal.isEmpty { pieces.append(.literal(literal)) }
                    literal = ""
                    pieces.append(.field(String(name)))
                    index = text.index(after: close)
                    continue
                }
            }
            literal.append(text[index])
            index = text.index(after: index)
        }
        if !literal.isEmpty { pieces.append(.literal(literal)) }
        self.pieces = pieces
        namesCommands = pieces.contains {
            if case .field(let name) = $0 { return name.hasPrefix("command-") }
            return false
        }
    }

    /// The names of its fields, in order, each once.
    public var fields: [String] {
        var seen = Set<String>()
        return pieces.compactMap { piece in
            guard case .field(let name) = piece, seen.insert(name).inserted else { return nil }
            return name
        }
    }

    /// The sentence with `values` in its fields (a field without a value is left as `{name}`).
    /// `literal` dresses the template's own words (the pseudo-locale accents them), never the
    /// values, which are data.
    func render(_ values: [String: String], literal: (String) -> String = { $0 }) -> String {
        var out = ""
        out.reserveCapacity(source.utf8.count + 32)
        for piece in pieces {
            switch piece {
            case .literal(let text): out += literal(text)
            case .field(let name): out += values[name] ?? "{\(name)}"
            }
        }
        return out
    }
}
