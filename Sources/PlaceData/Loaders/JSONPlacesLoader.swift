import Words

/// Reads a JSON array of places in the seed's shape: `id` (a string or a number; "place-N" when
/// left out), `name`, `kind`, `symbol` (optional), `latitude`, `longitude`. Other keys are skipped.
enum JSONPlacesLoader {
    private static let keys: [StaticString] = ["id", "name", "kind", "symbol", "latitude", "longitude"]

    static func load(_ bytes: UnsafeBufferPointer<UInt8>, file: String) throws(PlacesFile.Problem) -> [Place] {
        var scanner = JSONScanner(bytes, file: file)
        var builder = PlaceBuilder(file: file, bytes: bytes, expected: bytes.count / 150)
        let arrayAt = scanner.peek() == nil ? 0 : scanner.position
        try scanner.expect(UInt8(ascii: "["), field: nil, Phrase(.placesFileWhatPlacesArray))
        if !scanner.closesAtOnce(UInt8(ascii: "]")) {
            var number = 0
            repeat {
                number += 1
                try place(&scanner, &builder, number: number)
            } while try scanner.more(UInt8(ascii: "]"), field: nil)
        }
        try scanner.expectEnd()
        guard !builder.places.isEmpty else { throw scanner.problem(at: arrayAt, Phrase(.placesFileNoPlaces)) }
        return builder.places
    }

    private static func place(_ scanner: inout JSONScanner, _ builder: inout PlaceBuilder, number: Int)
        throws(PlacesFile.Problem)
    {
        func label() -> String { "place \(number)" }
        let start = scanner.position
        try scanner.expect(UInt8(ascii: "{"), field: label(), Phrase(.placesFileWhatPlaceObject))
        var texts: [(text: String, at: Int)?] = [nil, nil, nil, nil]
        var numbers: [(value: Double, text: String, at: Int)?] = [nil, nil]
        if !scanner.closesAtOnce(UInt8(ascii: "}")) {
            repeat {
                guard let key = try scanner.key(keys, field: label()) else {
                    try scanner.skipValue(field: label())
                    continue
                }
                func field() -> String { "\(label()) \(keys[key].description)" }
                let at = scanner.position
                let next = scanner.peek()
                switch key {
                case 0...3:
                    if next == UInt8(ascii: "\"") {
                        texts[key] = (try scanner.string(field: field()), at)
                    } else if key == 0, let byte = next, byte == UInt8(ascii: "-") || JSONScanner.isDigit(byte) {
                        _ = try scanner.number(field: field())
                        texts[key] = (
                            String(
                                decoding: UnsafeBufferPointer(rebasing: scanner.bytes[at..<scanner.position]),
                                as: UTF8.self), at
                        )
                    } else {
                        throw scanner.problem(
                            at: at, field: field(), scanner.expected(Phrase(.placesFileWhatString)))
                    }
                default:
                    guard let byte = next, byte == UInt8(ascii: "-") || JSONScanner.isDigit(byte) else {
                        throw scanner.problem(
                            at: at, field: field(), scanner.expected(Phrase(.placesFileWhatNumber)))
                    }
                    let value = try scanner.number(field: field())
                    numbers[key - 4] = (
                        value,
                        String(
                            decoding: UnsafeBufferPointer(rebasing: scanner.bytes[at..<scanner.position]), as: UTF8.self
                        ), at
                    )
                }
            } while try scanner.more(UInt8(ascii: "}"), field: label())
        }
        for key in [1, 2] where texts[key] == nil {
            throw scanner.problem(
                at: start, field: "\(label()) \(keys[key].description)", Phrase(.placesFileMissing))
        }
        for key in [4, 5] where numbers[key - 4] == nil {
            throw scanner.problem(
                at: start, field: "\(label()) \(keys[key].description)", Phrase(.placesFileMissing))
        }
        let name = try builder.required(texts[1]!.text, at: texts[1]!.at, field: "\(label()) name")
        let kind = try builder.required(texts[2]!.text, at: texts[2]!.at, field: "\(label()) kind")
        let lat = numbers[0]!
        let lon = numbers[1]!
        let latitude = try builder.degrees(
            lat.value, text: lat.text, at: lat.at, field: "\(label()) latitude", limit: 90)
        let longitude = try builder.degrees(
            lon.value, text: lon.text, at: lon.at, field: "\(label()) longitude", limit: 180)
        var id: String?
        if let given = texts[0] {
            id = try builder.required(given.text, at: given.at, field: "\(label()) id")
        }
        try builder.add(
            id: id, idOffset: texts[0]?.at ?? start, idField: "\(label()) id", name: name, kind: kind,
            symbol: texts[3].flatMap { PlaceBuilder.cleaned($0.text) }, latitude: latitude, longitude: longitude)
    }
}
