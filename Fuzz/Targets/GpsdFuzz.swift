import Foundation
import PlaceData
import Position

/// gpsd's JSON lines (`--at gpsd`), read as untrusted input: any line is a message or
/// malformed, never a crash; whatever the tracker makes of the reports is a position in range.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    var tracker = GpsdTracker()
    // A line a second, as gpsd sends them; the tracker is told the time between them too.
    for (number, line) in text.split(separator: "\n").enumerated() {
        _ = tracker.tick(at: Double(number))
        guard case .tpv(let tpv) = GpsdMessage.parse(String(line)) else { continue }
        if case .position(let point, _, _, let accuracy, _) = tracker.feed(tpv, at: Double(number)) {
            violated(point.isValid, "a position out of range: \(point)")
            violated((accuracy ?? 0) >= 0, "a negative accuracy: \(accuracy ?? 0)")
        }
    }
    return 0
}
