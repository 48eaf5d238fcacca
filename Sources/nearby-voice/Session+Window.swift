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
        retire(state.places)
        try take(.windowMoved(pending.take()))
    }

    /// Before `action` is answered: the store's window taken in (`settleWindow`), or, while it
    /// is still being read and the core can answer the action from the window's nearest part
    /// (`NearbyState.windowPartRequest`: `where`, `read`, `find WORDS`), that part, read at once
    /// unless one in serves. A part whose kinds could not be told (a list of 20,000: `windowPart`) waits
    /// for the whole window.
    func placesReady(for action: Action) throws(Failure) {
        guard let pending = effects.pendingWindow, !pending.isReady, let store,
            let request = state.windowPartRequest(for: action, windowAt: pending.origin)
        else { return try settleWindow() }
        if let part = state.windowPart, part.serves(request, at: pending.origin) { return }
        // Read while the window's own reads wait: the answer first. A part in for `read` needs
        // only the search's matches joined (`find` typed at once after `read`).
        var nearest = request
        nearest.search = nil
        let inPart = state.windowPart.flatMap { $0.serves(nearest, at: pending.origin) ? $0 : nil }
        let part = pending.pause.holding {
            if let inPart, let query = request.search { return PlacesOpening.withMatches(of: query, store, inPart) }
            return PlacesOpening.windowPart(
                store, around: pending.origin, request, source: pending.source, total: pending.count)
        }
        guard part.serves(request, at: pending.origin) else { return try settleWindow() }
        // The places it replaces are freed once the answer is out, as `settleWindow` frees them.
        retire(state.places)
        if BenchSlowdown.isOn {
            // The bench's test of itself: the part taken in twice, as it is read twice.
            var copy = state
            _ = copy.apply(.windowPartRead(part))
        }
        try take(.windowPartRead(part))
    }

    /// Keeps `places`, taken out of the session, to be freed once an answer is out
    /// (`releaseRetiredPlaces`), with those retired before: `find` typed at once after `read`
    /// retires the part `read` took in while the old window (the one the move took out) still
    /// waits, and freeing that window then (7-11 ms, beside the window's own read) held up
    /// `find`'s answer. Beyond `retiredKept`, the oldest is freed at once: a piped script,
    /// always a line waiting, frees them so as it goes.
    func retire(_ places: Places) {
        retiredPlaces.append(places)
        if retiredPlaces.count > Self.retiredKept { retiredPlaces.removeFirst(retiredPlaces.count - Self.retiredKept) }
    }

    /// How many sets of places wait to be freed at most (`retire`): a move's old window, the
    /// part `read` took in and the part `find` took in.
    static let retiredKept = 3

    /// Once an answer is out: a store's window still to be read is read when no line comes
    /// within `readAhead` milliseconds (`WindowLoad.readWhenIdle`): a line typed at once after
    /// the answer is answered first, with the machine to itself (`where`, `read` and `find` from
    /// the window's parts; any other command reads the window then). Only at a terminal
    /// (`typed`): a script's lines, always waiting, would hold the window back until a command
    /// or a position report needed it, and a walk's first report would wait for all of it (a
    /// callout heard late, under the sanitizers). Then the places a move took out are freed
    /// (`releaseRetiredPlaces`).
    func useIdleTime(typed: Bool, readAhead: Int32 = 10) {
        if let pending = effects.pendingWindow, !pending.isReading {
            if typed, let ready = try? FileDescriptor.waitForInput([.standardInput], milliseconds: readAhead),
                ready.first == true
            {
                return
            }
            pending.readWhenIdle()
        }
        releaseRetiredPlaces()
    }

    /// Frees the places a move took out (a window's 20,000: 2-3 ms) once the answer is out and
    /// no line comes within `idle` milliseconds: a line typed at once after the answer is
    /// answered first (issue 42: `find` typed right after `read` waited for them). A line
    /// always waiting (a piped script) frees them as more are retired (`retire`).
    func releaseRetiredPlaces(idle: Int32 = 50) {
        guard !retiredPlaces.isEmpty else { return }
        if let ready = try? FileDescriptor.waitForInput([.standardInput], milliseconds: idle), ready.first == true {
            return
        }
        retiredPlaces = []
    }

    /// Places made anew with the markers among them have their search index built on a thread
    /// of its own, once an answer is out (issue 40: 10,000 markers' index took 8 ms of the
    /// answer); a search before then builds it.
    func prepareSearch() {
        if state.places.claimIndexing() { NearbyVoice.prepareSpelling(state.places) }
    }
}
