// swift-tools-version:6.0
import PackageDescription

// `make bench`: the benchmarks, a package of their own so that building and testing the program
// never compiles them. They use the program's libraries, from the package one folder up, and
// measure its release binary, which `make bench` builds there (`--app`).
let package = Package(
    name: "nearby-voice-benchmarks",
    // Named: a folder's package is known by the folder's name (a clone's or worktree's), and the
    // products below ask for them by the package's own.
    dependencies: [.package(name: "nearby-voice", path: "..")],
    targets: [
        // Loading, search and memory at a million places against their baselines.
        .executableTarget(
            name: "nearby-voice-bench",
            dependencies: [
                .product(name: "PlaceData", package: "nearby-voice"),
                .product(name: "PlaceStore", package: "nearby-voice"),
                .product(name: "NearbyCore", package: "nearby-voice"),
                .product(name: "MarkerStore", package: "nearby-voice"),
                "CBenchMalloc",
            ]
        ),
        // glibc's malloc_trim, so that the bench's memory figures are what each step keeps.
        .systemLibrary(name: "CBenchMalloc"),
        // What the catalog of words costs per announcement, against a string built by hand.
        .executableTarget(
            name: "nearby-voice-words-bench",
            dependencies: [
                .product(name: "NearbyCore", package: "nearby-voice"),
                .product(name: "Words", package: "nearby-voice"),
            ]
        ),
        // Latency at the ear, at a null sink's monitor, beside espeak-ng and the floor of the
        // audio path. It runs the program as a process: none of its modules.
        .executableTarget(name: "nearby-voice-speech-bench"),
        // OpenAL Soft (Debian libopenal-dev), for its probe alone: the renderer issue 25 first
        // proposed, measured at the ear beside the program's own in-process rendering.
        .systemLibrary(name: "CBenchOpenAL", providers: [.apt(["libopenal-dev", "libopenal-data"])]),
        .executableTarget(name: "nearby-voice-openal-probe", dependencies: ["CBenchOpenAL"]),
        // The walking position: a report to the callout decided with 10,000 places in the
        // radius, and the program's CPU while it follows a gpsd at 1 Hz (docs/position.md).
        .executableTarget(
            name: "nearby-voice-position-bench",
            dependencies: [
                .product(name: "NearbyCore", package: "nearby-voice"),
                .product(name: "PlaceData", package: "nearby-voice"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
