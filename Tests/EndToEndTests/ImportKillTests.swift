import Foundation
import PlaceStore
import Testing

/// Imports killed at random moments (SIGKILL, SIGTERM, SIGINT) over a store already there: what
/// is at the store's path afterwards is the old store whole or the new one whole, never a
/// store that does not open; SIGTERM and SIGINT also remove the unfinished file.
@Suite("Imports killed at random moments", .serialized)
struct ImportKillTests {
    static let generator = ImportTests.osm.appendingPathComponent("generate-extract.py").path
    /// Places in the generated extract: enough that an import takes a second or two here.
    static let places = 20_000

    @Test func aKilledImportLeavesTheOldStoreOrTheNewOneWhole() throws {
        let folder = temporaryPath("kill")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let extract = "\(folder)/generated.osm.pbf"
        #expect(
            try Program(tool: "/usr/bin/python3", [Self.generator, String(Self.places), extract]).run().status == 0)
        let store = "\(folder)/places.store"
        // One whole import, timed: the moments to kill at are chosen across its length.
        let started = Date()
        #expect(try Program(["import", extract, "--output", "\(folder)/whole.store"]).run().status == 0)
        let length = Date().timeIntervalSince(started)
        #expect(try PlaceStore.open(path: "\(folder)/whole.store").count == Self.places)

        var generator = SystemRandomNumberGenerator()
        var outcomes: [String] = []
        // Three rounds of each signal; one of each under a sanitizer, where each import is several
        // times slower and the code killed is the same (the plain build's pass runs all nine).
        let signals = [SIGKILL, SIGTERM, SIGINT]
        for (round, signal) in Array(repeating: signals, count: Sanitizer.address || Sanitizer.thread ? 1 : 3)
            .joined().enumerated()
        {
            // Each round starts from the old store: the Helsinki extract's.
            try? FileManager.default.removeItem(atPath: store)
            #expect(try Program(["import", ImportTests.helsinki, "--output", store]).run().status == 0)
            // The first round is killed early, so that one round at least is killed before the
            // new store is in place, however long this machine's imports take today; the others
            // at random across the import's length.
            let delay = round == 0 ? 0.05 : Double.random(in: 0.02...(length * 1.1), using: &generator)
            let moment = Date().addingTimeInterval(delay)
            let process = try Program(["import", extract, "--output", store]).start()
            // Until the chosen moment, or the import's own end, whichever comes first.
            waitUntil(every: 0.005) { Date() >= moment || !process.isRunning }
            let killed = process.isRunning
            if killed { process.signal(signal) }
            _ = process.wait()
            let count = try PlaceStore.open(path: store).count
            #expect(count == 1_576 || count == Self.places, "round \(round): a store of \(count) places")
            if signal != SIGKILL {
                let left = try FileManager.default.contentsOfDirectory(atPath: folder).filter {
                    $0.hasSuffix(".partial")
                }
                #expect(left.isEmpty, "round \(round): \(left)")
            }
            for partial in try FileManager.default.contentsOfDirectory(atPath: folder)
            where partial.hasSuffix(".partial") {
                try FileManager.default.removeItem(atPath: "\(folder)/\(partial)")
            }
            outcomes.append(killed ? (count == 1_576 ? "old" : "new") : "finished")
        }
        // Some rounds were killed before the import finished: the test saw what it is for.
        #expect(outcomes.contains("old"), "\(outcomes)")
    }
}
