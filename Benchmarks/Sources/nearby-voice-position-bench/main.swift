import Foundation
import NearbyCore
import PlaceData

// `make bench`: the walking position's costs. (1) From a position report to the callout
// decided: `.positionReported` through the reducer (distances, the nearest-first list, the
// focus kept by identity, the callouts) with 10,000 places within the radius, median and
// 99th percentile of 2,000 reports of a walk, beside the floor of the same work (the distances
// alone), in process. Goal: at most 1 ms. (2) Sessions of the program following a gpsd of the
// bench's own (a TCP server sending a TPV a second), nothing typed, `--speech off`: on the
// built-in places, and with `--store` on the bench's 10M store (issue 42: where the user meets
// it). Each is first idle, standing still (its CPU over `--seconds`, from a cgroup of its own
// or /proc, `CPUAccount`: goal at most 1%
// of one core), then, on the store, walks east along a street of its grid at 1.4 m/s, a report
// a second, through a corner (the CPU it spends a report, all of it counted: goal at most
// 1 ms). Each row is judged only once the program is shown to follow: `where` typed at the end
// must say where the last report put it (facing east on the store's street from its walking, or
// the built-in places' street), and the gpsd must have been read to the end.
//
// On the store, the CPU the session's own thread spends on each walking report is read from the
// session (`NEARBY_VOICE_BENCH_REPORT_CPU`) and judged too: the callout decision in a session.
//
// With --self-test (issue 42: `make bench`'s test of itself), APP is a build that decides each
// report twice (`BenchSlowdown`), and only the store's walk is measured: its decision, on the
// session's thread, must miss its goal.
//
//     nearby-voice-position-bench --app PATH [--store PATH] [--seconds 60] [--walk 60] [--self-test]

