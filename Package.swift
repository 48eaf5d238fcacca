// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "nearby-voice",
    products: [
        .executable(name: "nearby-voice", targets: ["nearby-voice"]),
        .library(name: "PlaceData", targets: ["PlaceData"]),
        .library(name: "PlaceStore", targets: ["PlaceStore"]),
        .library(name: "NearbyCore", targets: ["NearbyCore"]),
        .library(name: "ScenarioFormat", targets: ["ScenarioFormat"]),
        .library(name: "Announcer", targets: ["Announcer"]),
        // For the benchmarks (Benchmarks/, a package of their own): what an announcement's
        // words cost.
        .library(name: "Words", targets: ["Words"]),
        // For the benchmarks: a markers file of 10,000 markers written as the program writes it.
        .library(name: "MarkerStore", targets: ["MarkerStore"]),
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
        // libspeechd: speech through the user's speech-dispatcher (SSIP), the voice, rate and
        // language set up there for Orca. The headers sit in the system include directory too.
        .systemLibrary(
            name: "CSpeechd",
            pkgConfig: "speech-dispatcher",
            providers: [.apt(["libspeechd-dev"])]
        ),
        // SQLite: the place store's file, its R*Tree spatial index (compiled into Debian's
        // library) and its queries. SwiftPM's own CSQLite is the model.
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // libosmium (header-only C++, with protozero for PBF and zlib, bzip2, expat and lz4 for
        // its blocks and XML) behind a plain C interface: Swift cannot import its Reader (neither
        // copyable nor movable) nor its variadic `apply`. cosmium.cpp reads, rules.cpp holds the tag rules, outlines.cpp joins park rings; no pkg-config.
        .target(
            name: "COsmium",
            linkerSettings: [
                .linkedLibrary("z"), .linkedLibrary("bz2"), .linkedLibrary("expat"), .linkedLibrary("lz4"),
                .linkedLibrary("pthread"),
            ]
        ),
        // Every system call the project makes (open, write, flock, mmap…), in one file,
        // Syscalls.swift, behind small Swift wrappers that throw a SystemError with the real
        // errno. Beneath every module that touches files, terminals or memory pages; never
        // NearbyCore. Not a product: the project's own plumbing.
        .target(name: "SystemCalls", dependencies: ["CHeap"]),
        // glibc's malloc.h, for SystemCalls' `Heap` (malloc_trim): part of libc, nothing to install.
        .systemLibrary(name: "CHeap"),
        // The project's plain-text formats, pure. In: the text of a file a person wrote, read one
        // way everywhere (`TextFile`: the byte-order mark, `--encoding`, numbered lines, and
        // `FILE:LINE:COLUMN` for a byte that is not text). Out: JSON by hand (`JSONText`: the
        // study's log, its report's JSON, the JSON Lines transcript's strings) and the
        // transcript's formats (`TranscriptFormat`, which `--format` names). Beneath everything
        // that reads or writes text files, so that none of them needs another for it.
        .target(name: "TextFormats"),
        // Every word the program says: gettext PO catalogs (English, Spanish, Portuguese)
        // compiled into the binary, templates with named fields and plural forms. Beneath
        // everything that speaks or prints.
        .target(
            name: "Words",
            dependencies: ["POFormat"],
            exclude: ["po"],
            plugins: ["CatalogKeys"]
        ),
        // gettext's PO format, read and written as translators' tools do, and the templates
        // with named fields its strings hold: beneath Words, and beneath the tool that makes the
        // catalog's typed keys and the typed fields of each.
        .target(name: "POFormat"),
        // The catalog's typed keys (`Key.placesLoaded`), generated from po/en.po by this tool
        // through the CatalogKeys build-tool plugin before Words compiles, so that a missing or
        // misspelt key is a compile error.
        .executableTarget(name: "catalog-keys", dependencies: ["POFormat"]),
        .plugin(name: "CatalogKeys", capability: .buildTool(), dependencies: ["catalog-keys"]),
        // The commit the program is built from (`git describe`, or NEARBY_VOICE_COMMIT without
        // .git), generated before the program compiles, for `--version`.
        .plugin(name: "BuildCommit", capability: .buildTool()),
        // The places: the model of a place, the loaders of GeoJSON, CSV and JSON files, the
        // search index and the nearest-first order. Threads and `mmap` for speed at a million
        // places live here, beneath the screen. Any module may use it.
        .target(name: "PlaceData", dependencies: ["SystemCalls", "TextFormats", "Words"]),
        // The place store: OpenStreetMap extracts (through COsmium) and other places files
        // imported into one SQLite file (through CSQLite) with a spatial index and the folded
        // search keys of PlaceData, opened read-only; the places near a point, a search of the
        // whole store, the nearest street. Used by the program.
        .target(
            name: "PlaceStore", dependencies: ["PlaceData", "SystemCalls", "Words", "COsmium", "CSQLite"]),
        // Where the user is, pure where it can be: GPX routes read and walked in time (samples
        // the shell's player waits between), and gpsd's JSON protocol (its lines parsed as
        // untrusted input, its fixes lost and jumps doubted). Used by the program; the
        // sockets and timers are the shell's. Out: a planned route as a GPX file's text
        // (`GPXWriter`, its markup escaped by TextFormats); the write is the shell's.
        .target(name: "Position", dependencies: ["PlaceData", "TextFormats"]),
        // The user's markers and routes: read from and written as GPX 1.1 (pure, its XML
        // scanned by TextFormats, its times by Position's ISOTime), merged on import, and kept in
        // one file (`MarkerFile`: locked against a second session, written whole through
        // SystemCalls, a damaged file kept aside). Used by the program.
        .target(name: "MarkerStore", dependencies: ["PlaceData", "SystemCalls", "TextFormats", "Position"]),
        // The screen, pure: its state, the reducer, the commands, the settings and the words of
        // every announcement. It imports PlaceData and nothing that does I/O or starts threads
        // (Tests/NearbyCoreTests/PurityTests.swift checks).
        .target(name: "NearbyCore", dependencies: ["PlaceData", "TextFormats", "Words"]),
        // The `.nvtest` format of the scripted scenarios: parsing and matching, pure. Used by
        // the program's `test` command and the tests.
        .target(name: "ScenarioFormat", dependencies: ["TextFormats"]),
        // Speech: the queue, espeak-ng and the audio device (CLibraryCalls.swift alone calls
        // C), speech-dispatcher (SpeechdCalls.swift alone calls libspeechd), and the WAV and
        // transcript files (through SystemCalls; the transcript's JSON through TextFormats).
        // Used by the program.
        .target(
            name: "Announcer",
            dependencies: ["NearbyCore", "SystemCalls", "Words", "TextFormats", "CEspeak", "CPulse", "CSpeechd"]),
        // Usability studies: the model of a session's timed log (`--log`), read and written, and
        // the report over many logs (`nearby-voice report`): tables, CSV, JSON and an HTML page.
        // Pure: text in, text out (its JSON through TextFormats).
        .target(name: "StudyReport", dependencies: ["TextFormats"]),
        // The shell's parsers, each testable as a table: options, the config file, key echo,
        // line diffs, exit codes, the subcommands' table. Nothing of speech: `--format`'s values
        // are TextFormats', `report --format` and `--by`'s StudyReport's.
        .target(
            name: "ShellParsing",
            dependencies: ["SystemCalls", "PlaceData", "Words", "NearbyCore", "TextFormats", "StudyReport"]),
        // The program, the imperative shell: the line readers, the session loop and the
        // `test` command. It may use every module.
        .executableTarget(
            name: "nearby-voice",
            dependencies: [
                "SystemCalls", "TextFormats", "PlaceData", "PlaceStore", "Words", "NearbyCore", "ScenarioFormat",
                "Announcer", "ShellParsing",
                "StudyReport", "CReadline", "Position", "MarkerStore",
            ],
            plugins: ["BuildCommit"]
        ),
        .testTarget(name: "SystemCallsTests", dependencies: ["SystemCalls"]),
        .testTarget(name: "TextFormatsTests", dependencies: ["TextFormats"]),
        .testTarget(name: "PlaceDataTests", dependencies: ["PlaceData", "Words"]),
        .testTarget(name: "PlaceStoreTests", dependencies: ["PlaceStore", "PlaceData"]),
        .testTarget(name: "NearbyCoreTests", dependencies: ["PlaceData", "NearbyCore", "ScenarioFormat", "Words"]),
        .testTarget(name: "ScenarioFormatTests", dependencies: ["ScenarioFormat"]),
        .testTarget(name: "PositionTests", dependencies: ["Position", "PlaceData"]),
        .testTarget(name: "MarkerStoreTests", dependencies: ["MarkerStore", "PlaceData"]),
        .testTarget(name: "AnnouncerTests", dependencies: ["Announcer", "NearbyCore"]),
        .testTarget(name: "WordsTests", dependencies: ["Words", "TextFormats"]),
        .testTarget(name: "StudyReportTests", dependencies: ["StudyReport"]),
        .testTarget(name: "ShellParsingTests", dependencies: ["ShellParsing", "NearbyCore", "PlaceData", "Words"]),
        .testTarget(
            name: "EndToEndTests", dependencies: ["NearbyCore", "PlaceData", "PlaceStore", "ScenarioFormat", "Words"]),
    ],
    swiftLanguageModes: [.v6],
    cxxLanguageStandard: .cxx17
)
