import Foundation
import Testing

/// A session on a place store starts without waiting for the window about the position (the
/// places within 2 km, at most 20,000): the window is read on a thread of its own while the
/// greeting is said, and taken in before the first answer. The greeting counts the window all the
/// same, and Tab, which names its places, waits for it.
@Suite("A session on a place store, at a terminal", .serialized)
struct StoreStartTests {
    @Test func theGreetingCountsTheListAndTheFirstAnswersAreItsOwn() throws {
        // Wide enough for the greeting on one line.
        let terminal = try Tmux(columns: 200)
        defer { terminal.close() }
        let store = terminal.folder.appendingPathComponent("helsinki.places").path
        #expect(try Program(["import", ImportTests.helsinki, "--output", store]).run().status == 0)
        // Piped input has no greeting; `about` begins with the store's count ("1,576 places
        // from"), `count` with the list's: the places within the radius.
        let piped = try Program(["--places", store, "--speech", "off"], input: .text("about\ncount\n")).run()
        #expect(piped.status == 0)
        let lines = piped.stdout.split(separator: "\n").map(String.init)
        let total = try #require(lines.first?.split(separator: " ").first.map(String.init))
        #expect(lines.first?.hasPrefix("\(total) places from \(store).") == true)
        let listed = try #require(lines.last?.split(separator: " ").first.map(String.init))
        #expect(lines.last == "\(listed) places.")
        #expect(listed != total, "the radius holds fewer than the store")
        try terminal.start(["--places", store, "--speech", "off", "--typing-pause", "0"])
        try terminal.waitForLastLine(">")
        // The greeting says the list's count, as `where` and `count` do (issue 39).
        let greeting =
            "Nearby: \(listed) places around you, from OpenStreetMap. Type help for commands, quit to leave. "
            + "Headphones? Type set spatial hrtf."
        let screen = try terminal.screen()
        #expect(screen.contains(greeting), "\(screen.joined(separator: "\n"))")
        // Tab names a place of the window: "kiasm" is Kiasma, 500 m from the store's centre.
        try terminal.type("select kiasm")
        try terminal.press("Tab")
        try terminal.waitForLastLine("> select Kiasma")
        try terminal.press("C-u")
        try terminal.typeLine("quit")
        #expect(try terminal.waitForExit() == 0)
    }

    /// `where` typed at once is answered from the window's nearest part while the window is still
    /// being read (every window read held back here, by the tests' own variable), word for word
    /// as once it is in; the commands typed meanwhile wait for the window, and answer as they
    /// would have.
    @Test func whereTypedAtOnceIsAnsweredBeforeTheWindowAndSaysTheSame() throws {
        let store = try StoreWindowTests.store()
        let lines = ["where", "read", "find kiasma", "where", "count", "where exact"]
        let arguments = ["--places", store, "--speech", "off"]
        let plain = try Program(arguments, input: .text(lines.joined(separator: "\n") + "\n")).run()
        #expect(plain.status == 0)
        #expect(plain.stdout.hasPrefix("On "), "\(plain.stdout)")
        let delay = Sanitizer.patience / 3
        let running = try Program(
            arguments, environment: ["NEARBY_VOICE_WINDOW_DELAY_MS": String(Int(delay * 1000))], input: .open
        ).start()
        running.send(lines[0])
        // Answered before any window can have been read.
        var first = ""
        while first.isEmpty, Date().timeIntervalSince(running.began) < delay {
            first = running.stdoutSoFar.split(separator: "\n").first.map(String.init) ?? ""
            if first.isEmpty { usleep(10_000) }
        }
        #expect(!first.isEmpty, "no answer to where before the window")
        #expect(Date().timeIntervalSince(running.began) < delay)
        for line in lines.dropFirst() { running.send(line) }
        running.closeInput()
        let result = running.wait()
        #expect(result.status == 0)
        let expected = plain.stdout.split(separator: "\n").map(String.init)
        let actual = result.stdout.split(separator: "\n").map(String.init)
        #expect(actual == expected, "\(lineDiff(expected: expected, actual: actual))")
        #expect(first == expected.first)
    }

