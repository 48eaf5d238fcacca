import Foundation
import NearbyCore
import Testing
import Words

@testable import ShellParsing

/// The README's tables of commands, options and settings say exactly what the tables in the
/// code hold: a command, option or setting added to one and not the other fails here.
@Suite("The README agrees with the command, option and setting tables")
struct ReadmeTests {
    static let readme: String = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return (try? String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""
    }()

    /// The rows of the first table under the heading `heading`, split into cells.
    static func tableRows(under heading: String) -> [[String]] {
        let lines = readme.components(separatedBy: "\n")
        guard let start = lines.firstIndex(of: heading) else { return [] }
        let table = lines[(start + 1)...].drop { !$0.hasPrefix("|") }.prefix { $0.hasPrefix("|") }
        // Cells are split at the pipes that are not escaped (`a\|b` stays one cell).
        return table.dropFirst(2).map { row in
            row.replacingOccurrences(of: "\\|", with: "\u{0}").split(separator: "|", omittingEmptySubsequences: false)
                .dropFirst().dropLast()
                .map { $0.replacingOccurrences(of: "\u{0}", with: "|").trimmingCharacters(in: .whitespaces) }
        }
    }

    /// The backticked pieces of a cell.
    static func code(_ cell: String) -> [String] {
        cell.components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
    }

    @Test("The README states the distance rounding the code uses: one decimal from 10 km")
    func distanceRounding() {
        let english = Catalog.builtIn(.english)
        #expect(SpokenMeasure.distance(12_345, units: .metric, english) == "12.3 kilometres")
        #expect(Self.readme.contains("to 100 m (one decimal) from 10 km"))
        #expect(Self.readme.contains("(\"12.3 kilometres\""))
    }

    @Test("The README can be read")
    func readable() {
        #expect(Self.readme.contains("## Commands"))
    }

    @Test("The commands table names every command and alias, and nothing else")
    func commands() {
        let rows = Self.tableRows(under: "## Commands")
        #expect(!rows.isEmpty)
        let usages: [String] = rows.flatMap { (row: [String]) -> [String] in Self.code(row[0]) }
        let names = Set(
            usages.compactMap { (usage: String) -> String? in usage.split(separator: " ").first.map(String.init) })
        let aliases = Set(rows.flatMap { (row: [String]) -> [String] in Self.code(row[1]) })
        #expect(names == Set(Command.allCases.map(\.name)))
        #expect(aliases == Set(Command.allCases.flatMap(\.aliases)))
    }

    @Test("The options table names every option but --script, --help and --version, which the usage shows")
    func options() {
        let rows = Self.tableRows(under: "## Options")
        let cells: [String] = rows.flatMap { (row: [String]) -> [String] in Self.code(row[0]) }
        let named = cells.flatMap { (cell: String) -> [String] in cell.split(separator: " ").map(String.init) }
            .filter { $0.hasPrefix("--") }.map { String($0.dropFirst(2)) }
        let expected = Option.allCases.map(\.name).filter { !["script", "help", "version"].contains($0) }
        #expect(Set(named) == Set(expected))
        for name in ["script", "help", "version"] { #expect(Self.readme.contains("--\(name)")) }
    }

    @Test("The settings paragraph names every setting")
    func settings() {
        guard let line = Self.readme.components(separatedBy: "\n\n").first(where: { $0.contains("The keys: `at`") })
        else {
            Issue.record("no paragraph names the setting keys")
            return
        }
        let keys = Self.code(line).filter { key in
            Setting(key: key) != nil || key.allSatisfy { $0.isLetter || $0 == "-" }
        }
        let named = Set(keys).subtracting(["set", "settings", "none", "auto", "built-in"])
        #expect(named == Set(Setting.allCases.map(\.key)))
    }
}
