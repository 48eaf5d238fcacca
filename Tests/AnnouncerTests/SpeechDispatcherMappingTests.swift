import NearbyCore
import Testing

@testable import Announcer

@Suite("Settings as speech-dispatcher takes them")
struct SpeechDispatcherMappingTests {
    /// espeak-ng's words a minute on SSIP's -100…100, as speech-dispatcher's espeak-ng module
    /// maps them back: 175 (espeak-ng's normal) is 0, and the ends are the ends.
    @Test(arguments: [(80, -100), (120, -57), (175, 0), (200, 9), (312, 49), (450, 100), (500, 100), (20, -100)])
    func rate(wordsPerMinute: Int, ssip: Int) {
        #expect(SpeechDispatcherOutput.ssipRate(wordsPerMinute) == ssip)
    }

    @Test("A voice is found by its name, its module and name, or its language")
    func resolve() {
        let voices = [
            Voice(
                name: "English (America)", language: "en-US", identifier: "espeak-ng/English (America)",
                module: "espeak-ng"),
            Voice(name: "Afrikaans", language: "af", identifier: "espeak-ng/Afrikaans", module: "espeak-ng"),
        ]
        #expect(SpeechDispatcherOutput.resolve("english (america)", in: voices)?.language == "en-US")
        #expect(SpeechDispatcherOutput.resolve("espeak-ng/Afrikaans", in: voices)?.name == "Afrikaans")
        #expect(SpeechDispatcherOutput.resolve("en-us", in: voices)?.name == "English (America)")
        #expect(SpeechDispatcherOutput.resolve("klingon", in: voices) == nil)
    }
}
