import CNcursesw
import FoundationEssentials
import Glibc
import TileBase

/// Starts a program detached from the terminal, without a shell, and reports how it ended.
enum DetachedProcess {
    /// posix_spawn's error number.
    struct SpawnError: Error {
        let errno: Int32
    }

    /// Spawns `argv` (argv[0] is an absolute path) with stdin, stdout and stderr on /dev/null, in
    /// a new session (so the terminal's signals and hang-up do not reach it), with no signal
    /// blocked and every signal at its default action (tiles ignores SIGINT/SIGTERM/SIGHUP, and
    /// ignored signals survive exec), and no other descriptor inherited.
    ///
    /// Returns the child's pid, or the errno of the failure. A background thread reaps the child
    /// and calls `onExit` with its raw wait status.
    static func spawn(
        _ argv: [String], environment: [String: String], onExit: @escaping @Sendable (Int32) -> Void
    ) -> Result<pid_t, SpawnError> {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addclosefrom_np(&actions, 3)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, SpawnSupport.resetSignals(&attributes) | tiles_posix_spawn_setsid())

        var pid: pid_t = 0
        let status = SpawnSupport.withCArrays(arguments: argv, environment: environment) { arguments, variables in
            posix_spawn(&pid, argv[0], &actions, &attributes, arguments, variables)
        }
        guard status == 0 else { return .failure(SpawnError(errno: status)) }
        let child = pid
        DetachedThread.start(named: "tiles.opener-reaper") {
            var waitStatus: Int32 = 0
            while waitpid(child, &waitStatus, 0) < 0 {
                guard errno == EINTR else { return }
            }
            onExit(waitStatus)
        }
        return .success(child)
    }
}
