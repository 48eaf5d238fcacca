import Foundation
import Testing

/// A terminal for a test: a tmux server of its own (its own socket), one window, driven like a
/// person at a keyboard. Keys go in with `send-keys`; the screen comes out with `capture-pane`.
/// Every wait polls the screen with a deadline, as the machine may be slow.
final class Tmux {
    /// The socket name, unique to this terminal, so that tests never share a server.
    let socket = "nv-test-\(UUID().uuidString.prefix(8))"
    let session = "nv"
    /// A scratch folder of the terminal's own: HOME, XDG_STATE_HOME and files of the test.
    let folder: URL

    let columns: Int
    let rows: Int

    /// A terminal of `columns` by `rows`, in `folder` (a new temporary one when nil; give
    /// another terminal's to share its HOME and history). Nothing runs until `start`.
    init(columns: Int = 120, rows: Int = 40, folder: URL? = nil) throws {
        self.columns = columns
        self.rows = rows
        self.folder =
            folder ?? FileManager.default.temporaryDirectory.appendingPathComponent("nv-tty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: self.folder.appendingPathComponent("home"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: self.folder.appendingPathComponent("state"), withIntermediateDirectories: true)
    }

    /// Starts `nearby-voice` with `arguments` in the terminal, with its own HOME and
    /// XDG_STATE_HOME, no audio server, no colour and no ~/.inputrc. When it ends, `sh` says
    /// "exit N" with its status (after "raw terminal" if it left the terminal without line
    /// editing or echo), and sleeps, so that the screen stays as it was (a dead pane would get
    /// tmux's own "Pane is dead" line, which scrolls it).
    func start(_ arguments: [String], environment: [String: String] = [:]) throws {
        let variables = [
            "HOME": folder.appendingPathComponent("home").path,
            "XDG_STATE_HOME": folder.appendingPathComponent("state").path, "NO_COLOR": "1", "INPUTRC": "/dev/null",
        ]
        let program = Program(arguments, environment: variables.merging(environment) { $1 })
        let script =
            program.commandLine
            + "; status=$?; stty -a | grep -qw -e -icanon -e -echo && echo raw terminal; echo exit $status; exec sleep 600"
        try tmux(["new-session", "-d", "-s", session, "-x", "\(columns)", "-y", "\(rows)", script])
    }

    /// The history file of this terminal's sessions.
    var historyPath: String { folder.appendingPathComponent("state/nearby-voice/history").path }

    /// Types `text` as it is (`send-keys -l`).
    func type(_ text: String) throws { try tmux(["send-keys", "-t", session, "-l", text]) }

    /// Types `text` and presses Enter in one tmux command, so that no pause falls between.
    func typeLine(_ text: String) throws {
        try tmux(["send-keys", "-t", session, "-l", text, ";", "send-keys", "-t", session, "Enter"])
    }

    /// Presses keys by tmux's names: Enter, Tab, Up, C-c, C-d...
    func press(_ keys: String...) throws { try tmux(["send-keys", "-t", session] + keys) }

    /// The screen's lines, trailing blank lines left out (tmux drops trailing spaces).
    func screen() throws -> [String] {
        var lines = try tmux(["capture-pane", "-p", "-t", session]).split(
            separator: "\n", omittingEmptySubsequences: false
        )
        .map(String.init)
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    /// Polls the screen every 50 ms until `condition` holds or `seconds` pass; returns the last
    /// screen. A timeout throws, with the screen, and so fails the test.
    @discardableResult
    func waitFor(_ what: String, seconds: Double = Sanitizer.patience, _ condition: ([String]) -> Bool) throws
        -> [String]
    {
        let deadline = Date().addingTimeInterval(seconds)
        var lines = try screen()
        while !condition(lines) {
            guard Date() < deadline else {
                // The test stops here: what it waits for next would time out too.
                throw TimedOut(
                    description: "Timed out waiting for \(what). The screen:\n\(lines.joined(separator: "\n"))")
            }
            Thread.sleep(forTimeInterval: 0.05)
            lines = try screen()
        }
        return lines
    }

    /// Waits until the last line of the screen is `line`.
    @discardableResult
    func waitForLastLine(_ line: String, seconds: Double = Sanitizer.patience) throws -> [String] {
        try waitFor("the last line \"\(line)\"", seconds: seconds) { $0.last == line }
    }

    /// Waits for the program to end and returns its exit status, from the shell's "exit N".
    func waitForExit(seconds: Double = Sanitizer.patience) throws -> Int32? {
        let lines = try waitFor("the program to end", seconds: seconds) {
            $0.last?.hasPrefix("exit ") == true
        }
        return lines.last.flatMap { Int32($0.dropFirst("exit ".count)) }
    }

    /// Ends the tmux server of this terminal and removes its folder.
    func close() {
        kill()
        try? FileManager.default.removeItem(at: folder)
    }

    /// Ends the tmux server of this terminal, keeping its folder (for a next session), and
    /// removes its socket, which tmux leaves behind.
    func kill() {
        _ = try? tmux(["kill-server"])
        let folder = ProcessInfo.processInfo.environment["TMUX_TMPDIR"] ?? "/tmp"
        unlink("\(folder)/tmux-\(getuid())/\(socket)")
    }

    deinit { kill() }

    /// Runs tmux with `arguments` on this terminal's socket; what it printed (capture-pane's
    /// screen).
    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        try Program(tool: "/usr/bin/tmux", ["-L", socket, "-f", "/dev/null"] + arguments, timeout: 30).run().stdout
    }

    /// A wait that ran out of time, with the screen as it was.
    struct TimedOut: Error, CustomStringConvertible {
        var description: String
    }
}
