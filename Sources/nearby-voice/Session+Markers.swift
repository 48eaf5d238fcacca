import NearbyCore
import PlaceStore
import ShellParsing

extension Session {
    /// Takes in the markers file's markers (after the greeting: what it has to say of a damaged
    /// file is said then); nothing at all when there are none, so that a session without
    /// markers rebuilds no places for them.
    func loadMarkers() throws(Failure) {
        let report = effects.markers.load(state.words)
        if case .markersLoaded(let loaded, let routes, let notice) = report, loaded.isEmpty, routes.isEmpty,
            notice == nil
        {
            return
        }
        try take(report)
        // A store's window holds only the places about you: the store is asked, about each
        // marker, whether the place it was made from is still there.
        if let store = effects.store {
            let gone = state.markers.compactMap { marker -> String? in
                guard let id = marker.placeID, NearbyState.isOpenStreetMapID(id) else { return nil }
                let near = store.near(marker.coordinate, radius: Self.markedPlaceReach, limit: 1_000)
                return near.contains { $0.id == id } ? nil : id
            }
            if !gone.isEmpty { try take(.markerPlacesGone(gone)) }
        }
    }

    /// How far from its marker a marked place is looked for in a place store, in metres: a
    /// place moved farther is no longer the place marked.
    static let markedPlaceReach = 150.0
}
