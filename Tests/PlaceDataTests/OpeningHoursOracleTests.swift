import Foundation
import Testing

@testable import PlaceData

/// "Open now" against an independent oracle: opening-hours-py 2.1.4 (PyPI, the Python bindings
/// of the Rust `opening-hours` crate, installed by `make test-deps` into .build/hours-venv through
/// scripts/hours-venv) reads every `opening_hours` value of the Helsinki extract and says whether
/// it is open at 20 seeded times spread over 2026, none a public holiday
/// (Tests/Fixtures/osm/hours-oracle.py). Wherever the program claims to know (it reads the value
/// and does not answer "unknown"), it must give the oracle's answer.
@Suite("Opening hours against opening-hours-py")
struct OpeningHoursOracleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let fixture = root.appendingPathComponent("Tests/Fixtures/osm/helsinki-opening-hours.txt").path
    static let oracle = root.appendingPathComponent("Tests/Fixtures/osm/hours-oracle.py").path
    /// The venv's Python, or HOURS_PYTHON.
    static let python =
        ProcessInfo.processInfo.environment["HOURS_PYTHON"]
        ?? root.appendingPathComponent(".build/hours-venv/bin/python").path

    struct Answer: Decodable {
        var times: [String]
        var values: [Value]
    }

    struct Value: Decodable {
        var value: String
        var parsed: Bool
        var states: [String]
    }

    static func ask() throws -> Answer {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [oracle, fixture, "39", "20", "2026"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "the oracle failed: run make test-deps (scripts/hours-venv)")
        return try JSONDecoder().decode(Answer.self, from: data)
    }

    @Test("Every value the oracle and the program read: open or closed alike at 20 seeded times")
    func agreement() throws {
        try #require(
            FileManager.default.isExecutableFile(atPath: Self.python),
            "no \(Self.python): run make test-deps (scripts/hours-venv .build/hours-venv)")
        let answer = try Self.ask()
        #expect(answer.values.count == 379)
        #expect(answer.times.count == 20)
        let times = try answer.times.map { try #require(LocalTime(parsing: $0)) }
        var oracleRead = 0
        var bothRead = 0
        var claims = 0
        var agreed = 0
        for value in answer.values {
            if value.parsed { oracleRead += 1 }
            guard let hours = OpeningHours.parse(value.value) else { continue }
            guard value.parsed else { continue }
            bothRead += 1
            for (time, expected) in zip(times, value.states) {
                let state = hours.state(at: time)
                guard state != .unknown else { continue }
                claims += 1
                let said = state == .open ? "open" : "closed"
                if said == expected { agreed += 1 }
                #expect(said == expected, "\(value.value) at \(time): the program says \(said), the oracle \(expected)")
            }
        }
        print("opening hours: the oracle reads \(oracleRead), both \(bothRead); \(agreed) of \(claims) claims agree")
        // Measured: the oracle reads 367 of the 379 values.
        #expect(oracleRead == 367)
        #expect(bothRead >= 367)
        #expect(claims >= 7300)
    }
}
