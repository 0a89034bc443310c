import CEpoll
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// The one event loop of tiles: `epoll` for descriptors, an eventfd that other threads ring, a
/// timer heap and a queue of jobs, all on one monotonic clock (`ContinuousClock`, times as
/// `Reactor.Instant` and `Duration`). Every thread that waits runs one instance: the board's
/// thread drives its own turn by turn (``runTurn(until:)``), the network thread and the
/// programs' thread run theirs for good (``startThread(setUp:afterEachTurn:)``).
///
/// Jobs may be handed in from any thread (``execute(_:)``); timers and descriptors belong to the
/// thread that runs the reactor, and are used from its jobs and handlers. Nothing wakes it at a
/// fixed rate: a turn sleeps until a job arrives, a watched descriptor is ready or the nearest
/// timer (or the caller's deadline) is due.
public final class Reactor: @unchecked Sendable {
    public typealias Instant = ContinuousClock.Instant

    /// The loop that runs the providers and their network requests: one thread, started by
    /// the first job, never stopped.
    public static let network = Reactor(name: "tiles.network", startsThreadWithFirstJob: true)

    /// A timer's handle, for ``cancel(_:)``.
    public struct TimerID: Hashable, Sendable {
        fileprivate let value: UInt64
    }

    /// What a descriptor is watched for, and what it was found ready for (errors and hang-ups are
    /// reported whether asked for or not).
    public struct Events: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let readable = Events(rawValue: EPOLLIN.rawValue)
        public static let writable = Events(rawValue: EPOLLOUT.rawValue)
        public static let hangUp = Events(rawValue: EPOLLHUP.rawValue)
        public static let error = Events(rawValue: EPOLLERR.rawValue)
    }

    /// What one turn's wait ended with.
    public enum Wait: Equatable, Sendable {
        /// Woken by a job or by this many ready descriptors (their handlers have run).
        case ready(Int)
        /// The timeout passed with no job: a timer or the caller's deadline is due (and its
        /// timers have run).
        case timedOut
        /// A signal cut the wait short (EINTR).
        case interrupted
    }

    /// The clock every reactor and its users read.
    public static var now: Instant { ContinuousClock.now }

    public let name: String
    private let startsThreadWithFirstJob: Bool
    private let shared = Mutex(Shared())
    private struct Shared {
        var jobs: [@Sendable () -> Void] = []
        var started = false
        var thread: pthread_t?
    }

    private let epoll: Int32
    private let wakeDescriptor: Int32

    // The running thread's own state.
    private var timers = TimerHeap()
    private var handlers: [Int32: (generation: UInt32, handler: (Events) -> Void)] = [:]
    private var nextGeneration: UInt32 = 0

    /// A reactor run by whichever thread calls ``runTurn(until:)`` or ``startThread(setUp:afterEachTurn:)``;
    /// with `startsThreadWithFirstJob`, the first ``execute(_:)`` starts a thread that runs it.
    public init(name: String, startsThreadWithFirstJob: Bool = false) {
        self.name = name
        self.startsThreadWithFirstJob = startsThreadWithFirstJob
        epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
        wakeDescriptor = eventfd(0, Int32(EFD_CLOEXEC | EFD_NONBLOCK))
        precondition(epoll >= 0 && wakeDescriptor >= 0, "Reactor \(name): \(String(cString: strerror(errno)))")
        var event = epoll_event()
        event.events = EPOLLIN.rawValue
        // Generation 0 is the wake-up's alone: watched descriptors get 1 and up.
        event.data.u64 = UInt64(UInt32(bitPattern: wakeDescriptor))
        epoll_ctl(epoll, EPOLL_CTL_ADD, wakeDescriptor, &event)
    }

    deinit {
        close(epoll)
        close(wakeDescriptor)
    }

    // MARK: From any thread

    /// Runs `job` on the reactor's thread, after the jobs handed in before it. From the
    /// reactor's thread itself, the job runs after the current one, in the same turn.
    public func execute(_ job: @escaping @Sendable () -> Void) {
        let (start, wake) = shared.withLock { shared -> (Bool, Bool) in
            shared.jobs.append(job)
            let start = startsThreadWithFirstJob && !shared.started
            if start { shared.started = true }
            let onThread = shared.thread.map { pthread_equal($0, pthread_self()) != 0 } ?? false
            return (start, !start && !onThread && shared.jobs.count == 1)
        }
        if start {
            startThread()
        } else if wake {
            self.wake()
        }
    }

    /// Ends the current or next wait of the reactor at once (from any thread).
    public func wake() {
        var one: UInt64 = 1
        _ = write(wakeDescriptor, &one, 8)
    }

    /// Whether the calling thread is the one that runs this reactor.
    public var isCurrentThread: Bool {
        shared.withLock { shared in shared.thread.map { pthread_equal($0, pthread_self()) != 0 } ?? false }
    }

    /// Suspends the calling task for `delay` on this reactor's timers: the sleep that any code
    /// may use instead of `Task.sleep`, whose timer lives on the global executor (on Linux its
    /// first job starts libdispatch's 1 Hz pool monitor for the rest of the process).
    /// Throws `CancellationError` when the task is cancelled first.
    public func sleep(for delay: Duration) async throws {
        let sleeper = Sleeper()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                execute { [self] in sleeper.start(continuation, on: self, after: delay) }
            }
        } onCancel: {
            execute { [self] in sleeper.cancel(on: self) }
        }
    }

    /// How many timers are pending (for tests: a reactor with none sleeps without a timeout).
    public func timerCount() async -> Int {
        await withCheckedContinuation { continuation in
            execute { [self] in continuation.resume(returning: timers.count) }
        }
    }

    // MARK: On the reactor's thread

    /// Calls `action` on the reactor's thread at `due` (or in the next turn, if it has passed).
    @discardableResult
    public func schedule(at due: Instant, _ action: @escaping () -> Void) -> TimerID {
        TimerID(value: timers.insert(due: due, action: action))
    }

    /// Calls `action` on the reactor's thread once `delay` has passed.
    @discardableResult
    public func schedule(after delay: Duration, _ action: @escaping () -> Void) -> TimerID {
        schedule(at: Self.now.advanced(by: max(delay, .zero)), action)
    }

    /// Forgets a timer that has not fired; nothing for one that has.
    public func cancel(_ timer: TimerID) {
        timers.remove(timer.value)
    }

    /// Calls `handler` with the ready events whenever `descriptor` is ready for `events`
    /// (errors and hang-ups always), until ``unwatch(_:)``. Watching a
    /// descriptor again changes its events and handler. False when epoll refuses it (not open).
    @discardableResult
    public func watch(_ descriptor: Int32, for events: Events, _ handler: @escaping (Events) -> Void) -> Bool {
        let existing = handlers[descriptor]
        let generation: UInt32
        if let existing {
            generation = existing.generation
        } else {
            nextGeneration = nextGeneration == UInt32.max ? 1 : nextGeneration + 1
            generation = nextGeneration
        }
        var event = epoll_event()
        event.events = events.rawValue
        // The generation tells a stale event of a closed descriptor from one of a new
        // descriptor that reuses its number within the same batch of events.
        event.data.u64 = UInt64(generation) << 32 | UInt64(UInt32(bitPattern: descriptor))
        guard epoll_ctl(epoll, existing == nil ? EPOLL_CTL_ADD : EPOLL_CTL_MOD, descriptor, &event) == 0 else { return false }
        handlers[descriptor] = (generation, handler)
        return true
    }

    /// Stops watching `descriptor`; call before closing it.
    public func unwatch(_ descriptor: Int32) {
        guard handlers.removeValue(forKey: descriptor) != nil else { return }
        var unused = epoll_event()
        _ = epoll_ctl(epoll, EPOLL_CTL_DEL, descriptor, &unused)
    }

    /// Whether `descriptor` is watched.
    public func isWatching(_ descriptor: Int32) -> Bool {
        handlers[descriptor] != nil
    }

    // MARK: Running

    /// One turn on the calling thread: sleeps until a descriptor is ready, a job arrives, or the
    /// nearest timer or `deadline` (nil: none) is due, without sleeping when jobs wait; then calls
    /// the ready descriptors' handlers, runs the jobs handed in and the timers due.
    @discardableResult
    public func runTurn(until deadline: Instant? = nil) -> Wait {
        noteThread()
        let pending = shared.withLock { !$0.jobs.isEmpty }
        let timeout = pending ? 0 : Self.milliseconds(until: [deadline, timers.nextDue].compactMap { $0 }.min())
        var ready = (epoll_event(), epoll_event(), epoll_event(), epoll_event(),
                     epoll_event(), epoll_event(), epoll_event(), epoll_event())
        let count = withUnsafeMutableBytes(of: &ready) { buffer in
            epoll_wait(epoll, buffer.baseAddress!.assumingMemoryBound(to: epoll_event.self), 8, timeout)
        }
        guard count >= 0 else {
            precondition(errno == EINTR, "Reactor \(name): epoll_wait failed: \(String(cString: strerror(errno)))")
            return .interrupted
        }
        var events: [(data: UInt64, flags: UInt32)] = []
        withUnsafeBytes(of: &ready) { buffer in
            for event in buffer.bindMemory(to: epoll_event.self).prefix(Int(count)) {
                events.append((event.data.u64, event.events))
            }
        }
        var watchedReady = 0
        for (data, flags) in events {
            let descriptor = Int32(bitPattern: UInt32(truncatingIfNeeded: data))
            if descriptor == wakeDescriptor && data >> 32 == 0 {
                var value: UInt64 = 0
                _ = read(wakeDescriptor, &value, 8)
            } else if let watched = handlers[descriptor], UInt64(watched.generation) == data >> 32 {
                // A handler earlier in this batch may have unwatched it, or closed it and
                // watched a new descriptor with the same number.
                watchedReady += 1
                watched.handler(Events(rawValue: flags))
            }
        }
        let ranJobs = runJobs()
        fireTimers()
        return count == 0 && !ranJobs ? .timedOut : .ready(watchedReady)
    }

    /// Runs the reactor for good on a new thread with every signal blocked (signals are the
    /// board's thread's; a SIGPIPE from writing to a closed peer stays pending there instead of
    /// ending tiles). `setUp` runs on the thread first; `afterEachTurn` after every turn.
    public func startThread(setUp: @escaping @Sendable () -> Void = {}, afterEachTurn: @escaping @Sendable () -> Void = {}) {
        DetachedThread.start(named: name) { [self] in
            var all = sigset_t()
            sigfillset(&all)
            pthread_sigmask(SIG_BLOCK, &all, nil)
            noteThread()
            setUp()
            while true {
                runTurn()
                afterEachTurn()
            }
        }
    }

    private func noteThread() {
        shared.withLock { shared in
            if shared.thread == nil { shared.thread = pthread_self() }
        }
    }

    /// Runs the timers that are due, earliest first, including those they schedule already due.
    private func fireTimers() {
        let now = Self.now
        while let action = timers.takeDue(by: now) { action() }
    }

    /// Runs the jobs handed in so far; false when there were none.
    private func runJobs() -> Bool {
        let jobs = shared.withLock { shared in
            defer { shared.jobs.removeAll(keepingCapacity: true) }
            return shared.jobs
        }
        for job in jobs { job() }
        return !jobs.isEmpty
    }

    /// `epoll_wait`'s timeout: to `due`, rounded up to whole milliseconds so a turn never wakes
    /// just before it and spins; -1 without one.
    static func milliseconds(until due: Instant?, now: Instant = Reactor.now) -> Int32 {
        guard let due else { return -1 }
        guard due > now else { return 0 }
        let left = now.duration(to: due).components
        let milliseconds = left.seconds * 1000 + (left.attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: milliseconds)
    }
}

