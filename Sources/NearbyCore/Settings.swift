import PlaceData
import Words

/// What the user can set: where they stand, how things are measured and said, and the
/// accessibility settings that change what is said and drawn.
public struct Settings: Equatable, Sendable {
    public var origin: Coordinate = BuiltInPlaces.defaultOrigin
    /// How far around the user the Nearby list reaches, in metres: the places within it, nearest
    /// first (a search with no match within it says the nearest match beyond).
    public var radius: Double = 1000
    /// The way the user faces, in degrees from north; nil gives compass words.
    public var heading: Double?
    /// Whether the heading stays as set while walking (`set heading lock`), rather than yield
    /// to the course above walking speed.
    public var headingLocked = false
    /// How directions are said when the heading is known: relative words, clock hours, or
    /// compass words all the same. Without a heading they are always compass words.
    public var directions: Directions = .relative
    public var units: Units = .metric
    /// Walking speed in metres a second.
    public var walkSpeed: Double = 1.4
    public var verbosity: Verbosity = .normal
    public var reduceMotion = false
    public var reduceTransparency = false
    /// Whether what only the eye sees is said: the camera's moves, the dimmed, scaled map
    /// behind the full sheet, the details sliding up. Off, the state is kept and `where`, `map`
    /// and the JSON Lines transcript still tell it.
    public var visuals = false
    /// How far above a chosen place the camera stops, in metres (the seed's `closeUpDistance`).
    public var closeUpDistance: Double = 1500
    /// The screen height in points that `drag` distances are measured against.
    public var screenHeight: Double = 844
    /// Whether a drag below half the lowest detent dismisses the sheet, on the Nearby screen
    /// (002: "Dragging below half of the lowest detent dismisses"); the Map Search Sheet is
    /// never dismissed (000's `.interactiveDismissDisabled()`), whatever this says.
    public var dismissible = true
    /// Whether short sounds mark snaps, ends, no results and errors.
    public var earcons = true
    /// The voice the user chose, by espeak-ng name or language; nil follows the language.
    public var chosenVoice: String?
    /// The language of every word said.
    public var language: Language = .english
    /// A PO file whose words replace some of the language's, or nil.
    public var stringsFile: String?
    /// Speaking rate in words a minute (espeak-ng's range, 80 to 450).
    public var rate = 175
    /// Pitch, 0 to 100.
    public var pitch = 50
    /// Volume, 0 to 200.
    public var volume = 100
    public var punctuation: PunctuationLevel = .none
    public var capitals: CapitalsLevel = .none
    /// The places file loaded, or nil for the built-in places.
    public var placesFile: String?
    /// What speaks: espeak-ng inside the program, or the speech-dispatcher the user set up.
    public var speechBackend: SpeechBackend = .espeak
    /// Whether answers about one place are heard from its bearing: centred (`off`), panned
    /// (`stereo`), or binaural for headphones (`hrtf`, where front and back differ).
    public var spatial: Spatial = .off
    /// Whether a selected place sounds a short looping beacon from its bearing.
    public var beacon = false
    /// How far either side of ahead, in degrees, the beacon plays its brighter "ahead" sound.
    public var beaconWidth: Double = 15
    /// What is called out as the user walks (docs/position.md): corners, stops, landmarks and
    /// other places, by category; none when `callouts off`.
    public var callouts: Set<CalloutCategory> = CalloutCategory.standard
    /// How near a place comes before it is called out, in metres.
    public var calloutDistance: Double = 30
    /// How long before the same place is called out again, in minutes.
    public var calloutRepeat: Double = 10
    /// How far before an intersection, a roundabout or a road's end it is said, in metres
    /// (docs/position.md).
    public var intersectionDistance: Double = 20
    /// Whether walking routes keep off steps (`avoid steps`).
    public var avoidSteps = false
    // ---- screen28 ----
    /// Which seed's screen the sheet follows: the Nearby detent sheet (002) or the Map Search
    /// Sheet (000): where selecting puts the sheet, the list's order, the detents' heights.
    public var screen: Screen = .nearby
    /// The keyboard's height in points, which caps the sheet's frame while a search is typed.
    public var keyboardHeight: Double = 336

    public init() {}

    /// The voice that speaks: the one chosen, else the language's own.
    public var voice: String {
        get { chosenVoice ?? language.voice }
        set { chosenVoice = newValue }
    }

    public enum Units: String, Sendable, CaseIterable {
        case metric, imperial
    }

    /// The ways of saying a direction, as BlindSquare and VoiceOver Maps offer them.
    public enum Directions: String, Sendable, CaseIterable {
        case compass, relative, clock
    }

    public enum Verbosity: String, Sendable, CaseIterable {
        case terse, normal, verbose
    }

    /// How an answer about one place is placed in space (`spatial`).
    public enum Spatial: String, Sendable, CaseIterable {
        /// Centred, as every answer was before.
        case off
        /// A constant-power pan by the bearing: left or right, never front from back.
        case stereo
        /// Binaural, for headphones: left, right, and front from back.
        case hrtf
    }

    /// The two seeds' screens (`screen`).
    public enum Screen: String, Sendable, CaseIterable {
        /// The Nearby detent sheet (002): detents are fractions of the screen, selecting opens
        /// the details at the top detent, the list is nearest first.
        case nearby
        /// The Map Search Sheet (000): a 76-point resting detent, `.medium` and `.large`;
        /// selecting puts the sheet at half height; the list keeps the places' own order.
        case mapSearch = "map-search"
    }
}
