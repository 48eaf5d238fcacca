import Words

/// Reads CSV (RFC 4180: quoted fields with embedded commas, doubled quotes and line breaks; CRLF
/// or LF; a UTF-8 byte-order mark) with a header naming, in any order and any case, `name`,
/// `kind` (or `category`), `latitude` (or `lat`), `longitude` (or `lon`, `lng`, `long`), and
/// optionally `id` and `symbol`. Any other column becomes a detail of each place, read out in
/// its detail ("Address: 12 Rua Augusta"). Blank lines are skipped.
enum CSVLoader {
    /// One field: its bytes (inside the quotes when quoted), where it starts, whether its
    /// quotes are doubled inside.
    private struct Field {
        var start: Int
        var end: Int
        var at: Int
        var doubled: Bool
    }

    private enum Column: CaseIterable {
        case id, name, kind, latitude, longitude, symbol

        var names: [String] {
            switch self {
            case .id: ["id"]
            case .name: ["name"]
            case .kind: ["kind", "category"]
            case .latitude: ["latitude", "lat"]
            case .longitude: ["longitude", "lon", "lng", "long"]
            case .symbol: ["symbol"]
            }
        }

        var isRequired: Bool { self != .id && self != .symbol }
    }

    static func load(_ bytes: UnsafeBufferPointer<UInt8>, file: String) throws(PlacesFile.Problem) -> [Place] {
        var builder = PlaceBuilder(file: file, bytes: bytes, expected: bytes.count / 60)
        var position = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
        var fields: [Field] = []
        func text(_ field: Field) -> String {
            let raw = UnsafeBufferPointer(rebasing: bytes[field.start..<field.end])
            guard field.doubled else { return String(decoding: raw, as: UTF8.self) }
            var out: [UInt8] = []
            out.reserveCapacity(raw.count)
            var index = 0
            while index < raw.count {
                out.append(raw[index])
                index += raw[index] == UInt8(ascii: "\"") ? 2 : 1
            }
            return String(decoding: out, as: UTF8.self)
        }

        // The header.
        var headerAt = position
        repeat {
            headerAt = position
            guard try record(bytes, &position, &fields, file: file) else {
                throw builder.problem(at: headerAt, field: "header", Phrase(.placesFileHeaderMissing))
            }
        } while fields.count == 1 && fields[0].end == fields[0].start
        let header = fields.map { text($0).trimmingSpaces }
        var columns: [Column: Int] = [:]
        var details: [(label: String, column: Int)] = []
        for (index, name) in header.enumerated() {
            let lowered = name.lowercased()
            guard let column = Column.allCases.first(where: { $0.names.contains(lowered) }) else {
                if !name.isEmpty { details.append((SafeText.clean(name, limit: 60), index)) }
                continue
            }
            if let first = columns[column] {
                throw builder.problem(
                    at: fields[index].at, field: "header",
                    Phrase.placesFileTwoColumns(column: column.names[0], first: header[first], second: name))
            }
            columns[column] = index
        }
        for column in Column.allCases where column.isRequired && columns[column] == nil {
            let names = column.names
            let problem =
                names.count == 1
                ? Phrase.placesFileNoColumn(column: names[0])
                : Phrase.placesFileNoColumnOr(
                    column: names[0],
                    choices: Phrase.listOr(items: names.dropLast().joined(separator: ", "), last: names.last!))
            throw builder.problem(at: headerAt, field: "header", problem)
        }
        let nameColumn = columns[.name]!
        let kindColumn = columns[.kind]!
        let latitudeColumn = columns[.latitude]!
        let longitudeColumn = columns[.longitude]!
        let idColumn = columns[.id]
        let symbolColumn = columns[.symbol]

        // The rows.
        var row = 0
        while true {
            let rowAt = position
            guard try record(bytes, &position, &fields, file: file, names: header) else { break }
            if fields.count == 1 && fields[0].end == fields[0].start && fields[0].at == fields[0].start { continue }
            row += 1
            guard fields.count == header.count else {
                throw builder.problem(
                    at: rowAt, field: "row \(row)",
                    Phrase.placesFileFieldCount(
                        count: String(fields.count), header: String(header.count), plural: fields.count))
            }
            func coordinate(_ column: Int, limit: Double) throws(PlacesFile.Problem) -> Double {
                let field = fields[column]
                let raw = text(field).trimmingSpaces
                guard !raw.isEmpty else {
                    throw builder.problem(at: field.at, field: header[column], Phrase(.placesFileEmpty))
                }
                guard
                    raw.utf8.allSatisfy({
                        JSONScanner.isDigit($0) || $0 == 0x2E || $0 == 0x2D || $0 == 0x2B || $0 | 0x20 == 0x65
                    }),
                    let value = Double(raw)
                else {
                    throw builder.problem(
                        at: field.at, field: header[column],
                        Phrase.placesFileNotANumber(text: SafeText.clean(raw, limit: 40)))
                }
                return try builder.degrees(value, text: raw, at: field.at, field: header[column], limit: limit)
            }
            let name = try builder.required(
                text(fields[nameColumn]), at: fields[nameColumn].at, field: header[nameColumn])
            let kind = try builder.required(
                text(fields[kindColumn]), at: fields[kindColumn].at, field: header[kindColumn])
            let latitude = try coordinate(latitudeColumn, limit: 90)
            let longitude = try coordinate(longitudeColumn, limit: 180)
            var id: String?
            if let idColumn, let given = PlaceBuilder.cleaned(text(fields[idColumn])) { id = given }
            let symbol = symbolColumn.flatMap { PlaceBuilder.cleaned(text(fields[$0])) }
            var extra: [Place.Detail] = []
            for detail in details {
                if let value = PlaceBuilder.cleaned(text(fields[detail.column])) {
                    extra.append(Place.Detail(label: detail.label, value: value))
                }
            }
            try builder.add(
                id: id, idOffset: idColumn.map { fields[$0].at } ?? rowAt, idField: idColumn.map { header[$0] } ?? "id",
                name: name, kind: kind, symbol: symbol, latitude: latitude, longitude: longitude, details: extra)
        }
        guard !builder.places.isEmpty else {
            throw builder.problem(at: headerAt, field: nil, Phrase(.placesFileNoPlacesAfterHeader))
        }
        return builder.places
    }

