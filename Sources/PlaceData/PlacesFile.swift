import Foundation
import SystemCalls
import TextFormats
import Words

/// Reads places from the bytes of a data file: GeoJSON, CSV or a JSON array. Pure: the caller
/// reads the file. One call, `load(_:file:)`, chooses the format and gives every place or one
/// problem; nothing is ever half-loaded.
public enum PlacesFile {
    /// A data file that cannot be loaded: where (line and column from 1, the column counted in
    /// characters), which field, and what is wrong.
    public struct Problem: Error, Equatable, CustomStringConvertible, Sendable {
        public var file: String
        public var line: Int?
        public var column: Int?
        /// Where in the file's own terms: a column, "feature 3 coordinates", "row 4", "header".
        public var field: String?
        public var message: Phrase
        /// Whether the file could not be held in memory (mmap(2) failed), rather than being wrong.
        public var isOutOfMemory = false

        public init(file: String, line: Int? = nil, column: Int? = nil, field: String? = nil, message: Phrase) {
            self.file = file
            self.line = line
            self.column = column
            self.field = field
            self.message = message
        }

        /// A problem at byte `offset` of `bytes`.
        init(file: String, in bytes: UnsafeBufferPointer<UInt8>, at offset: Int, field: String?, message: Phrase) {
            let location = SourceLocation(file: file, in: bytes, at: offset)
            self.init(file: file, line: location.line, column: location.column, field: field, message: message)
        }

        /// A file whose places memory cannot be found for: mmap(2)'s error, with the file's name.
        static func outOfMemory(file: String, _ error: SystemError) -> Problem {
            var problem = Problem(file: file, message: Phrase.placesFileOutOfMemory(reason: error.reason))
            problem.isOutOfMemory = true
            return problem
        }

        /// "FILE:LINE:COLUMN: FIELD: message.", in English.
        public var description: String { text(Catalog.builtIn(.english)) }

        /// "FILE:LINE:COLUMN: FIELD: message.", in the words of `words`.
        public func text(_ words: Catalog) -> String {
            let place = line.map { SourceLocation(file: file, line: $0, column: column).description } ?? file
            let message = words.text(self.message)
            guard let field else { return words.text(.placesFileProblem(place: place, message: message)) }
            return words.text(
                .placesFileProblemInField(place: place, field: Self.field(field, words), message: message))
        }

        /// A field's name with its item words ("feature 3", "place 2", "row 4", "header") in the
        /// catalog's language; the file's own keys and columns stay as the file has them.
        static func field(_ field: String, _ words: Catalog) -> String {
            if field == "header" { return words.text(.placesFileFieldHeader) }
            let parts = field.split(separator: " ", maxSplits: 2).map(String.init)
            let items: [String: (String) -> Phrase] = [
                "feature": { .placesFileFieldFeature(number: $0) }, "place": { .placesFileFieldPlace(number: $0) },
                "row": { .placesFileFieldRow(number: $0) },
            ]
            guard parts.count >= 2, let itemPhrase = items[parts[0]], Int(parts[1]) != nil else { return field }
            let item = words.text(itemPhrase(parts[1]))
            guard parts.count == 3 else { return item }
            return words.text(.placesFileFieldInItem(item: item, key: parts[2]))
        }
    }

    /// What a file gave: its places, and how many GeoJSON features were skipped for not being
    /// Points (the caller says so once).
    public struct Loaded: Equatable, Sendable {
        public var places: [Place]
        public var skippedFeatures: Int

        public init(places: [Place], skippedFeatures: Int = 0) {
            self.places = places
            self.skippedFeatures = skippedFeatures
        }
    }

    public enum Format: String, Equatable, Sendable {
        case geoJSON = "GeoJSON"
        case csv = "CSV"
        case json = "JSON"
    }

