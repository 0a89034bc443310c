import CProcessSpawn
import FoundationEssentials
import TileBase
import Glibc
import Synchronization

// One file, longer than most: the reactor thread's requests, its watches, its pipes and the end
// of a run share the thread's own state, which nothing outside this file may touch.

/// The thread that starts, feeds, reads, times and reaps every program tiles runs.
///
/// A `Reactor` of its own, on a thread of its own: every signal is blocked there (a SIGPIPE from a
/// program that closed its stdin is consumed there), tiles is the programs' subreaper, and a
/// program flooding its pipes never delays a network read. The programs' pipes and pidfds are
/// watched; after each turn the reactor's state is tended (deadlines, exits, leftovers) and one
/// timer set to the next deadline: with nothing running, or with a streaming program that prints
/// nothing, it makes no wake-ups. Nothing here touches libdispatch's global queues or Swift's
/// global executor, whose first worker thread starts a pool monitor that ticks for the rest of
/// the process (docs/performance.md).
final class ProcessReactor: @unchecked Sendable {
    /// The reactor every runner and streaming program uses; its thread starts with the first request.
    static let shared = ProcessReactor(name: "tiles.programs")

    enum Request {
        case start(ProcessJob)
        /// Kill the job's group now and report `status` (unless it already ended otherwise).
        case stop(id: Int, status: ProgramStatus)
        /// Append bytes to what is written to the job's stdin.
        case write(id: Int, bytes: [UInt8])
        /// Run `action` on the reactor's thread at `deadline`.
        case timer(id: Int, deadline: Reactor.Instant, action: @Sendable () -> Void)
        case cancelTimer(id: Int)
        /// End every program and what runs left (SIGTERM, the grace, SIGKILL), start nothing from
        /// now on, then call `done`.
        case shutDown(done: @Sendable () -> Void)
    }

    /// Job and timer numbers, unique in the process: a run's number marks what it leaves behind.
    private static let nextID = Atomic<Int>(1)

    private let reactor: Reactor
    private let started = Atomic<Bool>(false)

