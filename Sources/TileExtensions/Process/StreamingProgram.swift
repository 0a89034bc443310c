import FoundationEssentials
import TileBase
import Synchronization
import TileKit
#if canImport(Glibc)
import Glibc
#endif

/// A program started once and kept (`listen = true`): each line it prints is handed over as it
/// comes, requests go to its stdin as lines, and when it exits it is started again after a
/// back-off delay (exponential with jitter, `RetryPolicy`).
///
/// Lines arrive from the process reactor's thread, which sleeps in its reactor while the program is
/// quiet: a streaming widget that prints nothing costs no wake-ups. Call `stop()` when done; until
/// then the program is restarted for ever.
public final class StreamingProgram: Sendable {
    /// What happened to the program, in order; delivered on the reactor's thread. Keep handlers
    /// short (queue the event and wake the board), and never wait in one for a thread that may be
    /// inside `stop()`, which waits for the reactor.
    public enum Event: Sendable, Hashable {
        /// The program started (again) with this pid.
        case started(pid: Int32)
        /// A line of stdout, without its newline (and CR); invalid UTF-8 is repaired.
        case line(String)
        /// A line longer than the command's `outputLimit` was dropped.
        case lineTooLong(limit: Int)
        /// The program ended, or could not start. `reason` is worded as the board shows it
        /// (`exit 1: <last line of stderr>`, `killed by SIGSEGV`, `cannot run 'x': …`);
        /// `restartIn` is the back-off delay in seconds, nil after `stop()`.
        case exited(ProgramStatus, reason: String, restartIn: TimeInterval?)
    }

    private let command: ProgramCommand
    private let retryPolicy: RetryPolicy
    private let stableAfter: TimeInterval
    private let onEvent: @Sendable (Event) -> Void
    private let reactor: ProcessReactor
    private let timers: any RestartScheduling
    private let state: Mutex<State>
    private let stopped = ThreadCondition()

    private struct State {
        var job: Int?
        var timer: Int?
        var failures = 0
        var stopping = false
        var finished = false
        /// What each start writes first: the command's input, then the last line sent.
        var firstRequest: [UInt8]

        init(firstRequest: [UInt8]) {
            self.firstRequest = firstRequest
        }
    }

    /// A program that runs `command` (its `input` is written first after every start, its
    /// `outputLimit` caps a line, its `timeout` is not used) once `start()` is called.
    /// `retryPolicy` times restarts (default 1 s doubling to 5 min); a run that lasted
    /// `stableAfter` seconds resets the back-off.
    public convenience init(
        _ command: ProgramCommand,
        retryPolicy: RetryPolicy = RetryPolicy(base: 1, cap: 300),
        stableAfter: TimeInterval = 60,
        onEvent: @escaping @Sendable (Event) -> Void
    ) {
        self.init(command, retryPolicy: retryPolicy, stableAfter: stableAfter, reactor: .shared, timers: nil, onEvent: onEvent)
    }

    init(
        _ command: ProgramCommand, retryPolicy: RetryPolicy, stableAfter: TimeInterval,
        reactor: ProcessReactor, timers: (any RestartScheduling)?, onEvent: @escaping @Sendable (Event) -> Void
    ) {
        self.command = command
        self.retryPolicy = retryPolicy
        self.stableAfter = stableAfter
        self.reactor = reactor
        self.timers = timers ?? reactor
        self.onEvent = onEvent
        state = Mutex(State(firstRequest: command.input))
    }

    /// A program whose events arrive as an `AsyncStream`, which finishes after `stop()`. The
    /// stream keeps the newest 256 events when its reader falls behind.
    public static func makeStream(
        _ command: ProgramCommand,
        retryPolicy: RetryPolicy = RetryPolicy(base: 1, cap: 300),
        stableAfter: TimeInterval = 60
    ) -> (program: StreamingProgram, events: AsyncStream<Event>) {
        let (events, continuation) = AsyncStream.makeStream(of: Event.self, bufferingPolicy: .bufferingNewest(256))
        let program = StreamingProgram(command, retryPolicy: retryPolicy, stableAfter: stableAfter) { event in
            continuation.yield(event)
            if case .exited(_, _, nil) = event { continuation.finish() }
        }
        return (program, events)
    }

    /// Starts the program, unless it is running, waiting to restart, or stopped.
    public func start() {
        let job = state.withLock { state -> ProcessJob? in
            guard !state.stopping, state.job == nil, state.timer == nil else { return nil }
            return makeJob(&state)
        }
        if let job { reactor.submit(.start(job)) }
    }

