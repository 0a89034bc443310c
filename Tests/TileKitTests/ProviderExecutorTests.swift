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
