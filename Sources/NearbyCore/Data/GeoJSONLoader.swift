/// Reads a GeoJSON FeatureCollection (RFC 7946) of Point features: `name` from the properties
/// (required); the kind from `kind`, `category`, or OpenStreetMap's `amenity`, `shop`, `tourism`,
/// `leisure` (as words: `cafe` is "Café"), else "Place"; the id from the feature or its
/// properties (a string or a number); an optional `symbol`. Features that are not Points are
/// skipped and counted.
enum GeoJSONLoader {
    static func load(_ bytes: UnsafeBufferPointer<UInt8>, file: String) throws(PlacesFile.Problem) -> PlacesFile.Loaded {
        var scanner = JSONScanner(bytes, file: file)
        // About 180 bytes a feature in an OpenStreetMap export.
        var builder = PlaceBuilder(file: file, bytes: bytes, expected: bytes.count / 200)
        var skipped = 0
        var sawFeatures = false
        var typeProblem: PlacesFile.Problem?
        var values: [(text: String, at: Int)?] = Array(repeating: nil, count: propertyKeys.count)
        var words: [String: String] = [:]
        try scanner.expect(UInt8(ascii: "{"), field: nil, "a GeoJSON object (\"{\")")
        if !scanner.closesAtOnce(UInt8(ascii: "}")) {
            repeat {
                switch try scanner.key(topKeys, field: nil) {
                case 0:
                    let start = scanner.position
                    guard scanner.peek() == UInt8(ascii: "\"") else {
                        throw scanner.problem(at: scanner.position, field: "type", "expected \"FeatureCollection\", found \(scanner.found())")
                    }
                    let type = try scanner.string(field: "type")
                    if type != "FeatureCollection" {
                        typeProblem = scanner.problem(at: start, field: "type", "expected \"FeatureCollection\", found \"\(SafeText.clean(type, limit: 40))\"")
                    }
                case 1:
                    sawFeatures = true
                    try scanner.expect(UInt8(ascii: "["), field: "features", "an array of features (\"[\")")
                    if scanner.closesAtOnce(UInt8(ascii: "]")) { break }
                    var number = 0
                    repeat {
                        number += 1
                        if try !feature(&scanner, &builder, &values, &words, number: number) { skipped += 1 }
                    } while try scanner.more(UInt8(ascii: "]"), field: "features")
                default:
                    try scanner.skipValue(field: nil)
                }
            } while try scanner.more(UInt8(ascii: "}"), field: nil)
        }
        try scanner.expectEnd()
        if let typeProblem { throw typeProblem }
        guard sawFeatures else { throw scanner.problem(at: 0, field: "features", "missing: a FeatureCollection needs a \"features\" array") }
        guard !builder.places.isEmpty else {
            throw scanner.problem(at: 0, field: "features", skipped > 0 ? "no Point features (\(skipped) of other kinds)" : "no features")
        }
        return PlacesFile.Loaded(places: builder.places, skippedFeatures: skipped)
    }

