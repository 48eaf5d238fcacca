import NearbyCore

/// The state a session starts in, built once: its catalog and search index are immutable, so
/// every input starts from a copy of the same state.
private let initialState = NearbyState()

/// The command parser and the reducer behind it, on the built-in places: every line of the
/// input is parsed and, when it is a command, reduced, as a session does until `quit`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    var state = initialState
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).prefix(64) {
        guard let action = CommandParser.parse(String(line)) else { continue }
        _ = state.reduce(action)
        if let focus = state.focus {
            violated(
                focus >= 0 && focus < state.shownPlaces.count,
                "focus \(focus) outside \(state.shownPlaces.count) shown places")
        }
        if state.isFinished { break }
    }
    return 0
}
