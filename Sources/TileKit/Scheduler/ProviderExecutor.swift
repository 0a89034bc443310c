import TileBase

/// Where providers run: the jobs of a `Reactor`'s thread, by default the network thread's, so
/// that one thread serves both providers and their requests and a board with nothing to do
/// makes no wake-ups at all.
///
/// Why not the global concurrent executor: on Linux it is libdispatch's thread pool, and the first
/// worker thread it starts also starts a pool monitor, a 1 Hz timer that runs for the rest of the
/// process (swift-corelibs-libdispatch `event/workqueue.c`). Provider tasks are created with this
/// executor as their preference (`Task(executorPreference:)`), and so are their child tasks; work
/// they await on other threads resumes here.
public final class ProviderExecutor: TaskExecutor, Sendable {
    /// The executor every scheduler uses: the network thread's.
    public static let shared = ProviderExecutor(reactor: .network)

    /// The reactor whose thread runs the jobs.
    public let reactor: Reactor

    public init(reactor: Reactor) {
        self.reactor = reactor
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        reactor.execute { [self] in job.runSynchronously(on: asUnownedTaskExecutor()) }
    }

    /// Whether the calling thread is the executor's thread.
    public var isCurrentThread: Bool { reactor.isCurrentThread }
}
