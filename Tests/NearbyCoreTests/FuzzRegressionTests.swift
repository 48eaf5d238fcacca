import Foundation
import ScenarioFormat
import Testing

@testable import NearbyCore
@testable import PlaceData

/// What `scripts/fuzz` found, kept: each reproducer with its exact outcome, and the seed corpus
/// in `Fuzz/Corpus` replayed through the same calls as the fuzz targets.
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
    // SafeTextFuzz, "cut though it fits": the ellipsis was added when the limit was reached
    // even though everything after it was removed (controls, zero-width characters, a line
    // break after a break). The fuzzer's input was 00 00 00 0A: limit 1, "\0\0\n".
    @Test(arguments: [
        ("\u{0}\u{0}\n", 1, " "),  // the fuzzer's reproducer
        ("a\u{200B}", 1, "a"),  // a zero-width space after the limit
        ("ab\r\n", 3, "ab "),  // a line break after a break
        ("name\u{1B}[31m", 4, "name"),  // an escape sequence after the limit
        ("abc", 3, "abc"),  // exactly the limit
        ("abc", 2, "ab\u{2026}"),  // one over: cut
        ("ab\u{200B}c", 2, "ab\u{2026}"),  // removed characters, then one kept: cut
    ])
    func safeTextCutsOnlyWhatDoesNotFit(_ input: String, _ limit: Int, _ expected: String) {
        #expect(SafeText.clean(input, limit: limit) == expected)
    }

    /// The seed corpus, through the calls each fuzz target makes.
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Fuzz/Corpus").standardizedFileURL

    static func inputs(_ target: String) throws -> [(name: String, data: Data)] {
        let folder = corpus.appendingPathComponent(target)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        return try names.map { ($0, try Data(contentsOf: folder.appendingPathComponent($0))) }
    }

    @Test func parserCorpusRunsThroughTheReducer() throws {
        let inputs = try Self.inputs("Parser")
        #expect(!inputs.isEmpty)
        for input in inputs {
            var state = NearbyState()
            for line in String(decoding: input.data, as: UTF8.self).split(
                separator: "\n", omittingEmptySubsequences: false)
            {
                guard let action = CommandParser.parse(String(line)) else { continue }
                _ = state.reduce(action)
                if let focus = state.focus { #expect(focus >= 0 && focus < state.shownPlaces.count, "\(input.name)") }
                if state.isFinished { break }
            }
        }
    }

    @Test(arguments: [("GeoJSON", PlacesFile.Format.geoJSON), ("CSV", .csv), ("JSON", .json)])
    func loaderCorpusLoadsOrNamesItsProblem(_ target: String, _ format: PlacesFile.Format) throws {
        let inputs = try Self.inputs(target)
        #expect(!inputs.isEmpty)
        for input in inputs {
            do {
                let loaded = try PlacesFile.load(input.data, file: input.name, as: format)
                for place in loaded.places {
                    #expect(place.coordinate.latitude.isFinite && abs(place.coordinate.latitude) <= 90, "\(input.name)")
                    #expect(
                        place.coordinate.longitude.isFinite && abs(place.coordinate.longitude) <= 180, "\(input.name)")
                }
            } catch {
                #expect(error.description.hasPrefix(input.name), "\(input.name)")
            }
        }
    }

    @Test func scenarioCorpusParsesOrGivesALine() throws {
        let inputs = try Self.inputs("Scenario")
        #expect(!inputs.isEmpty)
        for input in inputs {
            let text = String(decoding: input.data, as: UTF8.self)
            do {
                let scenario = try Scenario.parse(text)
                do { _ = try scenario.compiledPatterns() } catch {
                    #expect(error.line >= 1 && error.line <= scenario.lines.count, "\(input.name)")
                }
            } catch {
                #expect(error.line >= 1, "\(input.name)")
            }
        }
    }

    @Test func safeTextCorpusKeepsItsProperties() throws {
        let inputs = try Self.inputs("SafeText")
        #expect(!inputs.isEmpty)
        for input in inputs {
            guard let first = input.data.first else { continue }
            let limit = Int(first & 0x7F) + 1
            let keepingNewlines = first & 0x80 != 0
            let text = String(decoding: input.data.dropFirst(), as: UTF8.self)
            let clean = SafeText.clean(text, keepingNewlines: keepingNewlines, limit: limit)
            let whole = SafeText.clean(text, keepingNewlines: keepingNewlines, limit: .max)
            #expect(clean.unicodeScalars.count <= limit + 1, "\(input.name)")
            if whole.unicodeScalars.count <= limit { #expect(clean == whole, "\(input.name)") }
            #expect(
                !clean.unicodeScalars.contains {
                    ($0.value < 0x20 && !(keepingNewlines && $0.value == 0x0A)) || (0x7F...0x9F).contains($0.value)
                }, "\(input.name)")
            let folded = TextFolding.fold(text)
            #expect(
                TextFolding.searchForms(text)[0] == folded.utf8.filter { $0 != 0x20 && $0 != 0x2D }, "\(input.name)")
        }
    }
}
