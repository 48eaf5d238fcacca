@_exported import POFormat

/// A key of the catalog: the `msgctxt` of one entry of `po/en.po`, such as `places.loaded`.
///
/// Every key is a constant generated from `po/en.po` at build time (`Key.placesLoaded`, by
/// the CatalogKeys build-tool plugin), so a missing or misspelt key is a compile error, never a
/// "⟦missing …⟧" heard in a session. A key with fields is internal to Words: it is said through
/// its `Phrase` constructor, which names its fields (`Phrase.placesLoaded(places:file:)`). Keys
/// that a table builds from its cases (`command.find.word` for every command) come from
/// `Key(family:)`, and each table's test checks every member.
public struct Key: Hashable, Sendable, CustomStringConvertible {
    /// The key as the PO file writes it.
    public let rawValue: String

    /// A generated key.
    init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// A key of a family built from a table's case: its parts joined by dots
    /// (`Key(family: "command", "find", "word")` is `command.find.word`). The table's tests
    /// check that every case has its key.
    public init(family: String, _ parts: String...) {
        rawValue = ([family] + parts).joined(separator: ".")
    }

    public var description: String { rawValue }
}