    /// Reads one record into `fields`; false at the end of the file.
    private static func record(
        _ bytes: UnsafeBufferPointer<UInt8>, _ position: inout Int, _ fields: inout [Field], file: String,
        names: [String] = []
    ) throws(PlacesFile.Problem) -> Bool {
        // The field a problem is in: its column's name once the header is known.
        func field(_ index: Int) -> String { index < names.count ? names[index] : names.isEmpty ? "header" : "row" }
        let count = bytes.count
        guard position < count else { return false }
        fields.removeAll(keepingCapacity: true)
        while true {
            let fieldAt = position
            if position < count && bytes[position] == UInt8(ascii: "\"") {
                position += 1
                let start = position
                var doubled = false
                while true {
                    guard position < count else {
                        throw PlacesFile.Problem(
                            file: file, in: bytes, at: fieldAt, field: field(fields.count),
                            message: Phrase(.placesFileQuoteNotClosed))
                    }
                    if bytes[position] == UInt8(ascii: "\"") {
                        if position + 1 < count && bytes[position + 1] == UInt8(ascii: "\"") {
                            doubled = true
                            position += 2
                            continue
                        }
                        break
                    }
                    position += 1
                }
                fields.append(Field(start: start, end: position, at: fieldAt, doubled: doubled))
                position += 1
                if position < count, ![UInt8(ascii: ","), 0x0A, 0x0D].contains(bytes[position]) {
                    throw PlacesFile.Problem(
                        file: file, in: bytes, at: position, field: field(fields.count - 1),
                        message: Phrase(.placesFileTextAfterQuote))
                }
            } else {
                while position < count {
                    let byte = bytes[position]
                    if byte == UInt8(ascii: ",") || byte == 0x0A || byte == 0x0D { break }
                    if byte == UInt8(ascii: "\"") {
                        throw PlacesFile.Problem(
                            file: file, in: bytes, at: position, field: field(fields.count),
                            message: Phrase(.placesFileQuoteInside))
                    }
                    position += 1
                }
                fields.append(Field(start: fieldAt, end: position, at: fieldAt, doubled: false))
            }
            guard position < count else { return true }
            switch bytes[position] {
            case UInt8(ascii: ","):
                position += 1
            case 0x0D:
                position += 1
                if position < count && bytes[position] == 0x0A { position += 1 }
                return true
            default:
                position += 1
                return true
            }
        }
    }
}
