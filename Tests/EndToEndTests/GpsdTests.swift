import Foundation
import Testing

/// The live position from gpsd, end to end: the built program follows a fake gpsd (a TCP server
/// of the test's own) through its faults: reports without a fix, malformed lines, NaN, a 100 km
/// jump, a lost fix, a dropped connection.
@Suite("A live gpsd moves the position", .serialized)
struct GpsdTests {
    /// How many times `text` occurs in `haystack`.
    static func count(_ text: String, in haystack: String) -> Int {
        haystack.components(separatedBy: text).count - 1
    }

    @Test("Callouts follow gpsd's fixes; bad reports change nothing; a lost fix and its return are said once")
    func followsGpsd() throws {
        let gpsd = try FakeGpsd()
        let running = try Program(
            ["--speech", "off", "--callouts", "all", "--at", "gpsd:127.0.0.1:\(gpsd.port)"], input: .open,
            timeout: 120
        ).start()
        #expect(waitUntil { gpsd.watches == 1 }, "the program never asked gpsd to watch")
        // No fix yet, then lines no gpsd should send: nothing is said of them.
        gpsd.noFix()
        gpsd.send("not json at all")
        gpsd.send(#"{"class":"TPV","mode":3,"lat":NaN,"lon":-9.142}"#)
        gpsd.send(#"{"class":"TPV","mode":3,"lat":"38.71","lon":-9.142}"#)
        gpsd.send(#"{"class":"SKY","satellites":[]}"#)
        // 20 metres east of Harbor Coffee, walking east.
        gpsd.fix(38.7109, -9.1420, track: 90, speed: 1.3)
        #expect(waitUntil { running.stdoutSoFar.contains("Harbor Coffee, 15 metres behind.") })
        running.send("where")
        #expect(
            waitUntil {
                running.stdoutSoFar.contains(
                    "You face east, from your walking. Nearest, Harbor Coffee, 15 metres behind.")
            })
        // A jump of 111 km, a second later, is doubted and said nothing of.
        gpsd.fix(39.7109, -9.1420)
        gpsd.fix(38.7110, -9.1419)
        // The fixes reach the program on its own time: `where exact` is asked again, once the
        // last was answered, until the answer names the last fix.
        var asked = 0
        #expect(
            waitUntil(every: 0.1) {
                if running.stdoutSoFar.contains("You are at 38.711 north") { return true }
                if Self.count("You are at", in: running.stdoutSoFar) == asked {
                    running.send("where exact")
                    asked += 1
                }
                return false
            })
        // The fix's kind, and its age when the answer came more than 2 s after it.
        #expect(running.stdoutSoFar.contains("From the GPS at 127.0.0.1:\(gpsd.port). 3D fix"))
        #expect(running.stdoutSoFar.contains("Accurate to 5 metres."))
        #expect(!running.stdoutSoFar.contains("No places within"))
        // The fix lost: said once however many reports say so; its return once.
        gpsd.noFix()
        gpsd.noFix()
        gpsd.noFix()
        #expect(waitUntil { running.stdoutSoFar.contains("GPS signal lost; using the last position.") })
        gpsd.fix(38.7110, -9.1419)
        #expect(waitUntil { running.stdoutSoFar.contains("GPS signal back.") })
        // gpsd goes away: said as a lost fix; the prompt answers at once while the program
        // reconnects with backoff; the connection comes back and so does the fix.
        gpsd.drop()
        #expect(waitUntil { Self.count("GPS signal lost", in: running.stdoutSoFar) == 2 })
        running.send("count")
        #expect(waitUntil { running.stdoutSoFar.contains("20 places.") })
        #expect(waitUntil { gpsd.watches == 2 }, "the program never reconnected")
        gpsd.fix(38.7139, -9.1389)
        #expect(waitUntil { Self.count("GPS signal back.", in: running.stdoutSoFar) == 2 })
        #expect(waitUntil { running.stdoutSoFar.contains("Blue Door Bakery, close by.") })
        running.closeInput()
        let result = running.wait(timeout: 60)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.count("GPS signal lost", in: result.stdout) == 2, "\(result.stdout)")
        let callouts = result.stdout.split(separator: "\n").filter { $0.hasPrefix("Harbor Coffee, ") }
        #expect(callouts == ["Harbor Coffee, 15 metres behind."], "\(result.stdout)")
    }

    /// Asks `where exact` of `running` until its answer contains `text` (the reports reach the
    /// program on its own time), one question at a time: whether it came.
    static func askWhereExact(_ running: Program.Running, until text: String) -> Bool {
        var asked = count("You are at", in: running.stdoutSoFar)
        return waitUntil(every: 0.1) {
            let answers = running.stdoutSoFar.split(separator: "\n").filter { $0.hasPrefix("You are at") }
            if answers.last?.contains(text) == true { return true }
            if answers.count == asked {
                running.send("where exact")
                asked += 1
            }
            return false
        }
    }

