import Foundation
import Testing

/// Relative files in a test file (`set places FILE`, `# options: --places FILE`) are found
/// beside the test file, so the suite passes whichever folder it is run from.
@Suite("nearby-voice test: files found beside the test")
struct TestFolderPathsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test(arguments: ["/tmp", "Tests", "Tests/Scenarios"])
    func setPlacesPassesRunFromAnotherFolder(_ folder: String) throws {
        let scenario = Self.root.appendingPathComponent("Tests/Scenarios/set-places.nvtest").path
        let directory = folder.hasPrefix("/") ? URL(fileURLWithPath: folder) : Self.root.appendingPathComponent(folder)
        let result = try Program(["test", scenario], environment: ["CI": "1"], directory: directory).run()
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.hasSuffix("1 passed, 0 failed\n"), "\(result.stdout)")
    }
}
