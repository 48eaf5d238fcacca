import Foundation
import Testing
import Words

/// Spatial audio where live speech cannot place sound (issue 25): with no PulseAudio server,
/// pcaudiolib falls back to ALSA's default device, which the program opens mono. Here that
/// device is real: ALSA's file plugin over its null device, named by an `.asoundrc` in a
/// private HOME, writes what it plays into a file (PULSE_SERVER points nowhere, as for every
/// test). speech-dispatcher, whose audio is the server's, says so too; a stereo PulseAudio,
/// the same session, says nothing of the kind.
@Suite("Spatial audio through the mono fallback device: said once, and speech still heard", .serialized)
struct SpatialFallbackTests {
    static let notice = Catalog.builtIn(.english).text(.speechSpatialCentred)

    /// A private HOME whose ALSA default device writes what it plays, raw, into `played`.
    final class FileDevice {
        let folder = temporaryPath("alsa")
        var played: String { "\(folder)/played.raw" }
        var environment: [String: String] { ["HOME": "\(folder)/home", "XDG_RUNTIME_DIR": folder] }

        init() throws {
            try FileManager.default.createDirectory(atPath: "\(folder)/home", withIntermediateDirectories: true)
            try """
            pcm.!default {
                type file
                slave.pcm "null"
                file "\(played)"
                format "raw"
            }

            """.write(toFile: "\(folder)/home/.asoundrc", atomically: true, encoding: .utf8)
        }

        /// The frames it played and their seconds of sound; forgets them for the next run.
        func takePlayed() throws -> (frames: Int, seconds: Double) {
            let recording = try Recording(raw: played)
            try FileManager.default.removeItem(atPath: played)
            return (recording.samples.count, recording.soundSeconds())
        }

        deinit { try? FileManager.default.removeItem(atPath: folder) }
    }

    /// How many times the notice is on standard error.
    static func notices(_ result: Program.Result) -> Int {
        result.stderr.components(separatedBy: notice).count - 1
    }

    @Test("With spatial on, the notice once, printed and spoken; everything said is played")
    func saidOnce() throws {
        let device = try FileDevice()
        let wav = temporaryPath("said.wav")
        defer { try? FileManager.default.removeItem(atPath: wav) }
        let placed = try Program(
            ["--speech", "on", "--earcons", "off", "--spatial", "stereo", "--wav", wav],
            environment: device.environment, input: .text("select Harbor Coffee\nset spatial hrtf\ncurrent\n")
        ).run()
        #expect(placed.status == 0, "\(placed.stderr)")
        #expect(Self.notices(placed) == 1, "\(placed.stderr)")
        let placedPlayed = try device.takePlayed()
        let said = try StereoWAV(wav).left.count

        // The control: spatial off, answers of about the same length, no notice.
        let centred = try Program(
            ["--speech", "on", "--earcons", "off"], environment: device.environment,
            input: .text("select Harbor Coffee\nset spatial off\ncurrent\n")
        ).run()
        #expect(centred.status == 0, "\(centred.stderr)")
        #expect(Self.notices(centred) == 0, "\(centred.stderr)")
        let centredPlayed = try device.takePlayed()
        print(
            "fallback: \(placedPlayed.frames) frames played with the notice (\(said) said), "
                + "\(centredPlayed.frames) without; \(placedPlayed.seconds) s and \(centredPlayed.seconds) s of sound")
        // Speech still heard, whole: the device played every frame that was said (the notice's
        // among them), and at most a period or two of padding.
        #expect(centredPlayed.seconds > 2)
        #expect(placedPlayed.frames >= said && placedPlayed.frames - said < 22_050 / 2, "said \(said)")
        #expect(placedPlayed.seconds > centredPlayed.seconds + 2, "the notice was not heard")
    }

    @Test("set spatial mid-session: the notice once, after the answer to set")
    func saidWhenSet() throws {
        let device = try FileDevice()
        let result = try Program(
            ["--speech", "on", "--earcons", "off"], environment: device.environment,
            input: .text("current\nset spatial stereo\nset spatial off\nset spatial hrtf\ncurrent\n")
        ).run()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.notices(result) == 1, "\(result.stderr)")
        #expect(try device.takePlayed().seconds > 2)
    }

    @Test("speech-dispatcher plays its own audio: the notice once")
    func dispatcher() throws {
        let pulse = try PulseServer(channels: 2)
        let server = try SpeechDispatcherServer(pulse: pulse)
        let result = try Program(
            ["--speech-backend", "dispatcher", "--speech", "on", "--earcons", "off", "--spatial", "hrtf"],
            environment: server.environment, input: .text("select Harbor Coffee\nset spatial stereo\n")
        ).run()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.notices(result) == 1, "\(result.stderr)")
    }

    @Test("A stereo PulseAudio places sound: no notice")
    func stereoServer() throws {
        let server = try PulseServer(channels: 2)
        let result = try Program(
            ["--speech", "on", "--earcons", "off", "--spatial", "stereo"], environment: server.environment,
            input: .text("select Harbor Coffee\nset spatial hrtf\n")
        ).run()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.notices(result) == 0, "\(result.stderr)")
    }
}

extension Recording {
    /// Raw 16-bit mono samples at 22,050 Hz, as ALSA's file plugin writes them.
    init(raw path: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        rate = 22_050
        samples = stride(from: 0, to: data.count - 1, by: 2).map {
            Int16(bitPattern: UInt16(data[$0]) | UInt16(data[$0 + 1]) << 8)
        }
    }
}
