import PlaceData

/// Streets and intersections by name (`set at Mannerheimintie`, `--at "Aleksanterinkatu and
/// Mikonkatu"`), from the walking network's ways.
extension PlaceStore {
    /// A street or an intersection a name gives (`set at Mannerheimintie`, `set at
    /// Aleksanterinkatu and Mikonkatu`, in either order), folded as search folds: the street's
    /// point nearest `point`, or the meeting of the two named streets nearest it; nil when no
    /// walkable way has the name. Names are told apart by `and`, `&` or `/` (and the words for
    /// "and" of `joiners`).
    public func streetNamed(_ text: String, near point: Coordinate, joiners: [String] = []) -> NamedStreet? {
        let names = distinctWayNames()
        func named(_ words: String) -> String? {
            let folded = TextFolding.fold(words.trimmingCharacters(in: .whitespaces))
            guard !folded.isEmpty else { return nil }
            return names.first { TextFolding.fold($0) == folded }
        }
        if let street = named(text) {
            let nearest = edgePoints(named: street).min { point.distance(to: $0) < point.distance(to: $1) }
            return nearest.map { NamedStreet(names: [street], coordinate: $0) }
        }
        for joiner in ["&", "/", " and "] + joiners.map({ " \($0) " }) {
            let parts = text.lowercased().components(separatedBy: joiner)
            guard parts.count == 2, let first = named(parts[0]), let second = named(parts[1]), first != second else {
                continue
            }
            let shared = Set(vertexIDs(named: first)).intersection(vertexIDs(named: second))
            var best: (coordinate: Coordinate, distance: Double)?
            locked {
                for id in shared {
                    try? network.vertex.forEachRow([.integer(id)]) { row in
                        let found = Self.vertex(row).coordinate
                        let distance = point.distance(to: found)
                        if distance < best?.distance ?? .infinity { best = (found, distance) }
                    }
                }
            }
            if let best { return NamedStreet(names: [first, second], coordinate: best.coordinate) }
        }
        return nil
    }

    /// The different names of the walkable ways, read once.
    private func distinctWayNames() -> [String] {
        var names: [String] = []
        locked {
            try? database.prepare("SELECT DISTINCT name FROM ways WHERE name IS NOT NULL AND name != ''")
                .forEachRow([]) { row in if let name = row.text(0) { names.append(name) } }
        }
        return names
    }

    /// Every point of the edges of the ways called `name`.
    private func edgePoints(named name: String) -> [Coordinate] {
        var points: [Coordinate] = []
        locked {
            try? database.prepare("SELECT e.points FROM edges e JOIN ways w ON w.id = e.way WHERE w.name = ?1")
                .forEachRow([.text(name)]) { row in
                    points += StreetIndex.points(row.bytes(0)).map {
                        Coordinate(latitude: $0.latitude, longitude: $0.longitude)
                    }
                }
        }
        return points
    }

    /// The vertices the ways called `name` pass through.
    private func vertexIDs(named name: String) -> [Int64] {
        var ids: [Int64] = []
        locked {
            try? database.prepare("SELECT e.a, e.b FROM edges e JOIN ways w ON w.id = e.way WHERE w.name = ?1")
                .forEachRow([.text(name)]) { row in ids += [row.int64(0), row.int64(1)] }
        }
        return ids
    }
}
