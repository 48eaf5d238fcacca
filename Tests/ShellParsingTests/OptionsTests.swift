import NearbyCore
import PlaceData
import Testing
import Words

@testable import ShellParsing

@Suite("Options: the command line as a table")
struct OptionsTests {
    private func parsed(_ arguments: [String]) throws(Failure) -> Options {
        var options = Options()
        try Options.parse(arguments, into: &options)
        return options
    }

    private func refusal(_ arguments: [String]) -> Failure? {
        do {
            _ = try parsed(arguments)
            return nil
        } catch {
            return error
        }
    }

    @Test("Every setting is an option, with the setting's own parser")
    func everySettingIsAnOption() throws {
        for setting in Setting.allCases {
            #expect(Option(name: setting.key) == .setting(setting))
        }
        let options = try parsed(["--units", "imperial", "--close-up=800", "--heading", "90", "--places", "x.csv"])
        #expect(options.settings.units == .imperial)
        #expect(options.settings.closeUpDistance == 800)
        #expect(options.settings.heading == 90)
        #expect(options.placesPath == "x.csv")
    }

    @Test(
        "Switches stand alone or take on and off",
        arguments: [
            (["--reduce-motion"], true), (["--reduce-motion", "off"], false), (["--reduce-motion=on"], true),
            (["--earcons", "off"], false), (["--earcons"], true), (["--reduce-motion", "--dismissible"], true),
        ])
    func switches(arguments: [String], on: Bool) throws {
        let options = try parsed(arguments)
        let value = arguments[0].hasPrefix("--earcons") ? options.settings.earcons : options.settings.reduceMotion
        #expect(value == on)
    }

    @Test(
        "Bad options are refused with what they take",
        arguments: [
            (["--units", "miles"], "--units: units takes metric or imperial, not miles."),
            (["--speech", "loud"], "--speech takes auto, on or off; not loud."),
            (["--typing-pause", "0x10"], "--typing-pause takes milliseconds from 0 (never) to 5000; not 0x10."),
            (["--close-up", "1,500"], "--close-up: close-up takes a number from 10 to 1000000, not 1,500."),
            (["--walk-speed", "0x1"], "--walk-speed: walk-speed takes a number from 0.1 to 10, not 0x1."),
            (["--unit", "metric"], "Unknown option --unit. Did you mean --units? See nearby-voice --help."),
            (["--rate"], "--rate needs a value. See nearby-voice --help."),
            (
                ["--clock", "2026-02-30T10:00"],
                "--clock takes a local date and time like 2026-12-01T10:00; not 2026-02-30T10:00."
            ),
            (["--radius", "1 km"], "--radius: radius takes a number from 10 to 100000, not 1 km."),
            (["units"], "Unexpected argument units. Options start with --; see nearby-voice --help."),
        ])
    func refusals(arguments: [String], message: String) {
        let failure = refusal(arguments)
        #expect(failure?.message == message)
        #expect(failure?.code == .usage)
    }

    @Test("--clock fixes the local time; without it the system clock is read, except by tests")
    func clock() throws {
        let options = try parsed(["--clock", "2026-12-01T10:00", "--radius", "2500"])
        #expect(options.clock == LocalTime(year: 2026, month: 12, day: 1, hour: 10, minute: 0))
        #expect(options.settings.radius == 2500)
        #expect(Options().clock == nil && Options().usesSystemClock)
    }

    @Test("--help names every option of the table")
    func helpNamesEveryOption() {
        for option in Option.allCases {
            #expect(Options().usage.contains("--\(option.name)"), "--help lacks --\(option.name)")
        }
    }

    @Test("What a setting says, it takes back")
    func settingValuesRoundTrip() {
        var settings = Settings()
        settings.closeUpDistance = 1500
        settings.walkSpeed = 1.25
        settings.heading = 90
        for setting in Setting.allCases {
            var copy = settings
            let said = setting.value(in: settings)
            #expect(
                setting.apply(said, to: &copy, Catalog.builtIn(.english)) == nil,
                "\(setting.key) refuses its own value \(said)")
            #expect(copy == settings, "\(setting.key): \(said) changed the settings")
        }
    }

    @Test("The environment's reduce switches take 1 and 0 only")
    func environment() throws {
        var options = Options()
        try options.applyEnvironment(["NEARBY_VOICE_REDUCE_MOTION": "1", "NEARBY_VOICE_REDUCE_TRANSPARENCY": "0"])
        #expect(options.settings.reduceMotion)
        #expect(!options.settings.reduceTransparency)
        #expect(throws: Failure.self) { try options.applyEnvironment(["NEARBY_VOICE_REDUCE_MOTION": "maybe"]) }
    }
}

@Suite("The config file")
struct ConfigFileTests {
    private func apply(_ text: String) -> Result<Options, Failure> {
        var options = Options()
        do {
            try ConfigFile.apply(contents: text, path: "config", to: &options)
            return .success(options)
        } catch {
            return .failure(error)
        }
    }

