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

        /// `StoreSchema.ident(placeID)` when it is a number, made without the text: a node's
        /// positive number, a way's negated; nil for a relation or a number not above 0.
        var ident: Int64? {
            guard id > 0 else { return nil }
            switch kind {
            case .node: return id
            case .way: return -id
            case .relation: return nil
            }
        }
    }

    /// A named street and its points, in order.
    struct Street {
        var id: Int64
        var name: String
        var points: [(latitude: Double, longitude: Double)]
    }

    /// A park's outline (`cosmium_park`): its outer rings, each closed (its last point its first).
    struct Park {
        /// "way/N" or "relation/N", as `Object.placeID`.
        var placeID: String
        var name: String
        var rings: [[(latitude: Double, longitude: Double)]]
    }

    /// A way a pedestrian can use (`cosmium_is_walkable`), named or not, every node in order:
    /// a node missing from the extract has a nil location.
    struct Walkway {
        var id: Int64
        var nodes: [Int64]
        var points: [(latitude: Double, longitude: Double)?]
        var name: String
        var ref: String
        /// The `highway` value.
        var kind: String
        var sidewalk: String
        var footway: String
        var oneway: Bool
        var roundabout: Bool
    }

    /// A crossing node and its facts ("" when the tag is absent).
    struct Crossing: Equatable {
        var id: Int64
        var latitude: Double
        var longitude: Double
        var crossing: String
        var signals: String
        var tactilePaving: String
        var buttonOperated: String
        var sound: String
        /// Also `highway=traffic_signals`.
        var trafficSignals: Bool
    }

    /// A stop's membership of a route (its `route` value and `ref`) or of a stop area (`route`
    /// "stop_area"): `cosmium_membership`.
    struct Membership: Equatable {
        /// "node/N" or "way/N", as `Object.placeID`.
        var member: String
        var relation: Int64
        var route: String
        var ref: String
    }

    /// Where a read keeps the node locations that give ways their points (`COSMIUM_INDEX_*`).
    enum NodeIndexKind: Equatable {
        /// libosmium's `FlexMem`, in memory.
        case memory
        /// A `SparseFileArray` (16 bytes a node) in an unnamed temporary file in the folder.
        case sparseFile(folder: String)
        /// A `DenseFileArray` (8 bytes × the largest id) in an unnamed temporary file in the folder.
        case denseFile(folder: String)
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
        var walkways = 0
        var crossings = 0
        /// Parks' outlines handed on, and named parks whose outline is not whole in the extract.
        var parks = 0
        var parksWithoutOutline = 0
        /// The file-backed node index's blocks on disk at the end, in bytes (0 in memory).
        var indexBytes: UInt64 = 0
    }

    /// Why a read failed: libosmium's own words, `stopped` when `progress` said so, or the node
    /// index's temporary file that could not be made or grown (the system's words).
    enum ReadError: Error {
        case broken(String)
        case stopped
        case nodeIndex(String)
    }

    /// Reads `path` in `format` ("pbf" or "osm"), calling `place` and `street` for each kept
    /// object and named street in the file's order; `progress` is told the bytes read now and
    /// then, and returns false to stop (`cosmium_read`). `walkway` and `crossing`, when given,
    /// are called for each walkable way and crossing node in the same read; `membership` for each
    /// stop's membership of a route or stop area; `park` for each park's outline. The node
    /// locations are kept where `nodeIndex` says.
    static func read(
        _ path: String, format: String, nodeIndex: NodeIndexKind = .memory, place: @escaping (Object) -> Void,
        street: @escaping (Street) -> Void,
        park: ((Park) -> Void)? = nil, walkway: ((Walkway) -> Void)? = nil, crossing: ((Crossing) -> Void)? = nil,
        membership: ((Membership) -> Void)? = nil, progress: @escaping (UInt64) -> Bool = { _ in true }
    ) throws(ReadError) -> Counts {
        let sink = Sink(place: place, street: street, progress: progress)
        sink.walkway = walkway
        sink.crossing = crossing
        sink.membership = membership
        sink.park = park
        var counts = cosmium_counts()
        var error = [CChar](repeating: 0, count: 512)
        let (indexCode, indexFolder): (Int32, String)
        switch nodeIndex {
        case .memory: (indexCode, indexFolder) = (Int32(COSMIUM_INDEX_MEMORY), "")
        case .sparseFile(let folder): (indexCode, indexFolder) = (Int32(COSMIUM_INDEX_SPARSE_FILE), folder)
        case .denseFile(let folder): (indexCode, indexFolder) = (Int32(COSMIUM_INDEX_DENSE_FILE), folder)
        }
        var network = cosmium_network(
            walkway: walkway == nil
                ? nil
                : { context, way in
                    guard let context, let way else { return }
                    Unmanaged<Sink>.fromOpaque(context).takeUnretainedValue().walkway?(Walkway(way.pointee))
                },
            crossing: crossing == nil
                ? nil
                : { context, crossing in
                    guard let context, let crossing else { return }
                    Unmanaged<Sink>.fromOpaque(context).takeUnretainedValue().crossing?(Crossing(crossing.pointee))
                })
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
                park == nil
                    ? nil
                    : { context, park in
                        guard let context, let park else { return }
                        Unmanaged<Sink>.fromOpaque(context).takeUnretainedValue().park?(Park(park.pointee))
                    },
                &network,
                membership == nil
                    ? nil
                    : { context, found in
                        guard let context, let found else { return }
                        let kind = found.pointee.member_type == Int32(COSMIUM_WAY) ? "way" : "node"
                        Unmanaged<Sink>.fromOpaque(context).takeUnretainedValue().membership?(
                            Membership(
                                member: "\(kind)/\(found.pointee.member_id)", relation: found.pointee.relation_id,
                                route: String(cString: found.pointee.route), ref: String(cString: found.pointee.ref)))
                    },
                { context, bytes in
                    guard let context else { return 0 }
                    return Unmanaged<Sink>.fromOpaque(context).takeUnretainedValue().progress(bytes) ? 0 : 1
                },
                indexCode, indexFolder, &counts, &error, error.count)
        }
        switch status {
        case 0:
            return Counts(
                nodes: Int(counts.nodes), ways: Int(counts.ways), places: Int(counts.places),
                streets: Int(counts.streets), waysWithoutLocation: Int(counts.ways_without_location),
                relations: Int(counts.relations),
                relationsWithoutLocation: Int(counts.relations_without_location), walkways: Int(counts.walkways),
                crossings: Int(counts.crossings), parks: Int(counts.parks),
                parksWithoutOutline: Int(counts.parks_without_outline), indexBytes: counts.index_bytes)
        case -2: throw .stopped
        default:
            let message = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if status == -3 { throw .nodeIndex(message) }
            throw .broken(message)
        }
    }

    /// The callbacks, reached from C through the context pointer.
    private final class Sink {
        let place: (Object) -> Void
        let street: (Street) -> Void
        let progress: (UInt64) -> Bool
        var walkway: ((Walkway) -> Void)?
        var crossing: ((Crossing) -> Void)?
        var membership: ((Membership) -> Void)?
        var park: ((Park) -> Void)?

        init(
            place: @escaping (Object) -> Void, street: @escaping (Street) -> Void, progress: @escaping (UInt64) -> Bool
        ) {
            self.place = place
            self.street = street
            self.progress = progress
        }
    }
}

