import NearbyCore

/// How speech sounds: the voice, its rate, pitch and volume, and the earcons played with it.
public struct VoiceSettings: Equatable, Sendable {
    public var voice = "en"
    public var rate = 175
    public var pitch = 50
    public var volume = 100
    /// How punctuation and capitals are read.
    public var punctuation: PunctuationLevel = .none
    public var capitals: CapitalsLevel = .none
    /// Whether short sounds play before announcements that carry one.
    public var earcons = true
    /// The plainer earcons of reduce motion.
    public var plainEarcons = false

    public init(
        voice: String = "en", rate: Int = 175, pitch: Int = 50, volume: Int = 100,
        punctuation: PunctuationLevel = .none, capitals: CapitalsLevel = .none, earcons: Bool = true,
        plainEarcons: Bool = false
    ) {
        self.punctuation = punctuation
        self.capitals = capitals
        self.voice = voice
        self.rate = rate
        self.pitch = pitch
        self.volume = volume
        self.earcons = earcons
        self.plainEarcons = plainEarcons
    }

    /// Whether changing to `other` needs the synthesiser itself to change.
    func sameSynthesis(as other: VoiceSettings?) -> Bool {
        guard let other else { return false }
        return voice == other.voice && rate == other.rate && pitch == other.pitch && volume == other.volume
            && punctuation == other.punctuation && capitals == other.capitals
    }
}
