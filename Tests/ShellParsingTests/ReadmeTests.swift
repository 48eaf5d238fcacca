import Foundation
import NearbyCore
import Testing
import Words

@testable import ShellParsing

/// The README's table of commands, and docs/options.md's of options and settings, say exactly
/// what the tables in the code hold: a command, option or setting added to one and not the other
/// fails here; docs/layout.md's module table says what Package.swift says.
@Suite("The README and docs agree with the command, option, setting and module tables")
struct ReadmeTests {
    /// The package's folder.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static let readme = text("README.md")
    /// The options, their defaults, the settings and the config file.
    static let options = text("docs/options.md")
    /// The modules and what each may use.
    static let layout = text("docs/layout.md")

    /// The text of the project's file at `path`, empty when it cannot be read (the tests then fail).
    static func text(_ path: String) -> String {
        (try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)) ?? ""
    }

    /// The markdown files a reader is sent to: the README and docs/.
    static var documents: [(name: String, text: String)] {
        let docs =
            (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)) ?? []
        return [("README.md", readme)]
            + docs.filter { $0.hasSuffix(".md") }.sorted().map { ("docs/\($0)", text("docs/\($0)")) }
    }

    /// The rows of the first table under the heading `heading` of `document` (the README by
    /// default), split into cells.
    static func tableRows(under heading: String, in document: String = readme) -> [[String]] {
        let lines = document.components(separatedBy: "\n")
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

    /// `cell` without what it says in parentheses (a reason, not a name).
    static func outsideParentheses(_ cell: String) -> String {
        var depth = 0
        return String(
            cell.filter { character in
                if character == "(" { depth += 1 }
                defer { if character == ")" { depth = max(0, depth - 1) } }
                return depth == 0 && character != ")"
            })
    }

    @Test("docs/options.md states the distance rounding the code uses: one decimal from 10 km")
    func distanceRounding() {
        let english = Catalog.builtIn(.english)
        #expect(SpokenMeasure.distance(12_345, units: .metric, english) == "12.3 kilometres")
        #expect(Self.options.contains("to 100 m (one decimal) from 10 km"))
        #expect(Self.text("docs/decisions.md").contains("(\"12.3 kilometres\""))
    }

    @Test("The README and docs were read, and every file, folder and document they name exists")
    func namedPathsExist() throws {
        // Each heading whose table a test below reads.
        #expect(Self.readme.contains("\n## Commands\n"), "the README has no ## Commands")
        #expect(Self.options.contains("\n## Options\n"), "docs/options.md has no ## Options")
        let pattern = try NSRegularExpression(
            pattern: #"`((?:Sources|Tests|scripts|docs|Plugins|Benchmarks|Fuzz|debian|\.ci)/[^`\s]*)`"#)
        let link = try NSRegularExpression(pattern: #"\]\(([^)#:\s]+\.md)\)"#)
        var paths: [String] = []
        for (name, text) in Self.documents {
            let range = NSRange(text.startIndex..., in: text)
            paths += pattern.matches(in: text, range: range).compactMap {
                Range($0.range(at: 1), in: text).map { String(text[$0]) }
            }
            // A link to another document, relative to the one it is in.
            let folder = (name as NSString).deletingLastPathComponent
            for match in link.matches(in: text, range: range) {
                guard let target = Range(match.range(at: 1), in: text).map({ String(text[$0]) }) else { continue }
                let path = ((folder.isEmpty ? target : "\(folder)/\(target)") as NSString).standardizingPath
                #expect(
                    FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(path).path),
                    "\(name) links to \(target), which does not exist")
            }
        }
        #expect(paths.count >= 20, "only \(paths.count) paths found: is the pattern still right?")
        // A pattern (`Tests/*/ReadmeTests`) or a placeholder (`Sources/CX`) names no one file.
        for path in paths
        where !path.contains("*") && path.range(of: #"\b[A-Z]{1,4}\b|NAME"#, options: .regularExpression) == nil {
            #expect(
                FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(path).path),
                "the docs name \(path), which does not exist")
        }
    }

    @Test("The README names the Swift version Package.swift's tools version needs")
    func swiftVersion() throws {
        let manifest = Self.text("Package.swift")
        let version = try #require(manifest.firstMatch(of: /^\/\/ swift-tools-version:\s*([0-9]+\.[0-9]+)/))
        #expect(Self.readme.contains("Swift \(version.1) or newer"), "the README does not say Swift \(version.1)")
        let makefile = Self.text("Makefile")
        #expect(makefile.contains("Swift \(version.1) or newer"), "make's missing-Swift message names another version")
    }

    @Test("The README is read in five minutes: at most 250 lines, and it sends the reader on")
    func readmeIsShort() {
        let lines = Self.readme.split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(lines <= 250 && lines > 50, "the README has \(lines) lines")
        #expect(Self.readme.contains("\n## Where to go next\n"))
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
        let rows = Self.tableRows(under: "## Options", in: Self.options)
        let cells: [String] = rows.flatMap { (row: [String]) -> [String] in Self.code(row[0]) }
        let named = cells.flatMap { (cell: String) -> [String] in cell.split(separator: " ").map(String.init) }
            .filter { $0.hasPrefix("--") }.map { String($0.dropFirst(2)) }
        let expected = Option.allCases.map(\.name).filter { !["script", "help", "version"].contains($0) }
        #expect(Set(named) == Set(expected))
        for name in ["script", "help", "version"] { #expect(Self.options.contains("--\(name)")) }
    }

    @Test("The options that are not settings are named, and only they")
    func optionsThatAreNotSettings() {
        guard let paragraph = Self.options.components(separatedBy: "\n\n").first(where: { $0.contains("are not: `--") })
        else {
            Issue.record("no paragraph names the options that are not settings")
            return
        }
        let named = paragraph.components(separatedBy: "are not:")[1].components(separatedBy: ". ")[0]
        let options = Self.code(named).map { String($0.dropFirst(2)) }
        #expect(Set(options) == Set(Option.Program.allCases.map(\.rawValue)))
    }

    @Test("docs/formats.md names every kind of announcement the transcript gives")
    func transcriptKinds() {
        let formats = Self.text("docs/formats.md")
        guard let sentence = formats.components(separatedBy: "`kind` is\none of ").dropFirst().first else {
            Issue.record("docs/formats.md has no sentence of the kinds")
            return
        }
        let list = Self.outsideParentheses(sentence.components(separatedBy: ". ")[0])
        let named = Set(
            list.replacingOccurrences(of: " and ", with: ",").split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespacesAndNewlines)
            })
        #expect(named == Set(Announcement.Kind.allCases.map(\.rawValue)), "docs/formats.md names \(named.sorted())")
    }

    @Test("The settings paragraph names every setting")
    func settings() {
        guard let line = Self.options.components(separatedBy: "\n\n").first(where: { $0.contains("The keys: `at`") })
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

    @Test("The module table says what Package.swift says, target by target")
    func modules() throws {
        let manifest = PackageManifest(
            try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8))
        var package: [String: Set<String>] = [:]
        for target in manifest.targets where target.kind == .target || target.kind == .executableTarget {
            package[target.name] = Set(target.dependencies)
        }
        #expect(
            package["nearby-voice"] != nil && package["SystemCalls"] == ["CHeap"],
            "Package.swift was not read: \(package)")
        let rows = Self.tableRows(
            under: "Which module may use which (`Package.swift` says the same, target by target):", in: Self.layout)
        var readme: [String: Set<String>] = [:]
        for row in rows {
            guard row.count == 2, let name = Self.code(row[0]).first else {
                Issue.record("a row that names no module: \(row)")
                continue
            }
            #expect(readme[name] == nil, "two rows for \(name)")
            readme[name] = Set(Self.code(Self.outsideParentheses(row[1])))
        }
        // The benchmarks (`*-bench`) may move out of Package.swift into a package of their own:
        // a row for one is checked while Package.swift has it, and while it does not, neither
        // the row nor its absence fails here.
        for name in Set(package.keys).union(readme.keys).sorted() {
            switch (package[name], readme[name]) {
            case (let uses?, let said?):
                #expect(said == uses, "\(name): docs/layout.md says \(said.sorted()), Package.swift \(uses.sorted())")
            case (_?, nil) where !name.hasSuffix("-bench"):
                Issue.record("no row for \(name), a target of Package.swift")
            case (nil, _?) where !name.hasSuffix("-bench"):
                Issue.record("a row for \(name), which Package.swift has no target for")
            default:
                break
            }
        }
    }
}
