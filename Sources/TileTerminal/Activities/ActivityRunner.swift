import CProcessSpawn
import FoundationEssentials
import Glibc
import TileBase
import TileKit

/// `tiles activity run`: runs a command in the user's terminal as it would run without tiles,
/// and meanwhile reports it as a live activity.
///
/// The command keeps the terminal as its stdin and its process group, so Ctrl-C reaches it
/// (tiles ignores SIGINT and SIGQUIT meanwhile). Its stdout and stderr come back through tiles,
/// byte for byte, to read the last line and the progress: through a pseudo-terminal where they
/// were a terminal (the command still sees one, sized as the real one, and colours its output
/// as usual), through pipes elsewhere.
public final class ActivityRunner {
    /// How the command ended: as `waitpid` reports it, or that it could not start.
    public enum Outcome: Equatable {
        case exited(Int32)
        case signaled(Int32)
        /// posix_spawn's errno (ENOENT: no such command).
        case notStarted(Int32)
    }

    private let command: [String]
    private let environment: [String: String]
    private let reporter: ActivityReporter?
    /// What each read takes from a relay.
    private var buffer = [UInt8](repeating: 0, count: 65_536)

    /// Runs `command` (looked up on PATH) in `environment`, reporting through `reporter` (none
    /// when no board can be told: the command runs all the same).
    public init(command: [String], environment: [String: String], reporter: ActivityReporter?) {
        precondition(!command.isEmpty, "an activity runs a command")
        self.command = command
        self.environment = environment
        self.reporter = reporter
    }

    /// posix_spawn's errno.
    private struct SpawnError: Error {
        var code: Int32
    }

    /// One source of the command's output and where it goes.
    private struct Relay {
        /// The end tiles reads (a pseudo-terminal's master or a pipe's read end), non-blocking.
        var source: Int32
        /// The descriptor it is copied to (1 or 2).
        var destination: Int32
        var open = true
        /// The last line written through it.
        var lines = OutputLineTracker()
    }

    /// Runs the command to its end and reports how it ended (the activity's end written).
    public func run() -> Outcome {
        let previousInterrupt = signal(SIGINT, SIG_IGN)
        let previousQuit = signal(SIGQUIT, SIG_IGN)
        let previousPipe = signal(SIGPIPE, SIG_IGN)
        defer {
            signal(SIGINT, previousInterrupt)
            signal(SIGQUIT, previousQuit)
            signal(SIGPIPE, previousPipe)
        }
        guard let doorbell = try? Doorbell(), doorbell.catchSignals([SIGWINCH, SIGTERM, SIGHUP]) else {
            return .notStarted(errno)
        }
        var (relays, childEnds, terminal) = outputs()
        let started = spawn(output: childEnds.output, error: childEnds.error)
        for descriptor in Set([childEnds.output, childEnds.error]) { close(descriptor) }
        guard case .success(let pid) = started else {
            relays.forEach { close($0.source) }
            if case .failure(let error) = started { return .notStarted(error.code) }
            return .notStarted(0)
        }
        reporter?.write(at: Date())
        let exitDescriptor = tiles_pidfd_open(pid)
        // The last line is the one of the output written to last (stdout or stderr).
        var lastRelay = 0
        var waitStatus: Int32?
        // The command's pidfd, its output and the signals' doorbell end a turn; what they hold
        // is taken after it.
        let reactor = Reactor(name: "tiles.activity")
        var rang = false
        reactor.watch(doorbell.readDescriptor, for: .readable) { _ in rang = true }
        if exitDescriptor >= 0 { reactor.watch(exitDescriptor, for: .readable) { _ in } }
        for relay in relays { reactor.watch(relay.source, for: .readable) { _ in } }
        while waitStatus == nil {
            rang = false
            if reactor.runTurn(until: nextTurnEnd(exitKnown: exitDescriptor >= 0)) == .interrupted {
                rang = true
            }
            if rang {
                for number in doorbell.take(drainingPipe: true).signals {
                    if number != SIGWINCH {
                        kill(pid, number)
                    } else if let terminal, copyWindowSize(to: terminal) {
                        // The command may have asked for its size before the copy: tell it again.
                        // tiles hears it too, and finds the size unchanged.
                        killpg(getpgrp(), SIGWINCH)
                    }
                }
            }
            var copied = false
            for index in relays.indices where relays[index].open {
                let source = relays[index].source
                if copy(&relays[index]) {
                    lastRelay = index
                    copied = true
                }
                if !relays[index].open { reactor.unwatch(source) }
            }
            waitStatus = reap(pid)
            // Only output is news: a silent command costs the boards nothing.
            if copied {
                let line = relays[lastRelay].lines.lastLine
                reporter?.update(at: Date()) { $0.report(line: line, at: Date()) }
            }
            reporter?.writeIfDue(at: Date())
        }
        // What the command wrote before it ended, and what is still buffered.
        for index in relays.indices where relays[index].open {
            if copy(&relays[index]) { lastRelay = index }
        }
        let lastLine = relays.isEmpty ? "" : relays[lastRelay].lines.lastLine
        for relay in relays where relay.source >= 0 { close(relay.source) }
        if exitDescriptor >= 0 { close(exitDescriptor) }
        let status = waitStatus ?? 0
        let outcome: Outcome = (status & 0x7F) == 0 ? .exited((status >> 8) & 0xFF) : .signaled(status & 0x7F)
        if let reporter {
            let now = Date()
            reporter.update(at: now) { activity in
                activity.report(line: lastLine, at: now)
                switch outcome {
                case .exited(let code): activity.end = .init(at: now, status: code)
                case .signaled(let number): activity.end = .init(at: now, signal: number)
                case .notStarted: break
                }
            }
            reporter.flush(at: now)
        }
        return outcome
    }

