// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "nearby-voice",
    products: [
        .executable(name: "nearby-voice", targets: ["nearby-voice"]),
        .executable(name: "nearby-voice-bench", targets: ["nearby-voice-bench"]),
        .library(name: "NearbyCore", targets: ["NearbyCore"]),
        .library(name: "Announcer", targets: ["Announcer"]),
    ],
    targets: [
        // GNU readline: the line editor of interactive sessions. The headers sit in the system
        // include directory; naming pkgConfig "readline" would add flags SwiftPM rejects.
        .systemLibrary(
            name: "CReadline",
            providers: [.apt(["libreadline-dev"])]
        ),
        // espeak-ng for synthesis and pcaudiolib (espeak-ng's own audio output library) for
        // playback that reports a missing device.
        .systemLibrary(
            name: "CEspeak",
            pkgConfig: "espeak-ng",
            providers: [.apt(["libespeak-ng-dev", "espeak-ng-data", "libpcaudio-dev"])]
        ),
        // libpulse's simple API: playback with small buffers (pcaudiolib opens its PulseAudio
        // stream without buffer attributes and cannot be told otherwise). No pkgConfig: its
        // flags add nothing the module map's links do not.
        .systemLibrary(
            name: "CPulse",
            providers: [.apt(["libpulse-dev"])]
        ),
        .target(name: "NearbyCore"),
        .target(name: "Announcer", dependencies: ["NearbyCore", "CEspeak", "CPulse"]),
        .executableTarget(
            name: "nearby-voice",
            dependencies: ["NearbyCore", "Announcer", "CReadline"]
        ),
        // `make bench`: loading, search and memory at a million places against their baselines.
        .executableTarget(name: "nearby-voice-bench", dependencies: ["NearbyCore"]),
        // `make bench`: latency at the ear, at a null sink's monitor, beside espeak-ng and the
        // floor of the audio path.
        .executableTarget(name: "nearby-voice-speech-bench"),
        .testTarget(name: "NearbyCoreTests", dependencies: ["NearbyCore"]),
        .testTarget(name: "AnnouncerTests", dependencies: ["Announcer", "NearbyCore"]),
        .testTarget(name: "EndToEndTests", dependencies: ["NearbyCore"]),
    ],
    swiftLanguageModes: [.v6]
)