    /// Reads one feature; returns false when it is not a Point (and so skipped).
    private static func feature(
        _ scanner: inout JSONScanner, _ builder: inout PlaceBuilder, _ values: inout [(text: String, at: Int)?],
        _ words: inout [String: String], number: Int
    ) throws(PlacesFile.Problem) -> Bool {
        func label() -> String { "feature \(number)" }
        let start = scanner.position
        try scanner.expect(UInt8(ascii: "{"), field: label(), "a feature object (\"{\")")
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
                    let isFeature = scanner.peek() == UInt8(ascii: "\"") ? try scanner.stringIs("Feature", field: label()) : false
                    if !isFeature {
                        throw scanner.problem(at: at, field: "\(label()) type", "expected \"Feature\"")
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
                                throw scanner.problem(at: at, field: "\(label()) geometry type", "expected a string, found \(scanner.found())")
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
                            } else if scanner.peek() == UInt8(ascii: "\"") {
                                values[key] = (try scanner.string(field: field()), at)
                            } else if scanner.peek() == UInt8(ascii: "n") {
                                try scanner.literal(field: field())  // null: as if absent
                            } else {
                                throw scanner.problem(at: at, field: field(), "expected a string, found \(scanner.found())")
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
            throw scanner.problem(at: start, field: "\(label()) coordinates", "missing from the Point geometry")
        }
        if let wrong = coordinates.wrong { throw scanner.problem(at: wrong.at, field: "\(label()) coordinates", wrong.message) }
        func text(_ number: (value: Double, at: Int, end: Int)) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: scanner.bytes[number.at..<number.end]), as: UTF8.self)
        }
        let (lon, lat) = (coordinates.longitude, coordinates.latitude)
        let latitude = try builder.degrees(lat.value, text: text(lat), at: lat.at, field: "\(label()) latitude", limit: 90)
        let longitude = try builder.degrees(lon.value, text: text(lon), at: lon.at, field: "\(label()) longitude", limit: 180)
        guard let name = values[0] else {
            throw scanner.problem(at: propertiesAt ?? start, field: "\(label()) name", "missing from the properties")
        }
        let cleanName = try builder.required(name.text, at: name.at, field: "\(label()) name")
        var kind = "Place"
        var kindIsShared = true  // "Place" and the words of tags are one copy each already
        if let given = values[1] ?? values[2] {
            kind = try builder.required(given.text, at: given.at, field: "\(label()) \(values[1] == nil ? "category" : "kind")")
            kindIsShared = false
        } else if let tag = values[3] ?? values[4] ?? values[5] ?? values[6] {
            if let word = words[tag.text] {
                kind = word
            } else if let word = PlaceBuilder.cleaned(OSMKinds.word(for: tag.text)) {
                words[tag.text] = builder.share(word)
                kind = words[tag.text]!
            }
        }
        let symbol = values[7].flatMap { PlaceBuilder.cleaned($0.text) }
        let identity = id ?? values[idKey]
        try builder.add(
            id: identity.flatMap { PlaceBuilder.cleaned($0.text) }, idOffset: identity?.at ?? start, idField: "\(label()) id",
            name: cleanName, kind: kind, symbol: symbol, latitude: latitude, longitude: longitude, kindIsShared: kindIsShared)
        return true
    }

    private static let topKeys: [StaticString] = ["type", "features"]
    private static let featureKeys: [StaticString] = ["type", "id", "geometry", "properties"]
    private static let geometryKeys: [StaticString] = ["type", "coordinates"]
    private static let propertyKeys: [StaticString] = [
        "name", "kind", "category", "amenity", "shop", "tourism", "leisure", "symbol", "id",
    ]
    private static let idKey = 8

    /// An id: a string or a number (kept as written), or null.
    private static func idValue(_ scanner: inout JSONScanner, field: @autoclosure () -> String) throws(PlacesFile.Problem) -> (text: String, at: Int)? {
        let at = scanner.position
        switch scanner.peek() {
        case UInt8(ascii: "\""):
            return (try scanner.string(field: field()), at)
        case let byte? where byte == UInt8(ascii: "-") || JSONScanner.isDigit(byte):
            _ = try scanner.number(field: field())
            return (String(decoding: UnsafeBufferPointer(rebasing: scanner.bytes[at..<scanner.position]), as: UTF8.self), at)
        case UInt8(ascii: "n"):
            try scanner.literal(field: field())
            return nil
        default:
            throw scanner.problem(at: at, field: field(), "expected a string or a number, found \(scanner.found())")
        }
    }

    /// A Point's coordinates, or where and why the value is not a position (which is fine for a
    /// line or a polygon: the problem is made only if the feature turns out to be a Point).
    private struct Position {
        var longitude: (value: Double, at: Int, end: Int) = (0, 0, 0)
        var latitude: (value: Double, at: Int, end: Int) = (0, 0, 0)
        var count = 0
        var wrong: (at: Int, message: String)?
    }

    /// Reads a coordinates value: a position is [longitude, latitude] or [longitude, latitude,
    /// altitude]; anything else is skipped after checking that it is well formed JSON.
    private static func position(_ scanner: inout JSONScanner, field: @autoclosure () -> String) throws(PlacesFile.Problem) -> Position {
        var result = Position()
        let start = scanner.position
        guard scanner.peek() == UInt8(ascii: "[") else {
            result.wrong = (start, "expected [longitude, latitude], found \(scanner.found())")
            try scanner.skipValue(field: field())
            return result
        }
        scanner.position += 1
        if !scanner.closesAtOnce(UInt8(ascii: "]")) {
            repeat {
                let at = scanner.position
                if let byte = scanner.peek(), byte == UInt8(ascii: "-") || JSONScanner.isDigit(byte) {
                    let value = try scanner.number(field: field())
                    if result.count == 0 { result.longitude = (value, at, scanner.position) }
                    if result.count == 1 { result.latitude = (value, at, scanner.position) }
                    result.count += 1
                } else {
                    if result.wrong == nil { result.wrong = (at, "expected a number, found \(scanner.found())") }
                    try scanner.skipValue(field: field())
                }
            } while try scanner.more(UInt8(ascii: "]"), field: field())
        }
        if result.wrong == nil && !(2...3).contains(result.count) {
            result.wrong = (start, "expected [longitude, latitude], found \(result.count) numbers")
        }
        return result
    }
}