var app: String?
var store: String?
var seconds = 60.0
var walkSeconds = 60
var selfTest = false
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    switch argument {
    case "--app": app = arguments.next()
    case "--store": store = arguments.next()
    case "--seconds": seconds = Double(arguments.next() ?? "") ?? seconds
    case "--walk": walkSeconds = Int(arguments.next() ?? "") ?? walkSeconds
    case "--self-test": selfTest = true
    default:
        FileHandle.standardError.write(
            Data("usage: nearby-voice-position-bench --app PATH [--store PATH] [--seconds S] [--walk S]\n".utf8))
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

// MARK: (2) Sessions following gpsd at 1 Hz: idle, then walking.

/// A gpsd of the bench's own: VERSION, then a TPV a second at the position `at(second)` gives,
/// with the time, a 3D fix and 5 m of error, until `stop`. It counts the reports written and
/// whether the client was still there for each.
final class WalkingGpsd: @unchecked Sendable {
    let port: Int
    private let listener: Int32
    private let lock = NSLock()
    private var position: (latitude: Double, longitude: Double, track: Double, speed: Double)
    private var stopped = false
    private var written = 0
    private var lost = false

    init(at latitude: Double, _ longitude: Double) {
        position = (latitude, longitude, 0, 0)
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
        signal(SIGPIPE, SIG_IGN)
        Thread { [self] in serve() }.start()
    }

    /// Where the next reports put the walker, and its course and speed.
    func move(latitude: Double, longitude: Double, track: Double, speed: Double) {
        lock.withLock { position = (latitude, longitude, track, speed) }
    }

    var reports: (written: Int, lost: Bool) { lock.withLock { (written, lost) } }

    func stop() { lock.withLock { stopped = true } }

    private func serve() {
        let client = accept(listener, nil, nil)
        func send(_ line: String) -> Bool {
            let bytes = Array((line + "\n").utf8)
            return bytes.withUnsafeBytes { write(client, $0.baseAddress, $0.count) } == bytes.count
        }
        _ = send(#"{"class":"VERSION","release":"3.22","proto_major":3,"proto_minor":14}"#)
        let format = ISO8601DateFormatter()
        format.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        while true {
            let (now, done) = lock.withLock { (position, stopped) }
            if done { break }
            let line =
                #"{"class":"TPV","mode":3,"time":"\#(format.string(from: Date()))","lat":\#(now.latitude),"#
                + #""lon":\#(now.longitude),"track":\#(now.track),"speed":\#(now.speed),"eph":5}"#
            let sent = send(line)
            lock.withLock {
                if sent { written += 1 } else { lost = true }
            }
            Thread.sleep(forTimeInterval: 1)
        }
        close(client)
    }
}

/// The user and system CPU seconds of process `pid` so far, its threads that have ended included
/// (/proc/PID/stat, in clock ticks of 10 ms: a figure of a minute's reports is read to ±10 ms
/// over them all).
func cpuSeconds(_ pid: pid_t) -> Double {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")")
    else { return 0 }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    let ticks = (Double(fields[11]) ?? 0) + (Double(fields[12]) ?? 0)
    return ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
}

/// Where a process's CPU is read: a cgroup of its own (cgroup v1's `cpuacct`, in nanoseconds,
/// its ended threads included) when this machine lets the bench make one, else /proc/PID/stat
/// (`cpuSeconds`: clock ticks of 10 ms, so that 60 reports of 1 ms were read in steps of 167 µs).
/// CPU spent before the process is moved into the group is not counted: only differences are read.
final class CPUAccount: @unchecked Sendable {
    let pid: pid_t
    private let group: String?

    init(pid: pid_t) {
        self.pid = pid
        let folder = "/sys/fs/cgroup/cpuacct/nearby-voice-bench-\(getpid())-\(pid)"
        guard mkdir(folder, 0o755) == 0 else {
            group = nil
            return
        }
        let procs = open(folder + "/cgroup.procs", O_WRONLY)
        let line = Array("\(pid)\n".utf8)
        let moved = procs >= 0 && write(procs, line, line.count) == line.count
        if procs >= 0 { close(procs) }
        if moved {
            group = folder
        } else {
            rmdir(folder)
            group = nil
        }
    }

    /// What the CPU is read from, for the table.
    var clock: String { group == nil ? "/proc/PID/stat, ticks of 10 ms" : "a cgroup of its own, ns" }

    var seconds: Double {
        guard let group, let text = try? String(contentsOfFile: group + "/cpuacct.usage", encoding: .utf8),
            let nanoseconds = Double(text.trimmingCharacters(in: .whitespacesAndNewlines))
        else { return cpuSeconds(pid) }
        return nanoseconds / 1e9
    }

    /// The group taken away, once the process has ended (a group with a task cannot be).
    func remove() {
        if let group { rmdir(group) }
    }
}

/// A session of the program with `--speech off` following `gpsd`, its output gathered.
final class FollowingSession: @unchecked Sendable {
    let process = Process()
    private let input = Pipe()
    private let lock = NSLock()
    private var text = ""
    let account: CPUAccount

    /// Where the session writes its thread's CPU a position report (`Session.reportCPULog`).
    let handlingLog = FileManager.default.temporaryDirectory
        .appendingPathComponent("nearby-voice-report-cpu-\(UUID().uuidString)").path

    init(app: String, places: [String], gpsd: WalkingGpsd) throws {
        process.executableURL = URL(fileURLWithPath: app)
        process.arguments = places + ["--speech", "off", "--at", "gpsd:127.0.0.1:\(gpsd.port)"]
        process.environment = ProcessInfo.processInfo.environment.merging(
            ["NEARBY_VOICE_BENCH_REPORT_CPU": handlingLog]) { $1 }
        process.standardInput = input
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        account = CPUAccount(pid: process.processIdentifier)
        Thread { [self] in
            while true {
                let data = output.fileHandleForReading.availableData
                if data.isEmpty { break }
                lock.withLock { text += String(decoding: data, as: UTF8.self) }
            }
        }.start()
    }

    var output: String { lock.withLock { text } }

    /// The CPU the session's thread spent on each position report so far, in seconds.
    var handling: [Double] {
        ((try? String(contentsOfFile: handlingLog, encoding: .utf8)) ?? "").split(separator: "\n")
            .compactMap { Double($0).map { $0 / 1e6 } }
    }
    var cpu: Double { account.seconds }

    /// `where` typed; its answer (the first line after it that says where the user is), or nil.
    func whereAnswer() -> String? {
        let before = output.count
        input.fileHandleForWriting.write(Data("where\n".utf8))
        for _ in 0..<50 {
            Thread.sleep(forTimeInterval: 0.1)
            let after = String(output.dropFirst(before))
            if let line = after.split(separator: "\n").first(where: { $0.contains("You face") || $0.contains("On ") }) {
                return String(line)
            }
        }
        return nil
    }

    func end() {
        try? input.fileHandleForWriting.write(contentsOf: Data("quit\n".utf8))
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        account.remove()
        try? FileManager.default.removeItem(atPath: handlingLog)
    }
}

/// Where the walk on the store begins: the store's grid (Tests/Fixtures/osm/generate-extract.py,
/// "varied") has a corner of its streets at row 100 and column 50; 20 m west of it, on the street.
func storeWalkStart() -> Coordinate {
    let corner = Coordinate(latitude: 60.15008 + 100 * 7 * 0.00016, longitude: 24.90016 + 50 * 7 * 0.00032)
    return Coordinate(
        latitude: corner.latitude, longitude: corner.longitude - 20 / (111_320 * cos(corner.latitude * .pi / 180)))
}

/// One session: idle for `seconds`, standing at `start`; then `walk` seconds east at 1.4 m/s
/// (only measured when `measureWalk`), a report a second; then `where`. Its figures and the
/// proof that it followed.
struct Following {
    var idleShare = Double.nan
    var idleCPU = Double.nan
    var idleSeconds = Double.nan
    var walkCPU = Double.nan
    var walkReports = 0
    /// The session's thread's CPU for each of the walk's reports (`Session.reportCPULog`).
    var handling: [Double] = []
    var answer: String?
    var lost = false
    var calledOut = 0
    /// What the CPU was read from (`CPUAccount.clock`).
    var clock = ""

    /// Shown to follow: the reports were read to the end, and `where` says the user faces east
    /// from their walking (which only the walk's reports can tell it).
    var followed: Bool { !lost && (answer?.contains("face east") ?? false) }
}

func follow(app: String, places: [String], start: Coordinate, idle: Double, walk: Int, measureWalk: Bool) throws
    -> Following
{
    let gpsd = WalkingGpsd(at: start.latitude, start.longitude)
    let session = try FollowingSession(app: app, places: places, gpsd: gpsd)
    var result = Following()
    // Start-up is not idling: measured from 3 s after the start.
    Thread.sleep(forTimeInterval: 3)
    let idleBefore = session.cpu
    let idleBegan = Date()
    Thread.sleep(forTimeInterval: idle)
    result.idleCPU = session.cpu - idleBefore
    result.idleSeconds = Date().timeIntervalSince(idleBegan)
    result.idleShare = result.idleCPU / result.idleSeconds * 100
    // East at 1.4 m/s: the longitude a second on, at this latitude.
    let step = 1.4 / (111_320 * cos(start.latitude * .pi / 180))
    let outputBefore = session.output.count
    let reportsBefore = gpsd.reports.written
    let walkBefore = session.cpu
    let handledBefore = session.handling.count
    for second in 1...walk {
        gpsd.move(latitude: start.latitude, longitude: start.longitude + Double(second) * step, track: 90, speed: 1.4)
        Thread.sleep(forTimeInterval: 1)
    }
    result.walkReports = gpsd.reports.written - reportsBefore
    if measureWalk {
        result.walkCPU = (session.cpu - walkBefore) / Double(max(1, result.walkReports))
        result.handling = Array(session.handling.dropFirst(handledBefore))
    }
    result.calledOut = String(session.output.dropFirst(outputBefore)).split(separator: "\n").count
    result.clock = session.account.clock
    result.answer = session.whereAnswer()
    gpsd.stop()
    session.end()
    result.lost = gpsd.reports.lost
    return result
}

/// The callout decision in a session on the 10M store (issue 42), judged: the CPU the session's
/// thread spends on a walking report (its streets, the decision over the 20,000-place window,
/// what it said), median. Issue 42 asked for 1 ms. The session's whole CPU a report (about
/// 650 µs) is mostly what any report costs the process (standing still, 570 µs a second; on the
/// built-in places, walking, about 500 µs), so that twice the decision moved it by less than the
/// noise between runs (503-750 µs unslowed, 712-1,011 µs slowed) and its goal could not catch
/// the slowed build. The thread's own share, measured 2026-12-05 three times each: 216, 221 and
/// 217 µs (median of 60 reports), and on the slowed build 343, 351 and 350 µs (the decision,
/// about 130 µs of it, done twice): judged at 280 µs, each side has about 60 µs.
let handlingBudget = 0.000_28

/// The median and 99th percentile of `values`.
func spread(_ values: [Double]) -> (median: Double, p99: Double) {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return (.nan, .nan) }
    return (sorted[sorted.count / 2], sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.99))])
}

