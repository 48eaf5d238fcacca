import Foundation

/// Reads places from the bytes of a data file. Pure: the caller reads the file.
public enum PlacesFile {
    /// A data file that cannot be loaded: where, and what is wrong. Nothing is half-loaded.
    public struct Problem: Error, Equatable, CustomStringConvertible, Sendable {
        public var file: String
        public var line: Int?
        public var column: Int?
        public var field: String?
        public var message: String

        public init(file: String, line: Int? = nil, column: Int? = nil, field: String? = nil, message: String) {
            self.file = file
            self.line = line
            self.column = column
            self.field = field
            self.message = message
        }

        public var description: String {
            var place = file
            if let line { place += ":\(line)" }
            if let column { place += ":\(column)" }
            return field.map { "\(place): \($0): \(message)" } ?? "\(place): \(message)"
        }
    }

    /// Parses a JSON array of places in the seed's shape (`id`, `name`, `kind`, `symbol`,
    /// `latitude`, `longitude`; `symbol` may be left out).
    public static func parseJSON(_ data: Data, file: String) throws(Problem) -> [Place] {
        let root: Any
        do { root = try JSONSerialization.jsonObject(with: data) } catch {
            throw Problem(file: file, message: "not valid JSON")
        }
        guard let array = root as? [Any] else {
            throw Problem(file: file, message: "expected a JSON array of places")
        }
        var places: [Place] = []
        var seen: [String: Int] = [:]
        for (offset, item) in array.enumerated() {
            let number = offset + 1
            guard let object = item as? [String: Any] else {
                throw Problem(file: file, field: "place \(number)", message: "expected an object")
            }
            func text(_ key: String, required: Bool = true) throws(Problem) -> String? {
                guard let value = object[key] else {
                    if required { throw Problem(file: file, field: "place \(number) \(key)", message: "missing") }
                    return nil
                }
                guard let string = value as? String, !string.trimmingCharacters(in: .whitespaces).isEmpty else {
                    throw Problem(file: file, field: "place \(number) \(key)", message: "expected a non-empty string")
                }
                return SafeText.clean(string, limit: 200)
            }
            func degrees(_ key: String, limit: Double) throws(Problem) -> Double {
                guard let value = object[key] else { throw Problem(file: file, field: "place \(number) \(key)", message: "missing") }
                // Foundation on Linux bridges true to a boolean NSNumber that `is Bool`, and so is 1:
                // only the class name tells them apart.
                guard let number = value as? NSNumber, "\(type(of: value))" != "__NSCFBoolean" else {
                    throw Problem(file: file, field: "place \(number) \(key)", message: "expected a number")
                }
                let degrees = number.doubleValue
                guard degrees.isFinite, abs(degrees) <= limit else {
                    throw Problem(file: file, field: "place \(number) \(key)", message: "\(degrees) is out of range (±\(Int(limit)))")
                }
                return degrees
            }
            let id = try text("id", required: false) ?? "place-\(number)"
            if let first = seen[id] {
                throw Problem(file: file, field: "place \(number) id", message: "duplicate id \"\(id)\" (first at place \(first))")
            }
            seen[id] = number
            places.append(Place(
                id: id, name: try text("name")!, kind: try text("kind")!,
                symbol: try text("symbol", required: false) ?? "mappin",
                latitude: try degrees("latitude", limit: 90), longitude: try degrees("longitude", limit: 180)))
        }
        guard !places.isEmpty else { throw Problem(file: file, message: "holds no places") }
        return places
    }
}
