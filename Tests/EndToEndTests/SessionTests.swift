import Foundation
import Testing

@Suite("The built program, end to end")
struct SessionTests {
    @Test func pipedCommandsGiveJSONLinesOnStandardOutput() throws {
        let result = try Program(
            ["--speech", "off", "--format", "jsonl", "--transcript", "-"], input: .text("find cafe\nnext\nnext\n")
        ).run()
        let expected = [
            #"{"seq":1,"line":1,"input":"find cafe","priority":"assertive","kind":"results","text":"3 places match \"cafe\". First, Rossio Espresso Bar, Café, 275 metres north, 4 minute walk."}"#,
            #"{"seq":2,"line":1,"input":"find cafe","priority":"polite","kind":"detent","text":"Sheet at full height.","earcon":"snap"}"#,
            // find puts the focus on the first result: next goes on to the second.
            #"{"seq":3,"line":2,"input":"next","priority":"assertive","kind":"place","text":"Harbor Coffee, Café, 285 metres west, 4 minute walk, 2 of 3."}"#,
            #"{"seq":4,"line":3,"input":"next","priority":"assertive","kind":"place","text":"Tile Museum Café, 650 metres north-east, 8 minute walk, 3 of 3."}"#,
        ]
        let actual = result.stdout.split(separator: "\n").map(String.init)
        #expect(actual == expected, "\(lineDiff(expected: expected, actual: actual))")
        #expect(result.status == 0)
        #expect(result.stderr == "")
        // Every line is a JSON object with the contract's fields.
        for line in actual {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            let fields: Set<String> = ["seq", "line", "input", "priority", "kind", "text"]
            #expect(Set(object?.keys.map { $0 } ?? []).subtracting(["earcon"]) == fields)
        }
    }

    @Test func aScriptRunsWithoutAGreetingAndQuitEndsIt() throws {
        let script = temporaryPath("script.txt")
        try "# a comment\nup\n\nfnd\nquit\nnext\n".write(toFile: script, atomically: true, encoding: .utf8)
        let result = try Program(["--script", script, "--speech", "off"]).run()
        #expect(
            result.stdout == """
                Sheet, full height, 3 of 3. Adjustable: type up or down to move it.
                Unknown command fnd. Did you mean find?
                Goodbye.

                """)
        #expect(result.status == 0)
    }

    @Test func transcriptFileNumbersLinesAsTyped() throws {
        let transcript = temporaryPath("t.jsonl")
        let result = try Program(
            ["--speech", "off", "--format", "jsonl", "--transcript", transcript], input: .text("\n# note\nwalk\n")
        ).run()
        #expect(result.stdout == "Nothing is selected. Select a place first, for example: select 1.\n")
        let line = try String(contentsOfFile: transcript, encoding: .utf8)
        #expect(
            line
                == #"{"seq":1,"line":3,"input":"walk","priority":"assertive","kind":"error","text":"Nothing is selected. Select a place first, for example: select 1.","earcon":"error"}"#
                + "\n")
    }

    @Test func aWAVOfATenCommandScriptIsValidNonSilentAndFitsTheWords() throws {
        let script = temporaryPath("ten.txt")
        let wav = temporaryPath("ten.wav")
        try "find cafe\nnext\nnext\nselect\nwalk\nup\ndown\nread\nwhere\nclear\n".write(
            toFile: script, atomically: true, encoding: .utf8)
        let result = try Program(["--script", script, "--speech", "off", "--wav", wav, "--earcons", "off"]).run()
        #expect(result.status == 0)
        let words = result.stdout.split(whereSeparator: { $0 == " " || $0 == "\n" }).count
        // sox reads it.
        let seconds = try wavSeconds(wav)
        // At 175 words a minute, with numbers read as several words and pauses between
        // sentences, speech lasts between 0.8 and 2 times the words' own time.
        let wordSeconds = Double(words) / 175 * 60
        #expect(seconds > wordSeconds * 0.8 && seconds < wordSeconds * 2, "\(seconds) s for \(words) words")
    }

    @Test(arguments: [
        (["--bogus"], Int32(64), "nearby-voice: Unknown option --bogus. See nearby-voice --help.\n"),
        (["--units", "furlongs"], 64, "nearby-voice: --units: units takes metric or imperial, not furlongs.\n"),
        (
            ["--at", "200,0"], 64,
            "nearby-voice: --at: at takes a latitude and longitude, like 38.7115,-9.139, not 200,0.\n"
        ),
        (
            ["--script", "/nonexistent/script"], 66,
            "nearby-voice: Cannot open the script /nonexistent/script: No such file or directory.\n"
        ),
        (
            ["--transcript", "/nonexistent/folder/t.txt"], 74,
            "nearby-voice: Cannot write /nonexistent/folder/t.txt: No such file or directory.\n"
        ),
        (
            ["--speech", "on"], 69,
            "nearby-voice: No audio device works (No such file or directory). Use --speech off to read the answers instead.\n"
        ),
        (["--heading"], 64, "nearby-voice: --heading needs a value. See nearby-voice --help.\n"),
    ])
    func badUsageHasAClearMessageAndExitCode(_ arguments: [String], _ status: Int32, _ message: String) throws {
        let result = try Program(arguments, input: .text("up\n")).run()
        #expect(result.status == status)
        #expect(result.stderr == message)
        #expect(result.stdout == "")
    }

    @Test func autoSpeechWithoutADeviceSaysSoOnceAndGoesOnInText() throws {
        let result = try Program([], input: .text("up\ndown\n")).run()
        #expect(result.stderr == "No audio device works, so nothing will be spoken; answers are printed.\n")
        #expect(result.stdout.split(separator: "\n").count == 2)
        #expect(result.status == 0)
    }

    @Test func helpAndVersion() throws {
        let help = try Program(["--help"]).run()
        #expect(help.status == 0)
        #expect(help.stdout.contains("--transcript FILE|-"))
        let version = try Program(["--version"]).run()
        #expect(version.stdout.hasPrefix("nearby-voice "))
    }
}
