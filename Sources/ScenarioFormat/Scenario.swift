import TextFormats

/// A scripted announcement test (`.nvtest`): options, then commands, each followed by the
/// announcements it must produce. Pure: the caller reads the file.
///
/// ```
/// # options: --at 38.7115,-9.1390 --heading 90
/// > find cafe
/// 3 places match "cafe". First, …
/// > up
/// ~ ^Already at full height
/// ```
public struct Scenario: Equatable, Sendable {
    /// The command-line options of the run, from `# options:` lines.
    public var options: [String]
    /// The line of the first `# options:` line, for errors in the options.
    public var optionsLine: Int?
    public var steps: [Step]
    /// Every line of the file, to rewrite it when recording.
    public var lines: [String]

    /// One typed command and what it must announce.
    public struct Step: Equatable, Sendable {
        public var command: String
        /// The file's line number (from 1) of the `>` line.
        public var line: Int
        public var expectations: [Expectation]
    }

    public enum Expectation: Equatable, Sendable {
        /// The announcement's text, exactly.
        case text(String, line: Int)
        /// A regular expression the text must match (`~ `).
        case pattern(String, line: Int)
        /// `...`: any number of announcements, none included.
        case anything(line: Int)

        public var line: Int {
            switch self {
            case .text(_, let line), .pattern(_, let line), .anything(let line): line
            }
        }
    }

    /// A malformed test file: the line and what is wrong.
    public struct Problem: Error, Equatable, Sendable {
        public var line: Int
        public var message: String
    }

    /// Whether no step has any expectation (a new test, to be recorded).
    public var hasNoExpectations: Bool { steps.allSatisfy { $0.expectations.isEmpty } }

    /// Parses the text of a `.nvtest` file.
    public static func parse(_ text: String) throws(Problem) -> Scenario {
        let lines = TextFile(text: text, name: "").lines.map { String($0.text) }
        var scenario = Scenario(options: [], optionsLine: nil, steps: [], lines: lines)
        for (offset, raw) in lines.enumerated() {
            let number = offset + 1
            let line = raw.trimmingTrailingSpaces()
            if line.isEmpty { continue }
            if line.hasPrefix("#") {
                let comment = line.dropFirst().drop { $0 == " " }
                if comment.lowercased().hasPrefix("options:") {
                    guard scenario.steps.isEmpty else {
                        throw Problem(line: number, message: "options must come before the first command")
                    }
                    scenario.optionsLine = scenario.optionsLine ?? number
                    do { scenario.options += try ShellWords.split(String(comment.dropFirst("options:".count))) } catch {
                        throw Problem(line: number, message: error.message)
                    }
                }
                continue
            }
            if line.hasPrefix(">") {
                let command = line.dropFirst().trimmingLeadingSpaces()
                guard !command.isEmpty else { throw Problem(line: number, message: "a '>' line needs a command") }
                scenario.steps.append(Step(command: command, line: number, expectations: []))
                continue
            }
            guard !scenario.steps.isEmpty else {
                throw Problem(line: number, message: "an expected announcement before the first '>' command")
            }
            let expectation: Expectation
            if line == "..." {
                expectation = .anything(line: number)
            } else if line.hasPrefix("~ ") {
                let pattern = String(line.dropFirst(2))
                guard !pattern.isEmpty else {
                    throw Problem(line: number, message: "a '~' line needs a regular expression")
                }
                expectation = .pattern(pattern, line: number)
            } else {
                expectation = .text(line, line: number)
            }
            scenario.steps[scenario.steps.count - 1].expectations.append(expectation)
        }
        return scenario
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var result = self
        while let last = result.last, last == " " || last == "\t" { result.removeLast() }
        return result
    }

    func trimmingLeadingSpaces() -> String { String(drop { $0 == " " || $0 == "\t" }) }
}

extension Substring {
    func trimmingLeadingSpaces() -> String { String(drop { $0 == " " || $0 == "\t" }) }
}
