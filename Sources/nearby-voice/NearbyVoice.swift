import Announcer
import Foundation
import MarkerStore
import NearbyCore
import PlaceData
import ShellParsing
import SystemCalls
import TextFormats
import Words

/// The program: reads the options, loads the places, starts speech, and runs the session.
enum NearbyVoice {
    /// Runs with `arguments` (without the program's name) and returns the exit code.
    static func run(_ arguments: [String]) -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        do {
            let environment = ProcessInfo.processInfo.environment
            if let name = arguments.first, let subcommand = Subcommand(rawValue: name) {
                return try run(subcommand, Array(arguments.dropFirst()), environment: environment).rawValue
            }
            // SIGTERM and SIGHUP are blocked before the first thread starts (Foundation's
            // Process, asking the desktop below, starts two), so that every thread inherits the
            // block. Without a terminal, one thread of the session's own then takes them
            // (`SignalEnding.install`); at a terminal the main thread unblocks them below and
            // readline takes them.
            ProcessSignal.block(SignalEnding.signals)
            // The markers file is read from now on, on a thread of its own (which inherits the
            // block), while the session starts; the session takes it in after the greeting. Not
            // after the options are read, which came 2-3 ms later (issue 40's start-up with
            // 10,000 markers); --help and --version end without waiting for it.
            MarkerPrefetch.startEarly(path: MarkerFile.defaultPath(environment: environment))
            // Later sources win: the desktop, the config file, the environment, the command line.
            var options = Options()
            // The language of the POSIX locale, unless the config file or the command line says.
            options.settings.language = Language.fromLocale(environment)
            if let config = ConfigFile.defaultPath(environment) { try ConfigFile.apply(config, to: &options) }
            try options.applyEnvironment(environment)
            try Options.parse(arguments, into: &options)
            if options.showHelp {
                try StandardOutput.writeOrFail(options.usage + "\n", options.words)
                return ExitCode.success.rawValue
            }
            if options.showVersion {
                try StandardOutput.writeOrFail(ProgramVersion.line(commit: BuildCommit.id) + "\n", options.words)
                return ExitCode.success.rawValue
            }
            // The desktop is asked last and only when nothing else said: it is the weakest
            // source, and asking it starts a process (gsettings: tens of milliseconds of every
            // start, issue 27), which --help, --version and --reduce-motion never wait for.
            if !options.chosenSettings.contains(.reduceMotion),
                let reduce = DesktopPreferences.prefersReducedMotion(environment)
            {
                options.settings.reduceMotion = reduce
            }
            let reader: LineReader
            if let script = options.scriptPath {
                reader = try ScriptLineReader(path: script, words: options.words, encoding: options.encoding)
            } else if FileDescriptor.standardInput.isTerminal {
                reader = ReadlineReader(
                    ReadlineReader.Configuration(
                        historyPath: historyPath(), typingPause: options.typingPause, keyEcho: options.keyEcho,
                        keysStopSpeech: options.keysStopSpeech,
                        promptOnStandardError: !FileDescriptor.standardOutput.isTerminal
                            || options.transcriptPath == "-"))
            } else {
                reader = PipeLineReader()
            }
            if reader.isInteractive { ProcessSignal.unblock(SignalEnding.signals) }
            return try Session(options: options, reader: reader, arguments: arguments).run().rawValue
        } catch {
            // A failure without a message (standard output's reader has gone) ends quietly.
            if !error.message.isEmpty {
                FileHandle.standardError.write(Data("nearby-voice: \(error.message)\n".utf8))
            }
            return error.code.rawValue
        }
    }

    /// Runs a subcommand: its arguments parsed and checked by its table (in the locale's words),
    /// then its help printed, or the subcommand run.
    static func run(_ subcommand: Subcommand, _ arguments: [String], environment: [String: String]) throws(Failure)
        -> ExitCode
    {
        let language = Language.fromLocale(environment)
        let words = Catalog.builtIn(language)
        let parsed = try subcommand.parse(arguments, words: words)
        if parsed.wantsHelp {
            try StandardOutput.writeOrFail(subcommand.helpScreen(words) + "\n", words)
            return .success
        }
        switch subcommand {
        case .test: return try TestCommand.run(parsed)
        case .report: return ReportCommand.run(parsed)
        case .import: return try ImportCommand.run(parsed, language: language)
        case .strings: return try StringsCommand.run(parsed, language: language)
        case .generateManual: return try GenerateCommand.manual(parsed)
        case .generateCompletion: return try GenerateCommand.completion(parsed)
        }
    }

    /// `$XDG_STATE_HOME/nearby-voice/history`, its folder made when missing.
    static func historyPath() -> String? {
        let environment = ProcessInfo.processInfo.environment
        let state =
            environment["XDG_STATE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? environment["HOME"].map { "\($0)/.local/state" }
        guard let state else { return nil }
        let folder = "\(state)/nearby-voice"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return "\(folder)/history"
    }

    /// Opens `--places` (`PlacesOpening`: a place store, an OpenStreetMap extract through the
    /// cache, or a GeoJSON, CSV or JSON file), or gives the built-in places. GeoJSON features
    /// that are not Points are skipped, and said so once on standard error, as are an import
    /// into the cache and a cache that cannot be kept.
    static func loadPlaces(
        _ path: String?, origin: Coordinate?, words: Catalog, encoding: TextEncoding = .utf8,
        positionToCome: Bool = false, language: String? = nil, deferringWindow: Bool = false
    ) throws(Failure) -> PlacesOpening {
        guard let path else { return PlacesOpening(places: BuiltInPlaces.lisbon) }
        let opening = try PlacesOpening.open(
            path, origin: origin, words: words, encoding: encoding, language: language,
            deferringWindow: deferringWindow
        ) { note in
            FileHandle.standardError.write(Data("nearby-voice: \(note)\n".utf8))
        }
        if opening.skippedFeatures > 0 {
            let skipped = opening.skippedFeatures
            let note = words.text(.placesSkippedNote(count: String(skipped), plural: skipped))
            FileHandle.standardError.write(Data("nearby-voice: \(path): \(note)\n".utf8))
        }
        // A place named by `--at` is found among the places at the centre: no note then.
        if let centre = opening.centre, !positionToCome {
            let position = String(format: "%.5f, %.5f", centre.latitude, centre.longitude)
            let note = words.text(.storeStartsAtCentre(file: path, position: position))
            FileHandle.standardError.write(Data("nearby-voice: \(note)\n".utf8))
        }
        return opening
    }

    /// Gathers the words of the places' names on a thread of its own, for forgiving search: at a
    /// million places that takes seconds, which the first search that finds nothing would
    /// otherwise wait for. Places whose search index waits to be asked for (the markers among
    /// them) have it built there first.
    ///
    /// After the load and after each build, a large set's freed scaffolding is given back to
    /// the system (`Heap.giveBackFreePages`, about 1 ms at a million places): glibc kept it
    /// resident, and a session at a million places held some 100 MB it never used again. A
    /// store's window (20,000 places at most) frees a few megabytes: not worth a walk of the
    /// heap that the session's own thread would wait on.
    static func prepareSpelling(_ places: Places) {
        let large = places.count >= 100_000
        DispatchQueue.global(qos: .utility).async {
            let giveBack = { if large { Heap.giveBackFreePages() } }
            giveBack()
            places.prepareSearch()
            giveBack()
            places.prepareWords()
            giveBack()
            places.prepareCompletion()
            giveBack()
        }
    }

    /// Reads and parses a places file: all of it, or a failure naming what is wrong. It is
    /// opened at `location` (a test's folder before `path`), and named as `path`.
    static func readPlaces(
        _ path: String, at location: String? = nil, words: Catalog, encoding: TextEncoding = .utf8
    ) throws(Failure) -> PlacesFile.Loaded {
        // Mapped, not copied: a 180 MB file is read once, by the loader, page by page.
        let contents: FileContents
        do { contents = try FileContents(path: location ?? path) } catch {
            throw Failure(reading: .places, path, error, words)
        }
        let data = contents.withUnsafeBytes { bytes in
            // The data keeps the contents (and so the mapping) alive until it goes.
            bytes.isEmpty
                ? Data()
                : Data(
                    bytesNoCopy: UnsafeMutableRawPointer(mutating: bytes.baseAddress!), count: bytes.count,
                    deallocator: .custom { _, _ in withExtendedLifetime(contents) {} })
        }
        do { return try PlacesFile.load(data, file: path, encoding: encoding, kindWords: words) } catch {
            // Memory that cannot be had is an I/O error of the file (74), not a wrong file (65).
            throw Failure(error.isOutOfMemory ? .cannotWrite : .dataError, error.text(words))
        }
    }
}
