import Dispatch
import Synchronization
import Words

/// A large features array read on two threads (`GeoJSONLoader.features`): the first half from
/// the start, the second from a boundary guessed at the middle, joined when the first reaches it.
extension GeoJSONLoader {
    enum Outcome { case end, stop, cancelled }

    /// The first half of a features array, read on its own thread from the start.
    final class FirstHalf: @unchecked Sendable {
        var scanner: JSONScanner
        var builder: PlaceBuilder
        var reading: Reading
        var skipped: Int
        var outcome: Result<Outcome, PlacesFile.Problem> = .success(.end)

        init(scanner: JSONScanner, builder: PlaceBuilder, reading: Reading, skipped: Int) {
            self.scanner = scanner
            self.builder = builder
            self.reading = reading
            self.skipped = skipped
        }

        func read(to second: SecondHalf) {
            do throws(PlacesFile.Problem) {
                outcome = .success(
                    try GeoJSONLoader.run(&scanner, &builder, &reading, &skipped, stop: second.boundary, other: second))
            } catch {
                outcome = .failure(error)
            }
            if case .success(.stop) = outcome { return }
            second.cancelled.store(true, ordering: .relaxed)
        }
    }

    /// The second half of a features array, read on its own thread from a guessed boundary.
    final class SecondHalf: @unchecked Sendable {
        let bytes: UnsafeBufferPointer<UInt8>
        let file: String
        let boundary: Int
        let blockCapacity: Int
        let kindWords: Catalog
        let cancelled = Atomic<Bool>(false)
        /// What it read, when it read to the end of the array without a problem.
        var part: (builder: PlaceBuilder, skipped: Int, end: Int)?
        /// Why it stopped, when memory for its places could not be had.
        var outOfMemory: PlacesFile.Problem?

        init(bytes: UnsafeBufferPointer<UInt8>, file: String, boundary: Int, blockCapacity: Int, kindWords: Catalog) {
            self.bytes = bytes
            self.file = file
            self.boundary = boundary
            self.blockCapacity = blockCapacity
            self.kindWords = kindWords
        }

        func read() {
            var scanner = JSONScanner(bytes, file: file)
            scanner.position = boundary
            var builder = PlaceBuilder(
                file: file, bytes: bytes, collecting: (bytes.count - boundary) / 180, inBlocks: true,
                blockCapacity: blockCapacity)
            builder.kindWords = kindWords
            var reading = Reading()
            var skipped = 0
            do throws(PlacesFile.Problem) {
                if try GeoJSONLoader.run(&scanner, &builder, &reading, &skipped, stop: nil, other: self) == .end {
                    part = (builder, skipped, scanner.position)
                }
            } catch {
                part = nil
                if error.isOutOfMemory { outOfMemory = error }
            }
        }
    }

    /// Reads features up to the end of the array (`.end`), or until the next feature starts at
    /// `stop` (`.stop`). With a `stop`, passing it by without landing on it cancels `other`, the
    /// reader that started there, and this one reads on to the end; without one, `other` is this
    /// reader, which stops (`.cancelled`) when it is cancelled.
    static func run(
        _ scanner: inout JSONScanner, _ builder: inout PlaceBuilder, _ reading: inout Reading, _ skipped: inout Int,
        stop: Int?, other: SecondHalf?
    ) throws(PlacesFile.Problem) -> Outcome {
        var stop = stop
        let watched = stop == nil ? other : nil
        repeat {
            if let at = stop {
                if scanner.position >= at {
                    if scanner.position == at { return .stop }
                    stop = nil
                    other?.cancelled.store(true, ordering: .relaxed)
                }
            } else if let watched, watched.cancelled.load(ordering: .relaxed) {
                return .cancelled
            }
            reading.number += 1
            if try !feature(&scanner, &builder, &reading.values, &reading.words, number: reading.number) {
                skipped += 1
            }
        } while try scanner.more(UInt8(ascii: "]"), field: "features")
        return .end
    }

    /// Where a feature seems to start at or after `from`: the `{` of a `}`, `,`, `{` run (white
    /// space between). Only a guess: the bytes may be inside a string.
    static func guessBoundary(_ bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        var index = from
        let limit = min(bytes.count, from + (1 << 20))
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }
        while index < limit {
            if bytes[index] == UInt8(ascii: "}") {
                var next = index + 1
                while next < limit && isSpace(bytes[next]) { next += 1 }
                if next < limit && bytes[next] == UInt8(ascii: ",") {
                    next += 1
                    while next < limit && isSpace(bytes[next]) { next += 1 }
                    if next < limit && bytes[next] == UInt8(ascii: "{") { return next }
                }
            }
            index += 1
        }
        return nil
    }
}
