import Foundation

/// A point on the Earth in degrees (WGS 84, as GPS and GeoJSON give them).
public struct Coordinate: Hashable, Sendable {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// The mean radius of the Earth in metres (IUGG).
    static let earthRadius = 6_371_008.8

    /// The great-circle (haversine) distance to `other`, in metres.
    public func distance(to other: Coordinate) -> Double {
        let lat1 = latitude * .pi / 180
        let lat2 = other.latitude * .pi / 180
        let dLat = lat2 - lat1
        let dLon = (other.longitude - longitude) * .pi / 180
        let a = sin(dLat / 2) * sin(dLat / 2) + cos(lat1) * cos(lat2) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * Self.earthRadius * asin(min(1, sqrt(a)))
    }

    /// The distance to each of many points, `distance(to:)`'s haversine with no sine taken a
    /// point: each point's half latitude and half longitude given ahead as their sines and
    /// cosines, and the cosine of its latitude (`Places` works them out once), the sine of each
    /// half difference is `sin a cos b - cos a sin b`. The same to well under a micrometre: a
    /// position report measures a window's 20,000 places, and their 40,000 sines were a third of
    /// its time (issue 42).
    public func distances(_ points: HalfAngles) -> [Double] {
        // No points, no buffer: an array of no capacity is the one empty array every thread
        // shares, and setting its count from here is a write ThreadSanitizer sees race.
        guard !points.cosines.isEmpty else { return [] }
        let own = HalfAngles.Angles(self)
        let cos1 = cos(latitude * .pi / 180)
        return [Double](unsafeUninitializedCapacity: points.cosines.count) { buffer, count in
            points.sinHalfLatitudes.withUnsafeBufferPointer { sinLat in
                points.cosHalfLatitudes.withUnsafeBufferPointer { cosLat in
                    points.sinHalfLongitudes.withUnsafeBufferPointer { sinLon in
                        points.cosHalfLongitudes.withUnsafeBufferPointer { cosLon in
                            points.cosines.withUnsafeBufferPointer { cosines in
                                for index in 0..<cosines.count {
                                    let halfLat =
                                        sinLat[index] * own.cosHalfLatitude - cosLat[index] * own.sinHalfLatitude
                                    let halfLon =
                                        sinLon[index] * own.cosHalfLongitude - cosLon[index] * own.sinHalfLongitude
                                    let a = halfLat * halfLat + cos1 * cosines[index] * halfLon * halfLon
                                    buffer[index] = 2 * Self.earthRadius * asin(min(1, sqrt(a)))
                                }
                            }
                        }
                    }
                }
            }
            count = points.cosines.count
        }
    }

    /// The initial great-circle bearing towards `other`, in degrees clockwise from north, 0..<360.
    public func bearing(to other: Coordinate) -> Double {
        let lat1 = latitude * .pi / 180
        let lat2 = other.latitude * .pi / 180
        let dLon = (other.longitude - longitude) * .pi / 180
        let y = sin(dLon) * cos(lat2)
        let x = cos(lat1) * sin(lat2) - sin(lat1) * cos(lat2) * cos(dLon)
        let degrees = atan2(y, x) * 180 / .pi
        return (degrees + 360).truncatingRemainder(dividingBy: 360)
    }

    /// Whether both parts are finite and in range (latitude ±90, longitude ±180).
    public var isValid: Bool {
        latitude.isFinite && longitude.isFinite && abs(latitude) <= 90 && abs(longitude) <= 180
    }

    /// Parses "LAT,LON" (spaces allowed), as `--at` takes it; nil when it is not a valid point.
    public init?(parsing text: String) {
        guard let (latitude, longitude) = Self.numbers(text) else { return nil }
        self.init(latitude: latitude, longitude: longitude)
        guard isValid else { return nil }
    }

    /// Whether `text` is written as a latitude and longitude: two numbers and a comma ("LAT,LON",
    /// spaces allowed), in range or not. Such words are a point (refused as one when out of
    /// range), never a place's name or an address to look for.
    public static func isWrittenAsPoint(_ text: String) -> Bool { numbers(text) != nil }

    /// The two numbers of "LAT,LON" (spaces allowed), in range or not.
    private static func numbers(_ text: String) -> (Double, Double)? {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2,
            let latitude = Double(parts[0].trimmingCharacters(in: .whitespaces)),
            let longitude = Double(parts[1].trimmingCharacters(in: .whitespaces))
        else { return nil }
        return (latitude, longitude)
    }
}

/// Points' trigonometry worked out once, for `Coordinate.distances(_:)`: the sine and cosine of
/// half of each latitude and longitude (in radians), and the cosine of each latitude.
public struct HalfAngles: Sendable {
    var sinHalfLatitudes: [Double] = []
    var cosHalfLatitudes: [Double] = []
    var sinHalfLongitudes: [Double] = []
    var cosHalfLongitudes: [Double] = []
    var cosines: [Double] = []

    public init(_ points: [Coordinate]) {
        sinHalfLatitudes.reserveCapacity(points.count)
        cosHalfLatitudes.reserveCapacity(points.count)
        sinHalfLongitudes.reserveCapacity(points.count)
        cosHalfLongitudes.reserveCapacity(points.count)
        cosines.reserveCapacity(points.count)
        for point in points {
            let angles = Angles(point)
            sinHalfLatitudes.append(angles.sinHalfLatitude)
            cosHalfLatitudes.append(angles.cosHalfLatitude)
            sinHalfLongitudes.append(angles.sinHalfLongitude)
            cosHalfLongitudes.append(angles.cosHalfLongitude)
            cosines.append(cos(point.latitude * .pi / 180))
        }
    }

    /// These points' then `more`'s.
    func appending(_ more: HalfAngles) -> HalfAngles {
        var joined = self
        joined.sinHalfLatitudes += more.sinHalfLatitudes
        joined.cosHalfLatitudes += more.cosHalfLatitudes
        joined.sinHalfLongitudes += more.sinHalfLongitudes
        joined.cosHalfLongitudes += more.cosHalfLongitudes
        joined.cosines += more.cosines
        return joined
    }

    /// One point's.
    struct Angles {
        let sinHalfLatitude: Double
        let cosHalfLatitude: Double
        let sinHalfLongitude: Double
        let cosHalfLongitude: Double

        init(_ point: Coordinate) {
            let halfLatitude = point.latitude * .pi / 360
            let halfLongitude = point.longitude * .pi / 360
            sinHalfLatitude = sin(halfLatitude)
            cosHalfLatitude = cos(halfLatitude)
            sinHalfLongitude = sin(halfLongitude)
            cosHalfLongitude = cos(halfLongitude)
        }
    }
}
