/// Collects the places of one file as a loader reads them: cleans their text, checks their
/// coordinates, and finds duplicate ids, remembering where each place was so that a message
/// can say where the first of two came from. Kinds and symbols are shared, not copied, across
/// the places that have the same one.
struct PlaceBuilder {
    let file: String
    let bytes: UnsafeBufferPointer<UInt8>
    private(set) var places: [Place] = []
    /// Where each place's id is in the file (a byte offset).
    private var idOffsets: [Int] = []
    /// Open addressing: place indices + 1 by the hash of their id, 0 for an empty slot.
    private var slots: [Int32] = [Int32](repeating: 0, count: 1024)
    private var shared: [String: String] = [:]

    init(file: String, bytes: UnsafeBufferPointer<UInt8>, expected: Int = 0) {
        self.file = file
        self.bytes = bytes
        places.reserveCapacity(expected)
        idOffsets.reserveCapacity(expected)
        var slotCount = 1024
        while slotCount < expected * 2 { slotCount *= 2 }
        slots = [Int32](repeating: 0, count: slotCount)
    }

    func problem(at offset: Int, field: String?, _ message: String) -> PlacesFile.Problem {
        PlacesFile.Problem(file: file, in: bytes, at: offset, field: field, message: message)
    }

    /// Text from the data, cleaned of control characters and trimmed; nil when nothing is left.
    static func cleaned(_ text: String) -> String? {
        if isClean(text) { return text }
        let clean = SafeText.clean(text, limit: 200)
        var scalars = Substring(clean).unicodeScalars
        while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
        return scalars.isEmpty ? nil : String(scalars)
    }

    /// Whether `text` is already what `SafeText.clean` and trimming would make of it: at most
    /// 200 bytes, no control, zero-width or bidirectional characters, no space at either end.
    /// Most names are, and then keep their own storage.
    private static func isClean(_ text: String) -> Bool {
        let utf8 = text.utf8
        guard utf8.count <= 200, let first = utf8.first, let last = utf8.last, first > 0x20, last > 0x20 else { return false }
        // A non-ASCII first or last character may be a space of another kind.
        if first >= 0x80, text.unicodeScalars.first!.properties.isWhitespace { return false }
        if last >= 0x80, text.unicodeScalars.last!.properties.isWhitespace { return false }
        return utf8.withContiguousStorageIfAvailable { bytes in
            var previous: UInt8 = 0, beforePrevious: UInt8 = 0
            for byte in bytes {
                if byte < 0x20 || byte == 0x7F || (byte == 0x20 && previous == 0x20) { return false }
                switch (beforePrevious, previous) {
                case (_, 0xC2) where byte < 0xA0: return false  // C1 controls, NEL
                case (_, 0xD8) where byte == 0x9C: return false  // U+061C
                case (0xE2, 0x80) where (0x8B...0x8F).contains(byte) || (0xA8...0xAE).contains(byte): return false
                case (0xE2, 0x81) where (0xA0...0xAF).contains(byte): return false
                case (0xEF, 0xBB) where byte == 0xBF: return false  // U+FEFF
                case (0xEF, 0xBF) where byte >= 0xB9: return false  // U+FFF9-FFFF
                default: break
                }
                beforePrevious = previous
                previous = byte
            }
            return true
        } ?? false
    }

    /// A name or kind: cleaned; an error when nothing is left.
    func required(_ text: String, at offset: Int, field: @autoclosure () -> String) throws(PlacesFile.Problem) -> String {
        guard let clean = Self.cleaned(text) else { throw problem(at: offset, field: field(), "empty") }
        return clean
    }

    /// One copy of each distinct kind and symbol.
    mutating func share(_ text: String) -> String {
        if let existing = shared[text] { return existing }
        shared[text] = text
        return text
    }

    /// A latitude or longitude: finite and within ±`limit`.
    func degrees(_ value: Double, text: String, at offset: Int, field: @autoclosure () -> String, limit: Double) throws(PlacesFile.Problem) -> Double {
        guard value.isFinite, abs(value) <= limit else {
            throw problem(at: offset, field: field(), "\(text) is out of range (-\(Int(limit)) to \(Int(limit)))")
        }
        return value
    }

    /// Adds a place; `id` nil gives it "place-N". Throws on a duplicate id.
    mutating func add(
        id: String?, idOffset: Int, idField: @autoclosure () -> String, name: String, kind: String, symbol: String?,
        latitude: Double, longitude: Double, details: [Place.Detail] = [], kindIsShared: Bool = false
    ) throws(PlacesFile.Problem) {
        let number = places.count + 1
        let id = id ?? "place-\(number)"
        if places.count * 2 >= slots.count { grow() }
        let mask = slots.count - 1
        var slot = id.hashValue & mask
        while slots[slot] != 0 {
            let other = Int(slots[slot]) - 1
            if places[other].id == id {
                let line = PlacesFile.Problem.lineAndColumn(in: bytes, at: idOffsets[other]).line
                throw problem(at: idOffset, field: idField(), "duplicate id \"\(id)\" (first at line \(line))")
            }
            slot = (slot + 1) & mask
        }
        slots[slot] = Int32(places.count + 1)
        idOffsets.append(idOffset)
        places.append(Place(
            id: id, name: name, kind: kindIsShared ? kind : share(kind), symbol: symbol.map { share($0) } ?? "mappin",
            latitude: latitude, longitude: longitude, details: details))
    }

    private mutating func grow() {
        slots = [Int32](repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for (index, place) in places.enumerated() {
            var slot = place.id.hashValue & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(index + 1)
        }
    }
}
