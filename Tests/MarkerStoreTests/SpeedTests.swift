import Foundation
import PlaceData
import Testing

@testable import MarkerStore

/// What a save and a load cost on this disk, beside the floor: a plain write and fsync of the
/// same bytes. Printed for the record (`make bench` keeps the figures); the test itself checks
/// that what was timed was right.
@Suite("Saves and loads of 1 and 10,000 markers, timed beside a plain write and fsync")
struct SpeedTests {
    static func library(_ count: Int) -> MarkerLibrary {
        var markers: [Marker] = []
        for index in 0..<count {
            // Whole tenths of a microdegree, as the file keeps them, so that a load is equal.
            let coordinate = Coordinate(latitude: Double(600_000_000 + index * 100) / 1e7, longitude: 24.9)
            let note: String? = index % 4 == 0 ? "A note" : nil
            let place: String? = index % 2 == 0 ? "node/\(index)" : nil
            markers.append(
                Marker(
                    name: "Marker \(index) Café", coordinate: coordinate, note: note,
                    time: 1_796_119_200 + Double(index),
                    placeID: place))
        }
        return MarkerLibrary(markers: markers)
    }

    /// The median of five runs of `body`, in milliseconds.
    static func milliseconds(_ body: () throws -> Void) rethrows -> Double {
        var times: [Double] = []
        for _ in 0..<5 {
            let start = DispatchTime.now().uptimeNanoseconds
            try body()
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        return times.sorted()[2]
    }

    @Test(
        "save of 1 and of 10,000 markers, load of 10,000, beside write+fsync of the same bytes", arguments: [1, 10_000])
    func timed(count: Int) throws {
        let folder = try temporaryFolder("speed-\(count)")
        let path = "\(folder)/markers.gpx"
        let file = try MarkerFile(path: path)
        let library = Self.library(count)
        let save = try Self.milliseconds { try file.save(library) }
        let text = Array(library.gpx().utf8)
        let gpx = Self.milliseconds { _ = library.gpx() }
        let floor = try Self.milliseconds {
            let handle = try #require(FileHandle(forWritingAtPath: path) ?? nil)
            defer { try? handle.close() }
            try handle.truncate(atOffset: 0)
            try handle.write(contentsOf: text)
            try handle.synchronize()
        }
        var loaded = MarkerLibrary()
        let load = try Self.milliseconds { loaded = try file.load().library }
        // One Bool, not the two libraries: a failure should not print 10,000 markers twice.
        let same = loaded == library
        #expect(same, "\(loaded.markers.count) markers loaded of \(library.markers.count)")
        print(
            "markers \(count): \(text.count) bytes; save \(String(format: "%.2f", save)) ms (gpx() \(String(format: "%.2f", gpx)) ms),"
                + " plain write+fsync \(String(format: "%.2f", floor)) ms, load \(String(format: "%.2f", load)) ms")
    }
}
