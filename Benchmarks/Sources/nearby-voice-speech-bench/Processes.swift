import Foundation
import Glibc

// The processes the speech bench talks to: a program reading lines, a program at a terminal,
// a private speech-dispatcher server and an SSIP client of it.

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("speech bench: \(message)\n".utf8))
    exit(1)
}

/// A long-lived child whose standard input the bench writes lines to.
final class Child {
    let process = Process()
    let input = Pipe()

    init(_ path: String, _ arguments: [String], environment: [String: String] = [:]) throws {
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    func send(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { _ = write(input.fileHandleForWriting.fileDescriptor, $0.baseAddress, $0.count) }
    }

    func send(_ line: String) { send(Array((line + "\n").utf8)) }

    func end() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}

/// A long-lived child at a terminal: its standard input, output and error are a pseudo-terminal,
/// so it reads keys through readline as it would from a person at a keyboard (TERM=dumb: no
/// escapes). What it shows is read and dropped, so that it never blocks on a full terminal.
final class TerminalChild {
    let process = Process()
    let master: Int32

    init(_ path: String, _ arguments: [String]) throws {
        // posix_openpt and friends are not imported without _XOPEN_SOURCE: /dev/ptmx and the two
        // ioctls they wrap on Linux, TIOCSPTLCK (unlock) and TIOCGPTN (the terminal's number).
        master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard master >= 0, ioctl(master, 0x4004_5431, &unlock) == 0, ioctl(master, 0x8004_5430, &number) == 0 else {
            fail("no pseudo-terminal (/dev/ptmx).")
        }
        var window = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &window)
        let terminal = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
        guard terminal >= 0 else { fail("cannot open the pseudo-terminal /dev/pts/\(number).") }
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "dumb"
        process.environment = environment
        let handle = FileHandle(fileDescriptor: terminal, closeOnDealloc: true)
        process.standardInput = handle
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        try? handle.close()
        let master = master
        Thread {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while buffer.withUnsafeMutableBytes({ read(master, $0.baseAddress, $0.count) }) > 0 {}
        }.start()
    }

    /// Keys, as typed: "\r" is Enter.
    func type(_ keys: String) {
        Array(keys.utf8).withUnsafeBytes { _ = write(master, $0.baseAddress, $0.count) }
    }

    func end() {
        type("quit\r")
        process.waitUntilExit()
    }
}

/// A private speech-dispatcher server on the bench's PulseAudio (PLATFORM.md): its own copy of
/// the configuration with `AudioOutputMethod "pulse"`, a Unix socket of its own.
final class SpeechDispatcher {
    let process = Process()
    let folder: String
    var socket: String { folder + "/spd.sock" }

    init(_ path: String) throws {
        folder = NSTemporaryDirectory() + "speech-bench-spd-\(getpid())"
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: "/etc/speech-dispatcher", toPath: folder + "/conf")
        let configuration = folder + "/conf/speechd.conf"
        let text = (try? String(contentsOfFile: configuration, encoding: .utf8)) ?? ""
        try (text + "\nAudioOutputMethod \"pulse\"\n").write(toFile: configuration, atomically: true, encoding: .utf8)
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = [
            "-s", "-t", "0", "-c", "unix_socket", "-S", folder + "/spd.sock", "-C", folder + "/conf", "-L", folder,
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: folder)
    }
}

/// One long-lived client of speech-dispatcher speaking SSIP over its socket, as libspeechd and
/// Orca's Python binding do: `SPEAK`, the text, `.`; `CANCEL SELF` to silence it.
final class SSIPClient {
    let descriptor: Int32
    private var received: [UInt8] = []

    init?(socket path: String) {
        descriptor = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard descriptor >= 0, bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return nil }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else {
            Glibc.close(descriptor)
            return nil
        }
        guard command("SET SELF CLIENT_NAME root:nearby-voice-speech-bench:main").hasPrefix("208") else { return nil }
    }

    /// Sends one line and returns the reply's last line ("225 OK MESSAGE QUEUED").
    @discardableResult func command(_ line: String) -> String {
        Array((line + "\r\n").utf8).withUnsafeBytes { _ = write(descriptor, $0.baseAddress, $0.count) }
        var buffer = [UInt8](repeating: 0, count: 1024)
        while true {
            while let end = received.firstIndex(of: UInt8(ascii: "\n")) {
                let reply = String(decoding: received[..<end], as: UTF8.self).trimmingCharacters(
                    in: .whitespacesAndNewlines)
                received.removeSubrange(...end)
                let characters = Array(reply)
                if characters.count >= 4 && characters[3] == " " { return reply }
            }
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count <= 0 { return "" }
            received += buffer.prefix(count)
        }
    }

    func speak(_ text: String) {
        command("SPEAK")
        command(text + "\r\n.")
    }

    func close() {
        command("QUIT")
        Glibc.close(descriptor)
    }
}

func which(_ program: String) -> String? {
    for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
        let path = "\(folder)/\(program)"
        if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    return nil
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    return sorted.count % 2 == 1
        ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}
