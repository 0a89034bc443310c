import Foundation

/// The thread providers run on: one thread that sleeps on a condition variable until a job
/// arrives, so a board with nothing to do makes no wake-ups at all.
///
/// Why not the global concurrent executor: on Linux it is libdispatch's thread pool, and the first
/// worker thread it starts also starts a pool monitor, a 1 Hz timer that runs for the rest of the
/// process (swift-corelibs-libdispatch `event/workqueue.c`). Provider tasks are created with this
/// executor as their preference (`Task(executorPreference:)`), and so are their child tasks; work
/// they await on other threads (the HTTP stack's event loops) resumes here.
public final class ProviderExecutor: TaskExecutor, @unchecked Sendable {
    /// The executor every scheduler uses; its thread starts with the first job.
    public static let shared = ProviderExecutor(name: "tiles.providers")

    private let name: String
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var jobs: [UnownedJob] = []
    private var started = false
    /// The executor's thread, once it runs.
    private var worker: pthread_t?

    /// An executor whose thread is named `name` where the platform allows (for `top -H` and debuggers).
    public init(name: String) {
        self.name = name
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        if !started {
            started = true
            Thread.detachNewThread { [unowned self] in self.run() }
        }
        condition.signal()
        condition.unlock()
    }

    /// Runs jobs in the order they came, waiting (without a timeout) while there are none.
    /// Whether the calling thread is the executor's thread.
    public var isCurrentThread: Bool {
        condition.lock()
        defer { condition.unlock() }
        return worker.map { pthread_equal($0, pthread_self()) != 0 } ?? false
    }

    private func run() {
        // For debuggers and `top -H`; best effort (a new thread starts with its creator's name).
        Thread.current.name = name
        condition.lock()
        worker = pthread_self()
        condition.unlock()
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
