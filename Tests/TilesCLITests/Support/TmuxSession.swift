// A tmux server of the test's own, running one command in a detached session: the terminal for
// end-to-end tests (docs/platform.md "Driving the real binary in tests").
//
// Self-contained (Foundation and Glibc only) so it can be copied into any test target.
//
// Every child is started with posix_spawn, an empty signal mask and every signal at its default
// action: a child of Foundation's `Process` inherits the test runner's almost fully blocked mask,
// and then tmux and the app never see SIGWINCH, SIGHUP or SIGCHLD (no resize, no kill-server).
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What a finished child process left behind.
struct SpawnedProcessResult {
    /// The exit status, or 128 + the signal that killed it.
    var status: Int32
    var standardOutput: String
    var standardError: String
}

/// Runs programs without a shell and without inheriting the caller's signal mask.
enum SpawnedProcess {
    /// Runs `argv` (argv[0] is looked up in PATH) to completion, with stdin on /dev/null.
    static func run(_ argv: [String], environment: [String: String]) throws -> SpawnedProcessResult {
        var output: [Int32] = [-1, -1]
        var errors: [Int32] = [-1, -1]
        guard pipe(&output) == 0, pipe(&errors) == 0 else { throw TmuxSession.Failure("pipe failed: errno \(errno)") }
        for descriptor in [output[0], output[1], errors[0], errors[1]] {
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errors[1], 2)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let arguments = argv.map { strdup($0) } + [nil]
        let variables = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            arguments.forEach { free($0) }
            variables.forEach { free($0) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, argv[0], &actions, &attributes, arguments, variables)
        close(output[1])
        close(errors[1])
        defer {
            close(output[0])
            close(errors[0])
        }
        guard spawned == 0 else {
            throw TmuxSession.Failure("could not start \(argv[0]): \(String(cString: strerror(spawned)))")
        }
        // A daemonizing child (the tmux server) closes its copies, so EOF arrives when the client exits.
        let standardOutput = readAll(output[0])
        let standardError = readAll(errors[0])
        var waitStatus: Int32 = 0
        while waitpid(pid, &waitStatus, 0) < 0 && errno == EINTR {}
        let signal = waitStatus & 0x7F
        let status = signal == 0 ? (waitStatus >> 8) & 0xFF : 128 + signal
        return SpawnedProcessResult(status: status, standardOutput: standardOutput, standardError: standardError)
    }

    private static func readAll(_ descriptor: Int32) -> String {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            data.append(contentsOf: buffer[0..<count])
        }
        return String(decoding: data, as: UTF8.self)
    }
}

/// One tmux server (`tmux -L <unique socket> -f /dev/null`) with one detached session running
/// a command; killed on `close()` or when released.
final class TmuxSession {
    /// A tmux command failed or a wait timed out; the message says which and shows the screen.
    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// The tmux socket name, unique to this session.
    let socket: String
    private var isClosed = false
    private let clientEnvironment: [String: String]
    private let privateEnvironment: PrivateEnvironment

    /// Starts `command` (argv, no shell) as `exec env -i <a PrivateEnvironment> TERM=<term>
    /// <environment> <command>` in a `width` × `height` session: nothing of the developer's but
    /// `PATH` reaches it.
    ///
    /// With `remainOnExit` the pane stays after the command exits, so a test can read
    /// `#{pane_dead_status}`; `options` are tmux options set globally in the same invocation
    /// (e.g. `["set-clipboard", "on"]`), before the command can produce output.
    init(
        command: [String], width: Int = 100, height: Int = 30, term: String = "tmux-256color",
        environment: [String: String] = [:], remainOnExit: Bool = true, options: [[String]] = []
    ) throws {
        socket = "tiles-test-\(getpid())-\(UUID().uuidString.prefix(8))"
        var client = ProcessInfo.processInfo.environment
        // A test run inside tmux must not talk to the user's server, and the colour variables
        // of the test's own terminal must not leak into the program's.
        for name in ["TMUX", "TMUX_PANE", "COLORTERM", "NO_COLOR"] { client[name] = nil }
        clientEnvironment = client
        privateEnvironment = PrivateEnvironment(["TERM": term].merging(environment) { _, new in new })
        let assignments = privateEnvironment.variables.sorted { $0.key < $1.key }.map { Self.shellQuoted("\($0.key)=\($0.value)") }
        let shellCommand = "exec env -i " + (assignments + command.map(Self.shellQuoted)).joined(separator: " ")
        var arguments = ["new-session", "-d", "-x", String(width), "-y", String(height), shellCommand]
        if remainOnExit { arguments += [";", "set-option", "-g", "remain-on-exit", "on"] }
        for option in options { arguments += [";", "set-option", "-g"] + option }
        try tmux(arguments)
    }

    deinit {
        close()
    }

