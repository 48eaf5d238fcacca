import PlaceData
import Testing
import Words

@testable import NearbyCore

/// The words `preview`, `go` and `route` take (docs/preview.md), in English and in the session's
/// language, and the refusals that need no street network.
@Suite("Street preview and routes: the commands' words")
struct PreviewCommandTests {
    @Test("preview: alone, off, or a name")
    func previewWords() {
        #expect(Command.preview.parse("") == .previewRequested)
        #expect(Command.preview.parse("off") == .previewLeft)
        #expect(Command.preview.parse("Kauppatori") == .previewAt("Kauppatori"))
        #expect(Command.preview.parse("salir", words: .builtIn(.spanish)) == .previewLeft)
        #expect(Command.preview.parse("sair", words: .builtIn(.portuguese)) == .previewLeft)
    }

    @Test("go: alone, a number, a side, back, or a road's name")
    func goWords() {
        #expect(Command.go.parse("") == .goRequested(.onward))
        #expect(Command.go.parse("2") == .goRequested(.number(2)))
        #expect(Command.go.parse("left") == .goRequested(.side(.left)))
        #expect(Command.go.parse("Right") == .goRequested(.side(.right)))
        #expect(Command.go.parse("ahead") == .goRequested(.side(.ahead)))
        #expect(Command.go.parse("back") == .goRequested(.back))
        #expect(Command.go.parse("Mikonkatu") == .goRequested(.name("Mikonkatu")))
        #expect(Command.go.parse("izquierda", words: .builtIn(.spanish)) == .goRequested(.side(.left)))
        #expect(Command.go.parse("atrás", words: .builtIn(.spanish)) == .goRequested(.back))
        #expect(Command.go.parse("voltar", words: .builtIn(.portuguese)) == .goRequested(.back))
    }

    @Test("route: alone, to a name or the selected place, steps, export and a file; anything else refused")
    func routeWords() {
        #expect(Command.route.parse("") == .routeRequested)
        #expect(Command.route.parse("to Ravintola Aino") == .routeTo("Ravintola Aino"))
        #expect(Command.route.parse("to") == .routeTo(nil))
        #expect(Command.route.parse("steps") == .routeStepsRequested)
        #expect(Command.route.parse("a Kauppatori", words: .builtIn(.spanish)) == .routeTo("Kauppatori"))
        #expect(Command.route.parse("passos", words: .builtIn(.portuguese)) == .routeStepsRequested)
        if case .invalid = Command.route.parse("sideways") {} else { Issue.record("route sideways is not refused") }
        #expect(Command.route.parse("export walk to Aino.gpx") == .routeExportRequested("walk to Aino.gpx"))
        #expect(Command.route.parse("Export /tmp/x.gpx") == .routeExportRequested("/tmp/x.gpx"))
        #expect(Command.route.parse("exportar x.gpx", words: .builtIn(.spanish)) == .routeExportRequested("x.gpx"))
        #expect(Command.route.parse("exportar x.gpx", words: .builtIn(.portuguese)) == .routeExportRequested("x.gpx"))
        #expect(Command.route.parse("export x.gpx", words: .builtIn(.portuguese)) == .routeExportRequested("x.gpx"))
        #expect(
            Command.route.parse("export")
                == .invalid(.badArgument(command: "route", Phrase(.routeExportNeedsFile))))
    }

    @Test("Without a place store, preview, go and route to are refused and change nothing")
    func refusedWithoutStreets() {
        var state = NearbyState(places: BuiltInPlaces.lisbon, settings: Settings())
        let before = state.settings.origin
        for action: Action in [.previewRequested, .goRequested(.onward), .routeTo("Harbor Coffee"), .previewLeft] {
            let reaction = state.reduce(action)
            #expect(reaction.announcements.first?.kind == .error, "\(action)")
            #expect(reaction.effects.isEmpty, "\(action)")
        }
        #expect(state.settings.origin == before)
        #expect(state.preview == nil)
    }

    @Test("set avoid steps: every route planned keeps off steps; refused words change nothing")
    func avoidSteps() {
        var settings = Settings()
        let words = Catalog.builtIn(.english)
        #expect(Setting.avoid.apply("steps", to: &settings, words) == nil)
        #expect(settings.avoidSteps)
        #expect(Setting.avoid.value(in: settings) == "steps")
        #expect(Setting.avoid.apply("stairs", to: &settings, words) == "avoid takes nothing or steps, not stairs.")
        #expect(settings.avoidSteps)
        #expect(Setting.avoid.apply("nothing", to: &settings, words) == nil)
        #expect(!settings.avoidSteps)
    }
}
