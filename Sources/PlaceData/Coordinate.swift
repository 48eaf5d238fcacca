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

    /// The distance to each of many points, each exactly `distance(to:)`'s, with this point's
    /// trigonometry done once and the points' own given ahead (`Places` works them out once):
    /// their latitudes in radians, the cosines of those, and their longitudes in degrees.
    public func distances(latitudes: [Double], cosines: [Double], longitudes: [Double]) -> [Double] {
        // No points, no buffer: an array of no capacity is the one empty array every thread
        // shares, and setting its count from here is a write ThreadSanitizer sees race.
        guard !latitudes.isEmpty else { return [] }
        let lat1 = latitude * .pi / 180
        let cos1 = cos(lat1)
        return [Double](unsafeUninitializedCapacity: latitudes.count) { buffer, count in
            latitudes.withUnsafeBufferPointer { latitudes in
                cosines.withUnsafeBufferPointer { cosines in
                    longitudes.withUnsafeBufferPointer { longitudes in
                        for index in 0..<latitudes.count {
                            let dLat = latitudes[index] - lat1
                            let dLon = (longitudes[index] - longitude) * .pi / 180
                            let a =
                                sin(dLat / 2) * sin(dLat / 2) + cos1 * cosines[index] * sin(dLon / 2) * sin(dLon / 2)
                            buffer[index] = 2 * Self.earthRadius * asin(min(1, sqrt(a)))
                        }
                    }
                }
            }
            count = latitudes.count
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
