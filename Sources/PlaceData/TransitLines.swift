/// The lines that serve a stop, by what they are (bus, tram...) and their `ref` ("16", "67V"),
/// in the order they are said: by mode (`Mode`'s order), then by number ("2" before "10"),
/// then as written. Kept in a place's facts as text, "bus 16;bus 17;tram 4" (`text`).
public struct TransitLines: Equatable, Sendable {
    /// What runs on a line, in the order lines are said.
    public enum Mode: String, CaseIterable, Sendable, Comparable {
        case bus, tram, subway, train, ferry

        /// The mode of an OpenStreetMap `route` value: trolleybuses are buses, light rail is a
        /// tram, a monorail a train; nil for a route that is no public transport line.
        public init?(route: String) {
            switch route {
            case "bus", "trolleybus": self = .bus
            case "tram", "light_rail": self = .tram
            case "subway": self = .subway
            case "train", "monorail": self = .train
            case "ferry": self = .ferry
            default: return nil
            }
        }

        public static func < (lhs: Self, rhs: Self) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }

    /// One line: its mode and its `ref`.
    public struct Line: Hashable, Sendable {
        public var mode: Mode
        public var ref: String

        public init(mode: Mode, ref: String) {
            self.mode = mode
            self.ref = ref
        }
    }

    /// The lines, each once, in the order they are said.
    public private(set) var lines: [Line]

    public init<S: Sequence<Line>>(_ lines: S) {
        self.lines = Set(lines).sorted(by: Self.saidBefore)
    }

    /// The lines of a facts' text ("bus 16;tram 4"); an entry it cannot read is left out.
    public init(text: String) {
        self.init(
            text.split(separator: ";").compactMap { entry in
                guard let space = entry.firstIndex(of: " "), let mode = Mode(rawValue: String(entry[..<space])) else {
                    return nil
                }
                let ref = entry[entry.index(after: space)...]
                return ref.isEmpty ? nil : Line(mode: mode, ref: String(ref))
            })
    }

    /// The facts' text: "bus 16;bus 17;tram 4".
    public var text: String { lines.map { "\($0.mode.rawValue) \($0.ref)" }.joined(separator: ";") }

    public var isEmpty: Bool { lines.isEmpty }

    /// The modes the lines have, in order, each with its refs in order.
    public var byMode: [(mode: Mode, refs: [String])] {
        Mode.allCases.compactMap { mode in
            let refs = lines.filter { $0.mode == mode }.map(\.ref)
            return refs.isEmpty ? nil : (mode, refs)
        }
    }

    /// Whether `lhs` is said before `rhs`: by mode, then by the number a ref begins with (none
    /// after any), then as written.
    static func saidBefore(_ lhs: Line, _ rhs: Line) -> Bool {
        if lhs.mode != rhs.mode { return lhs.mode < rhs.mode }
        let left = leadingNumber(lhs.ref)
        let right = leadingNumber(rhs.ref)
        if left != right { return (left ?? Int.max) < (right ?? Int.max) }
        return lhs.ref < rhs.ref
    }

    /// The number a ref begins with: 67 of "67V"; nil for "I" or a number too long.
    static func leadingNumber(_ ref: String) -> Int? {
        Int(ref.prefix { $0.isASCII && $0.isNumber }.prefix(9))
    }
}
