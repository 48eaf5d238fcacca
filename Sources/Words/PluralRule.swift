import Foundation

/// A gettext `Plural-Forms` rule: how many forms a language has, and which one a number takes
/// (`nplurals=2; plural=(n != 1);`). The expression is C's, as gettext evaluates it: `n`,
/// integers, `! * / % + - < <= > >= == != && || ?:` and parentheses.
public struct PluralRule: Equatable, Sendable {
    public let count: Int
    public let source: String
    /// The expression's nodes, each naming its operands by index; the last is the root. (A
    /// flat list rather than an indirect enum: the parser's functions then return indices, and
    /// nothing non-trivial comes back through a typed throw, where LeakSanitizer saw the
    /// indirect enum's boxes leak.)
    private let nodes: [Node]

    /// The rule of English, Spanish and Portuguese (Portugal): one, and other.
    public static let oneOther = try! PluralRule("nplurals=2; plural=(n != 1);")

    public init(_ header: String) throws(POFile.Problem) {
        source = header
        var plurals: Int?
        var formula: String?
        for part in header.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { continue }
            let name = pair[0].trimmingCharacters(in: .whitespaces)
            if name == "nplurals" { plurals = Int(pair[1].trimmingCharacters(in: .whitespaces)) }
            if name == "plural" { formula = pair[1].trimmingCharacters(in: .whitespaces) }
        }
        guard let plurals, (1...6).contains(plurals), let formula else {
            throw POFile.Problem(line: 0, message: "Plural-Forms must say nplurals=N; plural=EXPRESSION;")
        }
        var parser = Parser(tokens: try Parser.tokens(formula))
        let root = try parser.conditional()
        guard parser.isAtEnd, root == parser.nodes.count - 1 else {
            throw POFile.Problem(line: 0, message: "Plural-Forms: unexpected text in \(formula)")
        }
        // Every form the rule chooses for the first numbers must exist.
        for n in 0...1000 {
            let form = Self.value(parser.nodes, root, n)
            guard form >= 0 && form < plurals else {
                throw POFile.Problem(line: 0, message: "Plural-Forms chooses form \(form) for \(n), of \(plurals)")
            }
        }
        count = plurals
        nodes = parser.nodes
    }

    public static func == (lhs: PluralRule, rhs: PluralRule) -> Bool { lhs.source == rhs.source }

    /// The form (from 0) that `n` takes.
    public func form(for n: Int) -> Int {
        min(max(0, Self.value(nodes, nodes.count - 1, n)), count - 1)
    }

    enum Node: Sendable {
        case n
        case number(Int)
        case not(Int)
        case binary(String, Int, Int)
        case conditional(Int, Int, Int)
    }

    /// The value of node `index` for `n`, as C computes it.
    static func value(_ nodes: [Node], _ index: Int, _ n: Int) -> Int {
        switch nodes[index] {
        case .n: return n
        case .number(let value): return value
        case .not(let inner): return value(nodes, inner, n) == 0 ? 1 : 0
        case .conditional(let test, let yes, let no):
            return value(nodes, test, n) != 0 ? value(nodes, yes, n) : value(nodes, no, n)
        case .binary(let op, let left, let right):
            let a = value(nodes, left, n)
            if op == "&&" { return a != 0 && value(nodes, right, n) != 0 ? 1 : 0 }
            if op == "||" { return a != 0 || value(nodes, right, n) != 0 ? 1 : 0 }
            let b = value(nodes, right, n)
            switch op {
            case "*": return a &* b
            case "/": return b == 0 ? 0 : a / b
            case "%": return b == 0 ? 0 : a % b
            case "+": return a &+ b
            case "-": return a &- b
            case "<": return a < b ? 1 : 0
            case "<=": return a <= b ? 1 : 0
            case ">": return a > b ? 1 : 0
            case ">=": return a >= b ? 1 : 0
            case "==": return a == b ? 1 : 0
            default: return a != b ? 1 : 0
            }
        }
    }

    /// A recursive-descent parser of C's expression grammar, as far as plural rules use it:
    /// each function adds the nodes it reads and returns the index of the last.
    struct Parser {
        var tokens: [String]
        var position = 0
        var nodes: [Node] = []

        var isAtEnd: Bool { position == tokens.count }

        mutating func add(_ node: Node) -> Int {
            nodes.append(node)
            return nodes.count - 1
        }

        static func tokens(_ text: String) throws(POFile.Problem) -> [String] {
            var tokens: [String] = []
            let characters = Array(text)
            var index = 0
            while index < characters.count {
                let character = characters[index]
                if character == " " || character == "\t" {
                    index += 1
                } else if character.isNumber {
                    var digits = ""
                    while index < characters.count, characters[index].isNumber {
                        digits.append(characters[index])
                        index += 1
                    }
                    tokens.append(digits)
                } else {
                    let pair = index + 1 < characters.count ? String(characters[index...index + 1]) : ""
                    if ["&&", "||", "==", "!=", "<=", ">="].contains(pair) {
                        tokens.append(pair)
                        index += 2
                    } else if "n!*/%+-<>?:()".contains(character) {
                        tokens.append(String(character))
                        index += 1
                    } else {
                        throw POFile.Problem(line: 0, message: "Plural-Forms: unexpected \(character) in \(text)")
                    }
                }
            }
            return tokens
        }

        mutating func take(_ token: String) -> Bool {
            guard position < tokens.count, tokens[position] == token else { return false }
            position += 1
            return true
        }

        mutating func conditional() throws(POFile.Problem) -> Int {
            let test = try binary(0)
            guard take("?") else { return test }
            let yes = try conditional()
            guard take(":") else { throw POFile.Problem(line: 0, message: "Plural-Forms: ? without :") }
            let no = try conditional()
            return add(.conditional(test, yes, no))
        }

        static let levels: [[String]] = [
            ["||"], ["&&"], ["==", "!="], ["<", "<=", ">", ">="], ["+", "-"], ["*", "/", "%"],
        ]

        mutating func binary(_ level: Int) throws(POFile.Problem) -> Int {
            guard level < Self.levels.count else { return try unary() }
            var left = try binary(level + 1)
            while position < tokens.count, Self.levels[level].contains(tokens[position]) {
                let op = tokens[position]
                position += 1
                let right = try binary(level + 1)
                left = add(.binary(op, left, right))
            }
            return left
        }

        mutating func unary() throws(POFile.Problem) -> Int {
            if take("!") {
                let operand = try unary()
                return add(.not(operand))
            }
            if take("(") {
                let inner = try conditional()
                guard take(")") else { throw POFile.Problem(line: 0, message: "Plural-Forms: ( without )") }
                return inner
            }
            if take("n") { return add(.n) }
            guard position < tokens.count, let value = Int(tokens[position]) else {
                throw POFile.Problem(line: 0, message: "Plural-Forms: the expression ends too soon")
            }
            position += 1
            return add(.number(value))
        }
    }
}
