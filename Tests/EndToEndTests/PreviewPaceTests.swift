import Foundation
import Testing

/// A preview step is instant, unless `--route-speed` asks for its walking time (docs/preview.md):
/// the built program, Helsinki's store, `preview` and a 90 m `go` at 1.4 m/s, with and without a
/// factor of 20. The time is the session log's, from the step's words to the next corner's
/// (the pause is between them), so that the machine's load does not enter it.
@Suite("Street preview: a step takes its walking time only with --route-speed", .serialized)
struct PreviewPaceTests {
    static let cache = temporaryPath("preview-pace-cache")

    /// The seconds between the step's words and the corner's, in the log of a session that
    /// types `preview` and `go 1` from a point on Keskuskatu.
    static func pause(_ extra: [String]) throws -> Double? {
        let log = temporaryPath("preview-pace") + ".jsonl"
        let result = try Program(
            ["--speech", "off", "--places", RouteTests.helsinki, "--at", "60.16886,24.94263", "--log", log] + extra,
            environment: ["XDG_CACHE_HOME": cache], input: .text("preview\ngo 1\n"), timeout: 180
        ).run()
        #expect(result.status == 0, "\(result.stderr)")
        var step: Double?
        for line in try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n") {
            guard let entry = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                entry["event"] as? String == "announcement", let text = entry["text"] as? String,
                let time = entry["t"] as? Double
            else { continue }
            if text.hasPrefix("90 metres along Keskuskatu.") { step = time }
            if let step, text.hasPrefix("At Keskuskatu and Marmorikuja.") { return time - step }
        }
        return nil
    }

    @Test("90 m at 1.4 m/s, 20 times faster: 3 s or more between the step and the corner; at once without")
    func pacedOnlyWhenAsked() throws {
        let paced = try #require(try Self.pause(["--route-speed", "20"]))
        let instant = try #require(try Self.pause([]))
        // 90 m (at least 85 m) / 1.4 m/s / 20 = 3.0 s at least; the instant step reads the streets only.
        #expect(paced >= 3.0, "paced \(paced) s")
        #expect(instant < 1.0, "instant \(instant) s")
    }
}
