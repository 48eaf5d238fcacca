import NearbyCore

/// What the session speaks through: espeak-ng inside the program (`SpeechOutput`), or the
/// user's speech-dispatcher (`SpeechDispatcherOutput`). Both keep the screen-reader queue rules and
/// report what became of each utterance into `outcomes`.
public protocol Speaker: AnyObject, Sendable {
    /// Live (interruptions apply), or rendered whole into the WAV file only.
    var mode: SpeechOutput.Mode { get }
    /// Which backend speaks.
    var backend: SpeechBackend { get }
    /// Where what became of each utterance is reported.
    var outcomes: OutcomeLog { get }
    /// Whether speech stopped working during the session (the audio device, or the server).
    var deviceLost: Bool { get }
    /// The first error of the WAV file, reported when the session ends.
    var wavError: OutputFileError? { get }
    /// Queues an utterance under the queue rules.
    func enqueue(_ utterance: Utterance)
    /// Silences speech now and forgets what was queued.
    func stop()
    /// Changes how the utterances still to come sound.
    func setVoice(_ settings: VoiceSettings)
    /// Waits until everything queued has been spoken.
    func waitUntilIdle()
    /// Speaks what is queued, then stops and closes the WAV file.
    func finish()
    /// Whether speech is playing now (the beacon ducks under it).
    var isSpeaking: Bool { get }
    /// Whether live speech can be heard from a place's direction (spatial audio): not through
    /// pcaudiolib's mono fallback device, nor through speech-dispatcher, whose audio is the
    /// server's.
    var placesSound: Bool { get }
}

extension Speaker {
    /// A speaker that cannot tell: never ducked.
    public var isSpeaking: Bool { false }
}

extension SpeechOutput: Speaker {
    public var backend: SpeechBackend { .espeak }
}