    /// `read` typed at once after a move is answered from the new window's nearest part while
    /// the window is still being read (held back here), word for word as once it is in: the
    /// rail, the list's count and its filters, with a marker of the user's within the radius
    /// counted (a part's count once left it out: `where` said one place fewer a moment early).
    @Test func readTypedAtOnceAfterAMoveSaysWhatTheWholeWindowSays() throws {
        let store = try StoreWindowTests.store()
        let arguments = ["--places", store, "--speech", "off", "--at", "60.1699,24.9384"]
        let move = ["mark Gate", "set at 60.16995, 24.9384"]
        let asked = ["read", "where", "count", "read"]
        // The whole window taken in first: `count` waits for it.
        let settled = try Program(arguments, input: .text((move + ["count"] + asked).joined(separator: "\n") + "\n"))
            .run()
        #expect(settled.status == 0)
        let expected = Array(settled.stdout.split(separator: "\n").map(String.init).suffix(asked.count))
        #expect(expected.first?.hasPrefix("Nearby, half height. Nearest: ") == true, "\(settled.stdout)")
        #expect(expected.first?.contains("Nearest: Gate, 5 metres south;") == true, "\(expected)")
        let delay = Sanitizer.patience / 3
        let running = try Self.moved(arguments, by: move, windowHeldFor: delay)
        func lines() -> [String] { running.stdoutSoFar.split(separator: "\n").map(String.init) }
        let sent = running.send(asked[0])
        while lines().count < 3, Date().timeIntervalSince(sent) < delay { usleep(10_000) }
        #expect(lines().count == 3, "no answer to read before the window")
        #expect(Date().timeIntervalSince(sent) < delay)
        for line in asked.dropFirst() { running.send(line) }
        running.closeInput()
        let result = running.wait()
        #expect(result.status == 0)
        let actual = Array(result.stdout.split(separator: "\n").map(String.init).suffix(asked.count))
        #expect(actual == expected, "\(lineDiff(expected: expected, actual: actual))")
    }

