import NearbyCore

/// How speech sounds: the voice, its rate, pitch and volume, and the earcons played with it.
public struct VoiceSettings: Equatable, Sendable {
    public var voice: String
    public var rate: Int
    public var pitch: Int
    public var volume: Int
    /// How punctuation and capitals are read.
    public var punctuation: PunctuationLevel
    public var capitals: CapitalsLevel
    /// Whether short sounds play before announcements that carry one.
    public var earcons: Bool
    /// The plainer earcons of reduce motion.
    public var plainEarcons: Bool
    /// The language of the words said ("en", "es", "pt").
    public var language: String
    /// The settings the user gave (an option, the config file, `set`): only these are sent to
    /// speech-dispatcher, whose own configuration stands for the rest.
    public var chosen: Set<Setting> = []
    /// Whether answers about a place are heard from its bearing, and how (`spatial`).
    public var spatial: Settings.Spatial

    /// What `settings` say of speech: the voice (the chosen one, or the language's), its rate,
    /// pitch, volume, punctuation and capitals, the earcons, and reduce motion's plainer ones.
    public init(_ settings: Settings = Settings()) {
        voice = settings.voice
        rate = settings.rate
        pitch = settings.pitch
        volume = settings.volume
        punctuation = settings.punctuation
        capitals = settings.capitals
        earcons = settings.earcons
        plainEarcons = settings.reduceMotion
        language = settings.language.voice
        spatial = settings.spatial
    }

    /// Whether changing to `other` needs the synthesiser itself to change.
    func sameSynthesis(as other: VoiceSettings?) -> Bool {
        guard let other else { return false }
        return voice == other.voice && rate == other.rate && pitch == other.pitch && volume == other.volume
            && punctuation == other.punctuation && capitals == other.capitals
    }
}
