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
        /// Its markers, as the session holds them (their ids given by the session).
        case markers([NearbyState.MarkedPlace])
        /// A file that is not a markers file: what is wrong, and where.
        case damaged(GPXLibraryProblem)
    }

    /// Nil until read. Guarded by `condition` (a pthread mutex, which ThreadSanitizer sees).
    private var read: Read?
    private let condition = NSCondition()

    /// Starts reading `path` on a thread of its own.
    init(path: String) {
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
            let library = try MarkerLibrary.read(gpx: String(decoding: bytes, as: UTF8.self), file: path)
            return .markers(library.markers.map(MarkerKeeper.marked))
        } catch {
            return .damaged(error)
        }
    }
}
