import PlaceData

/// One thing said to the user: plain data, made by the core and spoken by the Announcer.
public struct Announcement: Equatable, Sendable {
    public var text: String
    public var priority: Priority
    public var kind: Kind
    /// A short sound to play before the words, where the screen would give a haptic or a bonk.
    public var earcon: Earcon?
    /// What the screen shows instead of `text`, when that differs (the map picture); never spoken.
    public var display: String?
    /// How many of `display`'s first lines are a picture (the map's grid), which a terminal may
    /// colour; the lines after it are its captions, words in any language, left as they are.
    public var pictureRows = 0
    /// Whether it tells only what the eye sees (the camera's flight, the details sliding up)
    /// and the `visuals` setting is off: then it is not said, shown or kept in history, and
    /// only the JSON Lines transcript records it, for whoever reads the screen's state.
    public var isVisualOnly = false
    /// How the synthesiser is to say it: as words, or letter by letter.
    public var form: Form = .words
    /// Where it is heard from, with `spatial` on: the bearing of the one place it is about, in
    /// degrees relative to the heading (north when there is none), -180 (behind, from the left)
    /// to 180, positive to the right. Nil: centred.
    public var bearing: Double?
    /// `around`'s answer, with `spatial` on: its words in parts, each heard from its own
    /// bearing (nil: centred); said one after the other, they are `text`.
    public var parts: [Part] = []
    /// For a callout, what it is about, so that it can be said as things stand when speech
    /// reaches it (`NearbyState.freshened(_:waited:)`); nil for one said as decided.
    public var subject: Subject?
    /// For a callout said again when speech reached it, the words it was decided with, when
    /// they differ from `text` (the transcript keeps both).
    public var decided: String?

    /// What a callout is about.
    public enum Subject: Equatable, Sendable {
        /// A place passed (`Place.ID`).
        case place(String)
        /// Places passed with it, summed ("And 2 more places to the left.").
        case places([String])
        /// The selected place's milestone or arrival: said whenever it comes.
        case selected(String)
        /// A corner or a crossing ahead at this point.
        case ahead(Coordinate)
    }

    public init(
        _ text: String, priority: Priority = .assertive, kind: Kind, earcon: Earcon? = nil, display: String? = nil,
        form: Form = .words
    ) {
        self.text = text
        self.priority = priority
        self.kind = kind
        self.earcon = earcon
        self.display = display
        self.form = form
    }

    /// A piece of an announcement heard from a direction of its own.
    public struct Part: Equatable, Sendable {
        public var text: String
        public var bearing: Double?

        public init(_ text: String, bearing: Double?) {
            self.text = text
            self.bearing = bearing
        }
    }

    /// How the synthesiser says an announcement.
    public enum Form: Equatable, Sendable {
        case words
        /// `spell`: `prefix` said as words, then `letters` one character at a time (espeak-ng's
        /// own spelling, SSML's say-as characters). `text` is the two as the transcript shows them.
        case spelled(prefix: String, letters: String)
    }

    /// How an announcement competes with speech in progress, in screen readers' words.
    public enum Priority: String, Sendable, CaseIterable {
        /// Answers what was just typed: interrupts speech and drops queued polite speech.
        case assertive
        /// Waits its turn.
        case polite
        /// Only the latest is spoken (as-you-type counts).
        case status
    }

    /// What an announcement is about, as the JSON Lines transcript names it.
    public enum Kind: String, Sendable, CaseIterable {
        case results, place, selection, detent, screen, camera, walk, location, settings, history,
            help, error, notice
        /// A usability study's task: its words, "Task done.", a skip.
        case task
        /// Said as the user walks: a place passed, a milestone, arrival, the GPS fix.
        case callout
    }

    /// The short sounds that stand for the seed's haptics and VoiceOver's boundary sounds.
    public enum Earcon: String, Sendable, CaseIterable {
        case snap, end
        case noResults = "no-results"
        case error
    }
}
