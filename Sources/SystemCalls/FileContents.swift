/// The whole of a file, read once: a regular file is mapped (mmap(2), read-only), so that a
/// 180 MB file is read page by page by whoever reads it; anything else (a pipe, a device) is
/// read to its end. The memory is given back when the value goes.
public final class FileContents {
    /// The bytes, valid while the value lives (`withUnsafeBytes`).
    private let bytes: UnsafeRawBufferPointer
    private let isMapped: Bool

    /// Opens and reads `path`. Throws the open's error (ENOENT, EACCES…) or the read's; a
    /// folder gives EISDIR.
    public init(path: String) throws(SystemError) {
        let fd = try FileDescriptor.open(path, .readOnly)
        defer { fd.close() }
        let status = try Syscalls.status(fd.rawValue, path: path).get()
        if status.isDirectory { throw Syscalls.isDirectoryError("read", path: path) }
        if status.isRegular && status.size > 0 {
            let start = try Syscalls.map(size: status.size, file: fd.rawValue, path: path).get()
            bytes = UnsafeRawBufferPointer(start: start, count: status.size)
            isMapped = true
            return
        }
        var buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(status.size, 65_536), alignment: 1)
        var count = 0
        do {
            while true {
                if count == buffer.count {
                    let bigger = UnsafeMutableRawBufferPointer.allocate(byteCount: buffer.count * 2, alignment: 1)
                    bigger.copyMemory(from: UnsafeRawBufferPointer(buffer))
                    buffer.deallocate()
                    buffer = bigger
                }
                let read = try fd.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[count...]), path: path)
                if read == 0 { break }
                count += read
            }
        } catch {
            buffer.deallocate()
            throw error
        }
        bytes = UnsafeRawBufferPointer(start: buffer.baseAddress, count: count)
        isMapped = false
    }

    /// How many bytes the file has.
    public var count: Int { bytes.count }

    /// Runs `body` on the bytes, which stay valid until it returns.
    public func withUnsafeBytes<T, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> T) throws(E) -> T {
        defer { withExtendedLifetime(self) {} }
        return try body(bytes)
    }

    /// A copy of the bytes.
    public var array: [UInt8] { withUnsafeBytes { Array($0) } }

    deinit {
        guard let start = bytes.baseAddress else { return }
        if isMapped {
            Syscalls.unmap(UnsafeMutableRawPointer(mutating: start), size: bytes.count)
        } else {
            start.deallocate()
        }
    }
}

/// Anonymous memory of whole pages (mmap(2)), for blocks that must go back to the system as
/// soon as they are freed (munmap(2)), not stay in the allocator's pools.
public enum PageMemory {
    /// `size` bytes of zeroed, writable memory.
    public static func allocate(_ size: Int) throws(SystemError) -> UnsafeMutableRawPointer {
        try Syscalls.map(size: size, file: nil, path: nil).get()
    }

    /// Gives back memory from `allocate(_:)`.
    public static func deallocate(_ pointer: UnsafeMutableRawPointer, size: Int) {
        Syscalls.unmap(pointer, size: size)
    }
}

/// Operations on names of files.
public enum FileSystem {
    /// Renames `from` to `to`, replacing it in one step (rename(2)).
    public static func rename(_ from: String, to: String) throws(SystemError) {
        try Syscalls.rename(from, to: to).get()
    }

    /// Writes `bytes` as the file at `path`, whole or not at all: into a new file beside it
    /// (".NAME.RANDOM.tmp"), flushed to the disk and given the old file's permissions, then
    /// renamed over it, and the folder flushed so that the new name lasts too. A run killed
    /// before the rename leaves the old file as it was; a write that fails removes the new one.
    /// A new file is made with `permissions` (less the umask). Returns whether something had the
    /// name before (and was replaced).
    @discardableResult
    public static func replace(_ path: String, with bytes: [UInt8], permissions: UInt32 = 0o644)
        throws(SystemError) -> Bool
    {
        let existed = Syscalls.exists(path)
        var kept: UInt32?
        if let old = try? FileDescriptor.open(path, .readOnly) {
            if let status = try? Syscalls.status(old.rawValue, path: path).get(), status.isRegular {
                kept = status.permissions
            }
            old.close()
        }
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let temporary = folder + "." + name + "." + String(UInt64.random(in: 0...UInt64.max), radix: 36) + ".tmp"
        let fd = try FileDescriptor.open(temporary, .writeTruncating, permissions: permissions)
        func fill() throws(SystemError) {
            defer { fd.close() }
            try fd.writeAll(bytes, path: temporary)
            try fd.sync(path: temporary)
            if let kept { try Syscalls.changeMode(fd.rawValue, kept, path: temporary).get() }
        }
        do throws(SystemError) {
            try fill()
            try rename(temporary, to: path)
        } catch {
            try? remove(temporary)
            throw error
        }
        try syncFolder(folder.isEmpty ? "." : folder)
        return existed
    }

    /// Flushes the folder at `path` to the disk (fsync(2) of the folder opened read-only): a
    /// name just made or renamed in it lasts a crash. A folder that cannot be opened to read (one
    /// searchable but not readable) or a file system that cannot flush a folder (EINVAL) is no
    /// error: the name is made, only not flushed.
    static func syncFolder(_ path: String) throws(SystemError) {
        guard let fd = try? FileDescriptor.open(path, .readOnly) else { return }
        defer { fd.close() }
        do throws(SystemError) { try fd.sync(path: path) } catch {
            if !error.isUnsupportedSync { throw error }
        }
    }

    /// Makes the folder at `path` and any folders missing above it (mkdir(2) each, as
    /// `mkdir -p`), with the system's own error for the first that cannot be made.
    public static func makeFolders(_ path: String, permissions: UInt32 = 0o755) throws(SystemError) {
        var prefix = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            prefix += "/" + part
            try Syscalls.makeFolder(prefix, permissions).get()
        }
    }

    /// Whether anything has the name `path` (lstat(2)); a symbolic link counts, wherever it
    /// points.
    public static func exists(_ path: String) -> Bool { Syscalls.exists(path) }

    /// Removes the file (unlink(2)).
    public static func remove(_ path: String) throws(SystemError) {
        try Syscalls.remove(path).get()
    }
}
