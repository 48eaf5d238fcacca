import Foundation
import Testing

/// Markers are never lost (issue 40): sessions killed with SIGKILL at random moments while 200
/// `mark` commands come in leave a markers file that an independent reader (Debian's gpxpy)
/// reads, holding every marker the session said was marked, at its position.
@Suite("Markers under SIGKILL", .serialized)
struct MarkerKillTests {
    @Test func everyMarkSaidToBeSavedIsInTheFileAfterAKill() throws {
        let data = temporaryPath("kill-data")
        let file = "\(data)/nearby-voice/markers.gpx"
        var generator = SystemRandomNumberGenerator()
        var said: [String] = []
        var kills = 0
        let rounds = Sanitizer.address || Sanitizer.thread ? 2 : 5
        for round in 0..<rounds {
            let running = try Program(
                ["--speech", "off", "--at", "38.7115,-9.139"], environment: ["XDG_DATA_HOME": data], input: .open
            ).start()
            // Each round marks 40 places where it stands, one a line, and is killed at a random
            // moment while they come in (the last round is left to end, to see all 200 said).
            let killAt = round == rounds - 1 ? Int.max : Int.random(in: 5..<40, using: &generator)
            for number in 0..<40 {
                _ = running.send("mark Marker \(round)-\(number)")
                if number == killAt {
                    usleep(UInt32.random(in: 0..<20_000, using: &generator))
                    running.signal(SIGKILL)
                    kills += 1
                    break
                }
            }
            if killAt == Int.max {
                running.closeInput()
            }
            _ = running.wait()
            said += running.stdoutSoFar.split(separator: "\n").compactMap { line in
                line.hasPrefix("Marked ") ? String(line.dropFirst(7).dropLast()) : nil
            }
        }
        #expect(kills == rounds - 1)
        #expect(said.count >= 40, "\(said.count) said")
        let read = try Program(
            tool: "/usr/bin/python3",
            [
                "-c",
                """
                from sys import argv
                from gpxpy import parse
                with open(argv[1]) as f:
                    gpx = parse(f)
                for p in gpx.waypoints:
                    print("%s|%.7f|%.7f" % (p.name, p.latitude, p.longitude))
                """,
                file,
            ]
        ).run()
        #expect(read.status == 0, "\(read.stderr)")
        let kept = read.stdout.split(separator: "\n").map { $0.split(separator: "|").map(String.init) }
        let names = Set(kept.map { $0[0] })
        let lost = said.filter { !names.contains($0) }
        #expect(lost.isEmpty, "said to be marked but not in the file: \(lost.prefix(10))")
        #expect(kept.allSatisfy { $0.count == 3 && $0[1] == "38.7115000" && $0[2] == "-9.1390000" })
    }
}
