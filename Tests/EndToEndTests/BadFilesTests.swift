import Foundation
import Testing

/// Bad places files: each gives one clear message naming where, exit 65 (66 when missing),
/// never a crash, and nothing is loaded: no session starts on half the places.
@Suite("Bad places files")
struct BadFilesTests {
    static let folder = URL(fileURLWithPath: temporaryPath("bad-places"))

    static func write(_ name: String, _ data: Data) throws -> String {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try data.write(to: url)
        return url.path
    }

    static let cases: [(name: String, contents: @Sendable () -> Data, status: Int32, message: String)] = [
        ("empty.json", { Data() }, 65, "1:1: expected a JSON array of places (\"[\"), found the end of the file."),
        ("empty.geojson", { Data() }, 65, "1:1: expected a GeoJSON object (\"{\"), found the end of the file."),
        ("empty.csv", { Data() }, 65, "1:1: header: missing: the first line must name the columns."),
        (
            "truncated.json", { Data(#"[{"id":"a","name":"A","kind":"K","latitude":1,"longitude":"#.utf8) }, 65,
            "1:59: place 1 longitude: expected a number, found the end of the file."
        ),
        (
            "binary.geojson", { Data([0x00, 0xFF, 0x13, 0x37]) }, 65,
            "1:1: expected a GeoJSON object (\"{\"), found the byte 0x00, which is not JSON text."
        ),
        (
            "deep.geojson",
            {
                let depth = 100_000
                return Data(
                    (#"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[1,1]},"properties":{"name":"A","x":"#
                        + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}}]}").utf8)
            }, 65, "1:648: feature 1 properties: values nested more than 512 deep."
        ),
        (
            "nan.json", { Data(#"[{"id":"a","name":"A","kind":"K","latitude":NaN,"longitude":1}]"#.utf8) }, 65,
            "1:45: place 1 latitude: expected a number, found \"N\"."
        ),
        ("infinite.csv", { Data("name,kind,lat,lon\nA,K,inf,1\n".utf8) }, 65, "2:5: lat: \"inf\" is not a number."),
        (
            "types.json", { Data(#"[{"id":"a","name":"A","kind":"K","latitude":"1","longitude":1}]"#.utf8) }, 65,
            "1:45: place 1 latitude: expected a number, found a string."
        ),
        (
            "duplicate.csv", { Data("id,name,kind,lat,lon\na,A,K,1,1\na,B,K,1,1\n".utf8) }, 65,
            "3:1: id: duplicate id \"a\" (first at line 2)."
        ),
    ]

    @Test(arguments: cases.indices)
    func eachBadFileHasItsMessageAndExitCode(_ index: Int) throws {
        let bad = Self.cases[index]
        let path = try Self.write(bad.name, bad.contents())
        let result = try Program(["--speech", "off", "--places", path], input: .text("up\n")).run()
        #expect(result.status == bad.status)
        #expect(result.stderr == "nearby-voice: \(path):\(bad.message)\n")
        // Nothing half-loaded: no session ran.
        #expect(result.stdout == "")
    }

    @Test func aFiftyMegabyteLineIsReadAndItsNameCut() throws {
        let name = String(repeating: "X", count: 50_000_000)
        let path = try Self.write("long-line.csv", Data("name,kind,lat,lon\n\(name),Café,38.7115,-9.139\n".utf8))
        let result = try Program(["--speech", "off", "--places", path], input: .text("next\nup\nnext\n")).run()
        #expect(result.status == 0)
        #expect(
            result.stdout.contains(
                String(repeating: "X", count: 200) + "\u{2026}, Café, less than 5 metres, 1 minute walk, 1 of 1."))
        #expect(result.stdout.count < 2_000)
    }

    @Test func aLatin1FileIsRefusedInUTF8AndLoadsWithItsEncoding() throws {
        let path = try Self.write(
            "latin1.csv",
            Data("name,kind,lat,lon\n".utf8) + Data([0x43, 0x61, 0x66, 0xE9]) + Data(" Bar,Bar,38.7115,-9.139\n".utf8))
        let refused = try Program(["--speech", "off", "--places", path], input: .text("next\n")).run()
        #expect(refused.status == 65)
        #expect(
            refused.stderr
                == "nearby-voice: \(path):2:4: not UTF-8 (byte 0xE9). If the file is Latin-1, load it with --encoding latin1.\n"
        )
        #expect(refused.stdout == "")
        for encoding in ["latin1", "windows-1252"] {
            let loaded = try Program(
                ["--speech", "off", "--encoding", encoding, "--places", path], input: .text("find cafe\n")
            ).run()
            #expect(loaded.status == 0)
            // The name says its kind (a bar), so the kind is not said again.
            #expect(loaded.stdout.hasPrefix("1 place matches \"cafe\": Café Bar, less than 5 metres,"))
        }
    }

    @Test func aScriptWithAByteOrderMarkOrInWindows1252Runs() throws {
        let script = try Self.write("bom.txt", Data([0xEF, 0xBB, 0xBF]) + Data("find cafe\n".utf8))
        let result = try Program(["--speech", "off", "--script", script]).run()
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("3 places match \"cafe\"."))
        let cp1252 = try Self.write(
            "cp1252.txt", Data([0xEF, 0xBB, 0xBF]) + Data("find caf".utf8) + Data([0xE9, 0x0A]))
        let refused = try Program(["--speech", "off", "--script", cp1252]).run()
        #expect(refused.status == 65)
        let converted = try Program(["--speech", "off", "--encoding", "windows-1252", "--script", cp1252]).run()
        #expect(converted.status == 0)
        #expect(converted.stdout.hasPrefix("3 places match \"café\"."))
    }

    @Test func aMissingFileExits66() throws {
        let result = try Program(["--speech", "off", "--places", "/nonexistent/places.csv"], input: .text("up\n")).run()
        #expect(result.status == 66)
        #expect(
            result.stderr
                == "nearby-voice: Cannot open the places file /nonexistent/places.csv: No such file or directory.\n")
    }
}
