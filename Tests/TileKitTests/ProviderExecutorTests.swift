import Foundation
import Synchronization
import Testing
import TileKit

/// Providers run on the scheduler's own thread, never on the global concurrent executor (on Linux
/// its first worker thread starts libdispatch's 1 Hz pool monitor for good).
@Suite struct ProviderExecutorTests {
    struct ThreadEntry: TimelineEntry {
        var date: Date
        var thread: String
    }

    /// Records the thread it runs on, before and after a child task and an await on another thread.
    struct ThreadProvider: TimelineProvider {
        func placeholder(in context: TimelineContext) -> ThreadEntry { ThreadEntry(date: context.now, thread: "") }
        func snapshot(in context: TimelineContext) async -> ThreadEntry { placeholder(in: context) }
        func timeline(in context: TimelineContext) async throws -> Timeline<ThreadEntry> {
            let first = ProviderExecutorTests.threadName()
            async let child = ProviderExecutorTests.threadName()
            let elsewhere: Void = await withCheckedContinuation { continuation in
                Thread.detachNewThread { continuation.resume() }
            }
            _ = elsewhere
            let names = [first, await child, ProviderExecutorTests.threadName()]
            return Timeline(entries: [ThreadEntry(date: context.now, thread: names.joined(separator: ","))], policy: .never)
        }
    }

    /// Where the calling code runs: `provider` on the executor's thread, else `elsewhere`.
    static func threadName() -> String { ProviderExecutor.shared.isCurrentThread ? "provider" : "elsewhere" }

    @Test func providersAndTheirChildTasksRunOnTheProviderThread() async {
        let clock = ManualClock(t0)
        let scheduler = TimelineScheduler(clock: clock, center: WidgetCenter())
        let widget = StaticConfiguration(kind: "threads", provider: ThreadProvider()) { entry in Text(entry.thread) }._descriptors[0]
        scheduler.add(WidgetInstance(id: "threads", widget: widget, family: .systemSmall))
        scheduler.processDue()
        await scheduler.waitForProviders()
        scheduler.processDue()
        let entry = scheduler.currentEntry(for: "threads")?.entry.base as? ThreadEntry
        #expect(entry?.thread == "provider,provider,provider")
    }
}

/// The first frame's executor: jobs run on the thread that drains it, then on the one it is
/// handed off to.
@Suite struct DrainedExecutorTests {
    @Test func runsJobsOnTheDrainingThreadThenOnItsSuccessor() async {
        let wakes = Atomic<Int>(0)
        let executor = DrainedExecutor(wake: { wakes.add(1, ordering: .relaxed) })
        let drainer = pthread_self()
        // The other thread resumes the task only once the executor is handed off: resumed while
        // `drain()` still ran, it would (rightly) run on the draining thread, and the test would
        // depend on which came first (it failed so once in CI).
        let handedOff = DispatchSemaphore(value: 0)
        let task = Task(executorPreference: executor) { () -> [Bool] in
            let first = pthread_equal(pthread_self(), drainer) != 0
            async let child = pthread_equal(pthread_self(), drainer) != 0
            let childRanHere = await child
            await withCheckedContinuation { continuation in
                Thread.detachNewThread {
                    handedOff.wait()
                    continuation.resume()
                }
            }
            return [first, childRanHere, ProviderExecutor.shared.isCurrentThread]
        }
        // Nothing runs until drained; the task's first job rang the drainer awake.
        #expect(wakes.load(ordering: .relaxed) >= 1)
        #expect(executor.drain())
        // The task now waits on another thread; what it does after goes to the successor.
        executor.handOff(to: ProviderExecutor.shared)
        handedOff.signal()
        #expect(await task.value == [true, true, true])
        #expect(!executor.drain())
    }
}
