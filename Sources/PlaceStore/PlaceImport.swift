import Foundation
import PlaceData
import Words

/// `nearby-voice import`: an OpenStreetMap extract (through libosmium), or places another
/// loader read, into a new place store.
public enum PlaceImport {
    /// What an import wrote and read.
    public struct Counts: Equatable, Sendable {
        public var places = 0
        public var streets = 0
        /// Places without an address that were given their nearest street.
        public var nearestStreets = 0
        /// Of an OpenStreetMap file: its nodes, ways and relations, and the ways and multipolygon
        /// relations kept by their tags whose nodes (of the relation's outer ways) all lie outside
        /// the extract (not kept).
        public var nodes = 0
        public var ways = 0
        public var waysWithoutLocation = 0
        public var relations = 0
        public var relationsWithoutLocation = 0
        /// Parks' outlines kept (`leisure=park` ways and multipolygons with a name), and named
        /// parks whose outline is not whole in the extract (not kept: they stay places at their
        /// point).
        public var parks = 0
        public var parksWithoutOutline = 0
        /// The walking network of an OpenStreetMap file (`NetworkBuilder`).
        public var network = NetworkCounts()
        /// The file-backed node index's blocks on disk at the end of the read, in bytes (0 for
        /// the index in memory).
        public var nodeIndexBytes: UInt64 = 0
    }

    /// The source name of OpenStreetMap data, as stores and the greeting give it.
    public static let openStreetMap = "OpenStreetMap"

    /// The libosmium format of a file named `path`: "pbf" for `.pbf`, "osm" for `.osm` (and
    /// `.osm.gz`, `.osm.bz2`, which libosmium decompresses), nil for any other file.
    public static func osmFormat(of path: String) -> String? {
        let name = path.lowercased()
        if name.hasSuffix(".pbf") { return "pbf" }
        for suffix in [".osm", ".osm.gz", ".osm.bz2"] where name.hasSuffix(suffix) {
            return "osm" + suffix.dropFirst(4)
        }
        return nil
    }

    /// Imports the OpenStreetMap file `path` (in `format`, `osmFormat(of:)`) into a new store at
    /// `output`. `shouldStop` is asked now and then; when it says yes, the unfinished file is
    /// removed and nil comes back. Throws when the file is missing, broken, not OpenStreetMap or
    /// holds no places (nothing is written), or when the store cannot be written. The nodes'
    /// locations are kept where `nodeIndex` says (`NodeIndex`: by the extract's size); a file
    /// for them goes in the store's folder and is gone when the read ends, however it ends.
    public static func importOSM(
        _ path: String, format: String, into output: String, nodeIndex: NodeIndex = .auto,
        shouldStop: @escaping () -> Bool = { false }
    ) throws(StoreProblem) -> Counts? {
        let kind = nodeIndex.kind(
            forExtractBytes: NodeIndex.bytes(of: path), folder: NodeIndex.folder(forStore: output))
        return try importOSM(path, format: format, into: output, index: kind, shouldStop: shouldStop)
    }

