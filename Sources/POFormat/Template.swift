/// A sentence with named fields: `{count} places match "{query}".` Fields are `{` a lower-case
/// name `}` (letters, digits and hyphens); any other brace is a brace. Beside the PO reader, so
/// that the catalog and the tool that types each key's fields (catalog-keys) read fields one way.
public struct Template: Equatable, Sendable {
    enum Piece: Equatable, Sendable {
        case literal(String)
        case field(String)
    }

    let pieces: [Piece]
    /// The text it was made from.
    public let source: String
    /// Whether a field names a command word (`{command-find}`), which the catalog fills in.
    package let namesCommands: Bool

    public init(_ text: String) {
        source = text
        // Read over the UTF-8: braces and field names are ASCII, so every cut is at a character's
        // boundary, and every catalog entry is read at start (issue 27).
        var pieces: [Piece] = []
        let bytes = text.utf8
        var literalStart = bytes.startIndex
        var index = literalStart
        while let open = bytes[index...].firstIndex(of: UInt8(ascii: "{")) {
            guard let close = bytes[open...].firstIndex(of: UInt8(ascii: "}")) else { break }
            let name = bytes[bytes.index(after: open)..<close]
            if let first = name.first, Self.isLowercaseLetter(first),
                name.allSatisfy({ Self.isLowercaseLetter($0) || Self.isDigit($0) || $0 == UInt8(ascii: "-") })
            {
                if literalStart < open {
                    pieces.append(.literal(String(decoding: bytes[literalStart..<open], as: UTF8.self)))
                }
                pieces.append(.field(String(decoding: name, as: UTF8.self)))
                index = bytes.index(after: close)
                literalStart = index
            } else {
                index = bytes.index(after: open)
            }
        }
        if literalStart < bytes.endIndex {
            pieces.append(.literal(String(decoding: bytes[literalStart...], as: UTF8.self)))
        }
        self.pieces = pieces
        namesCommands = pieces.contains {
            if case .field(let name) = $0 { return name.hasPrefix("command-") }
            return false
        }
    }

    private static func isLowercaseLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
    }
    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

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
    package func render(_ values: [String: String], literal: (String) -> String = { $0 }) -> String {
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
