import Dispatch
import Synchronization
import SystemCalls
import TextFormats
import Words

/// Collects the places of one file as a loader reads them: cleans their text, checks their
/// coordinates, and finds duplicate ids, remembering where each place was so that a message
/// can say where the first of two came from. Kinds and symbols are shared, not copied, across
/// the places that have the same one.
///
/// Two ways to add: `add` checks the id at once and can say where a duplicate is; `collect`
/// (the quick way, for parts of a file read on two threads) only keeps a hash of it, and
/// `findsDuplicate` then tells whether any id is there twice: the loader then reads the file
/// again the first way for the message.
struct PlaceBuilder {
    let file: String
    let bytes: UnsafeBufferPointer<UInt8>
    private(set) var places: [Place] = []
    /// Where each place's id is in the file (a byte offset).
    private var idOffsets: [Int] = []
    /// Open addressing: place indices + 1 by the hash of their id, 0 for an empty slot.
    private var slots: [Int32] = [Int32](repeating: 0, count: 1024)
    private var shared: [String: String] = [:]
    /// The facts read so far, each kept once: places with the same opening hours and nothing
    /// else share one (at a million places with hours, 100 MB less).
    private var sharedFacts: [Place.Facts: Place.FactsStorage] = [:]
    /// `collect`: a 32-bit hash of each place's id (0: none given, so "place-N"), and for a part
    /// read after the first, its places in blocks of their own pages.
    let collecting: Bool
    private var hashes: [UInt32] = []
    private var blocks: PlaceBlocks?
    /// Places to a block, for a part read after this one's (tests ask for blocks too large).
    private(set) var blockCapacity = PlaceBlocks.defaultCapacity
    /// The words of OpenStreetMap's kinds (`OSMKinds`): the session's language.
    var kindWords = Catalog.builtIn(.english)

    init(file: String, bytes: UnsafeBufferPointer<UInt8>, expected: Int = 0) {
        self.file = file
        self.bytes = bytes
        collecting = false
        places.reserveCapacity(expected)
        idOffsets.reserveCapacity(expected)
        var slotCount = 1024
        while slotCount < expected * 2 { slotCount *= 2 }
        slots = [Int32](repeating: 0, count: slotCount)
    }

