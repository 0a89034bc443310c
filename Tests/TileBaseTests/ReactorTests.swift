import Glibc
import Synchronization
import Testing
@testable import TileBase

/// The one loop type: timers, jobs and descriptors on one clock, driven turn by turn or by a
/// thread of its own.
@Suite struct ReactorTests {
    @Test func timeoutsRoundUpToWholeMilliseconds() {
        let now = Reactor.now
        #expect(Reactor.milliseconds(until: nil, now: now) == -1)
        #expect(Reactor.milliseconds(until: now.advanced(by: .microseconds(10_100)), now: now) == 11)
        #expect(Reactor.milliseconds(until: now.advanced(by: .seconds(-3)), now: now) == 0)
        #expect(Reactor.milliseconds(until: now.advanced(by: .seconds(1e12)), now: now) == Int32.max)
    }

    @Test func timersFireInOrderOfDueTimeThenOfScheduling() {
        let reactor = Reactor(name: "test.timers")
        var fired: [String] = []
        let start = Reactor.now
        reactor.schedule(at: start.advanced(by: .milliseconds(20))) { fired.append("late") }
        reactor.schedule(at: start.advanced(by: .milliseconds(5))) { fired.append("early-1") }
        reactor.schedule(at: start.advanced(by: .milliseconds(5))) { fired.append("early-2") }
        let cancelled = reactor.schedule(at: start.advanced(by: .milliseconds(10))) { fired.append("cancelled") }
        reactor.cancel(cancelled)
        while fired.count < 3 { reactor.runTurn() }
        #expect(fired == ["early-1", "early-2", "late"])
        #expect(Reactor.now >= start.advanced(by: .milliseconds(20)), "no timer fires before it is due")
    }

    @Test func aTurnWithoutTimersSleepsUntilTheCallersDeadline() {
        let reactor = Reactor(name: "test.deadline")
        let start = Reactor.now
        #expect(reactor.runTurn(until: start.advanced(by: .milliseconds(30))) == .timedOut)
        #expect(Reactor.now >= start.advanced(by: .milliseconds(30)))
    }

    @Test func aJobFromAnotherThreadWakesASleepingTurn() {
        let reactor = Reactor(name: "test.jobs")
        let ran = Mutex(false)
        DetachedThread.start(named: "test.poster") {
            usleep(20_000)
            reactor.execute { ran.withLock { $0 = true } }
        }
        let start = Reactor.now
        while !ran.withLock({ $0 }) { reactor.runTurn(until: start.advanced(by: .seconds(10))) }
        #expect(start.duration(to: Reactor.now) < .seconds(5), "woken by the job, not by the deadline")
    }

    @Test func aWatchedDescriptorCallsItsHandlerUntilUnwatched() {
        let reactor = Reactor(name: "test.watch")
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        var calls = 0
        #expect(reactor.watch(ends[0], for: .readable) { _ in
            calls += 1
            var byte: UInt8 = 0
            _ = read(ends[0], &byte, 1)
        })
        var byte: UInt8 = 1
        _ = write(ends[1], &byte, 1)
        #expect(reactor.runTurn(until: Reactor.now.advanced(by: .seconds(5))) == .ready(1))
        #expect(calls == 1)
        reactor.unwatch(ends[0])
        _ = write(ends[1], &byte, 1)
        #expect(reactor.runTurn(until: Reactor.now.advanced(by: .milliseconds(10))) == .timedOut)
        #expect(calls == 1)
    }

    @Test func aThreadOfItsOwnRunsJobsThereAndSleepsOnItsTimers() async throws {
        let reactor = Reactor(name: "test.thread", startsThreadWithFirstJob: true)
        let onThread = await withCheckedContinuation { continuation in
            reactor.execute { continuation.resume(returning: reactor.isCurrentThread) }
        }
        #expect(onThread)
        #expect(!reactor.isCurrentThread)
        let start = Reactor.now
        try await reactor.sleep(for: .milliseconds(15))
        #expect(start.duration(to: Reactor.now) >= .milliseconds(15))
        #expect(await reactor.timerCount() == 0)
    }

    @Test func aCancelledSleepThrowsAndLeavesNoTimer() async {
        let reactor = Reactor(name: "test.cancel", startsThreadWithFirstJob: true)
        let sleeping = Task { try await reactor.sleep(for: .seconds(60)) }
        sleeping.cancel()
        await #expect(throws: CancellationError.self) { try await sleeping.value }
        #expect(await reactor.timerCount() == 0)
    }
}