    /// Kills the server (and with it the command). Safe to call more than once.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        _ = try? tmux(["kill-server"])
    }

    /// Runs `tmux -L <socket> -f /dev/null <arguments>` and returns its stdout.
    @discardableResult
    func tmux(_ arguments: [String]) throws -> String {
        let result = try SpawnedProcess.run(["tmux", "-L", socket, "-f", "/dev/null"] + arguments, environment: clientEnvironment)
        guard result.status == 0 else {
            throw Failure("tmux \(arguments.joined(separator: " ")) failed (\(result.status)): \(result.standardError)")
        }
        return result.standardOutput
    }

    /// Sends keys by tmux name (`"a"`, `"Tab"`, `"Up"`, `"C-c"`, `"Enter"`, `"BTab"`).
    func sendKeys(_ keys: String...) throws {
        try tmux(["send-keys"] + keys)
    }

    /// Types `text` literally (CJK and emoji included).
    func sendLiteral(_ text: String) throws {
        try tmux(["send-keys", "-l", text])
    }

    /// Sends raw bytes to the program, as if the terminal had sent them.
    func sendBytes(_ bytes: [UInt8]) throws {
        try tmux(["send-keys", "-H"] + bytes.map { String($0, radix: 16) })
    }

    /// Clicks the left button at column `x`, row `y` (0-based): a press and a release in the
    /// mouse encoding the program asked tmux for (SGR 1006 if it did, else X10 `ESC [ M`).
    /// tmux's own `mouse` option is off, so the bytes reach the program unchanged.
    func sendMouseClick(x: Int, y: Int) throws {
        if try display("#{mouse_sgr_flag}") == "1" {
            try sendBytes(Array("\u{1B}[<0;\(x + 1);\(y + 1)M\u{1B}[<0;\(x + 1);\(y + 1)m".utf8))
        } else {
            precondition(x < 223 && y < 223, "X10 mouse encoding stops at column and row 222")
            let position = [UInt8(33 + x), UInt8(33 + y)]
            try sendBytes([0x1B, 0x5B, 0x4D, 32] + position + [0x1B, 0x5B, 0x4D, 35] + position)
        }
    }

    /// Drags with the left button from (`fromX`, `fromY`) to (`toX`, `toY`) (0-based): a press
    /// and a release elsewhere, as SGR 1006 reports (the board asks for them).
    func sendMouseDrag(fromX: Int, fromY: Int, toX: Int, toY: Int) throws {
        guard try display("#{mouse_sgr_flag}") == "1" else { throw Failure("the program did not ask for SGR mouse reports") }
        try sendBytes(Array("\u{1B}[<0;\(fromX + 1);\(fromY + 1)M\u{1B}[<32;\(toX + 1);\(toY + 1)M\u{1B}[<0;\(toX + 1);\(toY + 1)m".utf8))
    }

    /// Appends every byte the program writes from now on to `file` (`pipe-pane -o`): what
    /// reaches the terminal before tmux reads it, bells and OSC sequences included.
    func recordOutput(to file: URL) throws {
        try tmux(["pipe-pane", "-o", "cat >> '\(file.path)'"])
    }

    /// The pane's text (`capture-pane -p`), with SGR colour escapes when `escapes` is true.
    func capture(escapes: Bool = false) throws -> String {
        try tmux(["capture-pane", "-p"] + (escapes ? ["-e"] : []))
    }

    /// Polls the pane until `predicate` holds for its capture, and returns that capture; throws
    /// with the last capture when `timeout` seconds pass first.
    @discardableResult
    func waitFor(
        timeout: TimeInterval = 10, escapes: Bool = false, _ what: String = "the expected screen",
        _ predicate: (String) -> Bool
    ) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var screen = ""
        while true {
            screen = try capture(escapes: escapes)
            if predicate(screen) { return screen }
            if Date() >= deadline { throw Failure("timed out after \(timeout) s waiting for \(what); the pane shows:\n\(screen)") }
            usleep(50_000)
        }
    }

    /// Resizes the session's window (and so the program's terminal).
    func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-x", String(width), "-y", String(height)])
    }

    /// A tmux format evaluated for the pane, e.g. `#{pane_dead_status}`.
    func display(_ format: String) throws -> String {
        try tmux(["display-message", "-p", format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The pid of the pane's process (the command, as it was exec'd).
    var panePID: pid_t {
        get throws {
            guard let pid = pid_t(try display("#{pane_pid}")) else { throw Failure("tmux reported no pane pid") }
            return pid
        }
    }

    /// Sends `signal` to the pane's process.
    func kill(signal: Int32 = SIGTERM) throws {
        let pid = try panePID
        guard Glibc.kill(pid, signal) == 0 else { throw Failure("kill \(pid) failed: errno \(errno)") }
    }

    /// The command's exit status once it has exited (needs `remainOnExit`), else nil.
    ///
    /// tmux 3.3a here marks a pane dead when its pty closes, but about every other time it misses
    /// the SIGCHLD that follows (seen with `head -c1` as well as with Swift programs), leaving the
    /// child a zombie and `pane_dead_status` empty for ever. A SIGCHLD sent to the server makes it
    /// reap the child and record the status.
    func exitStatus() throws -> Int32? {
        let fields = try display("#{pane_dead} #{pane_dead_status}").split(separator: " ")
        guard fields.first == "1" else { return nil }
        guard fields.count > 1 else {
            if let server = pid_t(try display("#{pid}")) { _ = Glibc.kill(server, SIGCHLD) }
            return nil
        }
        return Int32(fields[1])
    }

    /// Waits until the command has exited and returns its status.
    func waitForExit(timeout: TimeInterval = 10) throws -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let status = try exitStatus() { return status }
            if Date() >= deadline { throw Failure("the command did not exit within \(timeout) s; the pane shows:\n\(try capture())") }
            usleep(50_000)
        }
    }

    /// `word` in single quotes for the shell tmux runs the command with.
    static func shellQuoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
