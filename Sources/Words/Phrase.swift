/// Words to be said, not yet in a language: a catalog key, its fields and the count that
/// chooses its plural form. Code that cannot know the language (a parser, a setting's check)
/// returns one of these, and whoever holds the catalog says it.
///
/// A key with fields is said only through its generated constructor, whose labels are the
/// fields of its English words (`Phrase.placeRow(name:kind:where:walk:)`, by the CatalogKeys
/// plugin), so that a misspelt or missing field is a compile error, never a "{name}" heard.
public struct Phrase: Equatable, Sendable {
    public let key: Key
    /// The words of each field, by its name in the template.
    var fields: [String: String]
    /// Fields whose values are phrases themselves, said first.
    var nested: [String: Phrase]
    /// The count that chooses a plural key's form.
    public let count: Int?

    /// A key said without fields: one that takes none, such as a key a table builds from its
    /// cases (`Key(family:)`), whose table's tests check it.
    public init(_ key: Key) {
        self.init(raw: key, count: nil)
    }

    /// A key a table builds from its cases (`Key(family:)`: `command.find.usage` for every
    /// command) with fields the table fills in for every case alike, which no constructor can
    /// name: the table's tests say every case. A generated key with fields is not reachable here
    /// (outside Words it has no `Key`), so this is no way around its constructor.
    public init(family key: Key, fields: [String: String]) {
        self.init(raw: key, fields: fields, count: nil)
    }

    /// A phrase whose fields are filled afterwards: the generated constructors' start, and the
    /// raw way in for the catalog's own checks. Never public: a literal field name is unchecked.
    init(raw key: Key, fields: [String: String] = [:], nested: [String: Phrase] = [:], count: Int?) {
        self.key = key
        self.fields = fields
        self.nested = nested
        self.count = count
    }
}

/// What a phrase's field holds: words already in the listener's language (`String`), or a
/// phrase, said in the catalog's language when the whole phrase is.
public protocol PhraseField: Sendable {
    /// Puts this value in the field `name` of `phrase`.
    func fill(_ name: String, of phrase: inout Phrase)
}

extension String: PhraseField {
    public func fill(_ name: String, of phrase: inout Phrase) { phrase.fields[name] = self }
}

extension Phrase: PhraseField {
    public func fill(_ name: String, of phrase: inout Phrase) { phrase.nested[name] = self }
}

extension Catalog {
    /// The words of `phrase`.
    public func text(_ phrase: Phrase) -> String {
        var fields = phrase.fields
        for (name, inner) in phrase.nested { fields[name] = text(inner) }
        return text(phrase.key, fields, count: phrase.count)
    }
}
