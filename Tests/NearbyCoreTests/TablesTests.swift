import PlaceData
import Testing
import Words

@testable import NearbyCore

@Suite("The command and setting tables, and the effects the core asks of the shell")
struct TablesTests {
    @Test("Every command's name and aliases parse to that command, and none is shared")
    func everyNameParses() {
        var seen: [String: Command] = [:]
        for command in Command.allCases {
            for word in [command.name] + command.aliases {
                #expect(seen[word] == nil, "\(word) names both \(seen[word].map { "\($0)" } ?? "") and \(command)")
                seen[word] = command
                #expect(Command(word: word.uppercased()) == command)
                if case .invalid(.unknownCommand)? = CommandParser.parse(word) {
                    Issue.record("\(word) is not understood")
                }
            }
        }
    }

    @Test("Every command has help")
    func everyCommandHasHelp() {
        var state = NearbyState()
        for command in Command.allCases {
            let answer = state.reduce(.helpRequested(command.name)).announcements
            #expect(answer.first?.kind == .help)
            #expect(answer.first?.text.hasPrefix(command.usage(state.words)) == true)
        }
    }

    @Test(
        "Numbers are decimal only",
        arguments: [
            ("drag 0xAD", false), ("drag 1,000", false), ("drag 1e3", false), ("drag inf", false), ("drag -300", true),
            ("drag -300 -2000.5", true), ("select 0x2", false), ("history 1_0", false),
        ])
    func decimalOnly(line: String, accepted: Bool) {
        let action = CommandParser.parse(line)
        switch action {
        case .sheetDragged?, .historyRequested?, .placeSelected(.position)?: #expect(accepted, "\(line) was taken")
        case .placeSelected(.name)?: #expect(!accepted)
        default: #expect(!accepted, "\(line) was refused")
        }
    }

    @Test("Every value Tab offers for a setting, set takes")
    func completedValuesAreAccepted() {
        var state = NearbyState()
        for setting in Setting.allCases where setting != .places {
            let candidates = Completion.candidates(for: "set \(setting.key) ", in: state)
            #expect(!candidates.isEmpty, "Tab offers nothing for \(setting.key)")
            for candidate in candidates {
                let reaction = state.reduce(CommandParser.parse(candidate.line)!)
                let refused = reaction.announcements.contains { $0.kind == .error }
                #expect(!refused, "\(candidate.line) is refused: \(reaction.announcements.map(\.text))")
            }
        }
    }

    @Test(
        "The answer to set names the setting and its value in the listener's language",
        arguments: [Language.english, .spanish, .portuguese])
    func setAnswersInTheLanguage(language: Language) {
        var settings = Settings()
        settings.language = language
        var state = NearbyState(places: BuiltInPlaces.lisbon, settings: settings)
        // places and strings answer with what was loaded; language is said in the new one.
        for setting in Setting.allCases where ![.places, .strings, .language].contains(setting) {
            let values = Completion.candidates(for: "set \(setting.key) ", in: state).map(\.line)
            for line in values {
                let answer = state.reduce(CommandParser.parse(line)!).announcements.map(\.text).joined()
                #expect(!answer.contains("⟦missing"), "\(line): \(answer)")
                #expect(answer.hasPrefix(state.words.text(setting.nameKey) + ": "), "\(line): \(answer)")
            }
        }
        // A switch and a choice are said in the language, not as typed.
        let on = state.reduce(CommandParser.parse("set reduce-motion on")!).announcements.map(\.text)
        let imperial = state.reduce(CommandParser.parse("set units imperial")!).announcements.map(\.text)
        let expected: [Language: ([String], [String])] = [
            .english: (["Reduce motion: on."], ["Units: imperial."]),
            .spanish: (["Reducir movimiento: activado."], ["Unidades: imperiales."]),
            .portuguese: (["Reduzir movimento: ativado."], ["Unidades: imperiais."]),
        ]
        #expect(on == expected[language]?.0)
        #expect(imperial == expected[language]?.1)
    }

    @Test("Tab offers the choices of earcons, punctuation and capitals")
    func choicesAreOffered() {
        let state = NearbyState()
        #expect(Completion.candidates(for: "set earcons ", in: state).map(\.label) == ["on", "off"])
        #expect(Completion.candidates(for: "set punctuation s", in: state).map(\.label) == ["some"])
        #expect(
            Completion.candidates(for: "set capitals ", in: state).map(\.label) == ["none", "sound", "spell", "pitch"])
        #expect(Completion.candidates(for: "set close-up ", in: state).map(\.label) == ["1500"])
    }

    @Test("Files, voices, the screen and speech are effects the shell carries out")
    func effects() {
        var state = NearbyState()
        #expect(state.reduce(.speechStopped) == Reaction(effects: [.stopSpeech]))
        #expect(state.reduce(.mapRequested) == Reaction(effects: [.measureScreen]))
        #expect(
            state.reduce(.voicesRequested(all: false))
                == Reaction(effects: [.listVoices(then: .voicesRequested(all: false))]))
        let setVoice = Action.settingChanged(.voice, value: "en-us")
        #expect(state.reduce(setVoice) == Reaction(effects: [.listVoices(then: setVoice)]))
        #expect(
            state.reduce(.settingChanged(.places, value: " x.csv ")) == Reaction(effects: [.loadPlaces(path: "x.csv")]))
        #expect(state.settings.placesFile == nil, "the file is named only once it has loaded")
        let rate = state.reduce(.settingChanged(.rate, value: "200"))
        #expect(rate.effects == [.applySpeechSettings])
        #expect(state.reduce(.settingChanged(.units, value: "imperial")).effects == [])
    }

    @Test("History numbers its kept announcements; repeat, history and their errors are not kept")
    func historyNumbers() {
        var state = NearbyState()
        #expect(state.reduce(.handleDecremented).historyNumbers == [1])
        #expect(state.reduce(.repeatRequested).historyNumbers == [nil])
        let error = state.reduce(.historyRequested(9))
        #expect(error.announcements.first?.kind == .error)
        #expect(error.historyNumbers == [nil])
        #expect(state.review.spokenTotal == 1)
        #expect(state.reduce(.handleIncremented).historyNumbers == [2])
    }

    @Test("count says how many places the list shows")
    func count() {
        var state = NearbyState()
        expectReduce(&state, .countRequested, [Announcement("21 places.", kind: .results)])
        _ = state.reduce(.queryEntered("cafe"))
        expectReduce(&state, .countRequested, [Announcement("3 places match \"cafe\".", kind: .results)])
        _ = state.reduce(.queryEntered("zzz"))
        expectReduce(&state, .countRequested, [Announcement("No results for \"zzz\".", kind: .results)])
    }
}
