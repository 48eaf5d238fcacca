import PlaceData

/// A GPX route as a walk in time: where the walker is, and how far along, at each moment of
/// the walk. The points' own times when every point has one and they never go back; else the
/// walking speed from the first point. Pure: the shell's player sleeps between its samples.
public struct RouteWalk: Equatable, Sendable {
    /// One moment of the walk: seconds from its start (walk time, before any speed-up), where,
    /// the course over ground (degrees from north), the speed (m/s), and the metres walked.
    public struct Sample: Equatable, Sendable {
        public var offset: Double
        public var coordinate: Coordinate
        public var course: Double?
        public var speed: Double
        public var walked: Double
    }

    /// Each point's offset from the start, in seconds, and metres walked to it.
    public let offsets: [Double]
    public let walked: [Double]
    public let points: [Coordinate]
    /// Whether the offsets are the file's times (else the walking speed's).
    public let usesFileTimes: Bool

    public init(_ route: GPXRoute, walkSpeed: Double) {
        points = route.points.map(\.coordinate)
        var walked = [0.0]
        for (a, b) in zip(points, points.dropFirst()) { walked.append(walked.last! + a.distance(to: b)) }
        self.walked = walked
        let times = route.points.compactMap(\.time)
        let ordered = times.count == points.count && zip(times, times.dropFirst()).allSatisfy { $0 <= $1 }
        usesFileTimes = ordered && points.count > 1 && times.last! > times.first!
        if usesFileTimes {
            offsets = times.map { $0 - times[0] }
        } else {
            let speed = max(walkSpeed, 0.01)
            offsets = walked.map { $0 / speed }
        }
    }

    /// The length of the walk, in metres.
    public var length: Double { walked.last ?? 0 }
    /// How long it takes, in seconds of walk time.
    public var duration: Double { offsets.last ?? 0 }

    /// The walk sampled at each point and at least every `interval` seconds between them.
    public func samples(every interval: Double = 1) -> [Sample] {
        guard let first = points.first else { return [] }
        var result = [Sample(offset: 0, coordinate: first, course: nil, speed: 0, walked: 0)]
        for index in 1..<max(1, points.count) {
            let (a, b) = (points[index - 1], points[index])
            let (t0, t1) = (offsets[index - 1], offsets[index])
            let span = t1 - t0
            let metres = walked[index] - walked[index - 1]
            let speed = span > 0 ? metres / span : 0
            let course = metres > 0.5 ? a.bearing(to: b) : result.last?.course
            let steps = span > interval ? Int((span / interval).rounded(.up)) : 1
            for step in 1...steps {
                let fraction = Double(step) / Double(steps)
                let coordinate = Coordinate(
                    latitude: a.latitude + (b.latitude - a.latitude) * fraction,
                    longitude: a.longitude + (b.longitude - a.longitude) * fraction)
                result.append(
                    Sample(
                        offset: t0 + span * fraction, coordinate: coordinate, course: course, speed: speed,
                        walked: walked[index - 1] + metres * fraction))
            }
        }
        return result
    }
}
