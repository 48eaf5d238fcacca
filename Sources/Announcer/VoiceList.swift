import NearbyCore

/// The voices espeak-ng has installed (or speech-dispatcher's output modules have), for `voices`
/// and for naming close ones to a wrong name.
public enum VoiceList {
    /// The voices of `backend`: espeak-ng's, or those of speech-dispatcher's output modules.
    public static func installed(_ backend: SpeechBackend) -> [Voice] {
        switch backend {
        case .espeak: installed()
        case .dispatcher: SpeechDispatcherOutput.voices()
        }
    }

    /// Every installed voice that can speak here (MBROLA voices need a program Debian's
    /// espeak-ng-data does not bring, so they are left out). It initialises espeak-ng and reads
    /// its list on the calling thread only when no speech has started yet; once the speech
    /// thread has (it reads the list as it starts), it calls nothing of espeak-ng's.
    public static func installed() -> [Voice] {
        guard (try? EspeakEngine.initialize()) != nil else { return [] }
        return EspeakEngine.installedVoices()
            .filter { !$0.identifier.hasPrefix("mb/") }
    }
}