    /// `find` typed at once after a move, after `read` or alone, is answered from the window's
    /// nearest part with the store's matches within the radius while the window is still being
    /// read (held back here), word for word as once it is in: a name, a kind's word, a marker
    /// among the matches; what follows (the next match, the list) as it would have been. A query
    /// with no match near waits for the window, and the whole store's search, as before.
    @Test(arguments: [
        ["read", "find kiasma", "next", "read"],
        ["find cafe", "next", "next", "where"],
        ["read", "find gate", "select 1"],
    ])
    func findTypedAtOnceAfterAMoveSaysWhatTheWholeWindowSays(_ asked: [String]) throws {
        let store = try StoreWindowTests.store()
        let arguments = ["--places", store, "--speech", "off", "--at", "60.1699,24.9384"]
        let move = ["mark Gate", "set at 60.16995, 24.9384"]
        let settled = try Program(arguments, input: .text((move + ["count"] + asked).joined(separator: "\n") + "\n"))
            .run()
        #expect(settled.status == 0)
        let expected = Array(settled.stdout.split(separator: "\n").map(String.init).dropFirst(3))
        let finding = try #require(asked.firstIndex { $0.hasPrefix("find ") })
        let query = asked[finding].dropFirst(5)
        #expect(
            expected.contains { $0.contains("match \"\(query)\"") || $0.contains("matches \"\(query)\"") },
            "\(settled.stdout)")
        let delay = Sanitizer.patience / 3
        let running = try Self.moved(arguments, by: move, windowHeldFor: delay)
        func lines() -> [String] { running.stdoutSoFar.split(separator: "\n").map(String.init) }
        let sent = Date()
        for line in asked.prefix(finding + 1) { running.send(line) }
        // Every line to `find`'s answered before any window can have been read.
        while !lines().contains(where: { $0.contains("\"\(query)\"") }), Date().timeIntervalSince(sent) < delay {
            usleep(10_000)
        }
        #expect(lines().contains { $0.contains("\"\(query)\"") }, "no answer to find before the window")
        #expect(Date().timeIntervalSince(sent) < delay)
        for line in asked.dropFirst(finding + 1) { running.send(line) }
        running.closeInput()
        let result = running.wait()
        #expect(result.status == 0)
        let actual = Array(result.stdout.split(separator: "\n").map(String.init).dropFirst(2))
        #expect(actual == expected, "\(lineDiff(expected: expected, actual: actual))")
    }

    /// At a terminal, a move's street is read with its window, once the session is idle, or as
    /// soon as `where` asks for it: `where` typed at once after `set at` (both lines typed ahead)
    /// says the new point's street, before the new window (held back) is in, word for word as a
    /// script says it. Had `where` not let the street be read, it would wait for an idle moment
    /// that its own wait keeps from coming.
    @Test func whereTypedAtOnceAfterAMoveAtATerminalSaysItsStreet() throws {
        let store = try StoreWindowTests.store()
        let arguments = ["--places", store, "--speech", "off", "--at", "60.1699,24.9384"]
        let move = "set at 60.1686, 24.9415"
        let piped = try Program(arguments, input: .text("\(move)\nwhere\n")).run()
        #expect(piped.status == 0)
        let expected = try #require(piped.stdout.split(separator: "\n").last.map(String.init))
        #expect(expected.hasPrefix("On Aleksanterinkatu, "), "\(piped.stdout)")
        let terminal = try Tmux(columns: 250)
        defer { terminal.close() }
        let delay = Sanitizer.patience / 3
        try terminal.start(
            arguments + ["--typing-pause", "0"],
            environment: ["NEARBY_VOICE_WINDOW_DELAY_MS": String(Int(delay * 1000))])
        try terminal.waitFor("the greeting") { $0.contains { $0.hasPrefix("Nearby: ") } }
        try terminal.type(move + "\rwhere\r")
        // `set at` waits for the first window (held back too); `where` then for nothing read
        // beside the street.
        try terminal.waitFor("the move's answer", seconds: Sanitizer.patience + delay) {
            $0.contains { $0.hasPrefix("Position: 60.1686 north") }
        }
        let moved = Date()
        let screen = try terminal.waitFor("where's answer", seconds: delay) { $0.contains(expected) }
        #expect(Date().timeIntervalSince(moved) < delay, "\(screen.joined(separator: "\n"))")
        try terminal.typeLine("quit")
        #expect(try terminal.waitForExit(seconds: Sanitizer.patience + delay) == 0)
    }

    /// A session started with every window read held back `delay` seconds (the tests' own
    /// variable), once `move` (two lines, each answered on one line) is answered: its window
    /// then read, and held back.
    static func moved(_ arguments: [String], by move: [String], windowHeldFor delay: Double) throws -> Program.Running {
        let running = try Program(
            arguments, environment: ["NEARBY_VOICE_WINDOW_DELAY_MS": String(Int(delay * 1000))], input: .open
        ).start()
        for line in move { running.send(line) }
        func lines() -> [String] { running.stdoutSoFar.split(separator: "\n").map(String.init) }
        while lines().count < 2, Date().timeIntervalSince(running.began) < Sanitizer.patience { usleep(10_000) }
        #expect(lines().count == 2, "\(lines())")
        return running
    }

    /// A query that matches nothing within the radius is not answered from the part: the window,
    /// then the whole store, as before.
    @Test func findWithNoMatchNearWaitsForTheWindow() throws {
        let store = try StoreWindowTests.store()
        let arguments = ["--places", store, "--speech", "off", "--at", "60.1699,24.9384"]
        let asked = ["find suomenlinna", "find zzqxw"]
        let settled = try Program(arguments, input: .text((["count"] + asked).joined(separator: "\n") + "\n")).run()
        let delayed = try Program(
            arguments, environment: ["NEARBY_VOICE_WINDOW_DELAY_MS": "300"],
            input: .text(asked.joined(separator: "\n") + "\n")
        ).run()
        #expect(settled.status == 0 && delayed.status == 0)
        let expected = Array(settled.stdout.split(separator: "\n").map(String.init).dropFirst())
        #expect(delayed.stdout.split(separator: "\n").map(String.init) == expected, "\(delayed.stdout)")
        #expect(
            expected.last?.hasPrefix("No results for \"zzqxw\"") == true
                || expected.last?.contains("Did you mean") == true, "\(expected)")
    }
}