    /// `importOSM(_:format:into:nodeIndex:shouldStop:)` with the node index `index` given.
    static func importOSM(
        _ path: String, format: String, into output: String, index: OSMCalls.NodeIndexKind,
        shouldStop: @escaping () -> Bool = { false }
    ) throws(StoreProblem) -> Counts? {
        guard FileManager.default.isReadableFile(atPath: path) else {
            let reason =
                FileManager.default.fileExists(atPath: path) ? "Permission denied" : "No such file or directory"
            throw StoreProblem(.noInput, file: path, Phrase.storeCannotOpen(reason: reason))
        }
        let writer = try StoreWriter(output: output)
        var failure: StoreProblem?
        var network = NetworkBuilder()
        var kinds = OSMTagging.KindWords()
        var stops = TransitStops()
        let read: OSMCalls.Counts
        do throws(OSMCalls.ReadError) {
            read = try OSMCalls.read(
                path, format: format, nodeIndex: index,
                place: { object in
                    guard failure == nil else { return }
                    let place = OSMTagging.place(
                        id: object.placeID, latitude: object.coordinate.latitude,
                        longitude: object.coordinate.longitude, tags: object.tags, kinds: &kinds)
                    let names = OSMTagging.names(object.tags)
                    guard !stops.add(object, place: place, names: names), let place else { return }
                    do throws(StoreProblem) {
                        try writer.add(place, names: names, ident: object.ident)
                    } catch {
                        failure = error
                    }
                },
                street: { street in
                    guard failure == nil, let name = OSMTagging.cleaned(street.name) else { return }
                    do throws(StoreProblem) {
                        try writer.addStreet(osmID: street.id, name: name, points: street.points)
                    } catch {
                        failure = error
                    }
                },
                park: { park in
                    guard failure == nil, let name = OSMTagging.cleaned(park.name) else { return }
                    do throws(StoreProblem) {
                        try writer.addPark(id: park.placeID, name: name, rings: park.rings)
                    } catch {
                        failure = error
                    }
                },
                walkway: { network.add($0) }, crossing: { network.add($0) }, membership: { stops.add($0) },
                progress: { _ in failure == nil && !shouldStop() })
        } catch {
            writer.abandon()
            if let failure { throw failure }
            switch error {
            case .stopped: return nil
            case .broken(let reason):
                throw StoreProblem(.badData, file: path, Phrase.storeNotOsm(reason: reason))
            case .nodeIndex(let reason):
                let folder = NodeIndex.folder(forStore: output)
                throw StoreProblem(
                    .cannotWrite, file: output,
                    Phrase.storeCannotWrite(reason: "the node index in \(folder): \(reason)"))
            }
        }
        if failure == nil {
            do throws(StoreProblem) {
                for stop in stops.stops() { try writer.add(stop.place, names: stop.names, ident: stop.ident) }
            } catch {
                failure = error
            }
        }
        if let failure {
            writer.abandon()
            throw failure
        }
        guard writer.placeCount > 0 else {
            writer.abandon()
            throw StoreProblem(.badData, file: path, Phrase(.storeNoPlaces))
        }
        var counts = Counts(
            places: writer.placeCount, streets: writer.streetCount, nodes: read.nodes, ways: read.ways,
            waysWithoutLocation: read.waysWithoutLocation, relations: read.relations,
            relationsWithoutLocation: read.relationsWithoutLocation, parks: writer.parkCount,
            parksWithoutOutline: read.parksWithoutOutline, nodeIndexBytes: read.indexBytes)
        writer.startNearestStreets()
        network.build()
        counts.network = network.counts
        do throws(StoreProblem) {
            try writer.addNetwork(network)
            var meta = meta(source: openStreetMap, file: path)
            meta["vertices"] = String(network.counts.vertices)
            meta["edges"] = String(network.counts.edges)
            meta["intersections"] = String(network.counts.intersections)
            try writer.finish(meta: meta)
            counts.nearestStreets = writer.nearestStreetCount
        } catch {
            writer.abandon()
            throw error
        }
        return counts
    }

    /// Imports places another loader read (GeoJSON, CSV, JSON) from `path`, whose format is
    /// `source`, into a new store at `output`.
    public static func importPlaces(
        _ places: [Place], source: String, from path: String, into output: String
    ) throws(StoreProblem) -> Counts {
        guard !places.isEmpty else { throw StoreProblem(.badData, file: path, Phrase(.storeNoPlaces)) }
        let writer = try StoreWriter(output: output)
        do throws(StoreProblem) {
            for place in places { try writer.add(place) }
            try writer.finish(meta: meta(source: source, file: path))
        } catch {
            writer.abandon()
            throw error
        }
        return Counts(places: places.count)
    }

