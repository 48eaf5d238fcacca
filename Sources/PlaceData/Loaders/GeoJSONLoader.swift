import Dispatch
import Synchronization
import Words

/// Reads a GeoJSON FeatureCollection (RFC 7946) of Point features: `name` from the properties
/// (required); the kind from `kind`, `category`, or OpenStreetMap's `amenity`, `shop`, `tourism`,
/// `leisure` (as words: `cafe` is "Café"), else "Place"; the id from the feature or its
/// properties (a string or a number); an optional `symbol`. Features that are not Points are
/// skipped and counted.
///
/// A large file is read on two threads first: a quick look for a feature boundary near the
/// middle of the features array (a `}`, a comma, a `{`), the second half read from there while
/// the first half is read from the start, and the halves joined in file order. The guess counts
/// only when the first reader, feature by feature, arrives exactly there; otherwise (the bytes
/// were inside a string, say) the first reader carries on to the end alone. Ids are checked
/// once every place is in. On any problem at all (in either half, or a duplicate id), the file
/// is read again on one thread, in order, checking as it goes, so that the message is the
/// first problem in the file with its line, column, feature number and field, exactly as
/// before, and nothing is half-loaded.
enum GeoJSONLoader {
    /// Features arrays shorter than this (in bytes) are read on one thread.
    static let parallelBytes = 1 << 20

    /// `parallel: false` reads on one thread whatever the size (tests compare the two reads);
    /// `blockCapacity`, places to a block of the second half's memory.
    static func load(
        _ bytes: UnsafeBufferPointer<UInt8>, file: String, parallel: Bool = true,
        blockCapacity: Int = PlaceBlocks.defaultCapacity, kindWords: Catalog = .builtIn(.english)
    ) throws(PlacesFile.Problem) -> PlacesFile.Loaded {
        if parallel, bytes.count >= parallelBytes,
            let loaded = try twoThreads(bytes, file: file, blockCapacity: blockCapacity, kindWords: kindWords)
        {
            return loaded
        }
        // About 180 bytes a feature in an OpenStreetMap export.
        var builder = PlaceBuilder(file: file, bytes: bytes, expected: bytes.count / 200)
        builder.kindWords = kindWords
        let skipped = try document(bytes, file: file, &builder, parallel: false)
        return PlacesFile.Loaded(places: builder.places, skippedFeatures: skipped)
    }

    /// The places of a file read on two threads, ids checked at the end; nil on any problem.
    static func quickly(_ bytes: UnsafeBufferPointer<UInt8>, file: String) -> PlacesFile.Loaded? {
        (try? twoThreads(bytes, file: file, blockCapacity: PlaceBlocks.defaultCapacity)) ?? nil
    }

    /// The places of a file read on two threads, ids checked at the end; nil on any problem but
    /// memory that cannot be had, which is thrown (reading again would not find it either).
    static func twoThreads(
        _ bytes: UnsafeBufferPointer<UInt8>, file: String, blockCapacity: Int, kindWords: Catalog = .builtIn(.english)
    ) throws(PlacesFile.Problem) -> PlacesFile.Loaded? {
        var builder = PlaceBuilder(
            file: file, bytes: bytes, collecting: bytes.count / 180, blockCapacity: blockCapacity)
        builder.kindWords = kindWords
        do throws(PlacesFile.Problem) {
            let skipped = try document(bytes, file: file, &builder, parallel: true)
            if builder.findsDuplicate() { return nil }
            return PlacesFile.Loaded(places: builder.places, skippedFeatures: skipped)
        } catch {
            if error.isOutOfMemory { throw error }
            return nil
        }
    }