    /// When a turn must end at the latest: when the next report is due, or, without a pidfd to
    /// say when the command ends, a fifth of a second from now; nil for no limit.
    private func nextTurnEnd(exitKnown: Bool) -> Reactor.Instant? {
        var wait: Duration? = exitKnown ? nil : .milliseconds(200)
        if let next = reporter?.nextWrite {
            let untilReport = Duration.seconds(max(0, min(1, next.timeIntervalSinceNow)))
            wait = min(wait ?? untilReport, untilReport)
        }
        return wait.map { Reactor.now.advanced(by: $0) }
    }

    /// The command's wait status once it ended; nil while it runs (unless `blocking`).
    private func reap(_ pid: pid_t, blocking: Bool = false) -> Int32? {
        var status: Int32 = 0
        while true {
            let result = waitpid(pid, &status, blocking ? 0 : WNOHANG)
            if result == pid { return status }
            if result < 0, errno == EINTR { continue }
            // ECHILD: someone else reaped it, and its status is lost; call it a failure.
            return result < 0 ? 1 << 8 : nil
        }
    }

    /// Copies what `relay` has now, without blocking; closes it at its end. True when it copied
    /// anything.
    @discardableResult
    private func copy(_ relay: inout Relay) -> Bool {
        let descriptor = relay.source
        var copied = false
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                copied = true
                relay.lines.take(buffer[0..<count])
                if !writeAll(buffer[0..<count], to: relay.destination) {
                    // Nobody reads tiles' output any more: the command learns it as it would have.
                    close(relay.source)
                    relay.source = -1
                    relay.open = false
                    return copied
                }
                continue
            }
            if count < 0, errno == EINTR { continue }
            // EAGAIN: nothing more for now. 0, or EIO from a pseudo-terminal: every writer closed it.
            if count == 0 || errno != EAGAIN { relay.open = false }
            return copied
        }
    }

    private func writeAll(_ bytes: ArraySlice<UInt8>, to descriptor: Int32) -> Bool {
        var rest = bytes
        while !rest.isEmpty {
            let written = rest.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            rest = rest.dropFirst(written)
        }
        return true
    }

    // MARK: Setting up

    /// The relays tiles reads, the descriptors the command writes to, and the pseudo-terminal's
    /// master when there is one.
    private func outputs() -> ([Relay], (output: Int32, error: Int32), Int32?) {
        let outputIsTerminal = isatty(1) == 1, errorIsTerminal = isatty(2) == 1
        var relays: [Relay] = []
        var pseudoTerminal: (master: Int32, slave: Int32)?
        if outputIsTerminal || errorIsTerminal {
            pseudoTerminal = openPseudoTerminal(like: outputIsTerminal ? 1 : 2)
        }
        if let pseudoTerminal {
            relays.append(Relay(source: pseudoTerminal.master, destination: outputIsTerminal ? 1 : 2))
        }
        func end(for descriptor: Int32, isTerminal: Bool) -> Int32 {
            if isTerminal, let pseudoTerminal { return pseudoTerminal.slave }
            var ends: [Int32] = [-1, -1]
            guard tiles_pipe_cloexec(&ends) == 0 else { return dup(descriptor) }
            _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
            relays.append(Relay(source: ends[0], destination: descriptor))
            return ends[1]
        }
        let output = end(for: 1, isTerminal: outputIsTerminal)
        let error = end(for: 2, isTerminal: errorIsTerminal)
        return (relays, (output, error), pseudoTerminal?.master)
    }

    /// A pseudo-terminal set up as the terminal `descriptor` is (size, modes), except that it
    /// passes output through unchanged: the real terminal turns line feeds into new lines
    /// itself. Nil when none can be opened.
    private func openPseudoTerminal(like descriptor: Int32) -> (master: Int32, slave: Int32)? {
        var master: Int32 = -1, slave: Int32 = -1
        guard tiles_open_pseudo_terminal(&master, &slave) == 0 else { return nil }
        var modes = termios()
        if tcgetattr(descriptor, &modes) == 0 {
            modes.c_oflag &= ~tcflag_t(OPOST)
            tcsetattr(slave, TCSANOW, &modes)
        }
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
        copyWindowSize(to: master)
        return (master, slave)
    }

    /// Gives the pseudo-terminal the real terminal's size (at the start, and on SIGWINCH);
    /// true when that changed it.
    @discardableResult
    private func copyWindowSize(to master: Int32) -> Bool {
        var size = winsize(), current = winsize()
        for descriptor: Int32 in [1, 2, 0] where ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0 {
            _ = ioctl(master, UInt(TIOCGWINSZ), &current)
            guard size.ws_row != current.ws_row || size.ws_col != current.ws_col else { return false }
            _ = ioctl(master, UInt(TIOCSWINSZ), &size)
            return true
        }
        return false
    }

    /// Starts the command: stdin the terminal's, stdout and stderr `output` and `error`, in
    /// tiles' process group, every signal at its default action.
    private func spawn(output: Int32, error: Int32) -> Result<pid_t, SpawnError> {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, output, 1)
        posix_spawn_file_actions_adddup2(&actions, error, 2)
        tiles_spawn_add_closefrom(&actions, 3)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, SpawnSupport.resetSignals(&attributes))
        var pid: pid_t = 0
        let status = SpawnSupport.withCArrays(arguments: command, environment: environment) { argv, envp in
            posix_spawnp(&pid, command[0], &actions, &attributes, argv, envp)
        }
        return status == 0 ? .success(pid) : .failure(SpawnError(code: status))
    }
}
