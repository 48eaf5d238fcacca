import Glibc

/// Every system call the project makes, and only here (swift-system's `Syscalls.swift`): each
/// wrapper calls one C function, retries it when a signal interrupted it (EINTR) where a retry
/// is right, and gives back its result or a `SystemError` with `errno` and its text. The rest
/// of the project uses `FileDescriptor`, `FileContents` and `FileSystem`, which call these.
/// (espeak-ng and pcaudiolib are wrapped in Announcer's `CLibraryCalls.swift`, readline in the
/// program's `ReadlineReader.swift`: library calls, not system calls.)
enum Syscalls {
    /// The error of `operation` from the current `errno`.
    static func lastError(_ operation: String, path: String?, written: Int = 0) -> SystemError {
        error(errno, operation, path: path, written: written)
    }

    /// The error of `operation` with `code`, its reason from `strerror`.
    static func error(_ code: Int32, _ operation: String, path: String?, written: Int = 0) -> SystemError {
        SystemError(
            code: code, operation: operation, path: path, reason: String(cString: strerror(code)), written: written)
    }

    /// Calls `call` until it does not fail with EINTR; -1 becomes the error of `operation`.
    @inline(__always)
    private static func retrying<T: BinaryInteger>(_ operation: String, path: String?, _ call: () -> T) -> Result<
        T, SystemError
    > {
        while true {
            let result = call()
            if result != -1 { return .success(result) }
            if errno != EINTR { return .failure(lastError(operation, path: path)) }
        }
    }

    // MARK: Opening and closing

    /// open(2), close-on-exec always.
    static func open(_ path: String, _ mode: FileDescriptor.OpenMode, _ permissions: UInt32) -> Result<
        Int32, SystemError
    > {
        let flags: Int32 =
            switch mode {
            case .readOnly: O_RDONLY
            case .writeOnly: O_WRONLY
            case .writeTruncating: O_WRONLY | O_CREAT | O_TRUNC
            case .appending: O_WRONLY | O_APPEND | O_CREAT
            case .readWriteCreating: O_RDWR | O_CREAT
            case .creatingNew: O_WRONLY | O_CREAT | O_EXCL
            }
        return retrying("open", path: path) { Glibc.open(path, flags | O_CLOEXEC, mode_t(permissions)) }
    }

    /// close(2). Not retried: after EINTR the descriptor is already closed on Linux.
    static func close(_ fd: Int32) {
        _ = Glibc.close(fd)
    }

    /// dup(2).
    static func duplicate(_ fd: Int32) -> Result<Int32, SystemError> {
        retrying("dup", path: nil) { Glibc.dup(fd) }
    }

    /// dup2(2): `fd` also becomes `target`.
    static func duplicate(_ fd: Int32, onto target: Int32) -> Result<Int32, SystemError> {
        retrying("dup2", path: nil) { Glibc.dup2(fd, target) }
    }