    /// Reads the FeatureCollection; returns how many features were skipped.
    private static func document(
        _ bytes: UnsafeBufferPointer<UInt8>, file: String, _ builder: inout PlaceBuilder, parallel: Bool
    ) throws(PlacesFile.Problem) -> Int {
        var scanner = JSONScanner(bytes, file: file)
        var skipped = 0
        var sawFeatures = false
        var typeProblem: PlacesFile.Problem?
        try scanner.expect(UInt8(ascii: "{"), field: nil, Phrase(.placesFileWhatGeojsonObject))
        if !scanner.closesAtOnce(UInt8(ascii: "}")) {
            repeat {
                switch try scanner.key(topKeys, field: nil) {
                case 0:
                    let start = scanner.position
                    guard scanner.peek() == UInt8(ascii: "\"") else {
                        throw scanner.problem(
                            at: scanner.position, field: "type",
                            scanner.expected(Phrase(.placesFileWhatFeatureCollection)))
                    }
                    let type = try scanner.string(field: "type")
                    if type != "FeatureCollection" {
                        typeProblem = scanner.problem(
                            at: start, field: "type",
                            Phrase.placesFileExpected(
                                what: Phrase(.placesFileWhatFeatureCollection),
                                found: Phrase.placesFileFoundText(text: SafeText.clean(type, limit: 40))))
                    }
                case 1:
                    sawFeatures = true
                    try features(&scanner, &builder, &skipped, parallel: parallel)
                default:
                    try scanner.skipValue(field: nil)
                }
            } while try scanner.more(UInt8(ascii: "}"), field: nil)
        }
        try scanner.expectEnd()
        if let typeProblem { throw typeProblem }
        guard sawFeatures else {
            throw scanner.problem(at: 0, field: "features", Phrase(.placesFileFeaturesMissing))
        }
        guard !builder.places.isEmpty else {
            throw scanner.problem(
                at: 0, field: "features",
                skipped > 0
                    ? Phrase.placesFileNoPointFeatures(count: String(skipped), plural: skipped)
                    : Phrase(.placesFileNoFeatures))
        }
        return skipped
    }

    /// What reading one feature needs between features: the properties' values, the words of
    /// OpenStreetMap tags seen, and the feature number.
    struct Reading {
        var values: [(text: String, at: Int)?] = Array(repeating: nil, count: propertyKeys.count)
        /// The kind of each value, by its key's place among `amenity`, `shop`, `tourism`, `leisure`.
        var words: [[String: String]] = Array(repeating: [:], count: 4)
        var number = 0
    }

    /// Reads a features array into `builder`, on two threads when it is large.
    private static func features(
        _ scanner: inout JSONScanner, _ builder: inout PlaceBuilder, _ skipped: inout Int, parallel: Bool
    ) throws(PlacesFile.Problem) {
        try scanner.expect(UInt8(ascii: "["), field: "features", Phrase(.placesFileWhatFeaturesArray))
        if scanner.closesAtOnce(UInt8(ascii: "]")) { return }
        var reading = Reading()
        guard parallel, scanner.bytes.count - scanner.position >= parallelBytes,
            let boundary = guessBoundary(
                scanner.bytes, from: scanner.position + (scanner.bytes.count - scanner.position) / 2)
        else {
            _ = try run(&scanner, &builder, &reading, &skipped, stop: nil, other: nil)
            return
        }
        let second = SecondHalf(
            bytes: scanner.bytes, file: scanner.file, boundary: boundary, blockCapacity: builder.blockCapacity,
            kindWords: builder.kindWords)
        // The first half's reader owns the state while it reads (moved, not copied).
        let first = FirstHalf(scanner: scanner, builder: builder, reading: reading, skipped: skipped)
        builder = PlaceBuilder(file: scanner.file, bytes: scanner.bytes, collecting: 0)
        DispatchQueue.concurrentPerform(iterations: 2) { task in
            if task == 1 { second.read() } else { first.read(to: second) }
        }
        scanner = first.scanner
        builder = first.builder
        first.builder = PlaceBuilder(file: scanner.file, bytes: scanner.bytes, collecting: 0)
        reading = first.reading
        skipped = first.skipped
        guard try first.outcome.get() == .stop else { return }  // read to the end on one thread
        guard let part = second.part else {
            if let problem = second.outOfMemory { throw problem }
            // The second half has a problem: the caller reads the file again in order for it.
            throw PlacesFile.Problem(file: scanner.file, message: Phrase(.placesFileAfterMiddle))
        }
        second.part = nil
        builder.append(part.builder)
        skipped += part.skipped
        scanner.position = part.end
    }