    /// Writes `line` and a newline to the program's stdin (the line should hold no newline), and
    /// makes it the request a restart begins with. While the program is down it is only kept.
    public func send(line: String) {
        let bytes = Array(line.utf8) + [UInt8(ascii: "\n")]
        let job = state.withLock { state -> Int? in
            state.firstRequest = bytes
            return state.job
        }
        if let job { reactor.submit(.write(id: job, bytes: bytes)) }
    }

    /// Kills the program's process group, reaps it and stops restarting; returns once it is gone
    /// (at once when called on the reactor's thread, from an event handler). The last event is
    /// `.exited(_, _, restartIn: nil)`.
    public func stop() {
        let (job, timer, first) = state.withLock { state -> (Int?, Int?, Bool) in
            let first = !state.stopping
            state.stopping = true
            defer { state.timer = nil }
            if state.job == nil { state.finished = true }
            return (state.job, state.timer, first)
        }
        if let timer { timers.cancelRestart(timer) }
        if let job {
            reactor.submit(.stop(id: job, status: .cancelled))
            guard !reactor.isCurrentThread else { return }
            stopped.lock()
            while !state.withLock({ $0.finished }) { stopped.wait() }
            stopped.unlock()
        } else if first {
            // Through the reactor's thread, so it comes after any event already on its way.
            reactor.perform { [self] in onEvent(.exited(.cancelled, reason: "stopped", restartIn: nil)) }
        }
    }

    // MARK: Runs

    private func makeJob(_ state: inout State) -> ProcessJob {
        var command = command
        command.input = state.firstRequest
        let handlers = ProcessJob.StreamHandlers(
            onStart: { [self] pid in onEvent(.started(pid: pid)) },
            onLine: { [self] line in onEvent(.line(String(decoding: line, as: UTF8.self))) },
            onLineTooLong: { [self] in onEvent(.lineTooLong(limit: self.command.outputLimit)) },
            onEnd: { [self] status, errors, duration in ended(status, errors, duration) })
        let job = ProcessJob(id: reactor.makeID(), command: command, mode: .stream(handlers))
        state.job = job.id
        return job
    }

    private func ended(_ status: ProgramStatus, _ errors: [UInt8], _ duration: TimeInterval) {
        let reason = status.failureReason(program: command.programName, errorOutput: errors) ?? "exit 0"
        // On the reactor's thread (a job's handler), where its shut-down flag may be read.
        let shutDown = reactor.isShutDown
        let delay = state.withLock { state -> TimeInterval? in
            state.job = nil
            if state.stopping || shutDown {
                state.stopping = true
                return nil
            }
            state.failures = duration >= stableAfter ? 1 : state.failures + 1
            return retryPolicy.delay(afterFailures: state.failures)
        }
        guard let delay else {
            // The last event first: `stop()` returns only after it has been delivered.
            onEvent(.exited(status, reason: reason, restartIn: nil))
            state.withLock { $0.finished = true }
            markStopped()
            return
        }
        onEvent(.exited(status, reason: reason, restartIn: delay))
        let timer = timers.scheduleRestart(after: delay) { [self] in restart() }
        state.withLock { state in
            if state.stopping { return }
            state.timer = timer
        }
    }

    private func restart() {
        let job = state.withLock { state -> ProcessJob? in
            state.timer = nil
            guard !state.stopping, state.job == nil else { return nil }
            return makeJob(&state)
        }
        if let job { reactor.submit(.start(job)) }
    }

    private func markStopped() {
        stopped.lock()
        stopped.broadcast()
        stopped.unlock()
    }
}

/// Runs a restart after a delay; the reactor's timers, or a manual clock in tests.
protocol RestartScheduling: Sendable {
    /// Calls `action` after `delay` seconds; returns a token for `cancelRestart`.
    func scheduleRestart(after delay: TimeInterval, _ action: @escaping @Sendable () -> Void) -> Int
    func cancelRestart(_ token: Int)
}

extension ProcessReactor: RestartScheduling {
    func scheduleRestart(after delay: TimeInterval, _ action: @escaping @Sendable () -> Void) -> Int {
        let id = makeID()
        submit(.timer(id: id, deadline: Reactor.now.advanced(by: .seconds(delay)), action: action))
        return id
    }

    func cancelRestart(_ token: Int) {
        submit(.cancelTimer(id: token))
    }
}
