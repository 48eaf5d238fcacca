import Foundation
import PlaceData
import Testing

@testable import PlaceStore

/// The parks' outlines against an independent reader: pyosmium's area handler (libosmium's own
/// multipolygon assembler, Tests/Fixtures/osm/independent-parks.py) reads the same real extract,
/// and the store must keep the same parks (named `leisure=park` ways and multipolygons whose
/// outline is whole in the extract) with the same outer rings: the same points, as many, closed,
/// enclosing the same area. The store joins the outer ways itself (cosmium's `joinRings`).
@Suite("Helsinki's parks' outlines against pyosmium")
struct IndependentParkTests {
    struct Expected: Decodable {
        var id: String
        var name: String
        var rings: [[[Double]]]
    }

    /// Twice the area a closed ring encloses, in square degrees of longitude scaled to latitude
    /// at 60° (the shoelace), whichever way it runs.
    static func area(_ ring: [(latitude: Double, longitude: Double)]) -> Double {
        let scale = cos(60 * Double.pi / 180)
        var sum = 0.0
        for (a, b) in zip(ring, ring.dropFirst()) {
            sum += a.longitude * scale * b.latitude - b.longitude * scale * a.latitude
        }
        return abs(sum)
    }

    static let everywhere = BoundingBox(south: -90, north: 90, west: -180, east: 180)

    @Test func theStoreKeepsTheParksPyosmiumAssemblesWithTheSameRings() throws {
        let script = StoreFixtures.folder.appendingPathComponent("independent-parks.py").path
        let lines = try StoreFixtures.python([script, StoreFixtures.helsinki]).split(separator: "\n")
        let expected = try lines.map { try JSONDecoder().decode(Expected.self, from: Data($0.utf8)) }
        let store = try PlaceStore.open(path: StoreFixtures.helsinkiStore.path)
        let stored = Dictionary(uniqueKeysWithValues: store.parks(in: Self.everywhere).map { ($0.id, $0) })
        // Central Helsinki: 8 park ways and 1 multipolygon (Kaisaniemen puisto) whole in the extract.
        #expect(expected.count == 9)
        #expect(expected.filter { $0.id.hasPrefix("relation/") }.map(\.name) == ["Kaisaniemen puisto"])
        #expect(store.parkCount == 9 && StoreFixtures.helsinkiStore.counts.parks == 9)
        #expect(Set(stored.keys) == Set(expected.map(\.id)))
        var wrong: [String] = []
        for park in expected {
            guard let found = stored[park.id] else { continue }
            if found.name != park.name { wrong.append("\(park.id): name \(found.name), pyosmium \(park.name)") }
            let theirs = park.rings.map { $0.map { (latitude: $0[0], longitude: $0[1]) } }
            let ours = found.rings.map { $0.map { (latitude: $0.latitude, longitude: $0.longitude) } }
            guard ours.count == theirs.count else {
                wrong.append("\(park.id): \(ours.count) rings, pyosmium \(theirs.count)")
                continue
            }
            func key(_ ring: [(latitude: Double, longitude: Double)]) -> [String] {
                Set(ring.map { "\($0.latitude),\($0.longitude)" }).sorted()
            }
            // Rings in any order, each from any point and either way round: the same points, as
            // many (each ring closed, so its first point twice), and the same area.
            let theirRings = theirs.map { (points: key($0), count: $0.count, area: Self.area($0)) }
                .sorted { $0.points.lexicographicallyPrecedes($1.points) }
            let ourRings = ours.map { (points: key($0), count: $0.count, area: Self.area($0)) }
                .sorted { $0.points.lexicographicallyPrecedes($1.points) }
            for (our, their) in zip(ourRings, theirRings) {
                if our.points != their.points || our.count != their.count {
                    wrong.append("\(park.id): a ring of \(our.count) points, pyosmium's \(their.count)")
                }
                if abs(our.area - their.area) > 1e-12 * max(1, their.area) {
                    wrong.append("\(park.id): area \(our.area), pyosmium \(their.area)")
                }
            }
            for ring in found.rings where ring.first != ring.last || ring.count < 4 {
                wrong.append("\(park.id): a ring of \(ring.count) points not closed")
            }
        }
        #expect(wrong.isEmpty, "\(wrong)")
        // Each ring's point count, as pyosmium gives it.
        #expect(
            expected.map { $0.rings.map(\.count) } == expected.map { stored[$0.id]?.rings.map(\.count) ?? [] })
    }

    /// The three named park ways with nodes outside the extract have no outline in the store and
    /// stay places of kind Park at their point, which `map` draws about it.
    @Test func aParkNotWholeInTheExtractStaysAPlaceOnly() throws {
        let store = try PlaceStore.open(path: StoreFixtures.helsinkiStore.path)
        #expect(StoreFixtures.helsinkiStore.counts.parksWithoutOutline == 3)
        let outlined = Set(store.parks(in: Self.everywhere).map(\.id))
        let parks = StoreFixtures.all(store).filter { $0.kind == "Park" }
        let without = parks.filter { !outlined.contains($0.id) }.map(\.name).sorted()
        #expect(without == ["Tokoinranta", "Tähtitornin vuori", "Töölönlahden puisto"], "\(without)")
    }

    /// The R*Tree gives the parks whose boxes meet a box, and no others.
    @Test func theParksOfABoxAreThoseWhoseBoxesMeetIt() throws {
        let store = try PlaceStore.open(path: StoreFixtures.helsinkiStore.path)
        // About the Esplanadi, 60.1672-60.1676 north, 24.944-24.945 east.
        let box = BoundingBox(south: 60.1672, north: 60.1676, west: 24.944, east: 24.945)
        let found = store.parks(in: box)
        #expect(found.map(\.name) == ["Esplanadinpuisto"])
        let all = store.parks(in: Self.everywhere)
        for park in all {
            let points = park.rings.joined()
            let meets =
                points.map(\.latitude).max()! >= box.south && points.map(\.latitude).min()! <= box.north
                && points.map(\.longitude).max()! >= box.west && points.map(\.longitude).min()! <= box.east
            #expect(meets == found.contains(park), "\(park.name)")
        }
    }
}
