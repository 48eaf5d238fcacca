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

    @Test("A callout on a walk is heard from its place: a place passed on the right is louder right")
    func calloutPlacedOnAWalk() throws {
        // Walking north 20 m west of Farmácia Central, from 60 m south of it to 20 m north.
        let pharmacy = BuiltInPlaces.lisbon.first { $0.name == "Farmácia Central" }!.coordinate
        let metre = 1 / 111_195.0
        let west = pharmacy.longitude - 20 * metre / cos(pharmacy.latitude * .pi / 180)
        let points = stride(from: -60.0, through: 20, by: 5).map { north in
            #"<trkpt lat="\#(pharmacy.latitude + north * metre)" lon="\#(west)"/>"#
        }
        let gpx = temporaryPath("past-the-pharmacy.gpx")
        defer { try? FileManager.default.removeItem(atPath: gpx) }
        try (#"<?xml version="1.0"?><gpx version="1.1"><trk><trkseg>"# + points.joined() + "</trkseg></trk></gpx>")
            .write(toFile: gpx, atomically: true, encoding: .utf8)
        let (wav, transcript) = try Self.render(
            "",
            [
                "--spatial", "stereo", "--route", gpx, "--route-speed", "20", "--callout-distance", "25", "--callouts",
                "all",
            ])
        let callouts = transcript.filter { $0["kind"] as? String == "callout" }
        let pharmacyCallout = try #require(
            callouts.first { ($0["text"] as? String)?.hasPrefix("Farmácia Central, ") == true },
            "\(callouts)" as Comment)
        let text = try #require(pharmacyCallout["text"] as? String)
        let bearing = try #require(pharmacyCallout["bearing"] as? Int, "\(pharmacyCallout)")
        #expect((30...90).contains(bearing), "walking north with the pharmacy ahead to the right: \(bearing)")
        #expect(text.contains("to the right"), "\(text)")
        // It is the first thing heard: the WAV's first seconds are its words.
        #expect(callouts.first?["text"] as? String == text, "\(callouts)")
        let heard = wav.prefix(seconds: 0.9 * (try StereoWAV.spokenSeconds(text)))
        print("callout on the right: R-L \(heard.rightOverLeft) dB, bearing \(bearing)")
        #expect(heard.rightOverLeft >= 6, "\(heard.rightOverLeft) dB")
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
            // The selection alone, before the sheet's rise is said, centred.
            let selection = try #require(transcript.first?["text"] as? String)
            rendered[turn] = wav.prefix(seconds: 0.9 * (try StereoWAV.spokenSeconds(selection)))
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
        // The samples follow the "data" chunk's header (parecord may write other chunks first).
        var start = 44
        var offset = 12
        while offset + 8 <= data.count {
            let size = u16(offset + 4) | u16(offset + 6) << 16
            if String(decoding: data[offset..<offset + 4], as: UTF8.self) == "data" {
                start = offset + 8
                break
            }
            offset += 8 + size
        }
        let samples = stride(from: start, to: data.count - 1, by: 2).map {
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

    /// The first `seconds` of the sound.
    func prefix(seconds: Double) -> StereoWAV {
        let count = min(left.count, Int(seconds * Double(rate)))
        return StereoWAV(
            channels: channels, rate: rate, left: Array(left.prefix(count)), right: Array(right.prefix(count)))
    }

    init(channels: Int, rate: Int, left: [Int16], right: [Int16]) {
        self.channels = channels
        self.rate = rate
        self.left = left
        self.right = right
    }

    /// How long espeak-ng takes to say `text` (the program's default voice and rate): the part
    /// of a file the first answer fills, before the centred words that follow it.
    static func spokenSeconds(_ text: String) throws -> Double {
        let path = temporaryPath("alone.wav")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let espeak = try Program(tool: "/usr/bin/espeak-ng", ["-v", "en", "-s", "175", "-w", path, text]).run()
        #expect(espeak.end == .exited(0))
        return try wavSeconds(path)
    }

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

extension StereoWAV {
    /// The samples of each channel from `start` to `end` seconds.
    func window(_ start: Double, _ end: Double) -> (left: [Int16], right: [Int16]) {
        let first = max(0, min(left.count, Int(start * Double(rate))))
        let last = max(first, min(left.count, Int(end * Double(rate))))
        return (Array(left[first..<last]), Array(right[first..<last]))
    }

    /// The RMS level of both channels together from `start` to `end` seconds.
    func level(_ start: Double, _ end: Double) -> Double {
        let (left, right) = window(start, end)
        return ((Self.power(left) + Self.power(right)) / 2).squareRoot()
    }
}

/// Spatial speech and the beacon live, through a private PulseAudio whose null sink's monitor
/// is recorded while nearby-voice plays to it (as the live audio tests do).
@Suite("Spatial audio live: panned at the sink, heard whole; the beacon ducked and stopped", .serialized)
struct SpatialLiveTests {
    @Test("A stereo sink hears a place to the east on the right, and the answer whole")
    func pannedAtTheSink() throws {
        let server = try PulseServer(channels: 2)
        let recording = temporaryPath("panned.wav")
        let wav = temporaryPath("said.wav")
        defer {
            try? FileManager.default.removeItem(atPath: recording)
            try? FileManager.default.removeItem(atPath: wav)
        }
        try server.startRecording(recording)
        let result = try Program(
            ["--speech", "on", "--earcons", "off", "--spatial", "stereo", "--heading", "325", "--wav", wav],
            environment: server.environment, input: .text("select Farmácia Central\n")
        ).transcribed().run()
        server.stopRecording()
        #expect(result.status == 0, "\(result.stderr)")
        // Facing 325, the pharmacy (55 degrees) is at +90: the right ear.
        let selection = try #require(try result.transcript().first)
        #expect(selection["bearing"] as? Int == 90)
        #expect(selection["interrupted"] == nil && selection["dropped"] == nil)
        let heard = try StereoWAV(recording)
        let said = try StereoWAV(wav)
        #expect(heard.channels == 2 && said.channels == 2)
        print("live stereo: R-L \(heard.rightOverLeft) dB at the sink, \(said.rightOverLeft) dB in the file")
        // The whole recording: the selection from the right, then the sheet's rise, centred.
        #expect(heard.rightOverLeft > 6)
        // Nothing lost: the sink heard as many seconds of sound as were said.
        let heardSound = Recording(mixing: heard).soundSeconds()
        let saidSound = Recording(mixing: said).soundSeconds()
        #expect(saidSound > 2)
        #expect(abs(heardSound - saidSound) < 0.3, "heard \(heardSound) s, said \(saidSound) s")
    }

    @Test("set spatial stereo mid-session: the stream turns stereo, and the next answer is panned")
    func setMidSession() throws {
        let server = try PulseServer(channels: 2)
        let recording = temporaryPath("reopened.wav")
        defer { try? FileManager.default.removeItem(atPath: recording) }
        try server.startRecording(recording)
        let recordingStarted = Date()
        // Facing 325 the pharmacy is at +90. Centred first (spatial off), then panned right.
        let result = try Program(
            ["--speech", "on", "--pace", "none", "--earcons", "off", "--heading", "325"],
            environment: server.environment,
            input: .typed([
                (0.3, "select Farmácia Central"), (9.0, "set spatial stereo"), (3.0, "current"), (6.0, "# wait"),
            ])
        ).transcribed().run()
        server.stopRecording()
        #expect(result.status == 0, "\(result.stderr)")
        let heard = try StereoWAV(recording)
        func at(_ index: Int) -> Double { result.sent[index].timeIntervalSince(recordingStarted) }
        let (centredLeft, centredRight) = heard.window(at(0) + 0.2, at(1) - 0.2)
        let (pannedLeft, pannedRight) = heard.window(at(2) + 0.2, at(3))
        let centred = StereoWAV.decibels(StereoWAV.power(centredRight) / max(1e-9, StereoWAV.power(centredLeft)))
        let panned = StereoWAV.decibels(StereoWAV.power(pannedRight) / max(1e-9, StereoWAV.power(pannedLeft)))
        print("set spatial mid-session: R-L \(centred) dB before, \(panned) dB after")
        #expect(abs(centred) < 1)
        #expect(panned > 10)
        let entries = try result.transcript()
        #expect(entries.last?["bearing"] as? Int == 90)
        #expect(entries.allSatisfy { $0["interrupted"] == nil && $0["dropped"] == nil }, "\(entries)")
    }

    @Test("The beacon: ducked to a quarter while speech plays, silenced by stop until the next answer")
    func beaconDuckedAndStopped() throws {
        let server = try PulseServer()
        let recording = temporaryPath("beacon.wav")
        defer { try? FileManager.default.removeItem(atPath: recording) }
        try server.startRecording(recording)
        let recordingStarted = Date()
        // Speech at volume 3: playing (the beacon ducks) but far quieter than the beacon, so that
        // the sink's level is the beacon's. help all speaks for many seconds; stop cuts it.
        let result = try Program(
            ["--speech", "on", "--pace", "none", "--earcons", "off", "--beacon", "on", "--volume", "3"],
            environment: server.environment,
            input: .typed([
                (0.3, "select Harbor Coffee"), (9.0, "help all"), (3.0, "stop"), (2.0, "current"), (3.0, "# wait"),
            ])
        ).transcribed().run()
        server.stopRecording()
        #expect(result.status == 0, "\(result.stderr)")
        let heard = try StereoWAV(recording)
        func at(_ index: Int) -> Double { result.sent[index].timeIntervalSince(recordingStarted) }
        // The beacon alone (the selection's answer long said), then under help all, then after
        // stop, then after current's answer (ducked again under it, but sounding).
        let alone = heard.level(at(1) - 2.5, at(1) - 0.2)
        let ducked = heard.level(at(1) + 0.5, at(2) - 0.3)
        let stopped = heard.level(at(2) + 0.2, at(3) - 0.1)
        let resumed = heard.level(at(3) + 0.3, at(3) + 2.5)
        print(
            "beacon RMS: alone \(alone), under speech \(ducked), after stop \(stopped), after the next answer \(resumed)"
        )
        #expect(alone > 300, "the beacon was not heard: \(alone)")
        #expect(ducked < alone / 2, "under speech \(ducked), alone \(alone)")
        #expect(ducked > alone / 8, "under speech the beacon still sounds: \(ducked)")
        #expect(stopped < alone / 20, "after stop \(stopped)")
        #expect(resumed > alone / 8, "after the next answer \(resumed)")
    }
}

extension Recording {
    /// `wav`'s channels mixed to one, to measure as a mono recording.
    init(mixing wav: StereoWAV) {
        rate = wav.rate
        samples = zip(wav.left, wav.right).map { Int16((Int($0) + Int($1)) / 2) }
    }
}
