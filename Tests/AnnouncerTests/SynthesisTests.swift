import Announcer
import Foundation
import NearbyCore
import Testing

/// Reads a 16-bit mono WAV file: its sample rate and samples.
func readWAV(_ path: String) throws -> (rate: Int, samples: [Int16]) {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    #expect(data.count >= 44)
    #expect(String(decoding: data[0..<4], as: UTF8.self) == "RIFF")
    #expect(String(decoding: data[8..<16], as: UTF8.self) == "WAVEfmt ")
    func u32(_ offset: Int) -> Int {
        Int(data[offset]) | Int(data[offset + 1]) << 8 | Int(data[offset + 2]) << 16 | Int(data[offset + 3]) << 24
    }
    let rate = u32(24)
    let dataBytes = u32(40)
    #expect(u32(4) == 36 + dataBytes)
    #expect(dataBytes == data.count - 44)
    let samples = stride(from: 44, to: 44 + dataBytes - 1, by: 2).map {
        Int16(bitPattern: UInt16(data[$0]) | UInt16(data[$0 + 1]) << 8)
    }
    return (rate, samples)
}

func rms(_ samples: [Int16]) -> Double {
    guard !samples.isEmpty else { return 0 }
    return (samples.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(samples.count)).squareRoot()
}

/// espeak-ng is one library state per process: the suites that synthesise in this process run
/// one test at a time, never side by side (two at once broke each other's voice).
@Suite("espeak-ng in this process, one test at a time", .serialized)
enum InProcessEspeak {}

extension InProcessEspeak {
    @Suite("Real espeak-ng synthesis", .serialized)
    struct SynthesisTests {
        func render(
            _ texts: [String], voice: VoiceSettings = VoiceSettings(), earcons: Bool = false,
            earcon: Announcement.Earcon? = nil
        ) throws -> (rate: Int, samples: [Int16]) {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent(
                "synthesis-\(UUID().uuidString).wav"
            )
            .path
            defer { try? FileManager.default.removeItem(atPath: path) }
            var voice = voice
            voice.earcons = earcons
            let output = try SpeechOutput(mode: .renderOnly, voice: voice, wavPath: path)
            for (seq, text) in texts.enumerated() {
                output.enqueue(Utterance(seq: seq + 1, text: text, priority: .assertive, earcon: earcon))
            }
            output.finish()
            return try readWAV(path)
        }

        /// The duration of the same text from the espeak-ng program, the reference.
        func referenceSeconds(_ text: String, rate: Int = 175) throws -> Double {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent(
                "reference-\(UUID().uuidString).wav"
            )
            .path
            defer { try? FileManager.default.removeItem(atPath: path) }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/espeak-ng")
            process.arguments = ["-v", "en", "-s", String(rate), "-w", path, text]
            try process.run()
            process.waitUntilExit()
            let wav = try readWAV(path)
            return Double(wav.samples.count) / Double(wav.rate)
        }

        /// espeak-ng opens "Commands" with 39 ms of zeros: the utterance starts at its first
        /// sound instead, and loses nothing else (the reference's length, less that silence).
        @Test func leadingSilenceIsNotPlayed() throws {
            let text = "Commands: find, clear, done."
            let wav = try render([text])
            #expect(abs(Int(try #require(wav.samples.first))) > SpeechOutput.silence)
            let seconds = Double(wav.samples.count) / Double(wav.rate)
            let reference = try referenceSeconds(text)
            #expect(
                seconds < reference - 0.02 && seconds > reference - 0.2,
                "\(seconds) s against espeak-ng's \(reference) s")
        }

