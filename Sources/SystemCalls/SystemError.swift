/// A system call that failed: which, on what, and `errno` with the C library's own words for
/// it (`strerror`), so that a message says "Permission denied" instead of guessing.
public struct SystemError: Error, Hashable, CustomStringConvertible, Sendable {
    /// `errno` as the call left it.
    public var code: Int32
    /// The call that failed, as its manual page names it: "open", "write", "flock".
    public var operation: String
    /// The file the call was about, when there is one.
    public var path: String?
    /// `strerror(code)`: "No such file or directory", "No space left on device".
    public var reason: String
    /// For a write that failed part way: how many bytes were written before it failed.
    public var written: Int

    public init(code: Int32, operation: String, path: String? = nil, reason: String, written: Int = 0) {
        self.code = code
        self.operation = operation
        self.path = path
        self.reason = reason
        self.written = written
    }

    /// "open /tmp/x: Permission denied".
    public var description: String {
        path.map { "\(operation) \($0): \(reason)" } ?? "\(operation): \(reason)"
    }
}
