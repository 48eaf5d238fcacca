/// How the synthesiser speaks: voice, rate, pitch, volume, and how punctuation and capitals
/// are read (espeak-ng's own levels).
public struct VoiceSettings: Equatable, Sendable {
    public var voice = "en"
    public var rate = 175
    public var pitch = 50
    public var volume = 100

    public init(voice: String = "en", rate: Int = 175, pitch: Int = 50, volume: Int = 100) {
        self.voice = voice
        self.rate = rate
        self.pitch = pitch
        self.volume = volume
    }
}
