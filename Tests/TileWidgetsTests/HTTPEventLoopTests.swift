import Foundation
import Testing
import TileKit
@testable import TileWidgets

/// Providers can share the HTTP stack's event-loop thread (the board's set-up): every job of a
/// provider task, before and after awaiting work elsewhere and in its child tasks, runs there.
@Suite struct HTTPEventLoopTests {
    @Test func jobsHandedToTheEventLoopRunOnItsThreadAndOnlyThere() async {
        let executor = ProviderExecutor(name: "test.providers")
        #expect(executor.runJobsOnTheHTTPEventLoop())
        let places = await Task(executorPreference: executor) { () -> [Bool] in
            let first = HTTPEventLoop.loop.inEventLoop && executor.isCurrentThread
            async let child = HTTPEventLoop.loop.inEventLoop && executor.isCurrentThread
            await withCheckedContinuation { continuation in Thread.detachNewThread { continuation.resume() } }
            try? await sleepOnEventLoop(.milliseconds(5))
            let after = HTTPEventLoop.loop.inEventLoop && executor.isCurrentThread
            return [first, await child, after]
        }.value
        #expect(places == [true, true, true])
        #expect(!executor.isCurrentThread, "the test itself runs elsewhere")
        // Once jobs ran, the executor's thread cannot change.
        #expect(!executor.runJobs { $0() })
    }

    @Test func anExecutorThatRanJobsOnItsOwnThreadKeepsIt() async {
        let executor = ProviderExecutor(name: "test.own")
        let own = await Task(executorPreference: executor) { executor.isCurrentThread && !HTTPEventLoop.loop.inEventLoop }.value
        #expect(own)
        #expect(!executor.runJobsOnTheHTTPEventLoop())
    }
}
