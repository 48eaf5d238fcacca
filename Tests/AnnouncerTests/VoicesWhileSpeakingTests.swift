import Foundation
import NearbyCore
import Testing

@testable import Announcer

extension InProcessEspeak {
    /// espeak-ng keeps its voice list in globals that synthesis and voice changes use too: the
    /// list is read on the speech thread, never on the thread that asks for it while speech runs.
    @Suite("Voices listed while speaking", .serialized)
    struct VoicesWhileSpeakingTests {
        @Test func voicesListedAThousandTimesWhileSpeakingAreWholeEachTime() throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "voices-while-speaking-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let output = try SpeechOutput(
                mode: .renderOnly, voice: VoiceSettings(), wavPath: folder.appendingPathComponent("out.wav").path)
            let text = "Café Lisboa, 120 metres north, 2 minutes walk. Padaria Portuguesa, 300 metres east."
            // Voice changes between utterances: espeak-ng looks voices up in the same list.
            for seq in 1...40 {
                var voice = VoiceSettings()
                voice.voice = seq.isMultiple(of: 2) ? "es" : "en"
                output.setVoice(voice)
                output.enqueue(Utterance(seq: seq, text: text, priority: .polite, earcon: nil))
            }
            let voiceFiles = Self.installedVoiceFiles()
            var counts: Set<Int> = []
            for _ in 0..<1_000 {
                let voices = VoiceList.installed()
                counts.insert(voices.count)
                #expect(voices.count >= voiceFiles)
                #expect(voices.contains { $0.language == "en-gb" })
            }
            output.finish()
            #expect(counts.count == 1)
            // Read by the speech thread as it started, never by this one while it spoke.
            let reader = EspeakEngine.voiceListThread.withLock { $0 }
            #expect(reader != nil && reader != pthread_self())
        }

        /// How many language voice files espeak-ng-data has (`lang/`): each is one voice listed.
        static func installedVoiceFiles() -> Int {
            let roots = ["/usr/lib/x86_64-linux-gnu/espeak-ng-data", "/usr/lib/aarch64-linux-gnu/espeak-ng-data"]
            guard let root = roots.first(where: { FileManager.default.fileExists(atPath: $0 + "/lang") }),
                let files = FileManager.default.enumerator(atPath: root + "/lang")
            else { return 1 }
            var count = 0
            for case let file as String in files {
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: root + "/lang/" + file, isDirectory: &isFolder),
                    !isFolder.boolValue
                {
                    count += 1
                }
            }
            return count
        }
    }
}
