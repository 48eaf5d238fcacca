import Foundation
import Glibc
import Synchronization

// A position report -> its callout audible at the sink (issue 37): nearby-voice follows a gpsd
// of the bench's own (`--at gpsd:127.0.0.1:PORT`) on the built-in places, nothing else
// speaking. A trial moves the fix from where no place is within `callout-distance` (the
// built-in origin: Paper & Ink is 180 m away) to 10 m south of Farmácia Central, and times the
// TPV's write to the first loud chunk of "Farmácia Central, close by north.". `--callout-repeat 0`
// lets the same place be called out again each trial; `--callouts all` because a pharmacy is one
// of the other `places`. The control: a report that brings no place within reach (a step of
// 20 m at the origin) must be heard as nothing within a second, else the row measures noise.
// (A first version moved back within 3 s of the last callout: the program's gap between place
// callouts held each one to the next report, and the row said 1,004 ms.)

/// A gpsd as far as a client sees it: VERSION, then a TPV with a fix every half second at the
/// position `move(to:)` last gave (sent at once when it changes), its time the wall clock's.
final class SteeredGpsd: @unchecked Sendable {
    let port: Int
    private let listener: Int32
    private let state = Mutex<(client: Int32, latitude: Double, longitude: Double)>((-1, 0, 0))

    init(latitude: Double, longitude: Double) {
        state.withLock { $0 = (-1, latitude, longitude) }
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.listener = listener
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let size = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, size) }
        }
        listen(listener, 4)
        var length = size
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread { [self] in
            let client = accept(listener, nil, nil)
            state.withLock { $0.client = client }
            write(#"{"class":"VERSION","release":"3.22","proto_major":3,"proto_minor":14}"#)
            while true {
                report()
                Thread.sleep(forTimeInterval: 0.5)
            }
        }.start()
    }

    /// Whether the program has connected.
    var isConnected: Bool { state.withLock { $0.client >= 0 } }

    /// Moves the fix to `latitude`, `longitude` and reports it at once.
    func move(latitude: Double, longitude: Double) {
        state.withLock {
            $0.latitude = latitude
            $0.longitude = longitude
        }
        report()
    }

    private func report() {
        let (latitude, longitude) = state.withLock { ($0.latitude, $0.longitude) }
        let time = ISO8601DateFormatter().string(from: Date())
        write(
            #"{"class":"TPV","device":"/dev/bench","mode":3,"time":"\#(time)","lat":\#(latitude),"lon":\#(longitude),"eph":4.5}"#
        )
    }

    private func write(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        state.withLock { state in
            guard state.client >= 0 else { return }
            // Not SIGPIPE once the program has gone: a failed send is only a report lost.
            _ = bytes.withUnsafeBytes { Glibc.send(state.client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        }
    }
}

struct CalloutFigures {
    /// A report -> the callout's first loud chunk, a trial each.
    var heard: [Double] = []
    /// The control's trials: seconds to anything loud after a report with no place in reach
    /// (nil: nothing within a second, as it must be).
    var control: [Double?] = []
}

@MainActor func measureCallout() -> CalloutFigures {
    var figures = CalloutFigures()
    let origin = (latitude: 38.7115, longitude: -9.1390)
    // Farmácia Central is at 38.7125, -9.1372: 10 m south of it.
    let nearPharmacy = (latitude: 38.7125 - 10 / 111_195.0, longitude: -9.1372)
    let gpsd = SteeredGpsd(latitude: origin.latitude, longitude: origin.longitude)
    guard
        let child = try? Child(
            app,
            [
                "--speech", "on", "--pace", "none", "--earcons", "off", "--at", "gpsd:127.0.0.1:\(gpsd.port)",
                "--callouts", "all", "--callout-repeat", "0",
            ])
    else { return figures }
    // Connected, the first fix said and heard out.
    let began = now()
    while !gpsd.isConnected && now() - began < 10 { usleep(10_000) }
    Thread.sleep(forTimeInterval: 2)
    monitor.waitForQuiet()
    for _ in 0..<trials {
        // Away from every place, and heard out; then the step that brings the pharmacy near.
        // The wait is longer than the 3 s the program leaves between two place callouts
        // (`NearbyState.placeCalloutGap`): the trial measures a callout due at once.
        gpsd.move(latitude: origin.latitude, longitude: origin.longitude)
        Thread.sleep(forTimeInterval: 3.5)
        monitor.waitForQuiet()
        let start = now()
        gpsd.move(latitude: nearPharmacy.latitude, longitude: nearPharmacy.longitude)
        if let loud = monitor.firstLoud(after: start) { figures.heard.append(loud - start) }
        Thread.sleep(forTimeInterval: 0.5)
        child.send("stop")
    }
    for step in 0..<controls {
        gpsd.move(latitude: origin.latitude, longitude: origin.longitude)
        Thread.sleep(forTimeInterval: 1.2)
        monitor.waitForQuiet()
        let start = now()
        gpsd.move(latitude: origin.latitude + Double(step + 1) * 20 / 111_195.0, longitude: origin.longitude)
        figures.control.append(monitor.firstLoud(after: start, timeout: 1).map { $0 - start })
    }
    child.send("quit")
    child.end()
    return figures
}
