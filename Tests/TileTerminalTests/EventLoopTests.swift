import Foundation
import Glibc
import Synchronization
import Testing
@testable import TileTerminal

/// Input from a pipe, one `.character` per byte: the loop's view of a terminal, without one.
final class PipeInput: InputReading {
    let readEnd: Int32
    let writeEnd: Int32

    init() {
        var descriptors: [Int32] = [-1, -1]
        precondition(pipe(&descriptors) == 0)
        readEnd = descriptors[0]
        writeEnd = descriptors[1]
        _ = fcntl(readEnd, F_SETFL, O_NONBLOCK)
    }

    deinit {
        close(readEnd)
        if writeEnd >= 0 { close(writeEnd) }
    }

    var inputDescriptor: Int32 { readEnd }

    func type(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(writeEnd, $0.baseAddress, $0.count) }
    }

    func readPendingInput() -> [RawInput] {
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
        return count > 0 ? buffer[0..<count].map { .character(UInt32($0)) } : []
    }
}

/// Set by `pretendToBeNcurses`' handler, as ncurses' SIGWINCH handler flags a resize for its
/// next read.
private let resizeFlagged = Atomic<Bool>(false)

/// Input that reports a resize once its SIGWINCH handler has run, as ncurses does, and counts
/// the loop's reads.
private final class ResizingInput: InputReading {
    let pipe = PipeInput()
    var reads = 0

    var inputDescriptor: Int32 { pipe.readEnd }

    func readPendingInput() -> [RawInput] {
        reads += 1
        return resizeFlagged.exchange(false, ordering: .relaxed) ? [.resize(width: 80, height: 24)] : pipe.readPendingInput()
    }

    /// Installs the SIGWINCH handler ncurses would have installed before the loop starts.
    static func pretendToBeNcurses() {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in resizeFlagged.store(true, ordering: .relaxed) }
        sigemptyset(&action.sa_mask)
        sigaction(SIGWINCH, &action, nil)
    }
}

@Suite struct EventLoopTests {
    @Test func aPastDeadlineReturnsAtOnce() throws {
        let loop = try EventLoop(input: nil)
        #expect(loop.wait(until: Date().addingTimeInterval(-1)) == [.deadline])
    }

    @Test func theLoopSleepsUntilTheDeadline() throws {
        let loop = try EventLoop(input: nil)
        let start = Date()
        #expect(loop.wait(until: start.addingTimeInterval(0.15)) == [.deadline])
        #expect(Date().timeIntervalSince(start) >= 0.15)
    }

    @Test func aWakeUpFromAnotherThreadEndsTheWait() throws {
        let loop = try EventLoop(input: nil)
        let waker = loop.waker
        let start = Date()
        Thread.detachNewThread {
            usleep(50_000)
            waker.wakeUp()
        }
        #expect(loop.wait(until: start.addingTimeInterval(10)) == [.wake])
        #expect(Date().timeIntervalSince(start) < 5)
    }

    @Test func wakeUpsBeforeTheWaitArriveAsOne() throws {
        let loop = try EventLoop(input: nil)
        for _ in 0..<1000 { loop.wakeUp() }
        #expect(loop.wait(until: nil) == [.wake])
        #expect(loop.wait(until: Date()) == [.deadline])
    }

    /// A wait that ends at its deadline leaves the doorbell's pipe alone (nothing rang); one
    /// that ends on a wake-up empties it, so the wait after it sleeps to its deadline again.
    @Test func wakeUpsAfterATimeoutAreReportedOnceAndTheNextWaitSleeps() throws {
        let loop = try EventLoop(input: nil)
        #expect(loop.wait(until: Date().addingTimeInterval(0.02)) == [.deadline])
        for _ in 0..<300 { loop.wakeUp() }
        #expect(loop.wait(until: Date().addingTimeInterval(10)) == [.wake])
        let start = Date()
        #expect(loop.wait(until: start.addingTimeInterval(0.1)) == [.deadline])
        #expect(Date().timeIntervalSince(start) >= 0.1, "the pipe was emptied: the wait slept")
    }

    @Test func inputIsDecodedIntoOneInputEvent() throws {
        let input = PipeInput()
        let loop = try EventLoop(input: input)
        input.type("a\u{3}")
        #expect(loop.wait(until: nil) == [.input([.key(.character("a")), .key(.control("c"))])])
    }

    @Test func inputAndWakeUpArriveTogether() throws {
        let input = PipeInput()
        let loop = try EventLoop(input: input)
        input.type("x")
        loop.wakeUp()
        #expect(loop.wait(until: nil) == [.input([.key(.character("x"))]), .wake])
    }

