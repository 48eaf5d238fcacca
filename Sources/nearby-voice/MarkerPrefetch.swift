import Foundation
import MarkerStore
import NearbyCore
import SystemCalls

/// The markers file read on a thread of its own from the session's start, while the rest of
/// the start (catalogs, places, the greeting) runs, and taken in after the greeting as it
/// always was (`MarkerKeeper.load`): 10,000 markers took 10 ms to read, which the first answer
/// waited for (issue 40). Only the reading is done early; what the file holds is said, and a
/// damaged file kept aside, when it is taken.
final class MarkerPrefetch: @unchecked Sendable {
    /// What the file held when it was read.
    enum Read {
        /// No file: no markers.
        case missing
        /// A file that cannot be read (permissions, an I/O error).
        case unreadable(SystemError)
        /// Its markers and routes, as the session holds them (the markers' ids given by the
        /// session).
        case library([NearbyState.MarkedPlace], routes: [NearbyState.KeptRoute])
        /// A file that is not a markers file: what is wrong, and where.
        case damaged(GPXLibraryProblem)
    }

    /// Nil until read. Guarded by `condition` (a pthread mutex, which ThreadSanitizer sees).
    private var read: Read?
    private let condition = NSCondition()

    /// The file being read from the program's start (`startEarly`), until a session takes it.
    /// Guarded by `earlyLock`.
    nonisolated(unsafe) private static var early: MarkerPrefetch?
    private static let earlyLock = NSLock()

    /// Starts reading `path` at the program's start, before the session is made (its catalogs,
    /// places and speech take some 30 ms, which the reading then takes no time of).
    static func startEarly(path: String) {
        let prefetch = MarkerPrefetch(path: path)
        earlyLock.withLock { early = prefetch }
    }

    /// The reading started early, when it reads `path` (taken: a second session reads anew).
    static func takeEarly(path: String) -> MarkerPrefetch? {
        earlyLock.withLock {
            defer { early = nil }
            return early?.path == path ? early : nil
        }
    }

    /// The file read.
    let path: String

    /// Starts reading `path` on a thread of its own.
    init(path: String) {
        self.path = path
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            let read = Self.read(path)
            condition.withLock {
                self.read = read
                condition.broadcast()
            }
        }
    }

    /// What the file held, once read (waiting for the reading when it is not done yet).
    func take() -> Read {
        condition.withLock {
            while read == nil { condition.wait() }
            return read!
        }
    }

    /// Reads and parses the file at `path`.
    static func read(_ path: String) -> Read {
        let bytes: [UInt8]
        do throws(SystemError) { bytes = try FileContents(path: path).array } catch {
            return error.isMissingFile ? .missing : .unreadable(error)
        }
        do throws(GPXLibraryProblem) {
            // The bytes as they are: UTF-8 reads as the text made of it would, without making it.
            var library: MarkerLibrary
            do throws(GPXLibraryProblem) {
                library = try MarkerLibrary.read(bytes: bytes, file: path, undatedTime: 0)
            } catch {
                guard case .notText = error.reason else { throw error }
                // Bytes that are not UTF-8 are read as the session always read them: as text,
                // each such byte a replacement character.
                library = try MarkerLibrary.read(gpx: String(decoding: bytes, as: UTF8.self), file: path)
            }
            return .library(library.markers.map(MarkerKeeper.marked), routes: library.routes.map(MarkerKeeper.kept))
        } catch {
            return .damaged(error)
        }
    }
}
