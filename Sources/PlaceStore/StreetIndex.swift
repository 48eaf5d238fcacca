import Foundation
import PlaceData

/// Named streets as segments in a grid of cells, for the nearest street to a point: the street
/// a place without an address is on, and the street you are on. Distances are to the nearest
/// point of a segment, on a plane tangent at the point (exact enough within `reach`).
public struct StreetIndex: Sendable {
    /// How far a street may be and still be "the street" of a point: 150 metres. Beyond that a
    /// place has no street rather than a far one.
    public static let reach = 150.0

    /// Cells of 0.002 degrees of latitude by 0.004 of longitude (about 220 by 220 metres at 60°N).
    static let cellLatitude = 0.002
    static let cellLongitude = 0.004

    private struct Segment {
        var street: Int32
        var from: (latitude: Double, longitude: Double)
        var to: (latitude: Double, longitude: Double)
    }

    /// The streets' names, by the numbers `nearestStreet` gives.
    private(set) var names: [String] = []
    private var segments: [Segment] = []
    private var cells: [Int64: [Int32]] = [:]

    public init() {}

    public var isEmpty: Bool { names.isEmpty }

    /// Adds a street and its points, in order.
    mutating func add(name: String, points: [(latitude: Double, longitude: Double)]) {
        guard let first = points.first else { return }
        let street = Int32(names.count)
        names.append(name)
        let pairs = points.count == 1 ? [(first, first)] : Array(zip(points, points.dropFirst()))
        for (from, to) in pairs {
            let segment = Int32(segments.count)
            segments.append(Segment(street: street, from: from, to: to))
            for row in Self.row(min(from.latitude, to.latitude))...Self.row(max(from.latitude, to.latitude)) {
                for column in Self.column(
                    min(from.longitude, to.longitude))...Self.column(
                        max(from.longitude, to.longitude))
                {
                    cells[Self.key(row, column), default: []].append(segment)
                }
            }
        }
    }

    /// The nearest street within `radius` metres of `point`, and its distance.
    func nearest(to point: Coordinate, within radius: Double) -> (name: String, distance: Double)? {
        nearestStreet(to: point, within: radius).map { (names[Int($0.street)], $0.distance) }
    }

    /// The number of the nearest street within `radius` metres of `point` (the first found of
    /// those as near), and its distance, on the plane tangent at the point (`TangentPlane`, its
    /// scale worked out once for all the segments).
    func nearestStreet(to point: Coordinate, within radius: Double) -> (street: Int32, distance: Double)? {
        let box = BoundingBox(around: point, radius: radius)
        let plane = TangentPlane(at: point)
        var best: (street: Int32, distance: Double)?
        for row in Self.row(box.south)...Self.row(box.north) {
            for column in Self.column(box.west)...Self.column(box.east) {
                // A segment in several cells is measured more than once: cheaper than a set.
                guard let list = cells[Self.key(row, column)] else { continue }
                for index in list {
                    let segment = segments[Int(index)]
                    let distance = plane.project(
                        onto: Coordinate(latitude: segment.from.latitude, longitude: segment.from.longitude),
                        Coordinate(latitude: segment.to.latitude, longitude: segment.to.longitude)
                    ).distance
                    if distance <= radius, distance < best?.distance ?? .infinity {
                        best = (segment.street, distance)
                    }
                }
            }
        }
        return best
    }

    private static func row(_ latitude: Double) -> Int64 { Int64((latitude / cellLatitude).rounded(.down)) }
    private static func column(_ longitude: Double) -> Int64 { Int64((longitude / cellLongitude).rounded(.down)) }
    private static func key(_ row: Int64, _ column: Int64) -> Int64 { row &* 1_000_003 &+ column }

    /// Metres from `point` to the segment `a`-`b`, on the plane tangent at `point`: the walking
    /// network's one measure (`StreetNetwork.project`).
    static func distance(
        from point: Coordinate, to a: (latitude: Double, longitude: Double), _ b: (latitude: Double, longitude: Double)
    ) -> Double {
        StreetNetwork.project(
            point, onto: Coordinate(latitude: a.latitude, longitude: a.longitude),
            Coordinate(latitude: b.latitude, longitude: b.longitude)
        ).0
    }

    /// A street's points as the store keeps them: little-endian Float64 pairs.
    static func bytes(_ points: [(latitude: Double, longitude: Double)]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(points.count * 16)
        for point in points {
            withUnsafeBytes(of: point.latitude.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
            withUnsafeBytes(of: point.longitude.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
        }
        return bytes
    }

    static func points(_ bytes: UnsafeRawBufferPointer) -> [(latitude: Double, longitude: Double)] {
        var points: [(latitude: Double, longitude: Double)] = []
        var offset = 0
        while offset + 16 <= bytes.count {
            let latitude = Double(
                bitPattern: UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
            let longitude = Double(
                bitPattern: UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self)))
            points.append((latitude, longitude))
            offset += 16
        }
        return points
    }
}
