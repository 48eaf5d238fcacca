/// The places loaded, with what search needs prepared once: each place's folded text.
public struct PlaceCatalog: Equatable, Sendable {
    public let places: [Place]
    /// The folded "name kind" of each place, by index.
    let searchText: [String]
    /// The folded name of each place, by index, for choosing a place by name.
    let foldedNames: [String]

    public init(_ places: [Place]) {
        self.places = places
        let names = places.map { TextFolding.fold($0.name) }
        self.foldedNames = names
        self.searchText = places.indices.map { names[$0] + " " + TextFolding.fold(places[$0].kind) }
    }

    public var count: Int { places.count }

    public static func == (lhs: PlaceCatalog, rhs: PlaceCatalog) -> Bool { lhs.places == rhs.places }

    /// The indices of the places whose name or kind holds every word of `query`, whatever its
    /// case and accents (the seed's rule), and whose kind is `kind` when one is given.
    public func matches(query: String, kind: String? = nil) -> [Int] {
        let words = TextFolding.queryWords(query)
        return places.indices.filter { index in
            if let kind, places[index].kind != kind { return false }
            return words.allSatisfy { searchText[index].contains($0) }
        }
    }

    /// The kinds of place, each with how many places have it, in alphabetical order.
    public func kindCounts(among indices: [Int]? = nil) -> [(kind: String, count: Int)] {
        var counts: [String: Int] = [:]
        for index in indices ?? Array(places.indices) { counts[places[index].kind, default: 0] += 1 }
        return counts.map { (kind: $0.key, count: $0.value) }
            .sorted { TextFolding.fold($0.kind) < TextFolding.fold($1.kind) }
    }

    /// The folded name of the place at `index`.
    func foldedName(at index: Int) -> String { foldedNames[index] }
}