    /// The store's record of its source: what it is, the file's absolute path, size and
    /// modification time (nanoseconds), and the licence of OpenStreetMap data.
    static func meta(source: String, file: String) -> [String: String] {
        var meta = ["source": source]
        if let stamp = SourceStamp(file) {
            meta["source_file"] = stamp.path
            meta["source_size"] = String(stamp.size)
            meta["source_modified"] = String(stamp.modified)
        }
        if source == openStreetMap { meta["licence"] = "© OpenStreetMap contributors, ODbL 1.0" }
        return meta
    }
}

/// A source file as the cache knows it: its absolute path, size and modification time.
public struct SourceStamp: Equatable, Sendable {
    public var path: String
    public var size: Int64
    /// Nanoseconds since 1970.
    public var modified: Int64

    public init?(_ file: String) {
        let url = URL(fileURLWithPath: file).standardizedFileURL
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
            let size = (attributes[.size] as? NSNumber)?.int64Value,
            let date = attributes[.modificationDate] as? Date
        else { return nil }
        path = url.path
        self.size = size
        modified = Int64((date.timeIntervalSince1970 * 1e9).rounded())
    }

    /// Whether `store` was imported from this file as it is now.
    public func matches(_ store: PlaceStore) -> Bool {
        store.sourceFile == path && store.sourceSize == size && store.sourceModified == modified
    }
}

extension PlaceImport {
    /// Reads the OpenStreetMap file `path` into memory, no store: its places, those without an
    /// address given their nearest street as an import gives them. For when no store can be
    /// written (a cache folder that cannot be made).
    public static func readOSM(_ path: String, format: String) throws(StoreProblem) -> [Place] {
        guard FileManager.default.isReadableFile(atPath: path) else {
            let reason =
                FileManager.default.fileExists(atPath: path) ? "Permission denied" : "No such file or directory"
            throw StoreProblem(.noInput, file: path, Phrase.storeCannotOpen(reason: reason))
        }
        var places: [Place] = []
        var streets = StreetIndex()
        var stops = TransitStops()
        do throws(OSMCalls.ReadError) {
            _ = try OSMCalls.read(
                path, format: format,
                place: { object in
                    let place = OSMTagging.place(
                        id: object.placeID, latitude: object.coordinate.latitude,
                        longitude: object.coordinate.longitude, tags: object.tags)
                    guard !stops.add(object, place: place, names: [:]), let place else { return }
                    places.append(place)
                },
                street: { street in
                    if let name = OSMTagging.cleaned(street.name) { streets.add(name: name, points: street.points) }
                },
                membership: { stops.add($0) })
        } catch {
            let reason: String
            switch error {
            case .broken(let text): reason = text
            case .stopped: reason = "stopped"
            case .nodeIndex(let text): reason = text
            }
            throw StoreProblem(.badData, file: path, Phrase.storeNotOsm(reason: reason))
        }
        places += stops.stops().map(\.place)
        guard !places.isEmpty else { throw StoreProblem(.badData, file: path, Phrase(.storeNoPlaces)) }
        for index in places.indices where places[index].facts.street == nil {
            if let street = streets.nearest(to: places[index].coordinate, within: StreetIndex.reach) {
                places[index].facts.street = street.name
                places[index].facts.streetIsNearest = true
            }
        }
        return places
    }
}

extension TransitStops {
    /// Takes a read object when it is a part of a stop (`TransitStops.add`).
    fileprivate mutating func add(_ object: OSMCalls.Object, place: Place?, names: [String: String]) -> Bool {
        add(
            id: object.placeID, latitude: object.coordinate.latitude, longitude: object.coordinate.longitude,
            tags: object.tags, place: place, names: names, ident: object.ident)
    }

    /// Takes a read membership (`TransitStops.addMembership`).
    fileprivate mutating func add(_ membership: OSMCalls.Membership) {
        addMembership(
            member: membership.member, relation: membership.relation, route: membership.route, ref: membership.ref)
    }
}
