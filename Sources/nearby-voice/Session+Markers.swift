import NearbyCore
import ShellParsing

extension Session {
    /// Takes in the markers file's markers (after the greeting: what it has to say of a damaged
    /// file is said then); nothing at all when there are none, so that a session without
    /// markers rebuilds no places for them.
    func loadMarkers() throws(Failure) {
        let report = effects.markers.load(state.words)
        if case .markersLoaded(let loaded, let notice) = report, loaded.isEmpty, notice == nil { return }
        try take(report)
    }
}