    /// Reads one feature; returns false when it is not a Point (and so skipped).
    static func feature(
        _ scanner: inout JSONScanner, _ builder: inout PlaceBuilder, _ values: inout [(text: String, at: Int)?],
        _ words: inout [[String: String]], number: Int
    ) throws(PlacesFile.Problem) -> Bool {
        func label() -> String { "feature \(number)" }
        let start = scanner.position
        try scanner.expect(UInt8(ascii: "{"), field: label(), Phrase(.placesFileWhatFeatureObject))
        var isPoint = false
        var coordinates: Position?
        var id: (text: String, at: Int)?
        var propertiesAt: Int?
        for key in values.indices { values[key] = nil }
        if !scanner.closesAtOnce(UInt8(ascii: "}")) {
            repeat {
                switch try scanner.key(featureKeys, field: label()) {
                case 0:
                    let at = scanner.position
                    let isFeature =
                        scanner.peek() == UInt8(ascii: "\"") ? try scanner.stringIs("Feature", field: label()) : false
                    if !isFeature {
                        throw scanner.problem(
                            at: at, field: "\(label()) type",
                            Phrase.placesFileExpectedOnly(what: Phrase(.placesFileWhatFeature)))
                    }
                case 1:
                    id = try idValue(&scanner, field: "\(label()) id")
                case 2:
                    guard scanner.peek() == UInt8(ascii: "{") else {
                        try scanner.literal(field: "\(label()) geometry")  // null: not a Point
                        continue
                    }
                    scanner.position += 1
                    if scanner.closesAtOnce(UInt8(ascii: "}")) { continue }
                    repeat {
                        switch try scanner.key(geometryKeys, field: "\(label()) geometry") {
                        case 0:
                            let at = scanner.position
                            guard scanner.peek() == UInt8(ascii: "\"") else {
                                throw scanner.problem(
                                    at: at, field: "\(label()) geometry type",
                                    scanner.expected(Phrase(.placesFileWhatString)))
                            }
                            isPoint = try scanner.stringIs("Point", field: "\(label()) geometry type")
                        case 1:
                            coordinates = try position(&scanner, field: "\(label()) coordinates")
                        default:
                            try scanner.skipValue(field: "\(label()) geometry")
                        }
                    } while try scanner.more(UInt8(ascii: "}"), field: "\(label()) geometry")
                case 3:
                    guard scanner.peek() == UInt8(ascii: "{") else {
                        try scanner.literal(field: "\(label()) properties")
                        continue
                    }
                    propertiesAt = scanner.position
                    scanner.position += 1
                    if scanner.closesAtOnce(UInt8(ascii: "}")) { continue }
                    repeat {
                        if let key = try scanner.key(propertyKeys, field: "\(label()) properties") {
                            func field() -> String { "\(label()) \(propertyKeys[key].description)" }
                            let at = scanner.position
                            if key == idKey {
                                if let value = try idValue(&scanner, field: field()) { values[key] = value }
                            } else if key >= firstFactKey && scanner.peek() != UInt8(ascii: "\"") {
                                // A fact that is not text (a house number written as a number, a
                                // list): a number as written, anything else left out.
                                if let byte = scanner.peek(), byte == UInt8(ascii: "-") || JSONScanner.isDigit(byte) {
                                    values[key] = try idValue(&scanner, field: field())
                                } else {
                                    try scanner.skipValue(field: field())
                                }
                            } else if scanner.peek() == UInt8(ascii: "\"") {
                                values[key] = (try scanner.string(field: field()), at)
                            } else if scanner.peek() == UInt8(ascii: "n") {
                                try scanner.literal(field: field())  // null: as if absent
                            } else {
                                throw scanner.problem(
                                    at: at, field: field(), scanner.expected(Phrase(.placesFileWhatString)))
                            }
                        } else {
                            try scanner.skipValue(field: "\(label()) properties")
                        }
                    } while try scanner.more(UInt8(ascii: "}"), field: "\(label()) properties")
                default:
                    try scanner.skipValue(field: label())
                }
            } while try scanner.more(UInt8(ascii: "}"), field: label())
        }
        guard isPoint else { return false }
        guard let coordinates else {
            throw scanner.problem(at: start, field: "\(label()) coordinates", Phrase(.placesFileMissingFromPoint))
        }
        if let wrong = coordinates.wrong {
            throw scanner.problem(at: wrong.at, field: "\(label()) coordinates", wrong.message)
        }
        func text(_ number: (value: Double, at: Int, end: Int)) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: scanner.bytes[number.at..<number.end]), as: UTF8.self)
        }
        let (lon, lat) = (coordinates.longitude, coordinates.latitude)
        let latitude = try builder.degrees(
            lat.value, text: text(lat), at: lat.at, field: "\(label()) latitude", limit: 90)
        let longitude = try builder.degrees(
            lon.value, text: text(lon), at: lon.at, field: "\(label()) longitude", limit: 180)
        guard let name = values[0] else {
            throw scanner.problem(
                at: propertiesAt ?? start, field: "\(label()) name", Phrase(.placesFileMissingFromProperties))
        }
        let cleanName = try builder.required(name.text, at: name.at, field: "\(label()) name")
        var kind = "Place"
        var kindIsShared = true  // "Place" and the words of tags are one copy each already
        if let given = values[1] ?? values[2] {
            kind = try builder.required(
                given.text, at: given.at, field: "\(label()) \(values[1] == nil ? "category" : "kind")")
            kindIsShared = false
        } else if let index = (3...6).first(where: { values[$0] != nil }), let tag = values[index] {
            if let word = words[index - 3][tag.text] {
                kind = word
            } else if let word = PlaceBuilder.cleaned(
                OSMKinds.word(key: Self.propertyKeys[index].description, value: tag.text, words: builder.kindWords))
            {
                words[index - 3][tag.text] = builder.share(word)
                kind = words[index - 3][tag.text]!
            }
        }
        let symbol = values[7].flatMap { PlaceBuilder.cleaned($0.text) }
        func fact(_ key: Int) -> String? { values[key].flatMap { PlaceBuilder.cleanedFact($0.text) } }
        let facts = Place.Facts(
            street: fact(firstFactKey), houseNumber: fact(firstFactKey + 1), city: fact(firstFactKey + 2),
            openingHours: fact(firstFactKey + 3), phone: fact(firstFactKey + 4), website: fact(firstFactKey + 5),
            wheelchair: fact(firstFactKey + 6))
        let identity = id ?? values[idKey]
        let given = identity.flatMap { PlaceBuilder.cleaned($0.text) }
        if builder.collecting {
            try builder.collect(
                id: given, name: cleanName, kind: kind, symbol: symbol, latitude: latitude, longitude: longitude,
                kindIsShared: kindIsShared, facts: facts)
        } else {
            try builder.add(
                id: given, idOffset: identity?.at ?? start, idField: "\(label()) id",
                name: cleanName, kind: kind, symbol: symbol, latitude: latitude, longitude: longitude,
                facts: facts, kindIsShared: kindIsShared)
        }
        return true
    }

    private static let topKeys: [StaticString] = ["type", "features"]
    private static let featureKeys: [StaticString] = ["type", "id", "geometry", "properties"]
    private static let geometryKeys: [StaticString] = ["type", "coordinates"]
    private static let propertyKeys: [StaticString] = [
        "name", "kind", "category", "amenity", "shop", "tourism", "leisure", "symbol", "id",
        "addr:street", "addr:housenumber", "addr:city", "opening_hours", "phone", "website", "wheelchair",
    ]
    private static let idKey = 8
    /// Where the facts begin among `propertyKeys`: OpenStreetMap's address, hours, phone,
    /// website and wheelchair tags, in `Place.Facts`' order.
    private static let firstFactKey = 9
}