/// The row of a walk's handling on the session's thread.
func handlingRow(_ walked: Following, prefix: String) -> (line: String, met: Bool) {
    let (median, p99) = spread(walked.handling)
    let met = walked.followed && walked.handling.count >= walked.walkReports / 2 && median <= handlingBudget
    return (
        String(
            format:
                "  %@the callout decision in a session on the 10M store: the session's thread a walking report (its streets, the decision, what it said)  median %.0f µs  p99 %.0f µs  (%d reports)  goal ≤ %.0f µs (issue 42: 1000)",
            prefix, median * 1e6, p99 * 1e6, walked.handling.count, handlingBudget * 1e6), met
    )
}

if selfTest, let app, let store {
    let walked = try follow(
        app: app, places: ["--places", store], start: storeWalkStart(), idle: 3, walk: walkSeconds, measureWalk: true)
    let row = handlingRow(walked, prefix: "slowed 2x (each report decided twice): ")
    // Caught only by the decision's own figure: not by a session that wrote too few reports.
    let caught = walked.handling.count >= walked.walkReports / 2 && spread(walked.handling).median > handlingBudget
    print(row.line + ", missed  " + (caught ? "caught" : "NOT caught"))
    print(
        String(
            format:
                "  slowed 2x: the session's whole CPU a walking report: %.0f µs (%d reports; %@)  report (its goal is not the slowdown's: above)",
            walked.walkCPU * 1e6, walked.walkReports, walked.clock))
    exit(caught && walked.followed ? 0 : 1)
}