    /// The format of a file: by its extension (`.geojson`, `.csv`), else by its first character
    /// (`{` GeoJSON, `[` a JSON array of places, anything else CSV).
    public static func format(of data: Data, file: String) -> Format {
        let name = file.lowercased()
        if name.hasSuffix(".geojson") { return .geoJSON }
        if name.hasSuffix(".csv") { return .csv }
        var index = data.startIndex
        if data.starts(with: [0xEF, 0xBB, 0xBF]) { index += 3 }
        while index < data.endIndex, [0x20, 0x09, 0x0A, 0x0D].contains(data[index]) { index += 1 }
        guard index < data.endIndex else { return name.hasSuffix(".json") ? .json : .csv }
        switch data[index] {
        case UInt8(ascii: "{"): return .geoJSON
        case UInt8(ascii: "["): return .json
        default: return name.hasSuffix(".json") ? .json : .csv
        }
    }

    /// Loads the places of a file in whichever format it is, its bytes in `encoding`. In UTF-8,
    /// a byte that is not UTF-8 is refused with its line and column (never turned into U+FFFD,
    /// which a synthesiser reads as noise), and the problem names `--encoding latin1`.
    /// OpenStreetMap's kinds (`amenity=cafe`) are said in the words of `kindWords`.
    public static func load(
        _ data: Data, file: String, encoding: TextEncoding = .utf8, kindWords: Catalog = .builtIn(.english)
    ) throws(Problem) -> Loaded {
        guard encoding == .utf8 else {
            let converted = encoding.utf8Data(data)
            return try load(converted, file: file, as: format(of: converted, file: file), kindWords: kindWords)
        }
        if let offset = TextEncoding.firstInvalidUTF8(data) {
            let byte = "0x" + String(data[data.startIndex + offset], radix: 16, uppercase: true)
            // A binary file (a NUL before the bad byte) is better told by its format's own
            // words ("found the byte 0x00, which is not JSON text").
            if data.prefix(offset).contains(0) {
                _ = try load(data, file: file, as: format(of: data, file: file), kindWords: kindWords)
            }
            throw data.withUnsafeBytes { raw in
                Problem(
                    file: file, in: raw.bindMemory(to: UInt8.self), at: offset, field: nil,
                    message: Phrase.placesFileNotUtf8(byte: byte.count == 3 ? "0x0" + byte.dropFirst(2) : byte))
            }
        }
        try refuseXML(data, file: file)
        return try load(data, file: file, as: format(of: data, file: file), kindWords: kindWords)
    }

    /// An XML file is no places file, whatever its name: a GPX track (`<gpx`) is told to
    /// `--route`, which walks it; any other XML is said to be XML, not a CSV's broken header.
    static func refuseXML(_ data: Data, file: String) throws(Problem) {
        var index = data.startIndex
        if data.starts(with: [0xEF, 0xBB, 0xBF]) { index += 3 }
        while index < data.endIndex, [0x20, 0x09, 0x0A, 0x0D].contains(data[index]) { index += 1 }
        guard index < data.endIndex, data[index] == UInt8(ascii: "<") else { return }
        let head = String(decoding: data[index..<min(data.endIndex, index + 4096)], as: UTF8.self).lowercased()
        throw Problem(file: file, message: head.contains("<gpx") ? Phrase(.placesFileGpx) : Phrase(.placesFileXml))
    }

    /// Loads the places of a file in `format`.
    public static func load(
        _ data: Data, file: String, as format: Format, kindWords: Catalog = .builtIn(.english)
    ) throws(Problem) -> Loaded {
        let result: Result<Loaded, Problem> = data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            do throws(Problem) {
                switch format {
                case .geoJSON: return .success(try GeoJSONLoader.load(bytes, file: file, kindWords: kindWords))
                case .csv: return .success(Loaded(places: try CSVLoader.load(bytes, file: file)))
                case .json: return .success(Loaded(places: try JSONPlacesLoader.load(bytes, file: file)))
                }
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}
