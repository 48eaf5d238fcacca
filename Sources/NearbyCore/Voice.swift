/// An installed synthesiser voice, as the speech engine lists it.
public struct Voice: Equatable, Sendable {
    /// Its name ("English_(America)").
    public var name: String
    /// Its language ("en-us"): what `--voice` is usually given.
    public var language: String
    /// Its file ("gmw/en-US"); through speech-dispatcher, its module and name ("espeak-ng/Afrikaans").
    public var identifier: String
    /// The speech-dispatcher output module that speaks it; nil for espeak-ng's own voices.
    public var module: String?

    public init(name: String, language: String, identifier: String, module: String? = nil) {
        self.name = name
        self.language = language
        self.identifier = identifier
        self.module = module
    }

    /// Whether `word` names this voice: its language, name or file, whatever the case.
    public func isNamed(_ word: String) -> Bool {
        let wanted = word.lowercased()
        return [language, name, identifier, identifier.split(separator: "/").last.map(String.init) ?? ""]
            .contains { $0.lowercased() == wanted }
    }
}

/// What speaks: espeak-ng inside the program (the default: nothing to configure, and the WAV
/// file is what was heard), or speech-dispatcher over SSIP, with the voice, rate and language
/// the user set up there for Orca.
public enum SpeechBackend: String, Sendable, CaseIterable {
    case espeak, dispatcher
}

/// How punctuation is read (espeak-ng's levels).
public enum PunctuationLevel: String, Sendable, CaseIterable {
    case none, some, all
}

/// How capital letters are marked (espeak-ng's levels).
public enum CapitalsLevel: String, Sendable, CaseIterable {
    case none, sound, spell, pitch
}

/// What became of a spoken announcement that was not heard whole.
public enum SpeechMark: String, Equatable, Sendable {
    case interrupted, dropped
    /// The synthesiser failed on it.
    case failed = "speech failed"
}