    // The reactor thread's own state.
    private var jobs: [Int: ProcessJob] = [:]
    private var timers: [Int: Reactor.TimerID] = [:]
    /// What the reactor watches for the jobs and leftovers, so that each turn changes only what changed.
    private var watched: [Int32: Watch] = [:]
    private struct Watch: Equatable {
        /// The job, or the leftover's process id.
        var owner: Int
        var role: Role
        var events: Reactor.Events
    }
    /// The one timer that ends a turn at the next deadline, and when it is due.
    private var wakeTimer: (id: Reactor.TimerID, due: Reactor.Instant)?
    /// What runs that ended left running (tiles is their subreaper).
    private let leftovers = LeftoverProcesses()
    /// Whether `shutDown()` ran; read it on the reactor's thread (from a job's handler).
    private(set) var isShutDown = false
    /// A shut-down under way: when its grace ends, and whom to tell when everything is gone.
    private var shutDownUnderWay: (graceEnds: Reactor.Instant, done: @Sendable () -> Void)?
    private let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 8)

    init(name: String) {
        reactor = Reactor(name: name)
    }

    /// A number for a job or a timer, unique in the process.
    func makeID() -> Int {
        Self.nextID.wrappingAdd(1, ordering: .relaxed).oldValue
    }

    /// Hands `request` to the reactor's thread (starting it the first time) and wakes it.
    func submit(_ request: Request) {
        // Tended at once: a job started here must be watched before the turn sleeps.
        reactor.execute { [self] in
            handle(request)
            tend()
        }
        if !started.exchange(true, ordering: .acquiringAndReleasing) {
            reactor.startThread(
                // Descendants that outlive their program come back to tiles (`LeftoverProcesses`).
                setUp: { _ = LeftoverProcesses.becomeSubreaper() },
                afterEachTurn: { [self] in tend() })
        }
    }

    /// Runs `action` on the reactor's thread soon, after what was submitted before it.
    func perform(_ action: @escaping @Sendable () -> Void) {
        submit(.timer(id: makeID(), deadline: Reactor.now, action: action))
    }

    /// Whether the calling thread is the reactor's.
    var isCurrentThread: Bool { reactor.isCurrentThread }

    /// Ends every program running and every process runs left (SIGTERM, the grace, SIGKILL; runs
    /// end `.cancelled`, streaming programs are not restarted) and starts none from now on.
    /// Returns once they are gone, or a second after the grace if some cannot be reaped.
    func shutDown() {
        // A reactor that never started has nothing to end.
        guard started.load(ordering: .acquiring) else { return }
        let sent = ThreadCondition()
        let done = Mutex(false)
        submit(.shutDown(done: {
            sent.lock()
            done.withLock { $0 = true }
            sent.broadcast()
            sent.unlock()
        }))
        guard !isCurrentThread else { return }
        sent.lock()
        while !done.withLock({ $0 }) { sent.wait() }
        sent.unlock()
    }

    // MARK: The thread

    private enum Role { case output, errors, input, exit, leftover }

    /// After each turn: deadlines, exits and leftovers, then what to watch and when to wake.
    private func tend() {
        let now = Reactor.now
        fireDeadlines(now: now)
        checkExitsWithoutPidfd()
        for job in jobs.values where job.exited { finish(job) }
        if leftovers.update(now: Reactor.now) { adoptLeftovers() }
        checkShutDown()
        updateWatches()
        setWakeTimer(at: nextDeadline(now: Reactor.now))
    }

    /// Watches what the jobs and leftovers need now: their output, their stdin while input waits,
    /// their pidfds (a leftover's exit only ends the turn; it is reaped when tended).
    private func updateWatches() {
        var wanted: [Int32: (Watch, ProcessJob?)] = [:]
        for job in jobs.values {
            if job.stdout >= 0 { wanted[job.stdout] = (Watch(owner: job.id, role: .output, events: .readable), job) }
            if job.stderr >= 0 { wanted[job.stderr] = (Watch(owner: job.id, role: .errors, events: .readable), job) }
            if job.stdin >= 0 && !job.pendingInput.isEmpty {
                wanted[job.stdin] = (Watch(owner: job.id, role: .input, events: .writable), job)
            }
            if let pidfd = job.process?.pidfd, pidfd >= 0 {
                wanted[pidfd] = (Watch(owner: job.id, role: .exit, events: .readable), job)
            }
        }
        for (pid, pidfd) in leftovers.descriptors {
            wanted[pidfd] = (Watch(owner: Int(pid), role: .leftover, events: .readable), nil)
        }
        for (descriptor, watch) in watched where wanted[descriptor]?.0 != watch {
            // A descriptor closed since is gone from epoll already; this forgets its handler.
            reactor.unwatch(descriptor)
            watched[descriptor] = nil
        }
        for (descriptor, (watch, job)) in wanted where watched[descriptor] == nil {
            let role = watch.role
            guard reactor.watch(descriptor, for: watch.events, { [unowned self] flags in
                guard let job else { return }
                switch role {
                case .output: readOutput(job)
                case .errors: readErrors(job)
                case .input: writeInput(job)
                // Only readable means the leader exited; then reaping it cannot block.
                case .exit: job.exited = flags.contains(.readable)
                case .leftover: break
                }
            }) else { continue }
            watched[descriptor] = watch
        }
    }

    /// Keeps one timer at `due` (none when nil), so the turn ends when the next deadline is due.
    private func setWakeTimer(at due: Reactor.Instant?) {
        guard wakeTimer?.due != due else { return }
        if let wakeTimer { reactor.cancel(wakeTimer.id) }
        wakeTimer = due.map { due in
            (reactor.schedule(at: due) { [unowned self] in wakeTimer = nil }, due)
        }
    }

    private func handle(_ request: Request) {
        switch request {
        case .start(let job):
            start(job)
        case .stop(let id, let status):
            jobs[id]?.terminate(as: status)
        case .write(let id, let bytes):
            guard let job = jobs[id], job.stdin >= 0 else { return }
            job.pendingInput.append(contentsOf: bytes)
        case .timer(let id, let deadline, let action):
            timers[id] = reactor.schedule(at: deadline) { [unowned self] in
                timers[id] = nil
                action()
            }
        case .cancelTimer(let id):
            if let timer = timers.removeValue(forKey: id) { reactor.cancel(timer) }
        case .shutDown(let done):
            isShutDown = true
            for timer in timers.values { reactor.cancel(timer) }
            timers = [:]
            shutDownUnderWay = (Reactor.now.advanced(by: .seconds(ProgramCommand.defaultKillGrace)), done)
            for job in jobs.values { job.terminate(as: .cancelled) }
            adoptLeftovers()
            checkShutDown()
        }
    }

    private func start(_ job: ProcessJob) {
        job.startTime = Reactor.now
        guard !isShutDown else {
            report(job, status: .cancelled, duration: 0)
            return
        }
        // Checked here, just before the exec, so a file changed after the config was read is
        // caught too.
        if let problem = CommandTrust.problem(with: job.command) {
            report(job, status: .untrusted(problem), duration: 0)
            return
        }
        var command = job.command
        command.environment[LeftoverProcesses.markerVariable] = String(job.id)
        LeftoverProcesses.runStarting(job.id)
        switch SpawnedProcess.spawn(command) {
        case .failure(let error):
            LeftoverProcesses.runEnded(job.id)
            let status: ProgramStatus = error.inWorkingDirectory
                ? .badWorkingDirectory(job.command.workingDirectory ?? "", errno: error.errno) : .cannotRun(errno: error.errno)
            report(job, status: status, duration: 0)
        case .success(let process):
            job.process = process
            job.stdin = process.stdin
            job.stdout = process.stdout
            job.stderr = process.stderr
            job.pendingInput = job.command.input
            jobs[job.id] = job
            switch job.mode {
            case .run:
                job.deadline = job.startTime.advanced(by: .seconds(max(job.command.timeout, 0)))
                // A one-shot run's stdin ends after its input.
                if job.pendingInput.isEmpty { job.closeInput() }
            case .stream(let handlers):
                handlers.onStart(process.pid)
            }
            if !job.pendingInput.isEmpty { writeInput(job) }
        }
    }

    private func fireDeadlines(now: Reactor.Instant) {
        for job in jobs.values where !job.exited {
            if let deadline = job.deadline, deadline <= now {
                job.terminate(as: .timedOut(job.command.timeout))
            }
            if let killDeadline = job.killDeadline, killDeadline <= now {
                job.killDeadline = nil
                job.signalGroup(SIGKILL)
            }
        }
    }

    /// Where pidfd_open failed, asks whether the leader exited without reaping it (the group id
    /// stays ours until `finish` reaps).
    private func checkExitsWithoutPidfd() {
        for job in jobs.values where !job.exited && job.process?.pidfd ?? 0 < 0 {
            guard let pid = job.process?.pid else { continue }
            var info = siginfo_t()
            if waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_signo == SIGCHLD {
                job.exited = true
            }
        }
    }

    /// The next moment `tend` has work: a run's deadline or kill, a leader without a pidfd to
    /// check, an exit to finish, a leftover's, a shut-down's grace.
    private func nextDeadline(now: Reactor.Instant) -> Reactor.Instant? {
        var next: Reactor.Instant?
        func consider(_ deadline: Reactor.Instant?) {
            guard let deadline else { return }
            next = min(next ?? deadline, deadline)
        }
        for job in jobs.values {
            consider(job.deadline)
            consider(job.killDeadline)
            if job.process?.pidfd ?? 0 < 0 { consider(now.advanced(by: .milliseconds(50))) }
            if job.exited { consider(now) }
        }
        consider(leftovers.nextDeadline(now: now))
        if let shutDownUnderWay { consider(shutDownUnderWay.graceEnds.advanced(by: .seconds(jobs.isEmpty && leftovers.isEmpty ? 0 : 1))) }
        return next
    }

    // MARK: Pipes

    /// Reads what stdout holds now (a bounded number of reads, so one chatty program cannot
    /// starve the others); closes it at end of file.
    private func readOutput(_ job: ProcessJob, maximumReads: Int = 16) {
        readPipe({ job.stdout }, maximumReads: maximumReads, receive: job.receiveOutput) {
            job.closeOutput()
            job.flushPartialLine()
        }
    }

    private func readErrors(_ job: ProcessJob, maximumReads: Int = 16) {
        readPipe({ job.stderr }, maximumReads: maximumReads, receive: job.receiveErrors, atEnd: job.closeErrors)
    }

    /// Reads the descriptor `descriptor()` returns until it would block, at most `maximumReads`
    /// times, or until it ends (end of file or an error: `atEnd`, which closes it, making it -1).
    private func readPipe(
        _ descriptor: () -> Int32, maximumReads: Int, receive: (UnsafeRawBufferPointer) -> Void, atEnd: () -> Void
    ) {
        for _ in 0..<maximumReads where descriptor() >= 0 {
            let count = read(descriptor(), buffer.baseAddress, buffer.count)
            if count > 0 {
                receive(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
            } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                atEnd()
            } else if errno == EAGAIN {
                return
            }
        }
    }

    /// Writes what stdin can take now. EPIPE (the program closed its stdin or exited) drops the
    /// rest: not reading its input is the program's right.
    private func writeInput(_ job: ProcessJob) {
        while job.stdin >= 0 && !job.pendingInput.isEmpty {
            let count = job.pendingInput.withUnsafeBytes { write(job.stdin, $0.baseAddress, $0.count) }
            if count > 0 {
                job.pendingInput.removeFirst(count)
            } else if count < 0 && errno == EINTR {
                continue
            } else if count < 0 && errno == EAGAIN {
                return
            } else {
                if errno == EPIPE { consumePendingSIGPIPE() }
                job.closeInput()
                return
            }
        }
        if !job.isStreaming { job.closeInput() }
    }

    private func consumePendingSIGPIPE() {
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        var zero = timespec(tv_sec: 0, tv_nsec: 0)
        _ = sigtimedwait(&pipeSignal, nil, &zero)
    }

    // MARK: The end

    /// The leader has exited: ask what it left in its group to end (while its zombie still holds
    /// the group id), keep what it wrote before exiting, reap it, report, and adopt what the run
    /// left elsewhere.
    private func finish(_ job: ProcessJob) {
        guard let process = job.process else { return }
        job.signalGroup(SIGTERM)
        // Everything the leader wrote is in the pipes now (a full pipe would have kept it from
        // exiting); the reads do not block, so this ends even if a process it left still holds
        // the write end.
        readOutput(job, maximumReads: 64)
        readErrors(job, maximumReads: 64)
        job.flushPartialLine()
        var raw: Int32 = 0
        var reaped: pid_t
        repeat { reaped = waitpid(process.pid, &raw, 0) } while reaped < 0 && errno == EINTR
        // ECHILD: someone else in the process reaped it with waitpid(-1); the status is lost.
        let waited = reaped == process.pid ? SpawnedProcess.status(fromWaitStatus: raw) : .exited(-1)
        job.closeInput()
        job.closeOutput()
        job.closeErrors()
        if process.pidfd >= 0 { close(process.pidfd) }
        job.process = nil
        jobs[job.id] = nil
        LeftoverProcesses.runEnded(job.id)
        report(job, status: job.forcedStatus ?? waited, duration: Self.seconds(job.startTime.duration(to: Reactor.now)))
        adoptLeftovers()
    }

    /// Adopts the processes that runs no longer running left behind (`LeftoverProcesses`).
    private func adoptLeftovers() {
        let now = Reactor.now
        leftovers.adopt(
            endingRuns: isShutDown ? Set(jobs.keys) : [], leaders: Set(jobs.values.compactMap { $0.process?.pid }), now: now,
            immediately: shutDownUnderWay.map { now >= $0.graceEnds } ?? false)
    }

    /// Ends a shut-down once nothing is left, sends SIGKILL to all when its grace is over, and
    /// gives up on what cannot be reaped a second later.
    private func checkShutDown() {
        guard let shutDown = shutDownUnderWay else { return }
        let now = Reactor.now
        if now >= shutDown.graceEnds {
            for job in jobs.values { job.signalGroup(SIGKILL) }
            leftovers.killAll()
        }
        guard (jobs.isEmpty && leftovers.isEmpty) || now >= shutDown.graceEnds.advanced(by: .seconds(1)) else { return }
        shutDownUnderWay = nil
        shutDown.done()
    }

    private static func seconds(_ duration: Duration) -> TimeInterval {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    private func report(_ job: ProcessJob, status: ProgramStatus, duration: TimeInterval) {
        switch job.mode {
        case .run(let onFinish):
            onFinish(ProgramResult(
                status: status, output: job.output, errorOutput: job.errorTail, duration: duration,
                program: job.command.programName))
        case .stream(let handlers):
            handlers.onEnd(status, job.errorTail, duration)
        }
    }
}