    @Test("Lines are options without dashes; comments and blank lines are skipped")
    func goodFile() throws {
        let options = try apply("# mine\n\nunits imperial\nreduce-motion\nspeech = off\n--rate 200\n").get()
        #expect(options.settings.units == .imperial)
        #expect(options.settings.reduceMotion)
        #expect(options.speech == .off)
        #expect(options.settings.rate == 200)
    }

    @Test("A byte-order mark at the start of the file is skipped")
    func byteOrderMark() throws {
        let options = try apply("\u{FEFF}units imperial\n").get()
        #expect(options.settings.units == .imperial)
    }

    @Test(
        "A bad line is refused with its line number",
        arguments: [
            ("units miles", "config:1: units takes metric or imperial, not miles."),
            (
                "# ok\nhelp",
                "config:2: unknown setting help. Settings are the long options without dashes, such as units imperial."
            ),
            (
                "script x",
                "config:1: unknown setting script. Settings are the long options without dashes, such as units imperial."
            ),
            ("\nrate", "config:2: rate needs a value."),
        ])
    func badLine(text: String, message: String) {
        guard case .failure(let failure) = apply(text) else {
            Issue.record("accepted \(text)")
            return
        }
        #expect(failure.message == message)
        #expect(failure.code == .dataError)
    }
}

@Suite("Key echo: what is said of a key")
struct KeyEchoTests {
    @Test(
        "Letters, words and whole changes",
        arguments: [
            (KeyEcho.letters, "fin", 3, "find", 4, "d"),
            (KeyEcho.words, "find", 4, "find ", 5, "find"),
            (KeyEcho.words, "fin", 3, "find", 4, nil),
            (KeyEcho.none, "fin", 3, "find", 4, nil),
            (KeyEcho.letters, "find", 4, "fin", 3, "d"),
        ] as [(KeyEcho, String, Int, String, Int, String?)])
    func phrase(echo: KeyEcho, before: String, beforePoint: Int, after: String, afterPoint: Int, said: String?) {
        #expect(echo.phrase(before: (before, beforePoint), after: (after, afterPoint)) == said)
    }
}

@Suite("Line diffs of test files")
struct LineDiffTests {
    @Test("Equal lists have no diff")
    func equal() {
        #expect(LineDiff.unified(expected: ["a", "b"], actual: ["a", "b"]).isEmpty)
    }

    @Test("A changed line is a hunk with the expected file's line numbers")
    func changed() {
        let diff = LineDiff.unified(expected: ["a", "b", "c"], actual: ["a", "B", "c"])
        #expect(diff == ["@@ -1,3 +1,3 @@", " a", "-b", "+B", " c"])
    }
}

@Suite("The speech backend option, and the settings the user gave")
struct SpeechBackendOptionTests {
    @Test("--speech-backend takes espeak or dispatcher, from the command line and the config file")
    func backend() throws {
        var options = Options()
        #expect(options.settings.speechBackend == .espeak)
        try Options.parse(["--speech-backend", "dispatcher"], into: &options)
        #expect(options.settings.speechBackend == .dispatcher)
        try ConfigFile.apply(contents: "speech-backend = espeak\n", path: "config", to: &options)
        #expect(options.settings.speechBackend == .espeak)
        var refused = Options()
        #expect(throws: Failure.self) { try Options.parse(["--speech-backend", "festival"], into: &refused) }
        let failure = Result { () throws(Failure) in
            try Options.parse(["--speech-backend", "festival"], into: &refused)
        }
        guard case .failure(let error) = failure else { return }
        #expect(error.code == .usage)
        #expect(error.message == "--speech-backend: speech-backend takes espeak or dispatcher, not festival.")
    }

    @Test("Only the settings given are chosen: speech-dispatcher's configuration stands for the rest")
    func chosen() throws {
        var options = Options()
        try ConfigFile.apply(contents: "rate 200\n", path: "config", to: &options)
        try Options.parse(["--pitch", "60", "--speech", "on", "--units", "imperial"], into: &options)
        #expect(options.chosenSettings == [.rate, .pitch, .units])
        var bad = Options()
        _ = bad.apply(.setting(.volume), "loud")
        #expect(bad.chosenSettings.isEmpty)
    }

    @Test("Every option's expected value and every input file's errors have words (keys built from the tables)")
    func keysBuiltFromTheTables() {
        let words = Catalog.builtIn(.english)
        for program in Option.Program.allCases {
            let expected = program.expected(words)
            #expect(!expected.contains("⟦missing"), "--\(program.rawValue): \(expected)")
        }
        for kind in Failure.InputFile.allCases {
            for opening in [true, false] {
                let text = words.text(kind.problem(opening: opening, file: "F", reason: "R"))
                #expect(text.contains("F") && !text.contains("⟦missing"), "\(kind.rawValue): \(text)")
            }
        }
    }
}
