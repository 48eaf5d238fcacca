import Foundation
import PlaceData
import Position

/// The GPX reader (`--route`): any text gives points in range or one problem with a line in
/// the text, never a crash; the walk made of the points is finite.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    do {
        let route = try GPXRoute.parse(text)
        for point in route.points { violated(point.coordinate.isValid, "a point out of range: \(point)") }
        let walk = RouteWalk(route, walkSpeed: 1.4)
        violated(walk.length.isFinite && walk.duration.isFinite, "a walk of \(walk.length) m in \(walk.duration) s")
    } catch {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
        violated(error.line >= 1 && error.line <= lines, "a problem at line \(error.line) of \(lines)")
    }
    return 0
}
