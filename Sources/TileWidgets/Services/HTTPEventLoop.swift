import NIOCore
import NIOPosix
import TileKit

/// The HTTP stack's event loop: one thread for the whole process, started by the first use.
///
/// NIO's default group has a thread per core; requests for a few widgets need one. The board
/// also runs its providers here (``runsProviders()``), so that one thread, asleep in
/// `epoll_wait` while nothing is due, serves both the providers and their requests.
enum HTTPEventLoop {
    /// Never shut down: it lives as long as the process, like NIO's own singletons.
    static let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)

    /// The one loop of ``group``.
    static var loop: any EventLoop { group.next() }
}

extension ProviderExecutor {
    /// Runs this executor's jobs on the HTTP stack's event-loop thread instead of a thread of
    /// its own (the board calls this before its first provider runs; see `docs/performance.md`).
    /// False when jobs have already run elsewhere.
    @discardableResult
    public func runJobsOnTheHTTPEventLoop() -> Bool {
        // The loop's thread starts with the first job, not here: the first frame needs neither.
        runJobs { job in HTTPEventLoop.loop.execute(job) }
    }
}
