import Foundation

/// A private speech-dispatcher on a private PulseAudio's null sink, as PLATFORM.md measured: a
/// copy of /etc/speech-dispatcher whose `AudioOutputMethod` is "pulse", its own Unix socket,
/// and (for its clients) autospawn refused, so that a test never reaches or starts another.
final class SpeechDispatcherServer {
    let pulse: PulseServer
    let folder: URL
    var socket: String { folder.appendingPathComponent("spd.sock").path }
    /// The server while it runs.
    private var server: Program.Running?
    var pid: pid_t? { server?.pid }

    /// What a client adds to its environment: the PulseAudio's, the socket
    /// (`SPEECHD_ADDRESS`), and a configuration folder that refuses autospawn.
    var environment: [String: String] {
        pulse.environment.merging([
            "SPEECHD_ADDRESS": "unix_socket:\(socket)",
            "XDG_CONFIG_HOME": folder.appendingPathComponent("client").path,
        ]) { $1 }
    }

    /// Starts the server and waits until it answers (about 1.5 s), then has it speak once, so
    /// that its espeak-ng module is running before a test measures anything.
    init(pulse: PulseServer) throws {
        self.pulse = pulse
        folder = pulse.folder.appendingPathComponent("speech-dispatcher")
        let conf = folder.appendingPathComponent("conf")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: "/etc/speech-dispatcher", toPath: conf.path)
        let configuration = conf.appendingPathComponent("speechd.conf").path
        let text = (try? String(contentsOfFile: configuration, encoding: .utf8)) ?? ""
        try (text + "\nAudioOutputMethod \"pulse\"\n").write(toFile: configuration, atomically: true, encoding: .utf8)
        try Self.refuseAutospawn(in: folder.appendingPathComponent("client"))
        server = try Program(
            tool: "/usr/bin/speech-dispatcher",
            ["-s", "-t", "0", "-c", "unix_socket", "-S", socket, "-C", conf.path, "-L", folder.path],
            environment: pulse.environment
        ).start()
        guard waitUntil(timeout: 15, { FileManager.default.fileExists(atPath: socket) }) else {
            throw PulseServer.Failure("speech-dispatcher did not start")
        }
        try say("Ready.")
    }

    /// A configuration folder whose speechd.conf says `DisableAutoSpawn`: libspeechd's
    /// autospawn (`speech-dispatcher --spawn`) then refuses to start a server.
    static func refuseAutospawn(in folder: URL) throws {
        let speechd = folder.appendingPathComponent("speech-dispatcher")
        try FileManager.default.createDirectory(at: speechd, withIntermediateDirectories: true)
        try "DisableAutoSpawn\n".write(
            toFile: speechd.appendingPathComponent("speechd.conf").path, atomically: true, encoding: .utf8)
    }

    /// `spd-say -w TEXT` through this server: speaks and waits until it was heard.
    func say(_ text: String) throws {
        _ = try Program(tool: "/usr/bin/spd-say", ["-w", text], environment: environment, timeout: 30).run()
    }

    /// Kills the server and its output modules at once (SIGKILL): the server goes away as a
    /// crash would take it.
    func kill() {
        guard let server else { return }
        let modules = Self.children(of: server.pid)
        server.signal(SIGKILL)
        for child in modules { Glibc.kill(child, SIGKILL) }
        _ = server.wait(timeout: 5)
        self.server = nil
    }

    /// The processes whose parent is `pid` (the server's output modules).
    static func children(of pid: pid_t) -> [pid_t] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { name in
            guard let child = pid_t(name),
                let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return nil }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 1 && pid_t(fields[1]) == pid ? child : nil
        }
    }

    deinit {
        if let server {
            let modules = Self.children(of: server.pid)
            server.signal(SIGTERM)
            _ = server.wait(timeout: 5)
            for child in modules { Glibc.kill(child, SIGKILL) }
        }
    }
}
