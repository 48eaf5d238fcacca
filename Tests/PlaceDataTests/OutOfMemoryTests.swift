import Foundation
import Testing

@testable import PlaceData

/// A places file whose places memory cannot be found for is an error naming the file, never a
/// crash: the blocks of the second half's places are mapped (mmap(2)), and a mapping too large
/// for the address space really fails (ENOMEM).
@Suite("Places that memory cannot hold")
struct OutOfMemoryTests {
    /// Places to a block that no mapping can hold: 2^50 places, far beyond 2^47 bytes.
    static let impossible = 1 << 50

    @Test func aBlockThatCannotBeMappedIsAnErrorNotACrash() {
        let blocks = PlaceBlocks(capacity: Self.impossible)
        let place = Place(id: "a", name: "A", kind: "Café", symbol: "cup", latitude: 0, longitude: 0)
        do {
            try blocks.append(place)
            Issue.record("a block of \(Self.impossible) places was mapped")
        } catch {
            #expect("\(error)" == "mmap: Cannot allocate memory")
        }
    }

    @Test func aLargeGeoJSONWhoseSecondHalfCannotBeHeldNamesTheFile() throws {
        let bytes = Array(AtScaleTests.geoJSON(count: 12_000, seed: 5).utf8)
        bytes.withUnsafeBufferPointer { buffer in
            var problem: PlacesFile.Problem?
            do throws(PlacesFile.Problem) {
                _ = try GeoJSONLoader.load(buffer, file: "big.geojson", blockCapacity: Self.impossible)
            } catch {
                problem = error
            }
            #expect(problem?.isOutOfMemory == true)
            #expect(problem?.file == "big.geojson")
            #expect(
                problem?.description == "big.geojson: not enough memory to hold its places (Cannot allocate memory).")
        }
        // With blocks that can be had, the same file loads.
        let loaded = try bytes.withUnsafeBufferPointer { try GeoJSONLoader.load($0, file: "big.geojson") }
        #expect(loaded.places.count > 11_000)
    }
}