    /// pipe(2), both ends close-on-exec (fcntl(2) F_SETFD), and non-blocking (F_SETFL) if asked.
    static func pipe(nonBlocking: Bool) -> Result<(read: Int32, write: Int32), SystemError> {
        var ends: [Int32] = [-1, -1]
        guard Glibc.pipe(&ends) == 0 else { return .failure(lastError("pipe", path: nil)) }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            if nonBlocking { _ = fcntl(end, F_SETFL, O_NONBLOCK) }
        }
        return .success((ends[0], ends[1]))
    }

    // MARK: Reading and writing

    /// Writes all of `bytes`, at the file's offset (write(2)) or at `offset` (pwrite(2)): the
    /// one write-everything loop of the project. Retried on EINTR; a write that takes nothing
    /// is a full disk (ENOSPC). The error says how many bytes went before it failed.
    static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, at offset: Int?, path: String?) -> Result<
        Void, SystemError
    > {
        var done = 0
        while done < bytes.count {
            let base = bytes.baseAddress! + done
            let left = bytes.count - done
            let count = offset.map { pwrite(fd, base, left, off_t($0 + done)) } ?? Glibc.write(fd, base, left)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                return .failure(
                    error(count < 0 ? errno : ENOSPC, offset == nil ? "write" : "pwrite", path: path, written: done))
            }
            done += count
        }
        return .success(())
    }

    /// read(2), or pread(2) at `offset`: up to `buffer.count` bytes, 0 at the end of the file.
    static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: Int?, path: String?) -> Result<
        Int, SystemError
    > {
        if let offset {
            return retrying("pread", path: path) { pread(fd, buffer.baseAddress, buffer.count, off_t(offset)) }
        }
        return retrying("read", path: path) { Glibc.read(fd, buffer.baseAddress, buffer.count) }
    }

    /// lseek(2) to `offset` from the start, the current position or the end.
    static func seek(_ fd: Int32, _ offset: Int, from whence: FileDescriptor.SeekOrigin, path: String?) -> Result<
        Int, SystemError
    > {
        let origin =
            switch whence {
            case .start: SEEK_SET
            case .current: SEEK_CUR
            case .end: SEEK_END
            }
        return retrying("lseek", path: path) { lseek(fd, off_t(offset), origin) }.map { Int($0) }
    }

    /// ftruncate(2).
    static func truncate(_ fd: Int32, to size: Int, path: String?) -> Result<Void, SystemError> {
        retrying("ftruncate", path: path) { ftruncate(fd, off_t(size)) }.map { _ in () }
    }

    /// signal(2) back to the default action, then kill(2) of this process (not raise(3): the
    /// calling thread may block the signal, and a process-directed one reaches a thread that
    /// does not).
    /// The signal is unblocked in the calling thread first (pthread_sigmask(3)): a process
    /// started with it blocked everywhere would otherwise keep it pending and go on.
    static func endBy(signal number: Int32) {
        _ = Glibc.signal(number, SIG_DFL)
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, number)
        _ = pthread_sigmask(SIG_UNBLOCK, &set, nil)
        _ = Glibc.kill(getpid(), number)
    }

    /// pthread_sigmask(3): `numbers` blocked in the calling thread.
    static func block(signals numbers: [Int32]) {
        var set = signalSet(numbers)
        _ = pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// pthread_sigmask(3): `numbers` unblocked in the calling thread.
    static func unblock(signals numbers: [Int32]) {
        var set = signalSet(numbers)
        _ = pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    /// sigwait(3) for one of `numbers`, again after a spurious return; the signal's number.
    static func waitForAny(signals numbers: [Int32]) -> Int32 {
        var set = signalSet(numbers)
        var number: Int32 = 0
        while sigwait(&set, &number) != 0 || !numbers.contains(number) {}
        return number
    }

    private static func signalSet(_ numbers: [Int32]) -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for number in numbers { sigaddset(&set, number) }
        return set
    }

    /// fchmod(2).
    static func changeMode(_ fd: Int32, _ mode: UInt32, path: String?) -> Result<Void, SystemError> {
        retrying("fchmod", path: path) { fchmod(fd, mode_t(mode)) }.map { _ in () }
    }

    /// fsync(2).
    static func sync(_ fd: Int32, path: String?) -> Result<Void, SystemError> {
        retrying("fsync", path: path) { fsync(fd) }.map { _ in () }
    }

    /// fstat(2): whether the file is a regular one or a folder, its size in bytes, and its
    /// permission bits.
    static func status(_ fd: Int32, path: String?) -> Result<
        (isRegular: Bool, isDirectory: Bool, size: Int, permissions: UInt32), SystemError
    > {
        var status = stat()
        guard fstat(fd, &status) == 0 else { return .failure(lastError("fstat", path: path)) }
        let type = status.st_mode & S_IFMT
        return .success((type == S_IFREG, type == S_IFDIR, Int(status.st_size), UInt32(status.st_mode & 0o7777)))
    }

    /// The error a folder gives when read as a file (EISDIR), for a check made before mapping it.
    static func isDirectoryError(_ operation: String, path: String?) -> SystemError {
        error(EISDIR, operation, path: path)
    }

    /// poll(2) for input on `fds`, waiting at most `timeout` milliseconds (-1: no limit): which
    /// have something to say (input, the end of it, or an error); none when the time ran out. Not retried on EINTR: the caller recomputes its timeout (`isInterrupted`).
    static func waitForInput(_ fds: [Int32], timeout: Int32) -> Result<[Bool], SystemError> {
        var polled = fds.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        guard poll(&polled, nfds_t(polled.count), timeout) >= 0 else { return .failure(lastError("poll", path: nil)) }
        return .success(polled.map { $0.revents != 0 })
    }

    // MARK: Sockets

    /// A TCP connection to `host`:`port` (getaddrinfo(3), socket(2), then connect(2) made
    /// non-blocking and waited for with poll(2) at most `timeout` milliseconds, each address in
    /// turn): a peer that does not answer (gpsd) never holds the caller longer. The socket is
    /// close-on-exec and blocking once connected.
    static func connectTCP(host: String, port: Int, timeout: Int32) -> Result<Int32, SystemError> {
        let place = "\(host):\(port)"
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            return .failure(
                SystemError(
                    code: ECONNREFUSED, operation: "getaddrinfo", path: place,
                    reason: String(cString: gai_strerror(status))
                ))
        }
        defer { freeaddrinfo(list) }
        var failure = error(ECONNREFUSED, "connect", path: place)
        var node: UnsafeMutablePointer<addrinfo>? = first
        while let current = node {
            node = current.pointee.ai_next
            let fd = socket(
                current.pointee.ai_family, current.pointee.ai_socktype | Int32(SOCK_CLOEXEC.rawValue),
                current.pointee.ai_protocol)
            guard fd >= 0 else {
                failure = lastError("socket", path: place)
                continue
            }
            let flags = fcntl(fd, F_GETFL)
            _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
            var code: Int32 = 0
            if Glibc.connect(fd, current.pointee.ai_addr, current.pointee.ai_addrlen) != 0 {
                code = errno
                if code == EINPROGRESS {
                    var polled = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                    let ready = poll(&polled, 1, timeout)
                    if ready == 1 {
                        var length = socklen_t(MemoryLayout<Int32>.size)
                        code = 0
                        _ = getsockopt(fd, SOL_SOCKET, SO_ERROR, &code, &length)
                    } else {
                        code = ready == 0 ? ETIMEDOUT : errno
                    }
                }
            }
            if code == 0 {
                _ = fcntl(fd, F_SETFL, flags)
                return .success(fd)
            }
            failure = error(code, "connect", path: place)
            Glibc.close(fd)
        }
        return .failure(failure)
    }

    // MARK: Locks, terminals

    /// flock(2), retried on EINTR: shared, exclusive, or unlock; with LOCK_NB when not
    /// `waiting`, so that a lock another holds fails at once with EWOULDBLOCK.
    static func lock(_ fd: Int32, _ kind: FileDescriptor.LockKind?, waiting: Bool = true, path: String?) -> Result<
        Void, SystemError
    > {
        let operation =
            switch kind {
            case .shared: LOCK_SH
            case .exclusive: LOCK_EX
            case nil: LOCK_UN
            }
        return retrying("flock", path: path) { flock(fd, operation | (waiting ? 0 : LOCK_NB)) }.map { _ in () }
    }

    /// isatty(3) (a tcgetattr(2)).
    static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

    // MARK: Time

    /// The CPU time the calling thread has used, in seconds (clock_gettime(2),
    /// `CLOCK_THREAD_CPUTIME_ID`); 0 when it cannot be read.
    static func threadCPUTime() -> Double {
        var time = timespec()
        guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time) == 0 else { return 0 }
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// shutdown(2) of both directions of a socket: its peer, and a reader of it, see its end.
    static func shutdownSocket(_ fd: Int32) -> Result<Int32, SystemError> {
        retrying("shutdown", path: nil) { Glibc.shutdown(fd, Int32(SHUT_RDWR)) }
    }

    /// ioctl(2) TIOCGWINSZ: the terminal's columns and rows.
    static func windowSize(_ fd: Int32) -> Result<(columns: Int, rows: Int), SystemError> {
        var window = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &window) == 0 else { return .failure(lastError("ioctl", path: nil)) }
        return .success((Int(window.ws_col), Int(window.ws_row)))
    }

    // MARK: Memory

    /// mmap(2) of `size` bytes: anonymous and writable (`fd` nil), or a file's, read-only.
    static func map(size: Int, file fd: Int32?, path: String?) -> Result<UnsafeMutableRawPointer, SystemError> {
        let raw =
            fd.map { mmap(nil, size, PROT_READ, MAP_PRIVATE, $0, 0) }
            ?? mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        guard let raw, raw != MAP_FAILED else { return .failure(lastError("mmap", path: path)) }
        return .success(raw)
    }

    /// munmap(2).
    static func unmap(_ pointer: UnsafeMutableRawPointer, size: Int) {
        _ = munmap(pointer, size)
    }

    // MARK: Names

    /// rename(2).
    static func rename(_ from: String, to: String) -> Result<Void, SystemError> {
        retrying("rename", path: from) { Glibc.rename(from, to) }.map { _ in () }
    }

    /// lstat(2): whether anything has the name `path` (a symbolic link counts, wherever it
    /// points).
    static func exists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }

    /// mkdir(2); a folder already there is no error, a file there is ENOTDIR (stat(2) tells).
    static func makeFolder(_ path: String, _ permissions: UInt32) -> Result<Void, SystemError> {
        if mkdir(path, mode_t(permissions)) == 0 { return .success(()) }
        guard errno == EEXIST else { return .failure(lastError("mkdir", path: path)) }
        var status = stat()
        guard stat(path, &status) == 0 else { return .failure(lastError("stat", path: path)) }
        return status.st_mode & S_IFMT == S_IFDIR ? .success(()) : .failure(error(ENOTDIR, "mkdir", path: path))
    }

    /// unlink(2).
    static func remove(_ path: String) -> Result<Void, SystemError> {
        retrying("unlink", path: path) { unlink(path) }.map { _ in () }
    }
}

/// The `errno` values callers tell apart, by name.
extension SystemError {
    /// ENOENT: no such file or folder.
    public static let noSuchFile = ENOENT
    /// EISDIR: a folder where a file was wanted.
    public static let isADirectory = EISDIR
    /// ENOSPC: the disk is full.
    public static let noSpace = ENOSPC

    /// Whether the reader of a pipe has gone (EPIPE).
    public var isBrokenPipe: Bool { code == EPIPE }
    /// Whether fsync(2) was asked of what cannot be flushed (EINVAL): a special file, or a
    /// folder on a file system that does not flush folders.
    public var isUnsupportedSync: Bool { code == EINVAL }
    /// Whether a signal interrupted the call (EINTR).
    public var isInterrupted: Bool { code == EINTR }
    /// Whether a lock was not taken because another holds it (EWOULDBLOCK).
    public var isLockHeld: Bool { code == EWOULDBLOCK }
    /// Whether the file (or a folder on its path) does not exist (ENOENT, ENOTDIR).
    public var isMissingFile: Bool { code == ENOENT || code == ENOTDIR }
}
