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

    /// Removes the file (unlink(2)).
    public static func remove(_ path: String) throws(SystemError) {
        try Syscalls.remove(path).get()
    }
}
