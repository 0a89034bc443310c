import FoundationEssentials
import TileBase
#if canImport(Glibc)
import Glibc
#endif

/// Runs provider jobs on whichever thread calls ``drain()``, until it is handed off to another
/// executor, which then runs them instead.
///
/// The board's first frame waits for the widgets that compute locally (`computedLocally()`):
/// run on the providers' thread, each waited through a thread start and two cross-thread
/// wake-ups, which on a virtual machine whose other core was idle took longer than the work.
/// The board's thread runs them itself while it waits, then hands the executor off to
/// ``ProviderExecutor/shared``, so that a task still running (or one that awaited something on
/// another thread and is resumed later) goes on there.
public final class DrainedExecutor: TaskExecutor, @unchecked Sendable {
    private let lock = ThreadCondition()
    // Guarded by `lock`.
    private var jobs: [UnownedJob] = []
    private var successor: (any TaskExecutor)?
    private let wake: @Sendable () -> Void

    /// An executor that calls `wake` when a job arrives while nobody drains it (from another
    /// thread), so that the drainer's wait ends.
    public init(wake: @escaping @Sendable () -> Void) {
        self.wake = wake
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        lock.lock()
        if let successor {
            lock.unlock()
            successor.enqueue(ExecutorJob(job))
            return
        }
        jobs.append(job)
        lock.unlock()
        wake()
    }

    /// Runs the jobs queued so far, and the jobs they queue, on the calling thread; returns
    /// whether there were any. Never after ``handOff(to:)``.
    @discardableResult
    public func drain() -> Bool {
        var ran = false
        while true {
            lock.lock()
            let batch = jobs
            jobs.removeAll()
            lock.unlock()
            guard !batch.isEmpty else { return ran }
            ran = true
            for job in batch { job.runSynchronously(on: asUnownedTaskExecutor()) }
        }
    }

    /// From now on `executor` runs the jobs, those still queued first.
    public func handOff(to executor: any TaskExecutor) {
        lock.lock()
        let queued = jobs
        jobs.removeAll()
        successor = executor
        lock.unlock()
        for job in queued { executor.enqueue(ExecutorJob(job)) }
    }
}
