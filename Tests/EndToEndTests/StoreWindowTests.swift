import Foundation
import Testing

/// A place store in a session, through the built binary: with no position given it starts at
/// the centre of its places (said once on standard error), and `set at` loads the places about
/// the new position.
@Suite("A place store's window in a session, end to end", .serialized)
struct StoreWindowTests {
    static func store() throws -> String {
        let store = temporaryPath("helsinki.places")
        let result = try Program(["import", ImportTests.helsinki, "--output", store]).run()
        #expect(result.status == 0)
        return store
    }

    @Test func noPositionStartsAtTheCentreOfThePlaces() throws {
        let store = try Self.store()
        // A radius wider than the extract: the count is the whole window's.
        let result = try Program(["--places", store, "--speech", "off", "--radius", "5000"], input: .text("count\n"))
            .run()
        #expect(result.status == 0)
        #expect(
            result.stderr
                == "nearby-voice: No position was given (--at): starting at the centre of the places in \(store),"
                + " 60.16886, 24.94262.\n")
        #expect(result.stdout.contains("1,607 places."))
        // Given a position, it is kept, and nothing is said of the centre.
        let lisbon = try Program(
            ["--places", store, "--speech", "off", "--at", "38.71,-9.14"], input: .text("count\n")
        ).run()
        #expect(lisbon.stderr == "")
        #expect(lisbon.stdout.contains("No places."))
    }

    @Test func setAtLoadsThePlacesAboutTheNewPosition() throws {
        let store = try Self.store()
        let input = "set at 38.71,-9.14\ncount\nset at 60.1687,24.9420\ncount\nfind kiasma\n"
        let result = try Program(["--places", store, "--speech", "off", "--radius", "5000"], input: .text(input)).run()
        #expect(result.status == 0)
        let counts = result.stdout.split(separator: "\n").filter {
            $0.hasSuffix(" places.") || $0.hasPrefix("No places")
        }
        #expect(counts.count == 2)
        #expect(counts.last == "1,607 places.")
        #expect(counts.first == "No places.")
        #expect(result.stdout.contains("2 places match \"kiasma\"."))
    }
}
