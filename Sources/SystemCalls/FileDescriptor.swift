/// An open file, a pipe or a terminal: the descriptor and the operations the project uses on
/// one, each throwing a `SystemError` with the real `errno` (apple/swift-system's shape). The
/// system calls themselves are in `Syscalls.swift`.
public struct FileDescriptor: RawRepresentable, Hashable, Sendable {
    public let rawValue: Int32

    public init(rawValue: Int32) { self.rawValue = rawValue }

    public static let standardInput = FileDescriptor(rawValue: 0)
    public static let standardOutput = FileDescriptor(rawValue: 1)
    public static let standardError = FileDescriptor(rawValue: 2)

    /// How a file is opened; always close-on-exec.
    public enum OpenMode: Sendable {
        /// O_RDONLY.
        case readOnly
        /// O_WRONLY (a device: /dev/null).
        case writeOnly
        /// O_WRONLY | O_CREAT | O_TRUNC: written in place from the start, never replaced.
        case writeTruncating
        /// O_WRONLY | O_APPEND | O_CREAT.
        case appending
        /// O_RDWR | O_CREAT (a lock file).
        case readWriteCreating
        /// O_WRONLY | O_CREAT | O_EXCL: a new file, never one that is there (EEXIST).
        case creatingNew
    }

    public enum SeekOrigin: Sendable { case start, current, end }

    public enum LockKind: Sendable { case shared, exclusive }

    /// Opens `path` (open(2)); a file made is given `permissions`.
    public static func open(_ path: String, _ mode: OpenMode, permissions: UInt32 = 0o644) throws(SystemError)
        -> FileDescriptor
    {
        FileDescriptor(rawValue: try Syscalls.open(path, mode, permissions).get())
    }

    /// Closes the descriptor (close(2)).
    public func close() { Syscalls.close(rawValue) }

    /// Runs `body` with the file at `path` open, and closes it after.
    public static func withOpened<T>(
        _ path: String, _ mode: OpenMode, permissions: UInt32 = 0o644, _ body: (FileDescriptor) throws(SystemError) -> T
    ) throws(SystemError) -> T {
        let fd = try open(path, mode, permissions: permissions)
        defer { fd.close() }
        return try body(fd)
    }

    /// Writes all of `bytes` at the file's offset, or at `offset` (pwrite), retrying when a
    /// signal interrupts; a failure says how many bytes went before it (`written`).
    public func writeAll(_ bytes: UnsafeRawBufferPointer, at offset: Int? = nil, path: String? = nil)
        throws(SystemError)
    {
        try Syscalls.writeAll(rawValue, bytes, at: offset, path: path).get()
    }

    /// Writes all of `bytes` (see `writeAll(_:at:path:)`).
    public func writeAll(_ bytes: [UInt8], at offset: Int? = nil, path: String? = nil) throws(SystemError) {
        try bytes.withUnsafeBytes { Syscalls.writeAll(rawValue, $0, at: offset, path: path) }.get()
    }

    /// Reads up to `buffer.count` bytes (read(2), or pread(2) at `offset`); 0 at the end.
    public func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int? = nil, path: String? = nil)
        throws(SystemError) -> Int
    {
        try Syscalls.read(rawValue, into: buffer, at: offset, path: path).get()
    }

    /// Moves the file's offset (lseek(2)) and gives the new one.
    @discardableResult
    public func seek(to offset: Int, from origin: SeekOrigin, path: String? = nil) throws(SystemError) -> Int {
        try Syscalls.seek(rawValue, offset, from: origin, path: path).get()
    }

    /// Cuts or extends the file to `size` bytes (ftruncate(2)).
    public func truncate(to size: Int, path: String? = nil) throws(SystemError) {
        try Syscalls.truncate(rawValue, to: size, path: path).get()
    }

    /// Gives a regular file the mode 0600, read and written by its owner alone (fchmod(2));
    /// a device or a pipe is left as it is.
    public func restrictToOwner(path: String? = nil) throws(SystemError) {
        guard try Syscalls.status(rawValue, path: path).get().isRegular else { return }
        try Syscalls.changeMode(rawValue, 0o600, path: path).get()
    }

    /// Flushes the file to the disk (fsync(2)).
    public func sync(path: String? = nil) throws(SystemError) {
        try Syscalls.sync(rawValue, path: path).get()
    }

    /// Takes the file's lock (flock(2)), waiting for it.
    public func lock(_ kind: LockKind, path: String? = nil) throws(SystemError) {
        try Syscalls.lock(rawValue, kind, path: path).get()
    }

    /// Takes the file's lock if no one else holds it (flock(2) with LOCK_NB): true when taken,
    /// false when another open file holds it (in this process or another).
    public func tryLock(_ kind: LockKind, path: String? = nil) throws(SystemError) -> Bool {
        switch Syscalls.lock(rawValue, kind, waiting: false, path: path) {
        case .success: return true
        case .failure(let error) where error.isLockHeld: return false
        case .failure(let error): throw error
        }
    }

    /// Gives the file's lock back.
    public func unlock() { _ = Syscalls.lock(rawValue, nil, path: nil) }

    /// A second descriptor of the same file (dup(2)).
    public func duplicate() throws(SystemError) -> FileDescriptor {
        FileDescriptor(rawValue: try Syscalls.duplicate(rawValue).get())
    }

    /// Makes `target` a descriptor of this file too (dup2(2)).
    public func duplicate(onto target: FileDescriptor) throws(SystemError) {
        _ = try Syscalls.duplicate(rawValue, onto: target.rawValue).get()
    }

    /// Ends a socket both ways (shutdown(2)), without closing the descriptor: a thread reading
    /// it reads its end.
    public func shutdownSocket() throws(SystemError) {
        _ = try Syscalls.shutdownSocket(rawValue).get()
    }

    /// A TCP connection to `host`:`port`, given up after `milliseconds` (getaddrinfo(3),
    /// socket(2), connect(2), poll(2)).
    public static func connect(host: String, port: Int, milliseconds: Int32) throws(SystemError) -> FileDescriptor {
        FileDescriptor(rawValue: try Syscalls.connectTCP(host: host, port: port, timeout: milliseconds).get())
    }

    /// Whether the descriptor is a terminal (isatty(3)).
    public var isTerminal: Bool { Syscalls.isTerminal(rawValue) }

    /// The terminal's columns and rows (ioctl(2) TIOCGWINSZ).
    public func windowSize() throws(SystemError) -> (columns: Int, rows: Int) {
        try Syscalls.windowSize(rawValue).get()
    }

    /// A new pipe (pipe(2)), both ends close-on-exec, and non-blocking if asked.
    public static func pipe(nonBlocking: Bool = false) throws(SystemError) -> (
        read: FileDescriptor, write: FileDescriptor
    ) {
        let ends = try Syscalls.pipe(nonBlocking: nonBlocking).get()
        return (FileDescriptor(rawValue: ends.read), FileDescriptor(rawValue: ends.write))
    }

    /// Waits at most `milliseconds` (nil: as long as it takes) until one of `descriptors` has
    /// input, its end or an error (poll(2)): which have; all false when the time ran out. A
    /// signal ends the wait with an error whose `isInterrupted` is true.
    public static func waitForInput(_ descriptors: [FileDescriptor], milliseconds: Int32?) throws(SystemError) -> [Bool]
    {
        try Syscalls.waitForInput(descriptors.map(\.rawValue), timeout: milliseconds ?? -1).get()
    }
}
