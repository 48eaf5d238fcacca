import Foundation
import NearbyCore
import PlaceData

// `make bench`: the walking position's costs. (1) From a position report to the callout
// decided: `.positionReported` through the reducer (distances, the nearest-first list, the
// focus kept by identity, the callouts) with 10,000 places within the radius, median and
// 99th percentile of 2,000 reports of a walk, beside the floor of the same work (the distances
// alone). Goal: at most 1 ms. (2) The program's CPU while it follows a gpsd at 1 Hz (a TCP
// server here sending a TPV a second) and nothing is typed, over 60 s, from /proc. Goal: at
// most 1% of one core.
//
//     nearby-voice-position-bench --app PATH [--seconds 60]

var app: String?
var seconds = 60.0
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    switch argument {
    case "--app": app = arguments.next()
    case "--seconds": seconds = Double(arguments.next() ?? "") ?? seconds
    default:
        FileHandle.standardError.write(Data("usage: nearby-voice-position-bench --app PATH [--seconds S]\n".utf8))
        exit(64)
    }
}

// MARK: (1) A report to the callout decided.

let start = Coordinate(latitude: 60.17, longitude: 24.94)
var generator = SystemRandomNumberGenerator()
/// 10,000 places scattered within 900 m of the walk's start (so all within the 1 km radius).
let places = (0..<10_000).map { index -> Place in
    let distance = 900 * sqrt(Double.random(in: 0...1, using: &generator))
    let angle = Double.random(in: 0..<(2 * .pi), using: &generator)
    return Place(
        id: "p\(index)", name: "Place \(index)", kind: ["Café", "Shop", "Bar"][index % 3], symbol: "mappin",
        latitude: start.latitude + distance * cos(angle) / 111_195,
        longitude: start.longitude + distance * sin(angle) / (111_195 * cos(start.latitude * .pi / 180)))
}
var settings = Settings()
settings.origin = start
var state = NearbyState(places: places, settings: settings)
_ = state.reduce(.nextFocused)
_ = state.reduce(.nextFocused)
precondition(state.shownPlaces.count == 10_000)

var reportTimes: [Double] = []
var floorTimes: [Double] = []
var calledOut = 0
for step in 0..<2_000 {
    // A walk north-east at 1.4 m/s, a report a second.
    let metres = Double(step) * 1.4 * 0.3
    let point = Coordinate(latitude: start.latitude + metres / 157_000, longitude: start.longitude + metres / 157_000)
    let report = PositionReport(coordinate: point, course: 45, speed: 1.4, time: Double(step))
    let began = DispatchTime.now().uptimeNanoseconds
    let reaction = state.apply(.positionReported(report))
    reportTimes.append(Double(DispatchTime.now().uptimeNanoseconds - began) / 1000)
    calledOut += reaction.announcements.count
    let floorBegan = DispatchTime.now().uptimeNanoseconds
    let distances = places.map { point.distance(to: $0.coordinate) }
    floorTimes.append(Double(DispatchTime.now().uptimeNanoseconds - floorBegan) / 1000)
    if distances.count == 42 { print("") }
}
func percentile(_ values: [Double], _ fraction: Double) -> Double {
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
}
let median = percentile(reportTimes, 0.5)
let p99 = percentile(reportTimes, 0.99)
let floor = percentile(floorTimes, 0.5)
print("Walking position (10,000 places within the radius, 2,000 reports, \(calledOut) callouts):")
print(
    String(
        format:
            "  report -> callout decided   median %7.1f µs   p99 %7.1f µs   (floor, the distances alone: %.1f µs)  goal ≤ 1000 µs  %@",
        median, p99, floor, median <= 1000 ? "ok" : "SHORT"))
var short = median > 1000

// MARK: (2) Idle CPU following gpsd at 1 Hz.

/// A gpsd of the bench's own: VERSION, then a TPV a second, standing still with a fix.
final class TickingGpsd: @unchecked Sendable {
    let port: Int
    private let listener: Int32

    init() {
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
        Thread {
            let client = accept(listener, nil, nil)
            func send(_ line: String) {
                let bytes = Array((line + "\n").utf8)
                _ = bytes.withUnsafeBytes { write(client, $0.baseAddress, $0.count) }
            }
            send(#"{"class":"VERSION","release":"3.22","proto_major":3,"proto_minor":14}"#)
            var tick = 0
            while true {
                let lat = 60.17 + Double(tick % 2) * 0.000_001
                send(#"{"class":"TPV","mode":3,"lat":\#(lat),"lon":24.94,"track":0,"speed":0.1,"eph":5}"#)
                tick += 1
                Thread.sleep(forTimeInterval: 1)
            }
        }.start()
    }
}

/// The user and system CPU seconds of process `pid` so far (/proc/PID/stat, clock ticks).
func cpuSeconds(_ pid: pid_t) -> Double {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")")
    else { return 0 }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    let ticks = (Double(fields[11]) ?? 0) + (Double(fields[12]) ?? 0)
    return ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
}

if let app {
    let gpsd = TickingGpsd()
    let process = Process()
    process.executableURL = URL(fileURLWithPath: app)
    process.arguments = ["--speech", "off", "--at", "gpsd:127.0.0.1:\(gpsd.port)"]
    let input = Pipe()
    process.standardInput = input
    process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
    try process.run()
    // Start-up is not idling: measured from 2 s after the start.
    Thread.sleep(forTimeInterval: 2)
    let before = cpuSeconds(process.processIdentifier)
    let began = Date()
    Thread.sleep(forTimeInterval: seconds)
    let used = cpuSeconds(process.processIdentifier) - before
    let elapsed = Date().timeIntervalSince(began)
    try input.fileHandleForWriting.close()
    process.waitUntilExit()
    let share = used / elapsed * 100
    print(
        String(
            format: "  idle following gpsd at 1 Hz  %.3f%% of a core (%.2f s of CPU in %.0f s)  goal ≤ 1%%  %@",
            share, used, elapsed, share <= 1 ? "ok" : "SHORT"))
    short = short || share > 1
}
exit(short ? 1 : 0)
