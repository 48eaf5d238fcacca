import Foundation
import Testing

/// A private PulseAudio daemon with a null sink (no sound card needed), as PLATFORM.md
/// measured: its own HOME, runtime folder and socket, so nothing of the user's is touched.
final class PulseServer {
    let folder: URL
    let socket: String
    /// The recorder of the sink's monitor, the file it writes, and when it was started.
    private var recorder: (process: Program.Running, path: String, started: Date)?

    /// `PULSE_SERVER` for clients of this daemon.
    var address: String { "unix:\(socket)" }

    /// The null sink's channels: 1, or 2 where a test listens for left and right.
    let channels: Int

    init(channels: Int = 1) throws {
        self.channels = channels
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("pulse-\(UUID().uuidString.prefix(8))")
        socket = folder.appendingPathComponent("native").path
        for name in ["home", "runtime"] {
            try FileManager.default.createDirectory(
                at: folder.appendingPathComponent(name), withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
        }
        let config = """
            load-module module-native-protocol-unix auth-anonymous=1 socket=\(socket)
            load-module module-null-sink sink_name=nearby format=s16le rate=22050 channels=\(channels) norewinds=1
            set-default-sink nearby

            """
        let configPath = folder.appendingPathComponent("default.pa").path
        try config.write(toFile: configPath, atomically: true, encoding: .utf8)
        // -D: the daemon forks and this process ends once it runs.
        _ = try Program(
            tool: "/usr/bin/pulseaudio",
            [
                "-D", "-n", "-F", configPath, "--exit-idle-time=-1", "--realtime=no", "--high-priority=no",
                "--use-pid-file=yes", "--log-target=file:\(folder.appendingPathComponent("pulse.log").path)",
            ], environment: environment, timeout: 10
        ).run()
        guard waitUntil(timeout: 5, { FileManager.default.fileExists(atPath: socket) }) else {
            throw Failure(
                "PulseAudio did not start: \((try? String(contentsOf: folder.appendingPathComponent("pulse.log"), encoding: .utf8)) ?? "")"
            )
        }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// What a client adds to its environment to reach this daemon and nothing else.
    var environment: [String: String] {
        [
            "HOME": folder.appendingPathComponent("home").path,
            "XDG_RUNTIME_DIR": folder.appendingPathComponent("runtime").path, "PULSE_SERVER": address,
        ]
    }

    /// The bytes of the WAV header parecord writes, and of 10 ms of its samples.
    static let headerBytes = 44
    static let bytesPer10ms = 2 * 22_050 / 100

    /// Starts recording the sink's monitor into `path` (22,050 Hz mono WAV), and returns once
    /// the recorder is connected: its file holds samples. (The monitor of a null sink streams
    /// silence too, so samples arrive from the moment it is connected.)
    func startRecording(_ path: String) throws {
        let started = Date()
        let process = try Program(
            tool: "/usr/bin/parecord",
            [
                "--device=nearby.monitor", "--latency-msec=20", "--format=s16le", "--rate=22050",
                "--channels=\(channels)",
                "--file-format=wav", path,
            ], environment: environment
        ).start()
        recorder = (process, path, started)
        guard waitUntil({ fileSize(path) >= Self.headerBytes + Self.bytesPer10ms * channels }) else {
            throw Failure("parecord did not start recording into \(path)")
        }
    }

    /// Stops the recording once it holds the sink up to 0.3 s after this call, and waits for the
    /// file to be complete. The monitor's samples come at the sink's rate from the moment the
    /// recorder connected, which is after it was started: so a file holding as many samples as
    /// the seconds since its start (plus 0.3) holds at least that much, whatever the recorder's
    /// lag behind the sink.
    func stopRecording() {
        guard let recorder else { return }
        let wanted = Date().timeIntervalSince(recorder.started) + 0.3
        waitUntil {
            Double(fileSize(recorder.path) - Self.headerBytes) >= wanted * 100 * Double(Self.bytesPer10ms * channels)
        }
        recorder.process.signal(SIGINT)
        _ = recorder.process.wait(timeout: 5)
        self.recorder = nil
    }

    deinit {
        stopRecording()
        let pidFile = folder.appendingPathComponent("runtime/pulse/pid").path
        if let text = try? String(contentsOfFile: pidFile, encoding: .utf8),
            let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines))
        {
            kill(pid, SIGTERM)
            if !waitUntil(timeout: 3, every: 0.01, { kill(pid, 0) != 0 }) { kill(pid, SIGKILL) }
        }
        try? FileManager.default.removeItem(at: folder)
    }
}

/// A recording's samples, and where sound is in them.
struct Recording {
    let rate: Int
    let samples: [Int16]

    init(_ path: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        // parecord's WAV header may carry extra chunks: find "data".
        var offset = 12
        var dataStart = 44
        var dataCount = 0
        while offset + 8 <= data.count {
            let id = String(decoding: data[offset..<offset + 4], as: UTF8.self)
            let size =
                Int(data[offset + 4]) | Int(data[offset + 5]) << 8 | Int(data[offset + 6]) << 16 | Int(data[offset + 7])
                << 24
            if id == "data" {
                dataStart = offset + 8
                dataCount = min(size, data.count - dataStart)
                if size == 0 || size == 0x7FFF_FFFF || size < 0 { dataCount = data.count - dataStart }
                break
            }
            offset += 8 + size
        }
        rate = 22_050
        samples = stride(from: dataStart, to: dataStart + dataCount - 1, by: 2).map {
            Int16(bitPattern: UInt16(data[$0]) | UInt16(data[$0 + 1]) << 8)
        }
    }

    /// The first and last 10 ms windows louder than `threshold` (RMS), in seconds.
    func soundSpan(threshold: Double = 200) -> (start: Double, end: Double)? {
        let window = rate / 100
        var first: Int?
        var last: Int?
        var index = 0
        while index + window <= samples.count {
            var sum = 0.0
            for sample in samples[index..<index + window] { sum += Double(sample) * Double(sample) }
            if (sum / Double(window)).squareRoot() > threshold {
                if first == nil { first = index }
                last = index + window
            }
            index += window
        }
        guard let first, let last else { return nil }
        return (Double(first) / Double(rate), Double(last) / Double(rate))
    }

    /// Seconds of sound: 10 ms windows louder than `threshold`.
    func soundSeconds(threshold: Double = 200) -> Double {
        let window = rate / 100
        var loud = 0
        var index = 0
        while index + window <= samples.count {
            var sum = 0.0
            for sample in samples[index..<index + window] { sum += Double(sample) * Double(sample) }
            if (sum / Double(window)).squareRoot() > threshold { loud += 1 }
            index += window
        }
        return Double(loud) / 100
    }
}
