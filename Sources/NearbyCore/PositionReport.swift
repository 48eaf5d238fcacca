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
    /// Seconds on the shell's steady clock: what `callout-repeat` is measured against.
    public var time: Double
    /// How far along a walked route, when the report comes from one.
    public var route: RouteProgress?
    /// The walking network about the position, as the shell read it from the place store for
    /// this report; nil when the places come with none.
    public var streets: StreetNetwork?

    public init(
        coordinate: Coordinate, course: Double? = nil, speed: Double? = nil, accuracy: Double? = nil,
        time: Double, route: RouteProgress? = nil, streets: StreetNetwork? = nil
    ) {
        self.coordinate = coordinate
        self.course = course
        self.speed = speed
        self.accuracy = accuracy
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

    public var source: Source = .fixed
    /// Whether the heading follows the course while walking: not when the user gave one
    /// (`--heading`, `set heading`), until `set heading none`.
    public var followsCourse = true
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

    public static func == (lhs: PositionState, rhs: PositionState) -> Bool {
        lhs.source == rhs.source && lhs.followsCourse == rhs.followsCourse && lhs.calledOut == rhs.calledOut
            && lhs.lastPlaceCallout?.time == rhs.lastPlaceCallout?.time
            && lhs.lastPlaceCallout?.at == rhs.lastPlaceCallout?.at
            && lhs.calledOutNames.mapValues { $0.map(\.time) } == rhs.calledOutNames.mapValues { $0.map(\.time) }
            && lhs.milestone?.id == rhs.milestone?.id && lhs.milestone?.level == rhs.milestone?.level
            && lhs.route == rhs.route && lhs.fixLost == rhs.fixLost && lhs.accuracy == rhs.accuracy
            && lhs.saidNothingNear == rhs.saidNothingNear && lhs.windowCentre == rhs.windowCentre
            && lhs.street?.name == rhs.street?.name && lhs.street?.at == rhs.street?.at
            && lhs.network?.streets == rhs.network?.streets && lhs.network?.at == rhs.network?.at
            && lhs.namedStreet?.query == rhs.namedStreet?.query && lhs.namedStreet?.street == rhs.namedStreet?.street
            && lhs.choices == rhs.choices
    }
}
