import FoundationEssentials
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Runs programs once each: argv without a shell, input on stdin, stdout captured up to a cap,
/// a timeout that kills the whole process group, and at most `maxConcurrentRuns` at a time
/// (later runs wait their turn in the order they came).
///
/// The waiting happens on the process reactor's own thread, never on Swift's global executor or
/// libdispatch's pool: an `await` here resumes on the caller's executor (the provider thread).
public final class ProgramRunner: Sendable {
    /// The runner the board's widgets share (4 programs at a time).
    public static let shared = ProgramRunner()

    /// How many programs run at once.
    public let maxConcurrentRuns: Int

    private let reactor: ProcessReactor
    private let state = Mutex(State())

    private struct State {
        var running = 0
        /// Runs waiting for a free slot, oldest first.
        var waiting: [ProcessJob] = []
        /// Runs between `run` being called and their end; a cancel before admission is kept here.
        var phases: [Int: Phase] = [:]
    }

    private enum Phase {
        case pending
        case cancelledBeforeStart
        case waiting
        case running
    }

    /// A runner allowing `maxConcurrentRuns` (at least 1) programs at once.
    public convenience init(maxConcurrentRuns: Int = 4) {
        self.init(maxConcurrentRuns: maxConcurrentRuns, reactor: .shared)
    }

    init(maxConcurrentRuns: Int, reactor: ProcessReactor) {
        self.maxConcurrentRuns = max(1, maxConcurrentRuns)
        self.reactor = reactor
    }

    /// Runs `command` to its end and returns how it went. Never throws: a program that cannot
    /// start, times out, crashes or floods stdout is a `ProgramResult` with a failure reason.
    /// Cancelling the calling task kills the program's process group and returns
    /// `.cancelled` promptly.
    public func run(_ command: ProgramCommand) async -> ProgramResult {
        let id = reactor.makeID()
        state.withLock { $0.phases[id] = .pending }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<ProgramResult, Never>) in
                let job = ProcessJob(id: id, command: command, mode: .run(onFinish: { [self] result in
                    finished(id)
                    continuation.resume(returning: result)
                }))
                admit(job)
            }
        } onCancel: {
            cancel(id)
        }
    }

    /// Kills every program tiles runs, one-shot and streaming, by process group, and refuses to
    /// start more (runs end `.cancelled`). Call before tiles exits: the programs are in groups of
    /// their own, so nothing else stops them when tiles goes.
    public static func shutDownAllPrograms() {
        ProcessReactor.shared.shutDown()
    }

    /// How many runs wait for a slot now (for tests).
    var waitingCount: Int { state.withLock { $0.waiting.count } }

    /// Starts `job` if a slot is free, queues it otherwise, or ends it at once if its task was
    /// cancelled before it got here.
    private func admit(_ job: ProcessJob) {
        enum Decision { case start, wait, cancelled }
        let decision = state.withLock { state -> Decision in
            if state.phases[job.id] == .cancelledBeforeStart || Task.isCancelled { return .cancelled }
            if state.running < maxConcurrentRuns {
                state.running += 1
                state.phases[job.id] = .running
                return .start
            }
            state.waiting.append(job)
            state.phases[job.id] = .waiting
            return .wait
        }
        switch decision {
        case .start: reactor.submit(.start(job))
        case .wait: break
        case .cancelled: endWithoutRunning(job)
        }
    }

    private func cancel(_ id: Int) {
        let (queued, stop) = state.withLock { state -> (ProcessJob?, Bool) in
            switch state.phases[id] {
            case .pending:
                state.phases[id] = .cancelledBeforeStart
                return (nil, false)
            case .waiting:
                guard let index = state.waiting.firstIndex(where: { $0.id == id }) else { return (nil, false) }
                return (state.waiting.remove(at: index), false)
            case .running:
                return (nil, true)
            case .cancelledBeforeStart, nil:
                return (nil, false)
            }
        }
        if let queued { endWithoutRunning(queued) }
        if stop { reactor.submit(.stop(id: id, status: .cancelled)) }
    }

    /// Reports `.cancelled` for a job that never started.
    private func endWithoutRunning(_ job: ProcessJob) {
        state.withLock { _ = $0.phases.removeValue(forKey: job.id) }
        guard case .run(let onFinish) = job.mode else { return }
        onFinish(ProgramResult(status: .cancelled, output: [], errorOutput: [], duration: 0, program: job.command.programName))
    }

    /// A run ended (or never started): frees its slot for the oldest waiting run.
    private func finished(_ id: Int) {
        let next = state.withLock { state -> ProcessJob? in
            guard state.phases.removeValue(forKey: id) == .running else { return nil }
            guard !state.waiting.isEmpty else {
                state.running -= 1
                return nil
            }
            let next = state.waiting.removeFirst()
            state.phases[next.id] = .running
            return next
        }
        if let next { reactor.submit(.start(next)) }
    }
}
