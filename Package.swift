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
        // Every word the program says: gettext PO catalogs (English, Spanish, Portuguese)
        // compiled into the binary, templates with named fields and plural forms.
        .target(name: "Catalog", resources: [.embedInCode("po/en.po"), .embedInCode("po/es.po"), .embedInCode("po/pt.po")]),
        .target(name: "NearbyCore", dependencies: ["Catalog"]),
        .target(name: "Announcer", dependencies: ["NearbyCore", "CEspeak"]),
        // The shell's parsers, each testable as a table: options, the config file, key echo,
        // line diffs, exit codes.
        .target(name: "ShellParsing", dependencies: ["NearbyCore", "Announcer"]),
        .executableTarget(
            name: "nearby-voice",
            dependencies: ["NearbyCore", "Announcer", "ShellParsing", "CReadline"]
        ),
        // `make bench`: loading, search and memory at a million places against their baselines.
        .executableTarget(name: "nearby-voice-bench", dependencies: ["NearbyCore"]),
        // `make bench`: from a command's Enter to its first sample on the audio device.
        .executableTarget(name: "nearby-voice-speech-bench", dependencies: ["NearbyCore", "Announcer"]),
        .testTarget(name: "NearbyCoreTests", dependencies: ["NearbyCore"]),
        .testTarget(name: "AnnouncerTests", dependencies: ["Announcer", "NearbyCore"]),
        .testTarget(name: "CatalogTests", dependencies: ["Catalog"]),
        .testTarget(name: "ShellParsingTests", dependencies: ["ShellParsing", "NearbyCore"]),
        .testTarget(name: "EndToEndTests", dependencies: ["NearbyCore"]),
    ],
    swiftLanguageModes: [.v6]
)
