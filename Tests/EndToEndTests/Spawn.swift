import Foundation

/// Starts programs with a clean signal mask. Foundation's `Process` starts children with
/// SIGINT, SIGTERM and SIGHUP blocked when run from the test runner, so such a child could
/// never be stopped by a signal; `posix_spawn` with `POSIX_SPAWN_SETSIGMASK` gives it none.
/// Unlike `Process`, `posix_spawn` hands the child every descriptor not marked close-on-exec;
/// `closeInherited` closes them.
enum Spawn {
    struct Failure: Error, CustomStringConvertible { let description: String }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34), which the Glibc module leaves
    /// out (it is declared for _GNU_SOURCE only).
    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    private static let addCloseFrom: AddCloseFrom = {
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else {
            fatalError("glibc 2.34 or later is needed: no posix_spawn_file_actions_addclosefrom_np")
        }
        return unsafeBitCast(symbol, to: AddCloseFrom.self)
    }()

    /// Adds to `actions`, after the standard streams are set up, the closing of every other
    /// descriptor. Tests run side by side: without it a child holds the write end of another
    /// test's pipe (Foundation's `Pipe` is not close-on-exec), and a daemon (PulseAudio,
    /// speech-dispatcher, tmux) would keep that test's read from ending until the daemon does.
    static func closeInherited(_ actions: inout posix_spawn_file_actions_t) {
        _ = addCloseFrom(&actions, 3)
    }

    /// Where a child's standard stream goes: a file (opened for it) or one of our descriptors.
    enum Stream {
        case path(String)
        case descriptor(Int32)
    }

    /// Starts `program` with `arguments` and `environment`, its input from `input` and its
    /// output and errors where asked (/dev/null by default), and returns its process id.
    static func start(
        _ program: String, _ arguments: [String], environment: [String: String], input: String = "/dev/null",
        output: Stream = .path("/dev/null"), error: Stream = .path("/dev/null")
    ) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, input, O_RDONLY, 0)
        for (stream, target) in [(output, Int32(1)), (error, Int32(2))] {
            switch stream {
            case .path(let path):
                posix_spawn_file_actions_addopen(&actions, target, path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            case .descriptor(let descriptor): posix_spawn_file_actions_adddup2(&actions, descriptor, target)
            }
        }
        closeInherited(&actions)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        var defaults = sigset_t()
        sigemptyset(&none)
        sigfillset(&defaults)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, program, &actions, &attributes, argv, envp)
        guard status == 0 else {
            throw Failure(description: "cannot start \(program): \(String(cString: strerror(status)))")
        }
        return pid
    }

    /// Waits for `pid` to end, at most `seconds`, then kills it; its exit status.
    @discardableResult
    static func wait(_ pid: pid_t, seconds: Double = 10) -> Int32 {
        let deadline = Date().addingTimeInterval(seconds)
        var status: Int32 = 0
        while Date() < deadline {
            if waitpid(pid, &status, WNOHANG) == pid { return status }
            Thread.sleep(forTimeInterval: 0.01)
        }
        kill(pid, SIGKILL)
        waitpid(pid, &status, 0)
        return status
    }
}