/// The reactor's timers: a binary heap by due time (then by order of scheduling), with actions
/// looked up by number, so that a cancelled timer is dropped when it reaches the top.
struct TimerHeap {
    private var heap: [(due: Reactor.Instant, id: UInt64)] = []
    private var actions: [UInt64: () -> Void] = [:]
    private var lastID: UInt64 = 0

    var count: Int { actions.count }

    /// When the earliest live timer is due.
    var nextDue: Reactor.Instant? {
        mutating get {
            dropCancelledTop()
            return heap.first?.due
        }
    }

    mutating func insert(due: Reactor.Instant, action: @escaping () -> Void) -> UInt64 {
        lastID += 1
        actions[lastID] = action
        heap.append((due, lastID))
        siftUp(heap.count - 1)
        return lastID
    }

    mutating func remove(_ id: UInt64) {
        actions[id] = nil
    }

    /// Takes the earliest timer due by `now`, for the caller to run (outside this heap's
    /// mutation: an action may schedule or cancel timers).
    mutating func takeDue(by now: Reactor.Instant) -> (() -> Void)? {
        guard let top = nextDue, top <= now else { return nil }
        return actions.removeValue(forKey: popTop())
    }

    private mutating func dropCancelledTop() {
        while let top = heap.first, actions[top.id] == nil { _ = popTop() }
    }

