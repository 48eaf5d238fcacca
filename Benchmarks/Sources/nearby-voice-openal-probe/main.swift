import CBenchOpenAL
import Foundation
import Glibc

// The speech bench's probe of OpenAL Soft, the renderer issue 25 proposed: a long-lived OpenAL
// client on PulseAudio (`drivers = pulse`, stereo, HRTF forced with ALC_HRTF_SOFT), one
// streaming source placed relative to the listener at +90 degrees. Each line on standard input
// queues 200 ms of a square tone, 22,050 Hz mono 16-bit (espeak-ng's format), and plays it: the
// bench times that line to the first loud chunk at the sink, as it times pacat's floor.
//
//   nearby-voice-openal-probe --period FRAMES --periods N --report FILE
//
// `--period` and `--periods` are OpenAL Soft's own buffer settings (its defaults: 1024 and 3);
// the report file gets "hrtf 1" when HRTF is on, "error ..." when the device did not open.

let arguments = Array(CommandLine.arguments.dropFirst())
func option(_ name: String) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}
let period = Int(option("--period") ?? "") ?? 1024
let periods = Int(option("--periods") ?? "") ?? 3
let reportPath = option("--report")
func report(_ text: String) {
    if let reportPath { try? text.write(toFile: reportPath, atomically: true, encoding: .utf8) }
}

// OpenAL Soft reads its settings from the file ALSOFT_CONF names, before the device opens.
let config = NSTemporaryDirectory() + "nearby-voice-openal-probe-\(getpid()).conf"
try """
[general]
drivers = pulse
channels = stereo
frequency = 44100
period_size = \(period)
periods = \(periods)
hrtf = true

""".write(toFile: config, atomically: true, encoding: .utf8)
setenv("ALSOFT_CONF", config, 1)
defer { try? FileManager.default.removeItem(atPath: config) }

guard let device = alcOpenDevice(nil) else {
    report("error no device")
    exit(1)
}
var attributes: [ALCint] = [ALCint(ALC_HRTF_SOFT), ALCint(ALC_TRUE), 0]
guard let context = alcCreateContext(device, &attributes), alcMakeContextCurrent(context) != 0 else {
    report("error no context")
    exit(1)
}
var hrtf: ALCint = 0
alcGetIntegerv(device, ALCint(ALC_HRTF_STATUS_SOFT), 1, &hrtf)
report("hrtf \(hrtf)")

var source: ALuint = 0
alGenSources(1, &source)
alSourcei(source, AL_SOURCE_RELATIVE, AL_TRUE)
alSource3f(source, AL_POSITION, 1, 0, 0)
var buffers: [ALuint] = [0, 0]
alGenBuffers(2, &buffers)
let rate = 22_050
let tone: [Int16] = (0..<(rate / 5)).map { ($0 / 25) % 2 == 0 ? -8000 : 8000 }
var next = 0

while readLine() != nil {
    // Whatever still plays stops; its buffers come back; a fresh one is queued and played.
    alSourceStop(source)
    var processed: ALint = 0
    alGetSourcei(source, AL_BUFFERS_PROCESSED, &processed)
    var returned = [ALuint](repeating: 0, count: 2)
    if processed > 0 { alSourceUnqueueBuffers(source, processed, &returned) }
    var buffer = buffers[next % 2]
    next += 1
    tone.withUnsafeBytes { bytes in
        alBufferData(buffer, AL_FORMAT_MONO16, bytes.baseAddress, ALsizei(bytes.count), ALsizei(rate))
    }
    alSourceQueueBuffers(source, 1, &buffer)
    alSourcePlay(source)
}
alDeleteSources(1, &source)
alDeleteBuffers(2, &buffers)
alcMakeContextCurrent(nil)
alcDestroyContext(context)
alcCloseDevice(device)
