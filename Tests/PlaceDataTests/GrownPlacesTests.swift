import Testing

@testable import PlaceData

/// A window grown by what a search of the whole store found (`Places.adding`) is searched from
/// its own index and the new places' until its whole index is built: every search, and every
/// distance, is what places made whole from the same list give.
@Suite("Places: a window grown by a search")
struct GrownPlacesTests {
    let queries = [
        "", "cafe", "café", "a", "ca", "bakery", "pharmacy", "rua", "central", "sao", "são pedro", "paper & ink",
        "zz", "lisboa", "museum",
    ]

    func far(_ index: Int, _ name: String, _ kind: String) -> Place {
        Place(
            id: "far\(index)", name: name, kind: kind, symbol: "mappin", latitude: 38.9 + Double(index) * 0.001,
            longitude: -9.3)
    }

    @Test("Searched before and after its whole index is built, as places made whole")
    func searchedAsWhole() {
        let window = Places(BuiltInPlaces.lisbon, isWindow: true)
        let found = [
            far(1, "Café Central Norte", "Café"), far(2, "São Pedro Bakery", "Bakery"), window.all[3],
            far(3, "Museu Nacional", "Museum"), far(1, "Café Central Norte", "Café"),
        ]
        let grown = window.adding(found)
        let whole = Places(window.all + [found[0], found[1], found[3]], isWindow: true)
        #expect(grown.all == whole.all)
        #expect(grown.isWindow && grown.source == window.source)
        let origin = Coordinate(latitude: 38.7115, longitude: -9.139)
        #expect(grown.distances(from: origin) == whole.distances(from: origin))
        for query in queries {
            for kind in [nil, "Café", "Bakery"] {
                #expect(
                    grown.matchSet(query: query, kind: kind).members
                        == whole.matchSet(query: query, kind: kind).members,
                    "\(query) \(kind ?? "")")
            }
        }
        // Its whole index is built on a thread of the shell's once asked; then the same.
        #expect(grown.claimIndexing())
        grown.prepareSearch()
        for query in queries {
            #expect(grown.matchSet(query: query).members == whole.matchSet(query: query).members)
        }
        #expect(window.adding([window.all[0]]).all == window.all)
    }
}
