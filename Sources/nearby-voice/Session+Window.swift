import Foundation
import NearbyCore
import PlaceData
import ShellParsing
import SystemCalls

/// A place store's window in the session: taken in before an answer, or its nearest part read
/// for one (`NearbyState.windowPartRequest`), and the places a move took out freed once the
/// answer is out.
extension Session {
    /// Takes in a store's window read since the start or the last move, waiting for it if need
    /// be: before any answer but the greeting, and before Tab completes a name.
    func settleWindow() throws(Failure) {
        guard let pending = effects.pendingWindow else { return }
        effects.pendingWindow = nil
        // The old window's 20,000 places are freed once the answer is out and nothing waits to
        // be read (`releaseRetiredPlaces`): 2-3 ms no answer need wait for. Freed on another
        // thread meanwhile, they held up the answer's own allocations as long.
        retiredPlaces = state.places
        try take(.windowMoved(pending.take()))
    }

    /// Before `action` is answered: the store's window taken in (`settleWindow`), or, while it
    /// is still being read and the core can answer the action from the window's nearest part
    /// (`NearbyState.windowPartRequest`: `where`, `read`), that part, read at once unless one
    /// in serves. A part whose kinds could not be told (a list of 20,000: `windowPart`) waits
    /// for the whole window.
    func placesReady(for action: Action) throws(Failure) {
        guard let pending = effects.pendingWindow, !pending.isReady, let store,
            let request = state.windowPartRequest(for: action, windowAt: pending.origin)
        else { return try settleWindow() }
        if let part = state.windowPart, part.serves(request, at: pending.origin) { return }
        // Read while the window's own reads wait: the answer first.
        let part = pending.pause.holding {
            PlacesOpening.windowPart(
                store, around: pending.origin, request, source: pending.source, total: pending.count)
        }
        guard part.serves(request, at: pending.origin) else { return try settleWindow() }
        // The places it replaces are freed once the answer is out, as `settleWindow` frees them.
        retiredPlaces = state.places
        try take(.windowPartRead(part))
    }

    /// Frees the places a move took out (a window's 20,000: 2-3 ms) once the answer is out and
    /// no line comes within `idle` milliseconds: a line typed at once after the answer is
    /// answered first (issue 42: `find` typed right after `read` waited for them). A line
    /// always waiting (a piped script) frees them at the next move instead.
    func releaseRetiredPlaces(idle: Int32 = 50) {
        guard retiredPlaces != nil else { return }
        if let ready = try? FileDescriptor.waitForInput([.standardInput], milliseconds: idle), ready.first == true {
            return
        }
        retiredPlaces = nil
    }

    /// Places made anew with the markers among them have their search index built on a thread
    /// of its own, once an answer is out (issue 40: 10,000 markers' index took 8 ms of the
    /// answer); a search before then builds it.
    func prepareSearch() {
        if state.places.claimIndexing() { NearbyVoice.prepareSpelling(state.places) }
    }
}
