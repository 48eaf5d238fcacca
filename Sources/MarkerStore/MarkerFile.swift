import Foundation
import Position
import SystemCalls

/// The library's file, `markers.gpx`, held by one session at a time: opened with an exclusive
/// lock (flock(2), not waiting) on a lock file beside it, `markers.gpx.lock`, held until the
/// value goes; a second session finds the lock taken and opens the file read-only. The file is
/// GPX 1.1 as `MarkerLibrary.gpx(creator:)` writes it, replaced whole on every save, so that a
/// kill, a full disk or a power cut mid-write leaves the old file or the new one, never half of
/// one; a damaged file is renamed aside, never overwritten. This is the shell: it reads the
/// clock (for a damaged file's new name) and touches the disk; the library itself is pure.
public final class MarkerFile {
    /// The markers file.
    public let path: String
    /// The lock file beside it.
    public var lockPath: String { path + ".lock" }
    /// The lock file, open (and locked unless `isReadOnly`) while the value lives.
    private let lock: FileDescriptor
    /// Whether another session holds the file: it can be loaded but not saved.
    public let isReadOnly: Bool

    /// `$XDG_DATA_HOME/nearby-voice/markers.gpx`, or `~/.local/share/nearby-voice/markers.gpx`
    /// when `XDG_DATA_HOME` is unset, empty or not an absolute path (as the XDG Base Directory
    /// specification says to ignore it).
    public static func defaultPath(environment: [String: String]) -> String {
        let base =
            environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? "\(environment["HOME"] ?? NSHomeDirectory())/.local/share"
        return "\(base)/nearby-voice/markers.gpx"
    }

    /// Opens the file at `path`, making its folder (and the lock file) when missing, and takes
    /// its lock; when another session holds the lock, the file is open read-only. Throws when
    /// the folder or the lock file cannot be made or opened.
    public init(path: String) throws(MarkerFileProblem) {
        self.path = path
        let lockPath = path + ".lock"
        do throws(SystemError) {
            if let slash = path.lastIndex(of: "/"), slash != path.startIndex {
                try FileSystem.makeFolders(String(path[..<slash]), permissions: 0o700)
            }
            lock = try FileDescriptor.open(lockPath, .readWriteCreating, permissions: 0o600)
        } catch {
            throw MarkerFileProblem(path: path, reason: .cannotOpen(error))
        }
        do throws(SystemError) {
            isReadOnly = !(try lock.tryLock(.exclusive, path: lockPath))
        } catch {
            lock.close()
            throw MarkerFileProblem(path: path, reason: .cannotOpen(error))
        }
    }

    deinit { lock.close() }

    /// What the file holds. No file is an empty library. A damaged file (not UTF-8, not XML, not
    /// GPX, cut short, a bad position or time) gives an empty library and the problem, with
    /// where the file now is: renamed aside to `markers.gpx.damaged-YYYYMMDD-HHMMSS` (UTC; "-2",
    /// "-3"… when that name is taken), its bytes as they were, so that the next save makes a new
    /// file and never writes over it; a read-only file (another session's) is left where it is.
    /// Throws when the file is there but cannot be read (permissions, an I/O error), or when a
    /// damaged file cannot be renamed: an empty library then would be saved over it.
    public func load() throws(MarkerFileProblem) -> (
        library: MarkerLibrary, damaged: (keptAs: String, problem: GPXLibraryProblem)?
    ) {
        let bytes: [UInt8]
        do throws(SystemError) { bytes = try FileContents(path: path).array } catch {
            if error.isMissingFile { return (MarkerLibrary(), nil) }
            throw MarkerFileProblem(path: path, reason: .cannotRead(error))
        }
        do throws(GPXLibraryProblem) {
            return (try MarkerLibrary.read(bytes: bytes, file: path, undatedTime: 0), nil)
        } catch {
            if isReadOnly { return (MarkerLibrary(), (path, error)) }
            let kept = Self.damagedName(path, time: Date().timeIntervalSince1970)
            do throws(SystemError) { try FileSystem.rename(path, to: kept) } catch {
                throw MarkerFileProblem(path: path, reason: .cannotKeepDamaged(error))
            }
            return (MarkerLibrary(), (kept, error))
        }
    }

    /// Writes the whole library as the file, atomically (`FileSystem.replace`: a temporary file
    /// beside it, fsync, rename over the old one, fsync of the folder), with the mode 0600 when
    /// the file is new: markers say where a person lives. Throws when the file is read-only
    /// (another session's) or the write fails (a full disk, a folder that cannot be written),
    /// and the old file is then as it was.
    public func save(_ library: MarkerLibrary) throws(MarkerFileProblem) {
        guard !isReadOnly else { throw MarkerFileProblem(path: path, reason: .heldByAnotherSession) }
        let bytes = Array(library.gpx().utf8)
        do throws(SystemError) {
            try FileSystem.replace(path, with: bytes, permissions: 0o600)
        } catch {
            throw MarkerFileProblem(path: path, reason: .cannotWrite(error))
        }
    }

    /// `markers.gpx.damaged-20261201-100000` for a damaged file found at `time`, with "-2",
    /// "-3"… after it when the name is taken.
    static func damagedName(_ path: String, time: Double) -> String {
        let iso = ISOTime.text(time)  // 2026-12-01T10:00:00Z
        let digits = iso.filter(\.isNumber)
        let stamp = "\(digits.prefix(8))-\(digits.dropFirst(8).prefix(6))"
        let base = "\(path).damaged-\(stamp)"
        var name = base
        var number = 2
        while FileSystem.exists(name) {
            name = "\(base)-\(number)"
            number += 1
        }
        return name
    }
}

/// Why the markers file cannot be opened, read or written: the file, and what, with the system's
/// own error where there is one (`SystemError.code` tells a full disk, ENOSPC, from the rest).
/// The session words it in its catalogs; `description` is for logs.
public struct MarkerFileProblem: Error, Equatable, Sendable, CustomStringConvertible {
    public var path: String
    public var reason: Reason

    public enum Reason: Equatable, Sendable {
        /// Another session holds the file: this one has it read-only.
        case heldByAnotherSession
        /// The folder or the lock file cannot be made or opened.
        case cannotOpen(SystemError)
        /// The file is there but cannot be read.
        case cannotRead(SystemError)
        /// A damaged file cannot be renamed aside.
        case cannotKeepDamaged(SystemError)
        /// The new file cannot be written; the old one is whole.
        case cannotWrite(SystemError)
    }

    public init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    public var description: String {
        switch reason {
        case .heldByAnotherSession: "\(path): held by another session"
        case .cannotOpen(let error), .cannotRead(let error), .cannotKeepDamaged(let error), .cannotWrite(let error):
            "\(path): \(reason): \(error)"
        }
    }
}
