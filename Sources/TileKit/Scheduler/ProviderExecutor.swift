import FoundationEssentials
import TileBase
#if canImport(Glibc)
import Glibc
#endif

/// The thread providers run on: one thread that sleeps on a condition variable until a job
/// arrives, so a board with nothing to do makes no wake-ups at all.
///
/// Why not the global concurrent executor: on Linux it is libdispatch's thread pool, and the first
/// worker thread it starts also starts a pool monitor, a 1 Hz timer that runs for the rest of the
/// process (swift-corelibs-libdispatch `event/workqueue.c`). Provider tasks are created with this
/// executor as their preference (`Task(executorPreference:)`), and so are their child tasks; work
/// they await on other threads (the network thread, where requests run) resumes here.
///
/// The board hands the executor a thread it already has instead (``runJobs(with:)``): the HTTP
/// client's network thread, which sleeps in `epoll_wait` while nothing is due, so that one
/// thread serves both providers and their requests.
public final class ProviderExecutor: TaskExecutor, @unchecked Sendable {
    /// The executor every scheduler uses; its thread starts with the first job.
    public static let shared = ProviderExecutor(name: "tiles.providers")

    private let name: String
    private let condition = ThreadCondition()
    // Guarded by `condition`.
    private var jobs: [UnownedJob] = []
    private var started = false
    /// The executor's thread, once it runs.
    private var worker: pthread_t?
    /// Runs a job on another's thread, when one was handed over.
    private var runner: (@Sendable (@escaping @Sendable () -> Void) -> Void)?

    /// An executor whose thread is named `name` where the platform allows (for `top -H` and debuggers).
    public init(name: String) {
        self.name = name
    }

    /// Runs every job through `run` from now on, instead of on a thread of the executor's own:
    /// `run` must call its argument on one and the same thread, in the order given, and never
    /// from inside `run` itself. Only before the first job (returns false after it, and nothing
    /// changes): jobs must never run on two threads.
    @discardableResult
    public func runJobs(with run: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !started else { return false }
        started = true
        runner = run
        return true
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        if let runner {
            condition.unlock()
            runner { [unowned self] in
                noteWorker()
                job.runSynchronously(on: asUnownedTaskExecutor())
            }
            return
        }
        jobs.append(job)
        if !started {
            started = true
            DetachedThread.start(named: name) { [unowned self] in self.run() }
        }
        condition.signal()
        condition.unlock()
    }

    /// Whether the calling thread is the executor's thread.
    public var isCurrentThread: Bool {
        condition.lock()
        defer { condition.unlock() }
        return worker.map { pthread_equal($0, pthread_self()) != 0 } ?? false
    }

    /// Remembers the calling thread as the one jobs run on.
    private func noteWorker() {
        condition.lock()
        if worker == nil { worker = pthread_self() }
        condition.unlock()
    }

    /// Runs jobs in the order they came, waiting (without a timeout) while there are none.
    private func run() {
        noteWorker()
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let batch = jobs
            jobs.removeAll(keepingCapacity: true)
            condition.unlock()
            for job in batch { job.runSynchronously(on: asUnownedTaskExecutor()) }
        }
    }
}
