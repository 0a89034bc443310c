import Foundation
import Testing
import TileBase
import TileKit
@testable import TileWidgets

/// Providers share the network thread: every job of a provider task, before and after
/// awaiting work elsewhere and in its child tasks, runs on the network reactor's thread.
@Suite struct NetworkLoopTests {
    @Test func providerJobsRunOnTheNetworkThreadAndOnlyThere() async {
        let executor = ProviderExecutor.shared
        let places = await Task(executorPreference: executor) { () -> [Bool] in
            let first = Reactor.network.isCurrentThread
            async let child = Reactor.network.isCurrentThread
            await withCheckedContinuation { continuation in Thread.detachNewThread { continuation.resume() } }
            try? await Reactor.network.sleep(for: .milliseconds(5))
            let after = Reactor.network.isCurrentThread
            return [first, await child, after]
        }.value
        #expect(places == [true, true, true])
        #expect(!executor.isCurrentThread, "the test itself runs elsewhere")
    }

    @Test func anExecutorOnAReactorOfItsOwnRunsThere() async {
        let reactor = Reactor(name: "test.own", startsThreadWithFirstJob: true)
        let executor = ProviderExecutor(reactor: reactor)
        let own = await Task(executorPreference: executor) { reactor.isCurrentThread && !Reactor.network.isCurrentThread }.value
        #expect(own)
    }
}
