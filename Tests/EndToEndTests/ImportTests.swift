import Foundation
import PlaceStore
import Testing

/// `nearby-voice import` and `--places` with stores and extracts, through the built binary:
/// the counts it prints, the exit codes of bad input (65), a full disk (74), the cache, and
/// imports killed at random moments.
@Suite("Importing places into a store, end to end", .serialized)
struct ImportTests {
    static let osm = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/osm")
    static var helsinki: String { osm.appendingPathComponent("Helsinki.osm.pbf").path }

    func folder() throws -> String {
        let path = temporaryPath("import")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Runs the program after the shell commands `limits` (`ulimit -f 100`).
    func runLimited(_ limits: String, _ arguments: [String]) throws -> Program.Result {
        var program = Program(arguments)
        program.shell = limits
        return try program.run()
    }

    @Test func importPrintsItsCountsAndTheStoreOpens() throws {
        let folder = try folder()
        let store = "\(folder)/helsinki.places"
        let result = try Program(["import", Self.helsinki, "--output", store]).run()
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("Imported 1,576 places and ") == true)
        #expect(lines.first?.hasSuffix(" streets from \(Self.helsinki) into \(store).") == true)
        #expect(
            lines.dropFirst().first?.hasSuffix(" places without an address were given their nearest street.") == true)
        // The walking network's counts, as Debian's pyosmium counts them (IndependentNetworkTests),
        // and its faults counted.
        #expect(
            Array(lines.dropFirst(2)) == [
                "Walking network: intersections, 2,015; crossings, 624; dead ends, 376.",
                "175 walkable ways had a node missing from the extract and were cut there.",
                "69 walkable ways had fewer than two nodes in the extract and were left out.",
                // The parks' outlines, as pyosmium's area handler assembles them (IndependentParkTests).
                "9 parks kept with their outlines.",
                "3 parks' outlines were not whole in the extract: they are drawn about their point.",
            ])
        #expect(try PlaceStore.open(path: store).count == 1_576)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["helsinki.places"])
    }

    /// A way and a multipolygon kept by their tags but lying wholly outside the extract (their
    /// nodes, their outer way, not in it): not kept, and the import says how many of each.
    @Test func waysAndMultipolygonsOutsideTheExtractAreCounted() throws {
        let folder = try folder()
        let extract = "\(folder)/edge.osm"
        try """
        <?xml version='1.0' encoding='UTF-8'?>
        <osm version="0.6">
          <node id="1" version="1" lat="60.17" lon="24.94"><tag k="name" v="Kiosk"/><tag k="shop" v="kiosk"/></node>
          <way id="10" version="1"><nd ref="7"/><nd ref="8"/><tag k="name" v="Far"/><tag k="amenity" v="school"/></way>
          <relation id="20" version="1"><member type="way" ref="11" role="outer"/>
            <tag k="type" v="multipolygon"/><tag k="name" v="Farther"/><tag k="leisure" v="park"/></relation>
        </osm>
        """.write(toFile: extract, atomically: true, encoding: .utf8)
        let store = "\(folder)/edge.places"
        let result = try Program(["import", extract, "--output", store]).run()
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                Imported 1 place and 0 streets from \(extract) into \(store).
                1 way lay wholly outside the extract and was left out.
                1 multipolygon lay wholly outside the extract and was left out.

                """)
        #expect(try PlaceStore.open(path: store).count == 1)
    }

    @Test func aGeoJSONFileImportsIntoAStoreAndOpensWithPlaces() throws {
        let folder = try folder()
        let store = "\(folder)/lisbon.places"
        let geojson = Self.osm.deletingLastPathComponent().appendingPathComponent("places/lisbon.geojson").path
        let result = try Program(["import", geojson, "--output", store]).run()
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("Imported "))
        let opened = try PlaceStore.open(path: store)
        #expect(opened.source == "GeoJSON")
        let session = try Program(["--places", store, "--speech", "off"], input: .text("find saopedro\n")).run()
        #expect(session.status == 0)
        #expect(session.stdout.hasPrefix("1 place matches \"saopedro\": Jardim São Pedro, Park, "))
    }

    @Test func badInputEndsWith65AndNamesTheFile() throws {
        let folder = try folder()
        let bytes = try Data(contentsOf: URL(fileURLWithPath: Self.helsinki))
        let cut = "\(folder)/cut.osm.pbf"
        try bytes.prefix(300_000).write(to: URL(fileURLWithPath: cut))
        let truncated = try Program(["import", cut, "--output", "\(folder)/cut.places"]).run()
        #expect(truncated.status == 65)
        #expect(truncated.stderr.hasPrefix("nearby-voice: \(cut): not a readable OpenStreetMap file (PBF error: "))
        let text = "\(folder)/text.osm"
        try "hello\n".write(toFile: text, atomically: true, encoding: .utf8)
        let notOSM = try Program(["import", text, "--output", "\(folder)/text.places"]).run()
        #expect(notOSM.status == 65)
        #expect(notOSM.stderr.hasPrefix("nearby-voice: \(text): not a readable OpenStreetMap file ("))
        // The same refusals when --places names the extract, through the cache.
        let env = ["XDG_CACHE_HOME": "\(folder)/cache"]
        let session = try Program(["--places", cut, "--speech", "off"], environment: env).run()
        #expect(session.status == 65)
        #expect(session.stderr.contains("nearby-voice: \(cut): not a readable OpenStreetMap file (PBF error: "))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == [
                "cache", "cut.osm.pbf", "text.osm",
            ])
        let usage = try Program(["import", Self.helsinki]).run()
        #expect(usage.status == 64)
        #expect(usage.stderr == "nearby-voice: import needs --output STORE. See nearby-voice import --help.\n")
    }

    @Test func aStoreOfAnotherVersionSaysImportItAgain() throws {
        let folder = try folder()
        let store = "\(folder)/old.places"
        #expect(try Program(["import", Self.helsinki, "--output", store]).run().status == 0)
        #expect(
            try Program(
                tool: "/usr/bin/python3",
                [
                    "-c",
                    "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute('PRAGMA user_version = 10'); c.commit()",
                    store,
                ]
            ).run().status == 0)
        let result = try Program(["--places", store, "--speech", "off"]).run()
        #expect(result.status == 65)
        #expect(
            result.stderr
                == "nearby-voice: \(store): a place store of version 10, and this program reads version 9: import it again.\n"
        )
    }

    @Test(.disabled(if: Sanitizer.thread, Sanitizer.fileSizeLimitReason))
    func aFullDiskEndsWith74AndLeavesNothing() throws {
        let folder = try folder()
        let store = "\(folder)/full.places"
        let result = try runLimited("ulimit -f 100; trap '' XFSZ", ["import", Self.helsinki, "--output", store])
        #expect(result.status == 74)
        #expect(result.stderr.hasPrefix("nearby-voice: \(store): cannot write the place store: "))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test func theCacheImportsOnceAndAgainWhenTheSourceChanges() throws {
        let folder = try folder()
        let source = "\(folder)/Helsinki.osm.pbf"
        try FileManager.default.copyItem(atPath: Self.helsinki, toPath: source)
        let env = ["XDG_CACHE_HOME": "\(folder)/cache"]
        let arguments = ["--places", source, "--speech", "off", "--at", "60.1687,24.9420"]
        let first = try Program(arguments, environment: env, input: .text("find kahvila\n")).run()
        #expect(first.status == 0)
        #expect(first.stderr.hasPrefix("nearby-voice: Importing \(source) into \(folder)/cache/nearby-voice/"))
        #expect(first.stdout.hasPrefix("7 places match \"kahvila\". First, Jääpuiston kahvila, Café, "))
        let second = try Program(arguments, environment: env, input: .text("find kahvila\n")).run()
        #expect(second.stderr == "")
        #expect(second.stdout == first.stdout)
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: source)
        let changed = try Program(arguments, environment: env, input: .text("find kahvila\n")).run()
        #expect(changed.stderr.hasPrefix("nearby-voice: Importing \(source) into "))
        #expect(try FileManager.default.contentsOfDirectory(atPath: "\(folder)/cache/nearby-voice").count == 1)
    }

    @Test func aCacheThatCannotBeMadeReadsIntoMemorySaidOnce() throws {
        let folder = try folder()
        let blocker = "\(folder)/file"
        try "not a folder".write(toFile: blocker, atomically: true, encoding: .utf8)
        let env = ["XDG_CACHE_HOME": blocker]
        let result = try Program(
            ["--places", Self.helsinki, "--speech", "off", "--at", "60.1687,24.9420"], environment: env,
            input: .text("find kahvila\nfind cafe\n")
        ).run()
        #expect(result.status == 0)
        #expect(
            result.stderr
                == "nearby-voice: Cannot keep a place store in \(blocker)/nearby-voice (Not a directory); reading \(Self.helsinki) into memory this time.\n"
        )
        #expect(result.stdout.hasPrefix("7 places match \"kahvila\". First, Jääpuiston kahvila, Café, "))
    }
}
