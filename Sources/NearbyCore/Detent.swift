import PlaceData
import Words

/// Where the sheet rests: the seed's three detents, lowest first.
public enum Detent: Int, CaseIterable, Comparable, Sendable {
    case resting, half, full

    public static func < (lhs: Detent, rhs: Detent) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The handle's value as VoiceOver would read it: "half height".
    public func spoken(_ words: Catalog) -> String { words.text(Key(family: "detent", name)) }

    /// The word typed after `detent` in the catalog's language ("media" in Spanish).
    public func word(_ words: Catalog) -> String { words.text(Key(family: "detent", name, "word")) }

    /// Where the sheet is, to follow "The sheet is" or "Sheet stays": "at half height".
    public func situation(_ words: Catalog) -> String { words.text(Key(family: "detent", name, "situation")) }

    /// The word typed in `detent NAME`.
    public var name: String {
        switch self {
        case .resting: "resting"
        case .half: "half"
        case .full: "full"
        }
    }

    /// The position among the detents, from 1 at the bottom.
    public var position: Int { rawValue + 1 }

    /// The detent one step up, or nil at the top.
    public var higher: Detent? { Detent(rawValue: rawValue + 1) }

    /// The detent one step down, or nil at the bottom.
    public var lower: Detent? { Detent(rawValue: rawValue - 1) }

    /// The detent a word names: its name, its word in the catalog's language, or a few words
    /// people use for it.
    public init?(word: String, words: Catalog = .builtIn(.english)) {
        let folded = TextFolding.fold(word)
        if let detent = Self.allCases.first(where: { TextFolding.fold($0.word(words)) == folded }) {
            self = detent
            return
        }
        switch folded {
        case "resting", "rest", "bottom", "low", "collapsed", "min", "1": self = .resting
        case "half", "medium", "middle", "mid", "2": self = .half
        case "full", "top", "large", "max", "high", "3": self = .full
        default: return nil
        }
    }
}