    private static func precedes(_ a: (due: Reactor.Instant, id: UInt64), _ b: (due: Reactor.Instant, id: UInt64)) -> Bool {
        a.due < b.due || (a.due == b.due && a.id < b.id)
    }

    private mutating func popTop() -> UInt64 {
        let top = heap[0].id
        let last = heap.removeLast()
        if !heap.isEmpty {
            heap[0] = last
            siftDown(0)
        }
        return top
    }

    private mutating func siftUp(_ index: Int) {
        var child = index
        while child > 0 {
            let parent = (child - 1) / 2
            guard Self.precedes(heap[child], heap[parent]) else { return }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(_ index: Int) {
        var parent = index
        while true {
            let left = 2 * parent + 1, right = left + 1
            var first = parent
            if left < heap.count && Self.precedes(heap[left], heap[first]) { first = left }
            if right < heap.count && Self.precedes(heap[right], heap[first]) { first = right }
            guard first != parent else { return }
            heap.swapAt(parent, first)
            parent = first
        }
    }
}

/// One sleep's state, touched on the reactor's thread only.
private final class Sleeper: @unchecked Sendable {
    private var continuation: CheckedContinuation<Void, any Error>?
    private var timer: Reactor.TimerID?
    private var cancelled = false

    func start(_ continuation: CheckedContinuation<Void, any Error>, on reactor: Reactor, after delay: Duration) {
        guard !cancelled else {
            continuation.resume(throwing: CancellationError())
            return
        }
        self.continuation = continuation
        timer = reactor.schedule(after: delay) { [self] in
            self.continuation?.resume()
            self.continuation = nil
        }
    }

    func cancel(on reactor: Reactor) {
        cancelled = true
        if let timer { reactor.cancel(timer) }
        continuation?.resume(throwing: CancellationError())
        continuation = nil
    }
}
