import Words

/// OpenStreetMap's tags as the words people say, in the catalog's language: `amenity=cafe` is
/// "Café", "Cafetería", "Café"; `highway=bus_stop` "Bus stop", "Parada de autobús". The words come
/// from the iD editor's tagging schema (`Words/po/osm-kinds.tsv`) and the catalogs' overrides; a
/// value the schema does not name is said in words with its key's noun (`shop=bag` is "Bag
/// shop", "Tienda (bag)"), never as a raw token. Of a list (`cafe;bar`) the first counts.
public enum OSMKinds {
    /// The kind a tag names, in the words of `words` (English unless told).
    public static func word(key: String, value: String, words: Catalog = .builtIn(.english)) -> String {
        words.kindWord(key: key, value: value)
    }
}

extension String {
    /// Without spaces at either end.
    var trimmingSpaces: String {
        var scalars = Substring(self).unicodeScalars
        while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}
