import Foundation
import PlaceData
import Position

/// gpsd's JSON lines (`--at gpsd`), read as untrusted input: any line is a message or
/// malformed, never a crash; whatever the tracker makes of the reports is a position in range.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    var tracker = GpsdTracker()
    for line in text.split(separator: "\n") {
        guard case .tpv(let tpv) = GpsdMessage.parse(String(line)) else { continue }
        if case .position(let point, _, _, _) = tracker.feed(tpv) {
            violated(point.isValid, "a position out of range: \(point)")
        }
    }
    return 0
}
