import PlaceData
import Testing
import Words

@testable import NearbyCore

/// An honest GPS: before its first fix no position is invented (or the last one is said to be
/// the last); a GPS fallen silent is said once, and its return; `where exact` says the fix's
/// kind, its age and gpsd's own accuracy, and nothing made up.
@Suite("An honest GPS: no fix yet, silent, a fix's kind, age and accuracy")
struct GpsFixTests {
    static let address = "localhost:2947"

    /// The three cafés of `CalloutTests`, following a gpsd from the start (`--at gpsd`).
    static func following() -> NearbyState {
        var state = CalloutTests.state()
        state.position.start(from: .gps(address))
        return state
    }

    /// A fix `metres` north of the start, standing, at `time` seconds: gpsd's `mode` and
    /// `accuracy`.
    static func fix(_ metres: Double, time: Double, mode: Int = 3, accuracy: Double? = 4.5) -> Report {
        .positionReported(
            PositionReport(
                coordinate: Coordinate(latitude: 60.17 + metres / 111_195, longitude: 24.94), accuracy: accuracy,
                fixMode: mode, time: time))
    }

    static func texts(_ reaction: Reaction) -> [String] { reaction.announcements.map(\.text) }

    @Test("Before the first fix of --at gpsd: no position, and nothing measured from an invented one")
    func noPositionYet() {
        var state = Self.following()
        #expect(!state.hasPosition)
        let waiting = state.apply(.waitingForFix)
        #expect(waiting.announcements == [Announcement("Waiting for a GPS fix.", priority: .polite, kind: .callout)])
        #expect(state.apply(.waitingForFix).announcements.isEmpty)
        #expect(
            Self.texts(state.reduce(.whereRequested(exact: false))) == [
                "No position yet: waiting for a GPS fix. Sheet at half height. 3 places."
            ])
        #expect(
            Self.texts(state.reduce(.whereRequested(exact: true))) == [
                "No position yet: waiting for a fix from the GPS at localhost:2947."
            ])
        #expect(
            Self.texts(state.reduce(.nextFocused)) == ["Alku, Café, distance unknown, walk time unknown, 1 of 3."])
        #expect(Self.texts(state.reduce(.aroundRequested)) == ["No position yet: waiting for a GPS fix."])
        _ = state.reduce(.settingChanged(.heading, value: "0"))
        #expect(Self.texts(state.reduce(.aheadRequested)) == ["No position yet: waiting for a GPS fix."])
        _ = state.reduce(.placeSelected(.name("Baari")))
        #expect(Self.texts(state.reduce(.walkRequested)) == ["No position yet: waiting for a GPS fix."])
        // Nothing is heard from a direction, and the beacon has nothing to sound toward.
        _ = state.reduce(.settingChanged(.beacon, value: "on"))
        #expect(state.relativeBearing(of: 1) == nil)
        #expect(state.beaconTarget == nil)
        #expect(state.settingsPhrase(all: true).contains("waiting for a GPS fix"))
        // The first fix: said, and everything is measured from it.
        #expect(Self.texts(state.apply(Self.fix(0, time: 10))) == ["GPS fix found."])
        #expect(state.hasPosition)
        #expect(Self.texts(state.reduce(.walkRequested)).first?.hasPrefix("Baari: 3 minute walk, 200 metres") == true)
        #expect(state.relativeBearing(of: 1) == 0)
        #expect(state.beaconTarget != nil)
    }

    @Test("A first fix before anything was said of waiting says nothing of it")
    func quickFirstFix() {
        var state = Self.following()
        #expect(Self.texts(state.apply(Self.fix(0, time: 1))).isEmpty)
        #expect(state.position.waitingForFix == nil)
        // Silent or lost reports before any fix said nothing of a fix either.
        var waiting = Self.following()
        #expect(waiting.apply(.gpsSilent).announcements.isEmpty)
    }

    @Test("set at gpsd keeps the last position until the first fix, and says it is the last")
    func lastPosition() {
        var state = CalloutTests.state()
        #expect(state.reduce(.settingChanged(.at, value: "gpsd")).effects == [.followGPS(address: "gpsd")])
        #expect(
            Self.texts(state.apply(.gpsFollowed(address: Self.address))) == [
                "Position: following the GPS at localhost:2947."
            ])
        #expect(state.hasPosition)
        #expect(
            Self.texts(state.apply(.waitingForFix)) == ["Waiting for a GPS fix; until then, from your last position."])
        #expect(
            Self.texts(state.reduce(.whereRequested(exact: false))) == [
                "Waiting for a GPS fix; this is your last position. Nearest, Alku, 100 metres north. "
                    + "Sheet at half height. 3 places."
            ])
        #expect(
            Self.texts(state.reduce(.whereRequested(exact: true))) == [
                "You are at 60.17 north, 24.94 east. The GPS at localhost:2947 has no fix; this is the last position."
            ])
        #expect(Self.texts(state.reduce(.nextFocused)) == ["Alku, Café, 100 metres north, 2 minute walk, 1 of 3."])
        #expect(Self.texts(state.apply(Self.fix(0, time: 5))) == ["GPS fix found."])
        #expect(Self.texts(state.reduce(.whereRequested(exact: false))).first?.hasPrefix("Nearest, Alku") == true)
    }

    @Test("A silent GPS is said once, and its return once; a lost fix after it is said as lost")
    func silentAndBack() {
        var state = Self.following()
        _ = state.apply(Self.fix(0, time: 10))
        let silent = state.apply(.gpsSilent)
        #expect(
            silent.announcements == [
                Announcement("GPS silent; using the last position.", priority: .polite, kind: .callout)
            ])
        #expect(state.apply(.gpsSilent).announcements.isEmpty)
        #expect(
            Self.texts(state.reduce(.whereRequested(exact: false))).first?.hasPrefix(
                "GPS silent; using the last position. Nearest, Alku, 100 metres north.") == true)
        #expect(Self.texts(state.apply(Self.fix(0, time: 20))) == ["GPS back."])
        #expect(Self.texts(state.apply(Self.fix(0, time: 21))).isEmpty)
        #expect(Self.texts(state.reduce(.whereRequested(exact: false))).first?.hasPrefix("Nearest, Alku") == true)
        // Silent again, then gpsd says the fix is lost: its return is the lost fix's, once.
        #expect(Self.texts(state.apply(.gpsSilent)) == ["GPS silent; using the last position."])
        #expect(Self.texts(state.apply(.fixLost)) == ["GPS signal lost; using the last position."])
        #expect(state.apply(.gpsSilent).announcements.isEmpty)
        #expect(
            Self.texts(state.reduce(.whereRequested(exact: false))).first?.hasPrefix(
                "GPS signal lost; using the last position. Nearest") == true)
        #expect(Self.texts(state.apply(Self.fix(0, time: 40))) == ["GPS signal back."])
    }

    @Test("where exact: 2D or 3D, the fix's age past 2 seconds, gpsd's accuracy, and none made up")
    func whereExact() {
        var state = Self.following()
        func exact(at clock: Double?) -> String {
            state.clock = clock
            return Self.texts(state.reduce(.whereRequested(exact: true))).first ?? ""
        }
        _ = state.apply(Self.fix(0, time: 100))
        #expect(
            exact(at: 101) == "You are at 60.17 north, 24.94 east. From the GPS at localhost:2947. 3D fix. "
                + "Accurate to 5 metres.")
        #expect(exact(at: 102) == exact(at: 101))
        #expect(
            exact(at: 105.4).hasSuffix("From the GPS at localhost:2947. 3D fix, 5 seconds old. Accurate to 5 metres."))
        #expect(exact(at: nil).hasSuffix("3D fix. Accurate to 5 metres."))
        // A 2D fix with no accuracy from gpsd: none is said.
        _ = state.apply(Self.fix(0, time: 200, mode: 2, accuracy: nil))
        #expect(exact(at: 200.5) == "You are at 60.17 north, 24.94 east. From the GPS at localhost:2947. 2D fix.")
        #expect(exact(at: 230).hasSuffix("2D fix, 30 seconds old."))
        #expect(exact(at: 350).hasSuffix("2D fix, 3 minutes old."))
        // Lost: the last fix's age.
        _ = state.apply(.fixLost)
        #expect(
            exact(at: 212) == "You are at 60.17 north, 24.94 east. The GPS at localhost:2947 has no fix; "
                + "this is the last position. Last fix 12 seconds old.")
        // gpsd's accuracy is rounded up, never down: 17.1 m is within 20 m, not 15.
        _ = state.apply(Self.fix(0, time: 290, accuracy: 17.1))
        #expect(exact(at: 290).hasSuffix("3D fix. Accurate to 20 metres."))
        // Set by hand: nothing of the GPS is said any more.
        _ = state.apply(Self.fix(0, time: 300, accuracy: 8))
        _ = state.reduce(.settingChanged(.at, value: "60.17,24.94"))
        #expect(exact(at: 301) == "You are at 60.17 north, 24.94 east.")
    }

    @Test("Spanish and Portuguese say the GPS's words in their own")
    func languages() {
        for (language, waiting, silent) in [
            (Language.spanish, "Esperando la posición del GPS.", "GPS en silencio; se usa la última posición."),
            (.portuguese, "À espera da posição do GPS.", "GPS em silêncio; a usar a última posição."),
        ] {
            var settings = Settings()
            settings.language = language
            var state = NearbyState(places: CalloutTests.places, settings: settings)
            state.position.start(from: .gps(Self.address))
            #expect(Self.texts(state.apply(.waitingForFix)) == [waiting])
            _ = state.apply(Self.fix(0, time: 10))
            #expect(Self.texts(state.apply(.gpsSilent)) == [silent])
        }
    }
}
