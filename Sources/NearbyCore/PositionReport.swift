import PlaceData

/// Where the user is, as the shell's position source reports it (a walked GPX route, a live
/// gpsd): the core reads no clock and no socket, so each report carries its own time.
public struct PositionReport: Equatable, Sendable {
    public var coordinate: Coordinate
    /// The course over ground in degrees from north, when moving.
    public var course: Double?
    /// The speed over ground in metres a second, when known.
    public var speed: Double?
    /// The horizontal accuracy in metres, when the receiver gives it.
    public var accuracy: Double?
    /// gpsd's fix: 2 (2D) or 3 (3D); nil for a walked route.
    public var fixMode: Int?
    /// Seconds on the shell's steady clock: what `callout-repeat` is measured against.
    public var time: Double
    /// How far along a walked route, when the report comes from one.
    public var route: RouteProgress?
    /// The walking network about the position, as the shell read it from the place store for
    /// this report; nil when the places come with none.
    public var streets: StreetNetwork?

    public init(
        coordinate: Coordinate, course: Double? = nil, speed: Double? = nil, accuracy: Double? = nil,
        fixMode: Int? = nil, time: Double, route: RouteProgress? = nil, streets: StreetNetwork? = nil
    ) {
        self.coordinate = coordinate
        self.course = course
        self.speed = speed
        self.accuracy = accuracy
        self.fixMode = fixMode
        self.time = time
        self.route = route
        self.streets = streets
    }
}

/// How far along a walked route (`--route FILE.gpx`): metres walked of its length.
public struct RouteProgress: Equatable, Sendable {
    public var walked: Double
    public var length: Double
    public var isFinished: Bool

    public init(walked: Double, length: Double, isFinished: Bool = false) {
        self.walked = walked
        self.length = length
        self.isFinished = isFinished
    }
}

/// What the core keeps of the moving position: where it comes from, what was called out and
/// when, the selected place's last milestone, the route's progress, and the fix.
public struct PositionState: Equatable, Sendable {
    /// Where the position comes from.
    public enum Source: Equatable, Sendable {
        /// Typed (`--at`, `set at`): it moves only when set.
        case fixed
        /// A live gpsd at this address (`localhost:2947`).
        case gps(String)
        /// A GPX file being walked.
        case route(String)
    }

    /// What stands in for the position while a GPS followed has given no fix yet.
    public enum FixWait: Equatable, Sendable {
        /// Nothing (`--at gpsd`: no position was given): no distance or direction is said until
        /// the first fix.
        case noPosition
        /// The position held before `set at gpsd`, said to be the last one.
        case lastPosition
    }

    public var source: Source = .fixed
    /// Following a GPS that has given no fix yet: what stands in until its first (nil: not
    /// waiting).
    public internal(set) var waitingForFix: FixWait?
    /// Whether "Waiting for a GPS fix" was said: the first fix is then said too.
    var saidWaiting = false
    /// Whether the GPS fell silent (no fix for more than 3 seconds; said once, and its return).
    public internal(set) var gpsSilent = false
    /// When the last report came (its time, on the shell's clock) and gpsd's mode for it (2: 2D,
    /// 3: 3D): `where exact` says a fix's age and kind.
    var fixTime: Double?
    var fixMode: Int?
    /// Whether the heading follows the course while walking: not when the user gave one
    /// (`--heading`, `set heading`), until `set heading none`.
    public var followsCourse = true
    /// Until when callouts are muted (`mute`), on the shell's steady clock (`NearbyState.clock`).
    var mutedUntil: Double?
    /// Whether the heading now is the course walked (rather than one typed).
    public var headingFromCourse = false
    /// When each place was last called out (report time, seconds).
    var calledOut: [Place.ID: Double] = [:]
    /// The names called out (folded), each with where and when (report time): a place of the
    /// same name within `NearbyState.sameNameReach` is not said again (one stop mapped as 2-4
    /// objects).
    var calledOutNames: [String: [(at: Coordinate, time: Double)]] = [:]
    /// When and where the last place callout was said (report time, seconds): the next waits
    /// `NearbyState.placeCalloutGap` of walking.
    var lastPlaceCallout: (time: Double, at: Coordinate)?
    /// The selected place and the last milestone said of it (metres; 0: arrived).
    var milestone: (id: Place.ID, level: Double)?
    /// The selected place whose arrival was said: nothing more is said of it until it is
    /// selected anew.
    var arrivedAt: Place.ID?
    public internal(set) var route: RouteProgress?
    /// Whether the GPS fix is lost now (said once, and its return once).
    public internal(set) var fixLost = false
    /// The last report's accuracy, for `where exact`.
    var accuracy: Double?
    /// Whether "no places within the radius" was said since places were last near.
    var saidNothingNear = false
    /// Where the window of a place store's places was last loaded about.
    public var windowCentre: Coordinate?
    /// The street nearest the position, as the shell found it in the store, and where.
    var street: (name: String?, at: Coordinate)?
    /// The walking network about the position, as the shell last read it, and where.
    var network: (streets: StreetNetwork, at: Coordinate)?
    /// The street or intersection the shell found for the words of a `set at`, until used.
    var namedStreet: (query: String, street: NamedStreet?)?
    /// The places the last `set at NAME` read as choices: what `set at 2` takes.
    var choices: [Place] = []

    public init() {}

    /// The session's start: where the position comes from. A gpsd followed from the start has
    /// given no position until its first fix (`--at gpsd` gives none).
    public mutating func start(from source: Source) {
        self.source = source
        if case .gps = source { waitingForFix = .noPosition }
    }

    /// The position no longer comes from a GPS: what was known of its fix goes.
    mutating func forgetFix() {
        waitingForFix = nil
        saidWaiting = false
        gpsSilent = false
        fixLost = false
        fixTime = nil
        fixMode = nil
        accuracy = nil
    }

    public static func == (lhs: PositionState, rhs: PositionState) -> Bool {
        lhs.source == rhs.source && lhs.followsCourse == rhs.followsCourse && lhs.calledOut == rhs.calledOut
            && lhs.headingFromCourse == rhs.headingFromCourse && lhs.mutedUntil == rhs.mutedUntil
            && lhs.lastPlaceCallout?.time == rhs.lastPlaceCallout?.time
            && lhs.lastPlaceCallout?.at == rhs.lastPlaceCallout?.at
            && lhs.calledOutNames.mapValues { $0.map(\.time) } == rhs.calledOutNames.mapValues { $0.map(\.time) }
            && lhs.milestone?.id == rhs.milestone?.id && lhs.milestone?.level == rhs.milestone?.level
            && lhs.arrivedAt == rhs.arrivedAt
            && lhs.route == rhs.route && lhs.fixLost == rhs.fixLost && lhs.accuracy == rhs.accuracy
            && lhs.waitingForFix == rhs.waitingForFix && lhs.saidWaiting == rhs.saidWaiting
            && lhs.gpsSilent == rhs.gpsSilent && lhs.fixTime == rhs.fixTime && lhs.fixMode == rhs.fixMode
            && lhs.saidNothingNear == rhs.saidNothingNear && lhs.windowCentre == rhs.windowCentre
            && lhs.street?.name == rhs.street?.name && lhs.street?.at == rhs.street?.at
            && lhs.network?.streets == rhs.network?.streets && lhs.network?.at == rhs.network?.at
            && lhs.namedStreet?.query == rhs.namedStreet?.query && lhs.namedStreet?.street == rhs.namedStreet?.street
            && lhs.choices == rhs.choices
    }
}