extension OSMCalls.Walkway {
    /// A copy of the C way, which lives only for its callback.
    fileprivate init(_ way: cosmium_walkway) {
        let count = way.node_count
        nodes = Array(UnsafeBufferPointer(start: way.node_ids, count: count))
        points = (0..<count).map { index in
            let latitude = way.points[2 * index]
            let longitude = way.points[2 * index + 1]
            return latitude.isNaN || longitude.isNaN ? nil : (latitude, longitude)
        }
        id = way.id
        name = String(cString: way.name)
        ref = String(cString: way.ref)
        kind = String(cString: way.highway)
        sidewalk = String(cString: way.sidewalk)
        footway = String(cString: way.footway)
        oneway = way.flags & Int32(COSMIUM_ONEWAY) != 0
        roundabout = way.flags & Int32(COSMIUM_ROUNDABOUT) != 0
    }
}

extension OSMCalls.Park {
    /// A copy of the C park, which lives only for its callback.
    fileprivate init(_ park: cosmium_park) {
        let kind = park.type == Int32(COSMIUM_RELATION) ? "relation" : "way"
        placeID = "\(kind)/\(park.id)"
        name = String(cString: park.name)
        var rings: [[(latitude: Double, longitude: Double)]] = []
        var offset = 0
        for ring in 0..<park.ring_count {
            let size = park.ring_sizes[ring]
            rings.append((offset..<(offset + size)).map { (park.points[2 * $0], park.points[2 * $0 + 1]) })
            offset += size
        }
        self.rings = rings
    }
}

extension OSMCalls.Crossing {
    /// A copy of the C crossing.
    fileprivate init(_ crossing: cosmium_crossing) {
        id = crossing.id
        latitude = crossing.latitude
        longitude = crossing.longitude
        self.crossing = String(cString: crossing.crossing)
        signals = String(cString: crossing.signals)
        tactilePaving = String(cString: crossing.tactile_paving)
        buttonOperated = String(cString: crossing.button_operated)
        sound = String(cString: crossing.sound)
        trafficSignals = crossing.traffic_signals != 0
    }
}