if let app {
    // The built-in places (Lisbon): idle standing still, then 8 s of walking, not measured, so
    // that `where` can show the session followed.
    let builtIn = try follow(
        app: app, places: [], start: Coordinate(latitude: 38.7115, longitude: -9.139), idle: seconds, walk: 8,
        measureWalk: false)
    let shown =
        builtIn.followed
        ? "followed: \(builtIn.answer ?? "")" : "NOT shown to follow: \(builtIn.answer ?? "no answer to where")"
    print(
        String(
            format:
                "  idle following gpsd at 1 Hz, built-in places  %.3f%% of a core (%.3f s of CPU in %.0f s)  goal ≤ 1%%  %@  (%@)",
            builtIn.idleShare, builtIn.idleCPU, builtIn.idleSeconds,
            builtIn.followed && builtIn.idleShare <= 1 ? "ok" : "SHORT", shown))
    short = short || !builtIn.followed || builtIn.idleShare > 1
    if let store {
        let walked = try follow(
            app: app, places: ["--places", store], start: storeWalkStart(), idle: seconds, walk: walkSeconds,
            measureWalk: true)
        let shown =
            walked.followed
            ? "followed: \(walked.answer ?? "")" : "NOT shown to follow: \(walked.answer ?? "no answer to where")"
        print(
            String(
                format:
                    "  idle following gpsd at 1 Hz, 10M store  %.3f%% of a core (%.3f s of CPU in %.0f s)  goal ≤ 1%%  %@",
                walked.idleShare, walked.idleCPU, walked.idleSeconds,
                walked.followed && walked.idleShare <= 1 ? "ok" : "SHORT"))
        print(
            String(
                format:
                    "  a position report in a session on the 10M store, walking through a corner: %.0f µs of CPU a report (%d reports, %d lines said; %@)  goal ≤ 1000 µs  %@  (%@)",
                walked.walkCPU * 1e6, walked.walkReports, walked.calledOut, walked.clock,
                walked.followed && walked.walkCPU <= 0.001 ? "ok" : "SHORT", shown))
        let row = handlingRow(walked, prefix: "")
        print(row.line + "  " + (row.met ? "ok" : "SHORT"))
        short = short || !walked.followed || walked.idleShare > 1 || walked.walkCPU > 0.001 || !row.met
    }
}
exit(short ? 1 : 0)
