import Foundation

/// A small gpsd for the tests: a TCP server on 127.0.0.1 (a port of its own) that speaks gpsd's
/// JSON protocol as far as a client sees it: `VERSION` on connecting, then, once the client
/// sent `?WATCH=…;`, whatever lines the test sends (TPV with and without a fix, 2D or 3D, with
/// gpsd's accuracy or without, malformed lines), and a connection it drops when the test says.
/// Between two lines it sends nothing and keeps the connection open: a test that sends no fix
/// for a while is a gpsd stopped (SIGSTOP) as the client sees it.
final class FakeGpsd: @unchecked Sendable {
    let port: Int
    private let listener: Int32
    private let lock = NSLock()
    private var client: Int32 = -1
    private var accepted = 0
    private var watched = 0
    private var stopped = false

    init() throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.listener = listener
        guard listener >= 0 else { throw Program.Failure(description: "socket: \(errno)") }
        var yes: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard status == 0, listen(listener, 4) == 0 else { throw Program.Failure(description: "bind: \(errno)") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        let bound = Int(UInt16(bigEndian: address.sin_port))
        port = bound
        let thread = Thread { [self] in serve() }
        thread.start()
    }

    deinit { stop() }

    /// How many connections were accepted, and how many asked to watch.
    var connections: Int { lock.withLock { accepted } }
    var watches: Int { lock.withLock { watched } }

    /// Sends `line` and a newline to the connected client.
    func send(_ line: String) {
        let fd = lock.withLock { client }
        guard fd >= 0 else { return }
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    }

    /// A TPV report with a fix at `latitude`, `longitude`: `mode` 3 (3D) or 2 (2D); gpsd's
    /// accuracy as `eph`, or as `epx` and `epy`, or none.
    func fix(
        _ latitude: Double, _ longitude: Double, track: Double? = nil, speed: Double? = nil, mode: Int = 3,
        eph: Double? = 4.5, epx: Double? = nil, epy: Double? = nil
    ) {
        var line = #"{"class":"TPV","device":"/dev/pts/1","mode":\#(mode),"time":"2026-12-01T10:00:00.000Z","#
        line += #""lat":\#(latitude),"lon":\#(longitude)"#
        for (key, value) in [("eph", eph), ("epx", epx), ("epy", epy), ("track", track), ("speed", speed)] {
            if let value { line += #","\#(key)":\#(value)"# }
        }
        send(line + "}")
    }

    /// A TPV report without a fix.
    func noFix() { send(#"{"class":"TPV","device":"/dev/pts/1","mode":1}"#) }

    /// Ends the connection (as a gpsd that was stopped); the next one is accepted.
    func drop() {
        let fd = lock.withLock {
            defer { client = -1 }
            return client
        }
        if fd >= 0 {
            shutdown(fd, Int32(SHUT_RDWR))
            close(fd)
        }
    }

    /// Stops serving; the port is closed (once: a descriptor closed twice may be another's).
    func stop() {
        let first = lock.withLock {
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        drop()
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func serve() {
        while !lock.withLock({ stopped }) {
            let fd = accept(listener, nil, nil)
            guard fd >= 0 else {
                if errno == EINTR { continue }
                return
            }
            lock.withLock {
                accepted += 1
                client = fd
            }
            send(#"{"class":"VERSION","release":"3.22","rev":"3.22","proto_major":3,"proto_minor":14}"#)
            // Reads what the client sends: its WATCH.
            var buffer = [UInt8](repeating: 0, count: 512)
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count > 0, String(decoding: buffer[0..<count], as: UTF8.self).hasPrefix("?WATCH=") {
                lock.withLock { watched += 1 }
                send(#"{"class":"DEVICES","devices":[]}"#)
                send(#"{"class":"WATCH","enable":true,"json":true}"#)
            }
        }
    }
}
