import Glibc

/// A child process started with `posix_spawnp`, never through a shell: its arguments reach it
/// as they are, whatever characters they hold.
struct SpawnedProcess {
    /// How a child process ended.
    enum Termination: Equatable {
        case exited(status: Int32)
        case signalled(Int32)
        /// Someone else in this process reaped it (a `waitpid(-1, ...)` elsewhere): how it ended is lost.
        case lost
    }

    /// Why a child process could not be started.
    enum SpawnError: Error, Equatable {
        /// No executable of that name on `PATH`, or at that path.
        case notFound
        /// `posix_spawnp` failed with this `errno`.
        case failed(errno: Int32)
    }

    let pid: pid_t

    /// Starts `arguments[0]` (a name looked up on `PATH`, or a path) with `arguments`, this
    /// process's environment, standard input and output on `/dev/null`, standard error shared,
    /// and default signal handling.
    static func spawn(_ arguments: [String]) throws(SpawnError) -> SpawnedProcess {
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaultSignals = sigset_t()
        sigemptyset(&defaultSignals)
        sigaddset(&defaultSignals, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaultSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var pid: pid_t = 0
        let result = posix_spawnp(&pid, arguments[0], &actions, &attributes, &argv, environ)
        switch result {
        case 0: return SpawnedProcess(pid: pid)
        case ENOENT, ENOTDIR: throw .notFound
        default: throw .failed(errno: result)
        }
    }

    /// How the process ended, reaping it; `nil` while it runs.
    func termination() -> Termination? {
        var status: Int32 = 0
        while true {
            let result = waitpid(pid, &status, WNOHANG)
            if result == -1, errno == EINTR { continue }
            if result == -1 { return .lost }
            return result == 0 ? nil : Self.termination(of: status)
        }
    }

    /// Kills the process and reaps it.
    func kill() {
        _ = Glibc.kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1, errno == EINTR {}
    }

    /// Decodes a `waitpid` status (the `WIFEXITED` and `WTERMSIG` macros, which Swift does not import).
    private static func termination(of status: Int32) -> Termination {
        let signal = status & 0x7F
        return signal == 0 ? .exited(status: (status >> 8) & 0xFF) : .signalled(signal)
    }
}
