import NearbyCore

/// The voices espeak-ng has installed, for `voices` and for naming close ones to a wrong name.
public enum VoiceList {
    /// Every installed voice's name and language. Call it while no speech worker runs: it
    /// initialises espeak-ng on the calling thread.
    public static func installed() -> [(name: String, language: String)] {
        guard let engine = try? EspeakEngine(voice: "en") else { return [] }
        return withExtendedLifetime(engine) { EspeakEngine.installedVoices() }
    }

    /// The languages of installed voices nearest to `name`, at most `count` of them.
    public static func closest(to name: String, count: Int = 5) -> [String] {
        let wanted = name.lowercased()
        let languages = Set(installed().map(\.language))
        return languages.sorted().sorted {
            score($0, wanted) < score($1, wanted)
        }.prefix(count).map { $0 }
    }

    /// Prefix matches first, then by edit distance.
    private static func score(_ candidate: String, _ wanted: String) -> Int {
        let prefix = candidate.hasPrefix(wanted.prefix(2)) ? 0 : 100
        return prefix + editDistance(candidate, wanted)
    }
}
