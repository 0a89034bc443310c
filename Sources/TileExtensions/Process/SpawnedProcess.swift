import CProcessSpawn
import FoundationEssentials
import Glibc
import TileBase

/// A started program: its pid (also its process group's id) and the parent's ends of its pipes.
struct SpawnedProcess {
    let pid: pid_t
    /// Readable when the program exits; -1 where pidfd_open failed (then the reactor checks with
    /// `waitid(WNOHANG)` on a short timer).
    let pidfd: Int32
    let stdin: Int32
    let stdout: Int32
    let stderr: Int32

    /// Starts `command` without a shell in a new process group, with stdin, stdout and stderr on
    /// pipes, no other descriptor inherited, no signal blocked and every signal at its default
    /// action (tiles ignores some, and ignored signals survive exec). Returns the errno of a
    /// failure: ENOENT for a program that is not found, EACCES for one that is not executable.
    static func spawn(_ command: ProgramCommand) -> Result<SpawnedProcess, SpawnError> {
        guard !command.arguments.isEmpty, !command.arguments[0].isEmpty else { return .failure(SpawnError(errno: ENOENT)) }
        // posix_spawn reports a failed chdir with the same errno as a missing program: look first,
        // so the message can say which.
        if let directory = command.workingDirectory {
            var info = stat()
            if stat(directory, &info) != 0 { return .failure(SpawnError(errno: errno, inWorkingDirectory: true)) }
            if info.st_mode & S_IFMT != S_IFDIR { return .failure(SpawnError(errno: ENOTDIR, inWorkingDirectory: true)) }
        }
        var pipes: [[Int32]] = []
        defer { for pair in pipes { for end in pair where end >= 0 { close(end) } } }
        for _ in 0..<3 {
            var pair: [Int32] = [-1, -1]
            guard tiles_pipe_cloexec(&pair) == 0 else { return .failure(SpawnError(errno: errno)) }
            pipes.append(pair)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // dup2 clears close-on-exec on the copies; closefrom drops everything else.
        posix_spawn_file_actions_adddup2(&actions, pipes[0][0], 0)
        posix_spawn_file_actions_adddup2(&actions, pipes[1][1], 1)
        posix_spawn_file_actions_adddup2(&actions, pipes[2][1], 2)
        tiles_spawn_add_closefrom(&actions, 3)
        if let directory = command.workingDirectory {
            tiles_spawn_add_chdir(&actions, directory)
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        let signalFlags = SpawnSupport.resetSignals(&attributes)
        // Group 0: the child leads a new group whose id is its pid, so one kill(-pid) reaches
        // everything it starts (unless that makes a session or group of its own).
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, signalFlags | Int16(POSIX_SPAWN_SETPGROUP))

        var environment = ProcessInfo.processInfo.environment
        environment.merge(command.environment) { _, added in added }
        var pid: pid_t = 0
        // posix_spawnp looks the name up in tiles' PATH and reports exec's errno (glibc ≥ 2.24).
        let status = SpawnSupport.withCArrays(arguments: command.arguments, environment: environment) { argv, envp in
            posix_spawnp(&pid, command.arguments[0], &actions, &attributes, argv, envp)
        }
        guard status == 0 else { return .failure(SpawnError(errno: status)) }

        let pidfd = tiles_pidfd_open(pid)
        let parentEnds = (stdin: pipes[0][1], stdout: pipes[1][0], stderr: pipes[2][0])
        for end in [parentEnds.stdin, parentEnds.stdout, parentEnds.stderr] {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        close(pipes[0][0])
        close(pipes[1][1])
        close(pipes[2][1])
        pipes = []
        return .success(SpawnedProcess(
            pid: pid, pidfd: pidfd, stdin: parentEnds.stdin, stdout: parentEnds.stdout, stderr: parentEnds.stderr))
    }

    struct SpawnError: Error {
        let errno: Int32
        /// Whether the working directory is what failed.
        var inWorkingDirectory = false
    }

    /// The status `waitpid` reported, as a `ProgramStatus`.
    static func status(fromWaitStatus raw: Int32) -> ProgramStatus {
        let signal = raw & 0x7f
        return signal == 0 ? .exited((raw >> 8) & 0xff) : .signaled(signal)
    }
}
