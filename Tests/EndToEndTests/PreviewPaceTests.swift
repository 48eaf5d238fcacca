import Foundation
import Testing

/// A preview step is instant, unless `--route-speed` asks for its walking time (docs/preview.md):
/// the built program, Helsinki's store, `preview` and a 90 m `go` at 1.4 m/s, with and without a
/// factor of 20 (3 s of walking at least). Only a lower bound is checked: a slow machine makes
/// a run longer, never shorter.
@Suite("Street preview: a step takes its walking time only with --route-speed", .serialized)
struct PreviewPaceTests {
    static let cache = temporaryPath("preview-pace-cache")

    /// The seconds a session takes for `preview` and `go 1` from the store's centre, and what it said.
    static func timed(_ extra: [String]) throws -> (seconds: Double, said: String) {
        let began = Date()
        let result = try Program(
            ["--speech", "off", "--places", RouteTests.helsinki] + extra, environment: ["XDG_CACHE_HOME": cache],
            input: .text("preview\ngo 1\n"), timeout: 180
        ).run()
        #expect(result.status == 0, "\(result.stderr)")
        return (Date().timeIntervalSince(began), result.stdout)
    }

    @Test("90 m at 1.4 m/s, 20 times faster: at least 3 s more than the instant step")
    func pacedOnlyWhenAsked() throws {
        _ = try Self.timed([])  // The store is imported once, before either is timed.
        let instant = try Self.timed([])
        let paced = try Self.timed(["--route-speed", "20"])
        #expect(instant.said.contains("90 metres along Keskuskatu."), "\(instant.said)")
        #expect(paced.said == instant.said)
        // 90 m (more exactly, at least 85 m) / 1.4 m/s / 20 = 3.0 s at least.
        #expect(paced.seconds - instant.seconds >= 3.0, "paced \(paced.seconds) s, instant \(instant.seconds) s")
    }
}