    @Test("An honest GPS: no fix yet and no invented position, a fix, a silence said once, its end once, a 2D fix")
    func honestGps() throws {
        let gpsd = try FakeGpsd()
        let address = "127.0.0.1:\(gpsd.port)"
        let running = try Program(["--speech", "off", "--at", "gpsd:\(address)"], input: .open, timeout: 120).start()
        #expect(waitUntil { gpsd.watches == 1 }, "the program never asked gpsd to watch")
        // No fix: said once, however many reports say so; where says there is no position.
        gpsd.noFix()
        gpsd.noFix()
        #expect(waitUntil { running.stdoutSoFar.contains("Waiting for a GPS fix.") })
        running.send("where")
        running.send("where exact")
        running.send("next")
        #expect(waitUntil { running.stdoutSoFar.contains("1 of 21.") })
        let before = running.stdoutSoFar
        #expect(Self.count("Waiting for a GPS fix.", in: before) == 1, "\(before)")
        #expect(before.contains("No position yet: waiting for a GPS fix. Sheet at half height. 21 places."))
        #expect(before.contains("No position yet: waiting for a fix from the GPS at \(address)."))
        #expect(before.contains("Paper & Ink, Bookshop, distance unknown, walk time unknown, 1 of 21."), "\(before)")
        #expect(!before.contains("You are at"), "\(before)")
        #expect(!before.contains("metres"), "\(before)")
        // A fix (3D, gpsd's eph 4.5 m): said found, and where is from it.
        let fixSent = Date()
        gpsd.fix(38.7109, -9.1420, track: 90, speed: 1.3)
        #expect(waitUntil { running.stdoutSoFar.contains("GPS fix found.") })
        #expect(Self.askWhereExact(running, until: "From the GPS at \(address). 3D fix"))
        let fixed = running.stdoutSoFar
        #expect(fixed.contains("You are at 38.7109 north, 9.142 west, facing east."), "\(fixed)")
        #expect(fixed.contains("Accurate to 5 metres."), "\(fixed)")
        // Then nothing, the connection open (a gpsd stopped): silent after 3 s, said once.
        #expect(waitUntil { running.stdoutSoFar.contains("GPS silent; using the last position.") })
        #expect(Date().timeIntervalSince(fixSent) > 3, "silent said within 3 s of the fix")
        Thread.sleep(forTimeInterval: 1.5)
        #expect(Self.askWhereExact(running, until: "seconds old."))
        #expect(Self.count("GPS silent", in: running.stdoutSoFar) == 1, "\(running.stdoutSoFar)")
        // Its age: more than 3 s, as gpsd gave it no newer fix.
        let aged = running.stdoutSoFar.split(separator: "\n").last { $0.hasPrefix("You are at") } ?? ""
        #expect(aged.contains("From the GPS at \(address). 3D fix, "), "\(aged)")
        let age = aged.split(separator: " ").firstIndex(of: "seconds").flatMap {
            Int(aged.split(separator: " ")[$0 - 1])
        }
        #expect((age ?? 0) >= 3, "\(aged)")
        running.send("where")
        #expect(
            waitUntil {
                running.stdoutSoFar.contains(
                    "GPS silent; using the last position. You face east, from your walking.")
            })
        // Fixes again: back, said once however many come.
        gpsd.fix(38.7109, -9.1420)
        #expect(waitUntil { running.stdoutSoFar.contains("GPS back.") })
        gpsd.fix(38.7109, -9.1420)
        // A 2D fix, gpsd's accuracy as epx and epy (the larger, 12 m, rounded up to 5 m: 15).
        gpsd.fix(38.7110, -9.1419, mode: 2, eph: nil, epx: 12, epy: 9)
        #expect(Self.askWhereExact(running, until: "2D fix"))
        let flat = running.stdoutSoFar.split(separator: "\n").last { $0.hasPrefix("You are at") } ?? ""
        #expect(flat.hasPrefix("You are at 38.711 north, 9.1419 west"), "\(flat)")
        #expect(flat.contains("From the GPS at \(address). 2D fix"), "\(flat)")
        #expect(flat.hasSuffix("Accurate to 15 metres."), "\(flat)")
        // Two fixes came back to back after the silence: its end was said once.
        #expect(Self.count("GPS back.", in: running.stdoutSoFar) == 1, "\(running.stdoutSoFar)")
        // gpsd gives no accuracy: none is said.
        gpsd.fix(38.7111, -9.1419, eph: nil)
        #expect(Self.askWhereExact(running, until: "38.7111 north"))
        let bare = running.stdoutSoFar.split(separator: "\n").last { $0.hasPrefix("You are at") } ?? ""
        #expect(bare.contains("3D fix") && !bare.contains("Accurate"), "\(bare)")
        running.closeInput()
        let result = running.wait(timeout: 60)
        #expect(result.status == 0, "\(result.stderr)")
        // (A machine so busy that the last fixes came more than 3 s apart hears a silence again,
        // and its end: never an end without its silence.)
        let lines = result.stdout.split(separator: "\n")
        let silences = lines.filter { $0 == "GPS silent; using the last position." }.count
        #expect(lines.filter { $0 == "GPS back." }.count <= silences, "\(result.stdout)")
        #expect(Self.count("GPS fix found.", in: result.stdout) == 1, "\(result.stdout)")
        #expect(!result.stdout.contains("GPS signal"), "\(result.stdout)")
    }

    @Test("set at gpsd with no fix yet keeps the last position, and says it is the last")
    func setAtGpsdWaiting() throws {
        let gpsd = try FakeGpsd()
        let address = "127.0.0.1:\(gpsd.port)"
        let running = try Program(["--speech", "off", "--at", "38.7115,-9.139"], input: .open, timeout: 120).start()
        running.send("set at gpsd:\(address)")
        #expect(waitUntil { running.stdoutSoFar.contains("Position: following the GPS at \(address).") })
        #expect(waitUntil { gpsd.watches == 1 })
        gpsd.noFix()
        #expect(
            waitUntil { running.stdoutSoFar.contains("Waiting for a GPS fix; until then, from your last position.") })
        running.send("where")
        running.send("where exact")
        #expect(waitUntil { running.stdoutSoFar.contains("You are at") })
        let said = running.stdoutSoFar
        #expect(
            said.contains("Waiting for a GPS fix; this is your last position. Nearest, Paper & Ink, 180 metres"),
            "\(said)")
        #expect(
            said.contains(
                "You are at 38.7115 north, 9.139 west. The GPS at \(address) has no fix; this is the last position."),
            "\(said)")
        #expect(!said.contains("From the GPS"), "\(said)")
        running.closeInput()
        #expect(running.wait(timeout: 60).status == 0)
    }

    @Test("--at gpsd with nothing answering: the message and 69")
    func nothingAnswers() throws {
        let closed: Int
        do {
            let gpsd = try FakeGpsd()
            closed = gpsd.port
            gpsd.stop()
        }
        let result = try Program(["--speech", "off", "--at", "gpsd:127.0.0.1:\(closed)"]).run()
        #expect(result.status == 69)
        #expect(result.stderr == "nearby-voice: No GPS: nothing answers at 127.0.0.1:\(closed)\n")
        // The default address, when no gpsd runs on this machine.
        guard (try? Program(tool: "/bin/bash", ["-c", "exec 3<>/dev/tcp/127.0.0.1/2947"]).run().status) != 0 else {
            return
        }
        let standard = try Program(["--speech", "off", "--at", "gpsd"]).run()
        #expect(standard.status == 69)
        #expect(standard.stderr == "nearby-voice: No GPS: nothing answers at localhost:2947\n")
    }

    @Test("set at gpsd with nothing answering says so, and the position stays")
    func setAtNothingAnswers() throws {
        let closed: Int
        do {
            let gpsd = try FakeGpsd()
            closed = gpsd.port
            gpsd.stop()
        }
        let result = try Program(
            ["--speech", "off", "--at", "38.7115,-9.139"],
            input: .text("set at gpsd:127.0.0.1:\(closed)\nwhere exact\nset at gpsd:no:such:thing\n")
        ).run()
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                No GPS: nothing answers at 127.0.0.1:\(closed). The position stays.
                You are at 38.7115 north, 9.139 west.
                No GPS: nothing answers at gpsd:no:such:thing. The position stays.

                """)
    }

    @Test("At a terminal, a callout is shown below the line being typed, which stays whole")
    func calloutWhileTyping() throws {
        let gpsd = try FakeGpsd()
        let terminal = try Tmux()
        defer { terminal.close() }
        try terminal.start([
            "--speech", "off", "--typing-pause", "0", "--callouts", "all", "--at", "gpsd:127.0.0.1:\(gpsd.port)",
        ])
        #expect(waitUntil { gpsd.watches == 1 })
        _ = try terminal.waitFor("the prompt") { $0.last?.hasPrefix(">") == true }
        try terminal.type("find bak")
        _ = try terminal.waitForLastLine("> find bak")
        gpsd.fix(38.7109, -9.1420, track: 90, speed: 1.3)
        _ = try terminal.waitFor("the callout above the line") {
            $0.suffix(2) == ["Harbor Coffee, 15 metres behind.", "> find bak"]
        }
        try terminal.type("ery")
        try terminal.press("Enter")
        _ = try terminal.waitFor("the answer") { $0.contains { $0.hasPrefix("3 places match \"bakery\"") } }
        try terminal.press("C-d")
        #expect(try terminal.waitForExit() == 0)
    }
}
