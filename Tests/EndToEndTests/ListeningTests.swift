import Foundation
import Testing

/// Issue 11's goals for a listener, on the fixed 30-command session that `make listening`
/// measures (Tests/Fixtures/listening/session.txt): the words of each answer (everything one
/// command says, as heard: what only the eye sees is left out), their median at most 12, none
/// over 45, and nothing said twice in a row unless asked for again (`repeat`, `current`).
@Suite("Answers a listener can hold")
struct ListeningTests {
    @Test func theFixedSessionMeetsTheWordGoals() throws {
        let session = PseudoLocaleTests.root.appendingPathComponent("Tests/Fixtures/listening/session.txt")
        let script = try String(contentsOf: session, encoding: .utf8)
        let result = try Program(
            ["--speech", "off", "--transcript", "-", "--format", "jsonl", "--language", "en"], input: .text(script)
        ).run()
        #expect(result.status == 0)
        var answers: [Int: (input: String, text: String)] = [:]
        for line in result.stdout.split(separator: "\n") {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            guard object["visual"] == nil, let number = object["line"] as? Int, let text = object["text"] as? String
            else { continue }
            let input = object["input"] as? String ?? ""
            answers[number] = (input, answers[number].map { $0.text + " " + text } ?? text)
        }
        let ordered = answers.keys.sorted().map { answers[$0]! }
        #expect(ordered.count == 30)
        let counts = ordered.map { $0.text.split(separator: " ").count }.sorted()
        let median = Double(counts[(counts.count - 1) / 2] + counts[counts.count / 2]) / 2
        #expect(median <= 12, "median \(median) words")
        for answer in ordered {
            let words = answer.text.split(separator: " ").count
            #expect(words <= 45, "\(answer.input): \(words) words")
        }
        for (before, after) in zip(ordered, ordered.dropFirst()) {
            let asked = ["repeat", "again", "current", "."].contains(after.input.split(separator: " ").first ?? "")
            #expect(asked || before.text != after.text, "said twice in a row: \(after.input)")
        }
    }
}
