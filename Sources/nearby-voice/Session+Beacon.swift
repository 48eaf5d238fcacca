import Announcer
import NearbyCore

extension Session {
    /// After every action and report, whatever it was (a selection, `set heading`, a new
    /// position from wherever it comes): the beacon sounds toward the core's `beaconTarget`, or
    /// falls silent when there is none (off, nothing selected, arrived). `stop` (`silenced`)
    /// silences it with the speech until the next answer. Only with live speech: a script, a
    /// WAV or a transcript has none.
    func beaconFollows(silenced: Bool, _ reaction: Reaction) {
        guard let speech = presenter.speech, speech.mode == .live else { return }
        let target = state.beaconTarget
        if beacon == nil, target != nil {
            beacon = try? BeaconPlayer { [speech] in speech.isSpeaking }
        }
        guard let beacon else { return }
        if silenced {
            beacon.silence()
        } else if !reaction.announcements.isEmpty {
            beacon.resume()
        }
        beacon.follow(target, spatial: state.settings.spatial)
    }
}
