import Foundation

/// A JSON value written out by hand, so that a log line's fields keep their order (`t` first)
/// and numbers keep the precision chosen for them: the study's log, its report's JSON, and the
/// JSON Lines transcript's strings.
public indirect enum JSONText: Sendable {
    case string(String)
    case int(Int)
    /// Seconds with three decimals (milliseconds).
    case seconds(Double)
    /// A number with as many decimals as given.
    case number(Double, decimals: Int)
    case bool(Bool)
    case null
    case array([JSONText])
    case object([(String, JSONText)])

    /// The JSON text, on one line.
    public var text: String {
        switch self {
        case .string(let value): return Self.quoted(value)
        case .int(let value): return String(value)
        case .seconds(let value): return Self.fixed(value, decimals: 3)
        case .number(let value, let decimals): return Self.fixed(value, decimals: decimals)
        case .bool(let value): return value ? "true" : "false"
        case .null: return "null"
        case .array(let items): return "[" + items.map(\.text).joined(separator: ",") + "]"
        case .object(let fields):
            return "{" + fields.map { Self.quoted($0.0) + ":" + $0.1.text }.joined(separator: ",") + "}"
        }
    }

    /// A number with `decimals` decimals, never in exponent form; a value that is not finite is null.
    public static func fixed(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "null" }
        return String(format: "%.\(decimals)f", value)
    }

    /// A JSON string literal: quotes, backslashes and every control character escaped.
    public static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
