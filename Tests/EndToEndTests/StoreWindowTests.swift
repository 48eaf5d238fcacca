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
                + " 60.16881, 24.94255.\n")
        #expect(result.stdout.contains("1,576 places."))
        // Given a position, it is kept, and nothing is said of the centre.
        let lisbon = try Program(
            ["--places", store, "--speech", "off", "--at", "38.71,-9.14"], input: .text("count\n")
        ).run()
        #expect(lisbon.stderr == "")
        #expect(lisbon.stdout.contains("No places."))
    }

    /// 3.5 km north of the extract's places, none within the window's 2 km: where says the
    /// nearest and how far, and a walk out of the places hears it once.
    @Test func withNoPlaceWithinTheWindowTheNearestBeyondIsSaid() throws {
        let store = try Self.store()
        let result = try Program(
            ["--places", store, "--speech", "off", "--at", "60.20,24.94"], input: .text("where\n")
        ).run()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Nearest, Graniittilinna, 2.35 kilometres south."), "\(result.stdout)")
        // A route north out of the places, 1.6 km to 2.6 km from them, 150 m a step.
        let gpx = temporaryPath("out-of-town.gpx")
        let points = stride(from: 60.186, through: 60.196, by: 0.0015).map {
            #"<trkpt lat="\#($0)" lon="24.94"/>"#
        }
        try (#"<?xml version="1.0"?><gpx version="1.1"><trk><trkseg>"# + points.joined() + "</trkseg></trk></gpx>")
            .write(toFile: gpx, atomically: true, encoding: .utf8)
        let walked = try Program(
            ["--places", store, "--speech", "off", "--route", gpx, "--route-speed", "100"], input: .text("")
        ).run()
        #expect(walked.status == 0, "\(walked.stderr)")
        let nothingNear = walked.stdout.split(separator: "\n").filter { $0.hasPrefix("No places within 1 kilometre") }
        #expect(nothingNear.count == 1, "\(walked.stdout)")
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
        #expect(counts.last == "1,576 places.")
        #expect(counts.first == "No places.")
        #expect(result.stdout.contains("2 places match \"kiasma\"."))
    }

    /// `set places STORE` with no position given moves to the centre of the store's places, as a
    /// start without `--at` does; after `set at`, the position is kept.
    @Test func setPlacesWithNoPositionMovesToTheCentreOfTheStore() throws {
        let store = try Self.store()
        let moved = try Program(
            ["--speech", "off", "--radius", "5000"], input: .text("set places \(store)\ncount\n")
        ).run()
        #expect(moved.status == 0)
        #expect(moved.stdout.contains("1,576 places."))
        let kept = try Program(
            ["--speech", "off", "--radius", "5000"], input: .text("set at 38.71,-9.14\nset places \(store)\ncount\n")
        ).run()
        #expect(kept.status == 0)
        #expect(kept.stdout.contains("No places."))
    }

    /// A place with `name:es` is named so in Spanish (`--language es`, and after `set language
    /// es`), by its own name otherwise.
    @Test func aPlaceIsNamedInTheSessionsLanguageWhereItHasAName() throws {
        let store = try Self.store()
        let spanish = "Embajada de la República Bolivariana de Venezuela en Finlandia"
        let own = "Venezuelan suurlähetystö"
        let english = try Program(["--places", store, "--speech", "off"], input: .text("find venezuela\n")).run()
        #expect(english.status == 0)
        #expect(english.stdout.contains(own))
        #expect(!english.stdout.contains(spanish))
        let inSpanish = try Program(
            ["--places", store, "--speech", "off", "--language", "es"], input: .text("find bolivariana\n")
        ).run()
        #expect(inSpanish.status == 0)
        #expect(inSpanish.stdout.contains(spanish))
        let switched = try Program(
            ["--places", store, "--speech", "off"], input: .text("set language es\nfind bolivariana\n")
        ).run()
        #expect(switched.status == 0)
        #expect(switched.stdout.contains(spanish))
    }
}
