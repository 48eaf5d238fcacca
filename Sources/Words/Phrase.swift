/// Words to be said, not yet in a language: a catalog key, its fields and the count that
/// chooses its plural form. Code that cannot know the language (a parser, a setting's check)
/// returns one of these, and whoever holds the catalog says it.
public struct Phrase: Equatable, Sendable {
    public var key: Key
    public var fields: [String: String]
    /// Fields whose values are phrases themselves, said first.
    public var nested: [String: Phrase]
    public var count: Int?

    public init(_ key: Key, _ fields: [String: String] = [:], nested: [String: Phrase] = [:], count: Int? = nil) {
        self.key = key
        self.fields = fields
        self.nested = nested
        self.count = count
    }
}

extension Catalog {
    /// The words of `phrase`.
    public func text(_ phrase: Phrase) -> String {
        var fields = phrase.fields
        for (name, inner) in phrase.nested { fields[name] = text(inner) }
        return text(phrase.key, fields, count: phrase.count)
    }
}
