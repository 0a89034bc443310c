import Foundation
import Testing
import TileKit
@testable import TileWidgets

/// Providers can share the network thread (the board's set-up): every job of a
/// provider task, before and after awaiting work elsewhere and in its child tasks, runs there.
@Suite struct NetworkLoopTests {
    @Test func jobsHandedToTheEventLoopRunOnItsThreadAndOnlyThere() async {
        let executor = ProviderExecutor(name: "test.providers")
        #expect(executor.runJobsOnTheNetworkThread())
        let places = await Task(executorPreference: executor) { () -> [Bool] in
            let first = NetworkLoop.shared.inLoop && executor.isCurrentThread
            async let child = NetworkLoop.shared.inLoop && executor.isCurrentThread
            await withCheckedContinuation { continuation in Thread.detachNewThread { continuation.resume() } }
            try? await NetworkLoop.shared.sleep(for: .milliseconds(5))
            let after = NetworkLoop.shared.inLoop && executor.isCurrentThread
            return [first, await child, after]
        }.value
        #expect(places == [true, true, true])
        #expect(!executor.isCurrentThread, "the test itself runs elsewhere")
        // Once jobs ran, the executor's thread cannot change.
        #expect(!executor.runJobs { $0() })
    }

    @Test func anExecutorThatRanJobsOnItsOwnThreadKeepsIt() async {
        let executor = ProviderExecutor(name: "test.own")
        let own = await Task(executorPreference: executor) { executor.isCurrentThread && !NetworkLoop.shared.inLoop }.value
        #expect(own)
        #expect(!executor.runJobsOnTheNetworkThread())
    }
}