    func problem(at offset: Int, field: String?, _ message: Phrase) -> PlacesFile.Problem {
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

    /// A fact (an address, opening hours, a phone): cleaned and trimmed like a name, but never
    /// cut short, since a part of opening hours can say the wrong hours: one longer than
    /// `factLimit` characters (OpenStreetMap allows 255) is left out. Nil when nothing is left.
    static func cleanedFact(_ text: String) -> String? {
        if isClean(text) { return text }
        guard text.unicodeScalars.count <= factLimit else { return nil }
        let clean = SafeText.clean(text, limit: factLimit)
        var scalars = Substring(clean).unicodeScalars
        while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
        return scalars.isEmpty ? nil : String(scalars)
    }

    /// The longest fact kept, in characters.
    static let factLimit = 1_000

    /// Whether `text` is already what `SafeText.clean` and trimming would make of it: at most
    /// 200 bytes, no control, zero-width or bidirectional characters, no space at either end.
    /// Most names are, and then keep their own storage.
    private static func isClean(_ text: String) -> Bool {
        let utf8 = text.utf8
        guard utf8.count <= 200, let first = utf8.first, let last = utf8.last, first > 0x20, last > 0x20 else {
            return false
        }
        // A non-ASCII first or last character may be a space of another kind.
        if first >= 0x80, text.unicodeScalars.first!.properties.isWhitespace { return false }
        if last >= 0x80, text.unicodeScalars.last!.properties.isWhitespace { return false }
        return utf8.withContiguousStorageIfAvailable { bytes in
            var previous: UInt8 = 0
            var beforePrevious: UInt8 = 0
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
    func required(_ text: String, at offset: Int, field: @autoclosure () -> String) throws(PlacesFile.Problem) -> String
    {
        guard let clean = Self.cleaned(text) else {
            throw problem(at: offset, field: field(), Phrase(.placesFileEmpty))
        }
        return clean
    }

    /// One copy of each distinct kind and symbol.
    /// The one storage of `facts` among this file's places; nil for none.
    mutating func shareFacts(_ facts: Place.Facts) -> Place.FactsStorage? {
        if facts.isEmpty { return nil }
        if let storage = sharedFacts[facts] { return storage }
        let storage = Place.FactsStorage(facts)
        sharedFacts[facts] = storage
        return storage
    }

    mutating func share(_ text: String) -> String {
        if let existing = shared[text] { return existing }
        shared[text] = text
        return text
    }

    /// A latitude or longitude: finite and within ±`limit`.
    func degrees(
        _ value: Double, text: @autoclosure () -> String, at offset: Int, field: @autoclosure () -> String,
        limit: Double
    ) throws(PlacesFile.Problem) -> Double {
        guard value.isFinite, abs(value) <= limit else {
            throw problem(
                at: offset, field: field(),
                Phrase.placesFileOutOfRange(value: text(), limit: String(Int(limit))))
        }
        return value
    }

    /// Adds a place; `id` nil gives it "place-N". Throws on a duplicate id.
    mutating func add(
        id: String?, idOffset: Int, idField: @autoclosure () -> String, name: String, kind: String, symbol: String?,
        latitude: Double, longitude: Double, details: [Place.Detail] = [], facts: Place.Facts = Place.Facts(),
        kindIsShared: Bool = false
    ) throws(PlacesFile.Problem) {
        let number = places.count + 1
        let id = id ?? "place-\(number)"
        if places.count * 2 >= slots.count { grow() }
        let mask = slots.count - 1
        var slot = id.hashValue & mask
        while slots[slot] != 0 {
            let other = Int(slots[slot]) - 1
            if places[other].id == id {
                let line = SourceLocation.lineAndColumn(in: bytes, at: idOffsets[other]).line
                throw problem(
                    at: idOffset, field: idField(),
                    Phrase.placesFileDuplicateId(id: id, line: String(line)))
            }
            slot = (slot + 1) & mask
        }
        slots[slot] = Int32(places.count + 1)
        idOffsets.append(idOffset)
        var place = Place(
            id: id, name: name, kind: kindIsShared ? kind : share(kind), symbol: symbol.map { share($0) } ?? "mappin",
            latitude: latitude, longitude: longitude, details: details)
        place.factsStorage = shareFacts(facts)
        places.append(place)
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

    // MARK: Collecting now, checking ids after

    /// A builder for `collect`; `inBlocks` for a part of the file that will be joined to another,
    /// `blockCapacity` places to a block.
    init(
        file: String, bytes: UnsafeBufferPointer<UInt8>, collecting expected: Int, inBlocks: Bool = false,
        blockCapacity: Int = PlaceBlocks.defaultCapacity
    ) {
        self.file = file
        self.bytes = bytes
        collecting = true
        slots = []
        self.blockCapacity = blockCapacity
        if inBlocks { blocks = PlaceBlocks(capacity: blockCapacity) } else { places.reserveCapacity(expected) }
        hashes.reserveCapacity(expected)
    }

    /// Adds a place without checking its id (nil: "place-N", given by `findsDuplicate`). Throws
    /// when memory for the places cannot be had (`PlacesFile.Problem.outOfMemory`).
    mutating func collect(
        id: String?, name: String, kind: String, symbol: String?, latitude: Double, longitude: Double,
        kindIsShared: Bool, facts: Place.Facts = Place.Facts()
    ) throws(PlacesFile.Problem) {
        hashes.append(id.map { Self.hash($0) } ?? 0)
        var place = Place(
            id: id ?? "", name: name, kind: kindIsShared ? kind : share(kind),
            symbol: symbol.map { share($0) } ?? "mappin",
            latitude: latitude, longitude: longitude)
        place.factsStorage = shareFacts(facts)
        guard let blocks else { return places.append(place) }
        do { try blocks.append(place) } catch { throw .outOfMemory(file: file, error) }
    }

    /// Takes the places another builder collected (read after this one's, in the file).
    mutating func append(_ other: PlaceBuilder) {
        places.reserveCapacity(places.count + other.hashes.count)
        if let blocks = other.blocks { blocks.move(into: &places) } else { places.append(contentsOf: other.places) }
        hashes.append(contentsOf: other.hashes)
    }

    /// FNV-1a over an id's UTF-8, folded to 32 bits, never 0 (0 marks "no id").
    static func hash(_ id: String) -> UInt32 {
        var id = id
        let value = id.withUTF8 { bytes in
            var hash: UInt64 = 0xCBF2_9CE4_8422_2325
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
            return UInt32(truncatingIfNeeded: hash ^ hash >> 32)
        }
        return value == 0 ? 1 : value
    }

    /// Gives the collected places without an id theirs ("place-N", N its place in the file),
    /// and tells whether any id is there twice.
    mutating func findsDuplicate() -> Bool {
        let count = places.count
        places.withUnsafeMutableBufferPointer { places in
            for index in 0..<count where hashes[index] == 0 {
                places[index].id = "place-\(index + 1)"
                hashes[index] = Self.hash(places[index].id)
            }
        }
        // Two halves of the hash space, each with its own table, on two threads.
        let parts = count >= 50_000 ? 2 : 1
        let found = Atomic<Bool>(false)
        return places.withUnsafeBufferPointer { places in
            hashes.withUnsafeBufferPointer { hashes in
                let input = DuplicateInput(places: places, hashes: hashes)
                DispatchQueue.concurrentPerform(iterations: parts) { part in
                    if Self.hasDuplicate(input, part: part, of: parts) { found.store(true, ordering: .relaxed) }
                }
                return found.load(ordering: .relaxed)
            }
        }
    }

    private struct DuplicateInput: @unchecked Sendable {
        let places: UnsafeBufferPointer<Place>
        let hashes: UnsafeBufferPointer<UInt32>
    }

    /// Whether two places whose hashes fall in `part` have the same id.
    private static func hasDuplicate(_ input: DuplicateInput, part: Int, of parts: Int) -> Bool {
        let hashes = input.hashes
        var size = 1024
        while size < hashes.count * 2 / parts + 1 { size *= 2 }
        let mask = size - 1
        // Each slot: a place index + 1 (0: empty).
        let slots = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: size)
        defer { slots.deallocate() }
        slots.initialize(repeating: 0)
        let partMask = UInt32(parts - 1)
        for index in 0..<hashes.count {
            let hash = hashes[index]
            if hash & partMask != UInt32(part) { continue }
            var slot = Int(hash >> 1) & mask
            while slots[slot] != 0 {
                let other = Int(slots[slot]) - 1
                if hashes[other] == hash && input.places[other].id == input.places[index].id { return true }
                slot = (slot + 1) & mask
            }
            slots[slot] = UInt32(index + 1)
        }
        return false
    }
}

/// Places in blocks of their own pages, for a part of a file read on another thread: joined to
/// the first part's array a block at a time, each block's memory given back as soon as it is
/// moved, so that the join does not hold both copies at once.
final class PlaceBlocks: @unchecked Sendable {
    /// Places a block holds, unless a test asks for blocks too large to map.
    static let defaultCapacity = 16_384
    private let capacity: Int
    private let size: Int
    private var blocks: [UnsafeMutablePointer<Place>] = []
    private var lastCount = 0

    init(capacity: Int = defaultCapacity) {
        self.capacity = capacity
        size = capacity.multipliedReportingOverflow(by: MemoryLayout<Place>.stride).partialValue
    }

    /// Adds a place; throws mmap(2)'s error (ENOMEM) when a new block cannot be had.
    func append(_ place: Place) throws(SystemError) {
        if blocks.isEmpty || lastCount == capacity {
            let raw = try PageMemory.allocate(size)
            blocks.append(raw.bindMemory(to: Place.self, capacity: capacity))
            lastCount = 0
        }
        (blocks[blocks.count - 1] + lastCount).initialize(to: place)
        lastCount += 1
    }

    private func count(of block: Int) -> Int { block == blocks.count - 1 ? lastCount : capacity }

    private func release(_ block: UnsafeMutablePointer<Place>) {
        PageMemory.deallocate(UnsafeMutableRawPointer(block), size: size)
    }

    /// Moves every place to the end of `array`, in order, and frees the blocks.
    func move(into array: inout [Place]) {
        for index in blocks.indices {
            let block = blocks[index]
            array.append(contentsOf: (0..<count(of: index)).lazy.map { (block + $0).move() })
            release(block)
        }
        blocks = []
    }

    deinit {
        for index in blocks.indices {
            blocks[index].deinitialize(count: count(of: index))
            release(blocks[index])
        }
    }
}