    @Test func aHungUpInputIsReportedOnceAndThenIgnored() throws {
        var descriptors: [Int32] = [-1, -1]
        #expect(pipe(&descriptors) == 0)
        final class ClosedInput: InputReading {
            let descriptor: Int32
            init(_ descriptor: Int32) { self.descriptor = descriptor }
            var inputDescriptor: Int32 { descriptor }
            func readPendingInput() -> [RawInput] { [] }
        }
        let input = ClosedInput(descriptors[0])
        defer { close(descriptors[0]) }
        close(descriptors[1])
        let loop = try EventLoop(input: input)
        #expect(loop.wait(until: nil) == [.inputClosed])
        #expect(loop.wait(until: Date().addingTimeInterval(0.05)) == [.deadline])
    }

    @Test func aWatchedDescriptorIsServedOnTheLoopsThreadAndAFailedOneDropped() throws {
        let loop = try EventLoop(input: nil)
        let source = PipeInput()
        var served: [String] = []
        let waker = loop.waker
        loop.watch(source.readEnd) {
            served += source.readPendingInput().map { "\($0)" }
            waker.wakeUp()
        }
        let writeEnd = source.writeEnd
        Thread.detachNewThread {
            usleep(20_000)
            _ = write(writeEnd, "a", 1)
        }
        let events = loop.wait(until: Date().addingTimeInterval(10))
        #expect(events == [.wake])
        #expect(served == ["\(RawInput.character(97))"])
        // Nothing more to read: the loop sleeps to its deadline without calling the handler.
        #expect(loop.wait(until: Date().addingTimeInterval(0.05)) == [.deadline])
        #expect(served.count == 1)
        // A descriptor that is not open (closed under the loop) is dropped instead of making
        // every poll return at once (a number no test opens, so it cannot be reused meanwhile).
        loop.watch(999_999) { Issue.record("a closed descriptor was served") }
        #expect(loop.wait(until: Date().addingTimeInterval(0.05)) == [.deadline])
        loop.unwatch(source.readEnd)
        source.type("b")
        #expect(loop.wait(until: Date().addingTimeInterval(0.05)) == [.deadline])
    }

    /// The one test that touches SIGWINCH: the loop chains to the handler found first, once per
    /// process. A signal taken by another thread (the loop's wait is not interrupted) still ends
    /// the wait, through the doorbell, and the handler that was there first still runs.
    @Test func aResizeSignalRingsAfterNcursesHandlerAndTheLoopStopsReadingBeforeEachSleep() throws {
        ResizingInput.pretendToBeNcurses()
        let input = ResizingInput()
        let loop = try EventLoop(input: input)
        loop.ringOnResize()
        #expect(loop.wait(until: Date().addingTimeInterval(0.02)) == [.deadline])
        #expect(loop.wait(until: Date().addingTimeInterval(0.02)) == [.deadline])
        #expect(input.reads == 1, "only the first wait reads before it sleeps: nothing can be held since")

        Thread.detachNewThread {
            // The test runner may start its threads with signals blocked.
            var resize = sigset_t()
            sigemptyset(&resize)
            sigaddset(&resize, SIGWINCH)
            pthread_sigmask(SIG_UNBLOCK, &resize, nil)
            usleep(30_000)
            raise(SIGWINCH)  // this thread's signal: the loop's wait goes on unless the doorbell rings
        }
        let start = Date()
        #expect(loop.wait(until: start.addingTimeInterval(10)) == [.input([.resize(width: 80, height: 24)])])
        #expect(Date().timeIntervalSince(start) < 5)
        // The read found something, so the next wait looks again before it sleeps.
        var reads = input.reads
        #expect(loop.wait(until: Date().addingTimeInterval(0.02)) == [.deadline])
        #expect(input.reads == reads + 1)

        // Taken by the loop's own thread, the signal cuts its wait short (EINTR) and rings too:
        // that wait empties the pipe, so the next one is not woken by the byte for nothing (it
        // would read the input once more).
        var resize = sigset_t()
        sigemptyset(&resize)
        sigaddset(&resize, SIGWINCH)
        pthread_sigmask(SIG_UNBLOCK, &resize, nil)
        let loopThread = pthread_self()
        Thread.detachNewThread {
            usleep(30_000)
            pthread_kill(loopThread, SIGWINCH)
        }
        #expect(loop.wait(until: Date().addingTimeInterval(10)) == [.input([.resize(width: 80, height: 24)])])
        reads = input.reads
        #expect(loop.wait(until: Date().addingTimeInterval(0.05)) == [.deadline])
        #expect(input.reads == reads + 1, "one read before sleeping, none for a stale doorbell byte")
    }
}
