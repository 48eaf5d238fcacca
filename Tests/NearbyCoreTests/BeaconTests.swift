import Testing
import Words

@testable import NearbyCore
@testable import PlaceData

/// The beacon as the core decides it: its target follows the selection, the heading and the
/// position (whatever action changed them), its sound switches to "ahead" exactly at the
/// width's edge, and it stops on arrival.
@Suite("The beacon's target and sound, decided in the core")
struct BeaconTests {
    static let origin = Coordinate(latitude: 60.1687, longitude: 24.9420)
    /// A place 100 m due north.
    static let north = Place(
        id: "n", name: "Pohjoinen", kind: "Café", symbol: "mappin", latitude: origin.latitude + 100 / 111_195,
        longitude: origin.longitude)

    static func state(_ settings: (inout Settings) -> Void = { _ in }) -> NearbyState {
        var chosen = Settings()
        chosen.origin = origin
        settings(&chosen)
        return NearbyState(places: [north], settings: chosen)
    }

    @Test("No target while the beacon is off or nothing is selected; the selected place once on")
    func target() {
        var state = Self.state()
        _ = state.reduce(.placeSelected(.name("Pohjoinen")))
        #expect(state.beaconTarget == nil)
        _ = state.reduce(.settingChanged(.beacon, value: "on"))
        let target = try? #require(state.beaconTarget)
        #expect(target?.placeID == "n")
        #expect(target?.bearing == 0 && target?.sound == .ahead)
        #expect(abs((target?.distance ?? 0) - 100) < 1)
        _ = state.reduce(.selectionCleared)
        #expect(state.beaconTarget == nil)
    }

    @Test("The heading turns it: ahead, to the side, behind")
    func followsTheHeading() {
        var state = Self.state { $0.beacon = true }
        _ = state.reduce(.placeSelected(.name("Pohjoinen")))
        for (heading, bearing, sound) in [
            ("0", 0.0, BeaconSound.ahead), ("90", -90, .side), ("180", 180, .behind), ("300", 60, .side),
        ] {
            _ = state.reduce(.settingChanged(.heading, value: heading))
            #expect(state.beaconTarget?.bearing == bearing, "heading \(heading)")
            #expect(state.beaconTarget?.sound == sound, "heading \(heading)")
        }
    }

    @Test("The ahead sound exactly within the width: at the edge ahead, a degree past it not")
    func widthEdge() {
        for width in [5.0, 15, 20] {
            #expect(BeaconTarget.sound(bearing: width, width: width) == .ahead)
            #expect(BeaconTarget.sound(bearing: -width, width: width) == .ahead)
            #expect(BeaconTarget.sound(bearing: width + 1, width: width) == .side)
            #expect(BeaconTarget.sound(bearing: -width - 1, width: width) == .side)
        }
        #expect(BeaconTarget.sound(bearing: 125, width: 15) == .side)
        #expect(BeaconTarget.sound(bearing: 126, width: 15) == .behind)
        // Through the state: beacon-width 20, the place 18 degrees to the left is ahead; at 10, not.
        var state = Self.state {
            $0.beacon = true
            $0.beaconWidth = 20
            $0.heading = 18
        }
        _ = state.reduce(.placeSelected(.name("Pohjoinen")))
        #expect(state.beaconTarget?.bearing == -18 && state.beaconTarget?.sound == .ahead)
        _ = state.reduce(.settingChanged(.beaconWidth, value: "10"))
        #expect(state.beaconTarget?.sound == .side)
    }

    @Test("beacon-width takes 5 to 20 degrees, and refuses the rest as settings do")
    func widthRange() {
        var state = Self.state()
        for bad in ["4", "21", "wide", "nan"] {
            let answer = state.reduce(.settingChanged(.beaconWidth, value: bad)).announcements
            #expect(answer.first?.kind == .error, "\(bad)")
        }
        #expect(state.settings.beaconWidth == 15)
        _ = state.reduce(.settingChanged(.beaconWidth, value: "5"))
        #expect(state.settings.beaconWidth == 5)
    }

    @Test("Arrived: within 15 m of the place the beacon stops; moving away brings it back")
    func arrival() {
        var state = Self.state { $0.beacon = true }
        _ = state.reduce(.placeSelected(.name("Pohjoinen")))
        #expect(state.beaconTarget != nil)
        // The position moves (an action: set at), 10 m short of the place: arrived.
        let near = Coordinate(latitude: Self.north.coordinate.latitude - 10 / 111_195, longitude: Self.origin.longitude)
        _ = state.reduce(.settingChanged(.at, value: "\(near.latitude),\(near.longitude)"))
        #expect(state.beaconTarget == nil)
        let away = Coordinate(latitude: Self.north.coordinate.latitude - 40 / 111_195, longitude: Self.origin.longitude)
        _ = state.reduce(.settingChanged(.at, value: "\(away.latitude),\(away.longitude)"))
        #expect(state.beaconTarget?.bearing == 0)
    }

    @Test("The bearing relative to the heading: whole degrees, -179 to 180")
    func relative() {
        #expect(NearbyState.relative(10, to: 350) == 20)
        #expect(NearbyState.relative(350, to: 10) == -20)
        #expect(NearbyState.relative(180, to: 0) == 180)
        #expect(NearbyState.relative(0, to: 180) == 180)
        #expect(NearbyState.relative(90.4, to: 0) == 90)
        #expect(NearbyState.relative(-90.6, to: 0) == -91)
    }
}
