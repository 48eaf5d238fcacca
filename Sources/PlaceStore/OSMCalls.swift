import COsmium
import Foundation

/// An OpenStreetMap file read through libosmium (the COsmium target's C interface). Every call
/// into COsmium is in this file.
enum OSMCalls {
    /// A kept object: a node, or a way or a multipolygon relation at its representative point,
    /// with its tags.
    struct Object {
        enum Kind: String {
            case node, way, relation
        }

        var id: Int64
        var kind: Kind
        var coordinate: (latitude: Double, longitude: Double)
        var tags: [String: String]

        /// The place's id: "node/N", "way/N", "relation/N".
        var placeID: String { "\(kind.rawValue)/\(id)" }
    }

    /// A named street and its points, in order.
    struct Street {
        var id: Int64
        var name: String
        var points: [(latitude: Double, longitude: Double)]
    }

    /// What a read went through.
    struct Counts: Equatable {
        var nodes = 0
        var ways = 0
        var places = 0
        var streets = 0
        var waysWithoutLocation = 0
        var relations = 0
        var relationsWithoutLocation = 0
    }

    /// Why a read failed: libosmium's own words, or `stopped` when `progress` said so.
    enum ReadError: Error {
        case broken(String)
        case stopped
    }

    /// Reads `path` in `format` ("pbf" or "osm"), calling `place` and `street` for each kept
    /// object and named street in the file's order; `progress` is told the bytes read now and
    /// then, and returns false to stop (`cosmium_read`).
    static func read(
        _ path: String, format: String, place: @escaping (Object) -> Void, street: @escaping (Street) -> Void,
        progress: @escaping (UInt64) -> Bool = { _ in true }
    ) throws(ReadError) -> Counts {
        let sink = Sink(place: place, street: street, progress: progress)
        var counts = cosmium_counts()
        var error = [CChar](repeating: 0, count: 512)
        let status = withExtendedLifetime(sink) {
            cosmium_read(
                path, format, Unmanaged.passUnretained(sink).toOpaque(),
                { context, object in
                    guard let context, let object else { return }
                    let sink = Unmanaged<Sink>.fromOpaque(context).takeUnretainedValue()
                    var tags: [String: String] = [:]
                    for index in 0..<object.pointee.tag_count {
                        let tag = object.pointee.tags[index]
                        tags[String(cString: tag.key)] = String(cString: tag.value)
                    }
                    let kind: Object.Kind
                    switch object.pointee.type {
                    case Int32(COSMIUM_WAY): kind = .way
                    case Int32(COSMIUM_RELATION): kind = .relation
                    default: kind = .node
                    }
                    sink.place(
                        Object(
                            id: object.pointee.id, kind: kind,
                            coordinate: (object.pointee.latitude, object.pointee.longitude), tags: tags))
                },
                { context, street in
                    guard let context, let street else { return }
                    let sink = Unmanaged<Sink>.fromOpaque(context).takeUnretainedValue()
                    let count = street.pointee.point_count
                    var points: [(latitude: Double, longitude: Double)] = []
                    points.reserveCapacity(count)
                    for index in 0..<count {
                        points.append((street.pointee.points[2 * index], street.pointee.points[2 * index + 1]))
                    }
                    sink.street(
                        Street(id: street.pointee.id, name: String(cString: street.pointee.name), points: points))
                },
                { context, bytes in
                    guard let context else { return 0 }
                    return Unmanaged<Sink>.fromOpaque(context).takeUnretainedValue().progress(bytes) ? 0 : 1
                },
                &counts, &error, error.count)
        }
        switch status {
        case 0:
            return Counts(
                nodes: Int(counts.nodes), ways: Int(counts.ways), places: Int(counts.places),
                streets: Int(counts.streets), waysWithoutLocation: Int(counts.ways_without_location),
                relations: Int(counts.relations),
                relationsWithoutLocation: Int(counts.relations_without_location))
        case -2: throw .stopped
        default:
            let message = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw .broken(message)
        }
    }

    /// The callbacks, reached from C through the context pointer.
    private final class Sink {
        let place: (Object) -> Void
        let street: (Street) -> Void
        let progress: (UInt64) -> Bool

        init(
            place: @escaping (Object) -> Void, street: @escaping (Street) -> Void, progress: @escaping (UInt64) -> Bool
        ) {
            self.place = place
            self.street = street
            self.progress = progress
        }
    }
}
