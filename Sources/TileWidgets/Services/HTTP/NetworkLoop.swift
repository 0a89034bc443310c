import CNetwork
import FoundationEssentials
import TileBase
import Synchronization
import TileKit
#if canImport(Glibc)
import Glibc
#endif

/// The network thread: one thread for the whole process, started by the first job, asleep in
/// `epoll_wait` while nothing is due. It runs the HTTP client's connections (their sockets and
/// timers) and, on the board, the providers' jobs (``ProviderExecutor/runJobsOnTheNetworkThread()``),
/// so that one thread serves both the providers and their requests.
///
/// Jobs may be handed in from any thread (``execute(_:)``); timers and sockets are used from
/// the loop's own thread only, by jobs it runs. Nothing wakes it at a fixed rate: it sleeps
/// until a job arrives, a watched socket is ready or the nearest timer is due.
final class NetworkLoop: @unchecked Sendable {
    /// The one loop of the process. Never stopped: it lives as long as the process.
    static let shared = NetworkLoop(name: "tiles.network")

    /// A timer's handle, for ``cancel(_:)``.
    struct TimerID: Hashable {
        fileprivate let value: UInt64
    }

    private let name: String
    private let inbox = Mutex(Inbox())
    private struct Inbox {
        var jobs: [@Sendable () -> Void] = []
        var started = false
        var thread: pthread_t?
    }

    // The loop thread's own state, touched by it alone once it runs.
    private var epoll: Int32 = -1
    private var wakeDescriptor: Int32 = -1
    private var timers: [(id: UInt64, due: UInt64, action: () -> Void)] = []
    private var nextTimer: UInt64 = 0
    private var handlers: [Int32: (generation: UInt32, handler: (UInt32) -> Void)] = [:]
    private var nextGeneration: UInt32 = 0

    init(name: String) {
        self.name = name
    }

    /// Runs `job` on the loop's thread, after the jobs handed in before it; starts the thread
    /// with the first job. From the loop's thread itself, the job runs after the current one.
    func execute(_ job: @escaping @Sendable () -> Void) {
        let (start, wake) = inbox.withLock { inbox -> (Bool, Bool) in
            inbox.jobs.append(job)
            let start = !inbox.started
            inbox.started = true
            let onLoop = inbox.thread.map { pthread_equal($0, pthread_self()) != 0 } ?? false
            return (start, !start && !onLoop && inbox.jobs.count == 1)
        }
        if start {
            startThread()
        } else if wake {
            var one: UInt64 = 1
            _ = write(wakeDescriptor, &one, 8)
        }
    }

    /// Whether the calling thread is the loop's.
    var inLoop: Bool {
        inbox.withLock { inbox in inbox.thread.map { pthread_equal($0, pthread_self()) != 0 } ?? false }
    }

    // MARK: On the loop's thread

    /// Calls `action` on the loop's thread once `delay` has passed (loop thread only).
    func schedule(after delay: Duration, _ action: @escaping () -> Void) -> TimerID {
        precondition(inLoop, "NetworkLoop.schedule off the loop's thread")
        nextTimer += 1
        let nanoseconds = max(0, delay.components.seconds) * 1_000_000_000 + max(0, delay.components.attoseconds / 1_000_000_000)
        timers.append((nextTimer, Self.now() &+ UInt64(nanoseconds), action))
        return TimerID(value: nextTimer)
    }

    /// Forgets a timer that has not fired (loop thread only); nothing for one that has.
    func cancel(_ timer: TimerID) {
        timers.removeAll { $0.id == timer.value }
    }

    /// Calls `handler` with the ready events whenever `descriptor` is ready for `events`
    /// (`EPOLLIN`, `EPOLLOUT`; errors and hang-ups always), until ``unwatch(_:)`` (loop thread
    /// only). Watching a descriptor again changes its events and handler.
    @discardableResult
    func watch(_ descriptor: Int32, for events: UInt32, _ handler: @escaping (UInt32) -> Void) -> Bool {
        let existing = handlers[descriptor]
        let generation: UInt32
        if let existing {
            generation = existing.generation
        } else {
            nextGeneration &+= 1
            generation = nextGeneration
        }
        var event = epoll_event()
        event.events = events
        // The generation tells a stale event of a closed descriptor from one of a new
        // descriptor that reuses its number within the same batch of events.
        event.data.u64 = UInt64(generation) << 32 | UInt64(UInt32(bitPattern: descriptor))
        let operation = existing == nil ? EPOLL_CTL_ADD : EPOLL_CTL_MOD
        guard epoll_ctl(epoll, operation, descriptor, &event) == 0 else { return false }
        handlers[descriptor] = (generation, handler)
        return true
    }

    /// Stops watching `descriptor`; call before closing it (loop thread only).
    func unwatch(_ descriptor: Int32) {
        guard handlers.removeValue(forKey: descriptor) != nil else { return }
        var unused = epoll_event()
        _ = epoll_ctl(epoll, EPOLL_CTL_DEL, descriptor, &unused)
    }

    /// How many timers are pending (for tests: a loop with none sleeps without a timeout).
    func timerCount() async -> Int {
        await withCheckedContinuation { continuation in
            execute { [self] in continuation.resume(returning: timers.count) }
        }
    }

