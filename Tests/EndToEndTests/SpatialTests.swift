import Foundation
import PlaceData
import Testing

/// Spatial audio as a script and a listener meet it: the WAV file that `--wav` writes with
/// `--spatial` (real espeak-ng speech, rendered stereo), its left and right read back; the
/// JSON Lines transcript's `bearing`; and the live stream through a private PulseAudio whose
/// null sink is stereo.
@Suite("Spatial audio: the WAV, the transcript and the live stream")
struct SpatialTests {
    /// Farmácia Central, 190 m north-east of the default position: its bearing from there.
    static let pharmacyBearing = BuiltInPlaces.defaultOrigin.bearing(
        to: BuiltInPlaces.lisbon.first { $0.name == "Farmácia Central" }!.coordinate)

    /// Runs one session with `--spatial MODE`, speech into a WAV only; returns the WAV read
    /// back and the transcript.
    static func render(_ lines: String, _ arguments: [String]) throws -> (StereoWAV, [[String: Any]]) {
        let wav = temporaryPath("spatial.wav")
        defer { try? FileManager.default.removeItem(atPath: wav) }
        let result = try Program(
            ["--speech", "off", "--earcons", "off", "--wav", wav] + arguments, input: .text(lines)
        ).transcribed().run()
        #expect(result.status == 0, "\(result.stderr)")
        return (try StereoWAV(wav), try result.transcript())
    }

    @Test("--wav with spatial stereo: a place to the east is louder right, to the west left, help balanced")
    func stereoWAV() throws {
        // No heading: north ahead. The pharmacy is north-east (55 degrees), Paper & Ink west.
        let (east, eastTranscript) = try Self.render("find farmacia\n", ["--spatial", "stereo"])
        let (west, _) = try Self.render("find paper\n", ["--spatial", "stereo"])
        let (help, _) = try Self.render("help\n", ["--spatial", "stereo"])
        #expect(east.channels == 2 && west.channels == 2 && help.channels == 2)
        print("stereo: east R-L \(east.rightOverLeft) dB, west \(west.rightOverLeft) dB, help \(help.rightOverLeft) dB")
        #expect(east.rightOverLeft > 6, "east: \(east.rightOverLeft) dB")
        #expect(west.rightOverLeft < -6, "west: \(west.rightOverLeft) dB")
        #expect(abs(help.rightOverLeft) < 1, "help: \(help.rightOverLeft) dB")
        #expect(east.seconds > 1)
        // The transcript gives the bearing the WAV was rendered from.
        let first = try #require(eastTranscript.first)
        #expect(first["bearing"] as? Int == Int(Self.pharmacyBearing.rounded()))
    }

    @Test("Without spatial audio the WAV stays mono and the transcript has no bearing")
    func offIsAsBefore() throws {
        let (mono, transcript) = try Self.render("find farmacia\n", [])
        #expect(mono.channels == 1)
        #expect(transcript.allSatisfy { $0["bearing"] == nil && $0["parts"] == nil })
    }

    @Test("hrtf: at +90 and -90 at least 10 dB between the ears; ahead and behind balanced, and different")
    func binauralWAV() throws {
        // The heading that puts the pharmacy ahead, to the right, behind and to the left.
        var rendered: [Int: StereoWAV] = [:]
        for turn in [0, 90, 180, 270] {
            let heading = Int((Self.pharmacyBearing - Double(turn) + 720).rounded()) % 360
            let (wav, transcript) = try Self.render(
                "select Farmácia Central\n", ["--spatial", "hrtf", "--heading", String(heading)])
            let bearing = try #require(transcript.first?["bearing"] as? Int)
            #expect(abs(((bearing - turn + 540) % 360) - 180) <= 1, "heading \(heading): bearing \(bearing)")
            rendered[turn] = wav
        }
        let ahead = try #require(rendered[0])
        let right = try #require(rendered[90])
        let behind = try #require(rendered[180])
        let left = try #require(rendered[270])
        print(
            "hrtf R-L: ahead \(ahead.rightOverLeft), right \(right.rightOverLeft), behind \(behind.rightOverLeft), left \(left.rightOverLeft) dB; highs ahead \(ahead.brightness), behind \(behind.brightness) dB"
        )
        #expect(right.rightOverLeft >= 10)
        #expect(left.rightOverLeft <= -10)
        #expect(abs(ahead.rightOverLeft) < 1 && abs(behind.rightOverLeft) < 1)
        // Front and back differ: behind is darker (the pinna's shadow), by more than 1 dB.
        #expect(ahead.brightness - behind.brightness > 1, "ahead \(ahead.brightness), behind \(behind.brightness)")
    }

    @Test("around: each direction's part from its own place, in the JSON Lines transcript")
    func aroundInParts() throws {
        let (_, transcript) = try Self.render("around\n", ["--spatial", "stereo", "--heading", "90"])
        let around = try #require(transcript.first)
        let parts = try #require(around["parts"] as? [[String: Any]])
        #expect(parts.map { $0["text"] as? String ?? "" }.joined() == around["text"] as? String)
        // The opening words centred; then ahead, right, behind and left, each in its quarter.
        #expect(parts.first?["bearing"] == nil)
        let bearings = parts.dropFirst().compactMap { $0["bearing"] as? Int }
        #expect(bearings.count == 4)
        for (bearing, quarter) in zip(bearings, [0, 90, 180, -90]) {
            let off = abs(((bearing - quarter + 540) % 360) - 180)
            #expect(off <= 45, "\(bearing) is not within the quarter of \(quarter)")
        }
    }
}

/// A 16-bit PCM WAV file, mono or stereo, with each channel's level.
struct StereoWAV {
    let channels: Int
    let rate: Int
    let left: [Int16]
    let right: [Int16]

    init(_ path: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        func u16(_ at: Int) -> Int { Int(data[at]) | Int(data[at + 1]) << 8 }
        channels = u16(22)
        rate = u16(24) | u16(26) << 16
        let samples = stride(from: 44, to: data.count - 1, by: 2).map {
            Int16(bitPattern: UInt16(data[$0]) | UInt16(data[$0 + 1]) << 8)
        }
        if channels == 2 {
            left = stride(from: 0, to: samples.count - 1, by: 2).map { samples[$0] }
            right = stride(from: 1, to: samples.count, by: 2).map { samples[$0] }
        } else {
            left = samples
            right = samples
        }
    }

    var seconds: Double { Double(left.count) / Double(max(1, rate)) }

    static func power(_ samples: [Int16]) -> Double {
        samples.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(max(1, samples.count))
    }

    static func decibels(_ ratio: Double) -> Double { 10 * log10(max(ratio, 1e-12)) }

    /// How much louder the right channel is than the left, in dB.
    var rightOverLeft: Double { Self.decibels(Self.power(right) / max(1e-9, Self.power(left))) }

    /// The highs against the whole, both ears: the power of the first difference (a gentle
    /// high-pass) over the power, in dB.
    var brightness: Double {
        func highs(_ samples: [Int16]) -> Double {
            guard samples.count > 1 else { return 0 }
            var sum = 0.0
            for index in 1..<samples.count {
                let step = Double(samples[index]) - Double(samples[index - 1])
                sum += step * step
            }
            return sum / Double(samples.count)
        }
        return Self.decibels((highs(left) + highs(right)) / max(1e-9, Self.power(left) + Self.power(right)))
    }
}
