import Foundation
import NearbyCore
import PlaceData
import PlaceStore
import ScenarioFormat
import Testing
import Words

/// Every scenario, run under the pseudo-locale en-XA: every word the program says comes from
/// the catalog, so it stands inside ⟦ ⟧ with its letters accented. Whatever is outside the
/// brackets must be data (place names and kinds, what was typed, numbers, voice codes, the
/// identifiers that commands and settings take) or punctuation: a word outside is an English
/// literal left in Swift.
@Suite("The pseudo-locale finds every word that is not from the places")
struct PseudoLocaleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The text of `text` outside every ⟦ ⟧, brackets inside brackets included.
    static func outsideBrackets(_ text: String) -> String {
        var depth = 0
        var outside = ""
        for character in text {
            if character == "⟦" {
                depth += 1
                outside.append(" ")
            } else if character == "⟧" {
                depth = max(0, depth - 1)
                outside.append(" ")
            } else if depth == 0 {
                outside.append(character)
            }
        }
        return outside
    }

    /// The words (runs of letters) in `text` that are not data.
    static func strayWords(_ text: String, data: [String], identifiers: Set<String>) -> [String] {
        strayWords(text, data: DataItems(data), identifiers: identifiers)
    }

    static func strayWords(_ text: String, data: DataItems, identifiers: Set<String>) -> [String] {
        // A value the template quotes ("duplicate id "a"") is data from the file.
        let unquoted = text.replacingOccurrences(of: #""⟧[^⟦]*⟦""#, with: "\"⟧ ⟦\"", options: .regularExpression)
        var rest = outsideBrackets(unquoted)
        // Longest first, so that "Tile Museum Café" goes before "Café".
        // Whole words only: a typed "s" must not take the s out of "search".
        // An item the text does not hold, code unit for code unit, cannot match: most of them.
        for item in data.candidates(in: rest) where rest.range(of: item, options: .literal) != nil {
            let pattern = "(?<![\\p{L}\\p{N}-])" + NSRegularExpression.escapedPattern(for: item) + "(?![\\p{L}\\p{N}-])"
            guard let regex = try? NSRegularExpression(pattern: pattern) else { continue }
            rest = regex.stringByReplacingMatches(
                in: rest, range: NSRange(rest.startIndex..., in: rest), withTemplate: " ")
        }
        // Text in double quotes outside the brackets is quoted data ("duplicate id "a"").
        rest = rest.replacingOccurrences(of: #""[^"⟦⟧]*""#, with: " ", options: .regularExpression)
        let words = rest.split { !($0.isLetter || $0 == "-" || $0 == "_") }.map(String.init)
        return words.filter { word in
            let trimmed = word.trimmingCharacters(in: CharacterSet(charactersIn: "-_"))
            return !trimmed.isEmpty && !identifiers.contains(trimmed.lowercased())
        }
    }

    /// The data a text may hold, by each item's first run of letters and digits. An item stands
    /// in a text as whole words, so the text holds that run as one of its own runs: a line looks
    /// only at the items its runs name, not at every place of the Helsinki extract (sorting them
    /// all for each line was most of this suite's two minutes of processor time).
    struct DataItems {
        private var byFirstRun: [String: Set<String>] = [:]
        /// Items with no letter or digit ("…", "+"), looked for in every text.
        private var unkeyed: Set<String> = []

        init(_ items: [String] = []) { add(items) }

        static func runs(_ text: some StringProtocol) -> [Substring] {
            text[...].split { !($0.isLetter || $0.isNumber) }.map { Substring($0) }
        }

        mutating func add(_ items: [String]) {
            for item in items where !item.isEmpty {
                if let run = Self.runs(item).first {
                    byFirstRun[String(run), default: []].insert(item)
                } else {
                    unkeyed.insert(item)
                }
            }
        }

        /// The items `text` may hold, longest first.
        func candidates(in text: String) -> [String] {
            var found = unkeyed
            for run in Self.runs(text) { found.formUnion(byFirstRun[String(run)] ?? []) }
            return found.sorted { $0.count != $1.count ? $0.count > $1.count : $0 < $1 }
        }
    }

    @Test("The detector finds an English word and passes data")
    func detector() {
        let identifiers: Set<String> = ["units"]
        #expect(
            Self.strayWords("⟦Ţĥé ⟦x⟧ ţéẋţ⟧ Harbor Coffee, 3", data: ["Harbor Coffee"], identifiers: identifiers)
                .isEmpty)
        #expect(Self.strayWords("⟦Ļöåðéð⟧ from x.csv", data: ["x.csv"], identifiers: identifiers) == ["from"])
        #expect(Self.strayWords("No search", data: ["s"], identifiers: identifiers) == ["No", "search"])
        #expect(Self.strayWords("units ⟦ţåķéš⟧", data: [], identifiers: identifiers).isEmpty)
    }

    /// Every place name and kind the scenarios can load: the built-in places and the fixtures.
    static func placeData() -> [String] {
        var places = BuiltInPlaces.lisbon
        let folder = root.appendingPathComponent("Tests/Fixtures/places")
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] {
            let url = folder.appendingPathComponent(name)
            guard let data = try? Data(contentsOf: url), let loaded = try? PlacesFile.load(data, file: name) else {
                continue
            }
            places += loaded.places
        }
        // And the OpenStreetMap extract's, read as the import reads them.
        let osm = root.appendingPathComponent("Tests/Fixtures/osm/Helsinki.osm.pbf").path
        if let helsinki = try? PlaceImport.readOSM(osm, format: "pbf") { places += helsinki }
        return places.flatMap { place in
            let facts = place.facts
            // OpenStreetMap's facts are data too; the website as `details all` says it, without
            // its scheme, `www.` and last slash, and as `details` says it, its site (the host in
            // lower case); the comments in quotes of the opening hours.
            let said = facts.website.map {
                var address = $0.replacingOccurrences(of: "https://", with: "")
                    .replacingOccurrences(of: "http://", with: "").replacingOccurrences(of: "www.", with: "")
                if address.hasSuffix("/") { address.removeLast() }
                return address
            }
            let site = said.map { String($0.prefix { !"/?#:".contains($0) }).lowercased() }
            let comments = (facts.openingHours ?? "").split(separator: "\"", omittingEmptySubsequences: false)
                .enumerated().filter { $0.offset % 2 == 1 }.map { $0.element.trimmingCharacters(in: .whitespaces) }
            let factWords =
                [facts.street, facts.houseNumber, facts.city, facts.openingHours, facts.phone, said, site] + comments
            // A stop's lines are said by their refs ("S2", "67V").
            let refs = facts.lines.map { TransitLines(text: $0).lines.map(\.ref) } ?? []
            return [place.name, place.kind, place.id] + place.details.flatMap { [$0.label, $0.value] }
                + factWords.compactMap { $0 } + refs
        }
    }

    /// The identifiers commands and settings take, and the installed voices' codes.
    static func identifiers() -> Set<String> {
        var words = Set<String>()
        for command in Command.allCases { words.formUnion([command.name] + command.aliases) }
        for setting in Setting.allCases {
            words.insert(setting.key)
            words.formUnion(setting.choices ?? [])
            words.formUnion(setting.key.split(separator: "-").map(String.init))
        }
        words.formUnion(["none", "auto", "built-in", "on", "off", "en-us", "en-xa"])
        words.formUnion(Language.allCases.map { $0.code.lowercased() })
        if let listing = try? Program(tool: "/usr/bin/espeak-ng", ["--voices"]).run().stdout {
            for line in listing.split(separator: "\n").dropFirst() {
                let columns = line.split(separator: " ", omittingEmptySubsequences: true)
                if columns.count > 1 { words.insert(columns[1].lowercased()) }
            }
        }
        return words
    }

    static let scenarios: [String] = {
        let folder = root.appendingPathComponent("Tests/Scenarios")
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".nvtest") }.sorted()
    }()

    // Under a sanitizer the scenarios run once, in `nearby-voice test` (make check): which words
    // the catalog holds is the same in every build, so this second run of them all is the plain
    // build's alone.
    @Test(
        "Every scenario under en-XA says only catalog words and data",
        .disabled(
            if: Sanitizer.address || Sanitizer.thread,
            "the scenarios run once a pass: make check's runner runs them under the sanitizer"))
    func everyScenario() throws {
        #expect(Self.scenarios.count > 80)
        // The system's own words for an error (strerror) are data too: they come from the C library.
        let data = Self.placeData() + (1..<134).map { String(cString: strerror($0)) }
        let dataItems = DataItems(data)
        // spell says a name's letters one by one: each letter of the data is data.
        let letters = Array(Set(data.flatMap { $0.map(String.init) }))
        let identifiers = Self.identifiers()
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-voice-pseudo-\(getpid())")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: config) }
        // Each scenario's options and commands; then every scenario's run, four at a time (each
        // a process that mostly waits); then what each said, in the scenarios' order.
        struct Run: Sendable {
            var name: String
            var options: [String]
            var commands: [String]
        }
        var runs: [Run] = []
        for name in Self.scenarios {
            let path = Self.root.appendingPathComponent("Tests/Scenarios/\(name)")
            let scenario = try Scenario.parse(try String(contentsOf: path, encoding: .utf8))
            var options = scenario.options
            for option in ["--places", "--route"] {
                if let index = options.firstIndex(of: option), index + 1 < options.count,
                    !options[index + 1].hasPrefix("/")
                {
                    options[index + 1] = "Tests/Scenarios/" + options[index + 1]
                }
            }
            let commands = scenario.steps.map(\.command)
            // A scenario that changes the language mid-way is about the other languages.
            if commands.contains(where: { $0.lowercased().hasPrefix("set language") }) { continue }
            runs.append(Run(name: name, options: options, commands: commands))
        }
        let root = Self.root
        let toRun = runs
        let results = concurrently(toRun.count, width: 4) { index in
            let run = toRun[index]
            return Result {
                try Program(
                    run.options + ["--language", "en-XA", "--speech", "off", "--transcript", "-", "--format", "jsonl"],
                    environment: ["XDG_CONFIG_HOME": config.path, "XDG_CACHE_HOME": config.path, "HOME": config.path],
                    input: .text(run.commands.joined(separator: "\n") + "\n"), directory: root
                ).run()
            }
        }
        // The stores the runs imported OpenStreetMap extracts into, named on standard error: data.
        let cache = config.appendingPathComponent("nearby-voice").path
        let stores = ((try? FileManager.default.contentsOfDirectory(atPath: cache)) ?? []).map { "\(cache)/\($0)" }
        var failures: [String] = []
        for (run, outcome) in zip(runs, results) {
            let (name, options, commands) = (run.name, run.options, run.commands)
            // What was typed is data as the program cleans it (escape sequences go) and as an error
            // repeats it (its first 40 characters).
            let cleaned = commands.map { SafeText.clean($0, limit: .max) }
            let words = (commands + cleaned).flatMap { $0.split(separator: " ").map(String.init) }
            let typed = words + words.map { String($0.prefix(40)) } + commands + cleaned + options + stores
            let result = try outcome.get()
            var items = dataItems
            items.add(typed)
            for line in result.stdout.split(separator: "\n") {
                guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                    let text = object["text"] as? String
                else {
                    failures.append("\(name): not JSON: \(line)")
                    continue
                }
                var lineItems = items
                if object["spelled"] as? Bool == true { lineItems.add(letters) }
                let stray = Self.strayWords(text, data: lineItems, identifiers: identifiers)
                if !stray.isEmpty { failures.append("\(name): \(stray.joined(separator: " ")) in: \(text)") }
            }
            if !result.stderr.isEmpty {
                items.add(["nearby-voice"])
                let stray = Self.strayWords(result.stderr, data: items, identifiers: identifiers)
                if !stray.isEmpty {
                    failures.append("\(name) (stderr): \(stray.joined(separator: " ")) in: \(result.stderr)")
                }
            }
        }
        for failure in failures { Issue.record("Words not from the places: \(failure)") }
    }
}