    /// Monotonic nanoseconds.
    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    private func startThread() {
        epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
        wakeDescriptor = eventfd(0, Int32(EFD_CLOEXEC | EFD_NONBLOCK))
        precondition(epoll >= 0 && wakeDescriptor >= 0, "NetworkLoop: \(String(cString: strerror(errno)))")
        var event = epoll_event()
        event.events = EPOLLIN.rawValue
        event.data.u64 = UInt64(UInt32(bitPattern: wakeDescriptor))
        epoll_ctl(epoll, EPOLL_CTL_ADD, wakeDescriptor, &event)
        DetachedThread.start(named: name) { [self] in run() }
    }

    private func run() {
        // Signals are the board's thread's: a resize or Ctrl-C lands there. A SIGPIPE from
        // writing to a socket the peer closed stays pending here instead of ending tiles.
        var all = sigset_t()
        sigfillset(&all)
        pthread_sigmask(SIG_BLOCK, &all, nil)
        inbox.withLock { $0.thread = pthread_self() }
        var ready = (epoll_event(), epoll_event(), epoll_event(), epoll_event(),
                     epoll_event(), epoll_event(), epoll_event(), epoll_event())
        while true {
            let jobs = inbox.withLock { inbox in
                defer { inbox.jobs.removeAll(keepingCapacity: true) }
                return inbox.jobs
            }
            for job in jobs { job() }
            fireTimers()
            let pending = inbox.withLock { !$0.jobs.isEmpty }
            let timeout = pending ? 0 : timeoutToNextTimer()
            let count = withUnsafeMutableBytes(of: &ready) { buffer in
                epoll_wait(epoll, buffer.baseAddress!.assumingMemoryBound(to: epoll_event.self), 8, timeout)
            }
            guard count > 0 else { continue }
            var events: [(UInt64, UInt32)] = []
            withUnsafeBytes(of: &ready) { buffer in
                for event in buffer.bindMemory(to: epoll_event.self).prefix(Int(count)) {
                    events.append((event.data.u64, event.events))
                }
            }
            for (data, flags) in events {
                let descriptor = Int32(bitPattern: UInt32(truncatingIfNeeded: data))
                if descriptor == wakeDescriptor && data >> 32 == 0 {
                    var value: UInt64 = 0
                    _ = read(wakeDescriptor, &value, 8)
                } else if let watched = handlers[descriptor], UInt64(watched.generation) == data >> 32 {
                    // A handler earlier in this batch may have unwatched it, or closed it and
                    // watched a new descriptor with the same number.
                    watched.handler(flags)
                }
            }
        }
    }

    /// Runs the timers that are due, earliest first, including ones they schedule already due.
    private func fireTimers() {
        while let index = timers.indices.min(by: { timers[$0].due < timers[$1].due }), timers[index].due <= Self.now() {
            let timer = timers.remove(at: index)
            timer.action()
        }
    }

    /// `epoll_wait`'s timeout: to the nearest timer, rounded up to whole milliseconds so the
    /// loop never wakes just before it; -1 without timers.
    private func timeoutToNextTimer() -> Int32 {
        guard let due = timers.map(\.due).min() else { return -1 }
        let now = Self.now()
        guard due > now else { return 0 }
        let milliseconds = (due - now + 999_999) / 1_000_000
        return Int32(min(milliseconds, UInt64(Int32.max)))
    }
}

extension NetworkLoop {
    /// Suspends the calling task for `delay` on this loop's timers instead of with `Task.sleep`,
    /// whose timer lives on the global executor: on Linux the first job there starts
    /// libdispatch's 1 Hz pool monitor for the rest of the process (see `ProviderExecutor`).
    /// Throws `CancellationError` when the task is cancelled first.
    func sleep(for delay: Duration) async throws {
        let sleeper = Sleeper()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                execute { [self] in
                    sleeper.start(continuation, on: self, after: delay)
                }
            }
        } onCancel: {
            execute { [self] in sleeper.cancel(on: self) }
        }
    }
}

/// One sleep's state, touched on the loop's thread only.
private final class Sleeper: @unchecked Sendable {
    private var continuation: CheckedContinuation<Void, any Error>?
    private var timer: NetworkLoop.TimerID?
    private var cancelled = false

    func start(_ continuation: CheckedContinuation<Void, any Error>, on loop: NetworkLoop, after delay: Duration) {
        guard !cancelled else {
            continuation.resume(throwing: CancellationError())
            return
        }
        self.continuation = continuation
        timer = loop.schedule(after: delay) { [self] in
            self.continuation?.resume()
            self.continuation = nil
        }
    }

    func cancel(on loop: NetworkLoop) {
        cancelled = true
        if let timer { loop.cancel(timer) }
        continuation?.resume(throwing: CancellationError())
        continuation = nil
    }
}

extension ProviderExecutor {
    /// Runs this executor's jobs on the network thread instead of a thread of its own (the
    /// board calls this before its first provider runs; see `docs/performance.md`). False when
    /// jobs have already run elsewhere.
    @discardableResult
    public func runJobsOnTheNetworkThread() -> Bool {
        // The loop's thread starts with the first job, not here: the first frame needs neither.
        runJobs { job in NetworkLoop.shared.execute(job) }
    }
}