        @Test func speechLastsAsLongAsTheWordsAndIsNotSilent() throws {
            let text = "Harbor Coffee, Café, 285 metres west, 4 minute walk."
            let wav = try render([text])
            #expect(wav.rate == 22_050)
            let seconds = Double(wav.samples.count) / Double(wav.rate)
            let reference = try referenceSeconds(text)
            // The same text differs by a few hundred samples between runs: compare with a tolerance.
            #expect(
                abs(seconds - reference) < 0.15 * reference + 0.1, "\(seconds) s against espeak-ng's \(reference) s")
            #expect(seconds > 2 && seconds < 6)
            #expect(rms(wav.samples) > 500)
        }

        @Test func everythingAnnouncedIsRenderedInOrderIntoOneFile() throws {
            let one = try render(["Sheet, half height, 2 of 3."])
            let three = try render(["Sheet, half height, 2 of 3.", "Already at full height.", "Goodbye."])
            let oneSeconds = Double(one.samples.count) / 22_050
            let threeSeconds = Double(three.samples.count) / 22_050
            #expect(threeSeconds > oneSeconds * 1.5)
            // The first second of both files is the same sentence: nearly the same sound.
            #expect(abs(rms(Array(one.samples.prefix(22_050))) - rms(Array(three.samples.prefix(22_050)))) < 300)
        }

        @Test func rateChangesTheDuration() throws {
            let text = "Tile Museum Café, 650 metres north-east, 8 minute walk."
            let normal = try render([text]).samples.count
            let fast = try render(
                [text],
                voice: {
                    var settings = Settings()
                    settings.rate = 350
                    return VoiceSettings(settings)
                }()
            ).samples.count
            #expect(Double(fast) < Double(normal) * 0.7)
        }

        @Test func markupInDataIsReadNotObeyed() throws {
            // In SSML mode this would be a five second pause; in plain text it is words.
            let wav = try render(["Café <break time=\"5s\"/> Bar"])
            #expect(Double(wav.samples.count) / 22_050 < 4.5)
        }

        @Test func earconsComeBeforeTheWords() throws {
            let plain = try render(["Goodbye."]).samples.count
            let withEarcon = try render(["Goodbye."], earcons: true, earcon: .error).samples.count
            let tone = Earcons.samples(.error, sampleRate: 22_050)
            #expect(abs(withEarcon - plain - tone.count) < 2_000)
            #expect(rms(Array(tone.prefix(2_000))) > 100)
        }

        @Test func unknownVoiceIsAnError() {
            #expect(throws: SpeechError.voiceNotFound) {
                _ = try SpeechOutput(
                    mode: .renderOnly,
                    voice: {
                        var settings = Settings()
                        settings.voice = "no-such-voice"
                        return VoiceSettings(settings)
                    }(), wavPath: nil)
            }
        }

        /// `spell`: the name's letters through espeak-ng's own spelling (SSML say-as characters),
        /// as long as the espeak-ng program's `-m` rendering of the same markup, within 15%; far
        /// longer than the name said as words; and a name holding markup is spelled, never obeyed.
        @Test func spellingSaysEveryLetterAsEspeakNgDoes() throws {
            func spelled(_ name: String) throws -> Double {
                let path = FileManager.default.temporaryDirectory.appendingPathComponent(
                    "spell-\(UUID().uuidString).wav"
                )
                .path
                defer { try? FileManager.default.removeItem(atPath: path) }
                let output = try SpeechOutput(mode: .renderOnly, voice: VoiceSettings(), wavPath: path)
                output.enqueue(
                    Utterance(
                        seq: 1, text: name, priority: .assertive,
                        form: .spelled(prefix: "\(name), spelled:", letters: name)
                    ))
                output.finish()
                let wav = try readWAV(path)
                #expect(rms(wav.samples) > 300, "not silent")
                return Double(wav.samples.count) / Double(wav.rate)
            }
            let name = "Farmácia d'Alfama"
            let ours = try spelled(name)
            let markup =
                "<speak>Farmácia d&apos;Alfama, spelled: <say-as interpret-as=\"characters\">Farmácia d&apos;Alfama</say-as></speak>"
            let path = FileManager.default.temporaryDirectory.appendingPathComponent(
                "spell-ref-\(UUID().uuidString).wav"
            )
            .path
            defer { try? FileManager.default.removeItem(atPath: path) }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/espeak-ng")
            process.arguments = ["-m", "-v", "en", "-s", "175", "-w", path, markup]
            try process.run()
            process.waitUntilExit()
            let reference = try readWAV(path)
            let referenceSeconds = Double(reference.samples.count) / Double(reference.rate)
            #expect(
                abs(ours - referenceSeconds) / referenceSeconds < 0.15,
                "ours \(ours) s, espeak-ng \(referenceSeconds) s")
            // Sixteen letters take far longer than the two words.
            let words = try render([name])
            #expect(ours > 3 * Double(words.samples.count) / Double(words.rate))
            // Markup in a name is spelled as characters: a 5 s break in it would add 5 s.
            let hostile = "A<break time=\"5s\"/>B"
            let hostileSeconds = try spelled(hostile)
            #expect(hostileSeconds > 2 && hostileSeconds < 12, "\(hostileSeconds) s")
        }
    }
}

/// What the worker reports when espeak-ng fails: never `.spoken`, never silence.
extension InProcessEspeak {
    @Suite("Speech failures are reported", .serialized)
    struct SpeechFailureTests {
        @Test func aVoiceThatCannotBeLoadedIsReportedOnceAndSpeechGoesOn() throws {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("voice-\(UUID().uuidString).wav")
                .path
            defer { try? FileManager.default.removeItem(atPath: path) }
            var settings = Settings()
            settings.earcons = false
            let output = try SpeechOutput(mode: .renderOnly, voice: VoiceSettings(settings), wavPath: path)
            settings.voice = "no-such-voice"
            settings.rate = 300
            output.setVoice(VoiceSettings(settings))
            output.enqueue(Utterance(seq: 1, text: "Goodbye.", priority: .assertive))
            output.enqueue(Utterance(seq: 2, text: "Goodbye.", priority: .assertive))
            output.finish()
            let notices = output.outcomes.drainNotices()
            #expect(notices.count == 1)
            guard case .voiceNotSet(let voice, let reason, let kept)? = notices.first else {
                Issue.record("no notice: \(notices)")
                return
            }
            #expect(voice == "no-such-voice" && kept == "en")
            #expect(!reason.isEmpty)
            // Both were spoken, in the voice kept, at the rate asked for.
            #expect(output.outcomes.drain().map(\.outcome) == [.spoken, .spoken])
            #expect(Double(try readWAV(path).samples.count) / 22_050 > 0.3)
        }

        @Test func aFailureIsWrittenToTheTranscript() {
            let entry = TranscriptEntry(
                seq: 3, line: 2, input: "next", announcement: Announcement("Café.", kind: .place),
                outcome: .failed(reason: "voice not found"))
            #expect(entry.jsonLine.hasSuffix(",\"failed\":true,\"reason\":\"voice not found\"}"))
        }

    }
}
