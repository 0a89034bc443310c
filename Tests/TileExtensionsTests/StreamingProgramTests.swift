import Foundation
import Glibc
import Synchronization
import Testing
import TileKit
@testable import TileExtensions

/// Long-running programs (`listen = true`) with real processes.
@Suite struct StreamingProgramTests {
    let fixtures: ProgramFixtures

    init() throws {
        fixtures = try ProgramFixtures()
    }

    /// Events as they came, readable from the test.
    final class Recorder: Sendable {
        private let events = Mutex<[StreamingProgram.Event]>([])
        var all: [StreamingProgram.Event] { events.withLock { $0 } }
        var lines: [String] { all.compactMap { if case .line(let line) = $0 { line } else { nil } } }
        var exits: [StreamingProgram.Event] { all.filter { if case .exited = $0 { true } else { false } } }
        func record(_ event: StreamingProgram.Event) { events.withLock { $0.append(event) } }
    }

    /// Restarts that wait for the test to fire them: an injected clock.
    final class ManualTimers: RestartScheduling {
        private let pending = Mutex<[(delay: TimeInterval, action: @Sendable () -> Void)]>([])
        var delays: [TimeInterval] { pending.withLock { $0.map(\.delay) } }
        func scheduleRestart(after delay: TimeInterval, _ action: @escaping @Sendable () -> Void) -> Int {
            pending.withLock { $0.append((delay, action)); return $0.count - 1 }
        }
        func cancelRestart(_ token: Int) {}
        /// Runs the restart scheduled `index`-th.
        func fire(_ index: Int) { pending.withLock { $0[index].action }() }
    }

    static let echo = """
        #!/usr/bin/env python3
        import sys
        print("hello", flush=True)
        for line in sys.stdin:
            print("got: " + line.strip(), flush=True)
        """

    @Test func linesArriveAndRequestsReachTheProgramsStdin() async throws {
        let script = try fixtures.script("echo.py", Self.echo)
        let recorder = Recorder()
        let program = StreamingProgram(ProgramCommand([script], input: "first\n".bytes), onEvent: recorder.record)
        program.start()
        #expect(await ProgramFixtures.eventually { recorder.lines == ["hello", "got: first"] })
        program.send(line: "{\"family\": \"systemLarge\"}")
        #expect(await ProgramFixtures.eventually { recorder.lines.last == "got: {\"family\": \"systemLarge\"}" })
        program.stop()
        #expect(recorder.exits == [.exited(.cancelled, reason: "cancelled", restartIn: nil)])
        guard case .started(let pid) = recorder.all.first else { Issue.record("no start: \(recorder.all)"); return }
        #expect(!FileManager.default.fileExists(atPath: "/proc/\(pid)"))
    }

    @Test func theAsyncStreamDeliversEventsAndFinishesAfterStop() async throws {
        let script = try fixtures.script("echo.py", Self.echo)
        let (program, events) = StreamingProgram.makeStream(ProgramCommand([script]))
        program.start()
        var seen: [StreamingProgram.Event] = []
        for await event in events {
            seen.append(event)
            if event == .line("hello") { program.send(line: "ping") }
            if event == .line("got: ping") { program.stop() }
        }
        #expect(seen.count == 4)
        #expect(Array(seen.dropFirst()) == [
            .line("hello"), .line("got: ping"), .exited(.cancelled, reason: "cancelled", restartIn: nil),
        ])
    }

    /// Starts `script` on a manual clock and fires `restarts` restarts, waiting for each exit;
    /// returns once the exit after the last restart is in.
    func restarting(
        _ script: String, _ policy: RetryPolicy, stableAfter: TimeInterval, restarts: Int
    ) async throws -> (StreamingProgram, Recorder, ManualTimers) {
        let recorder = Recorder()
        let timers = ManualTimers()
        let program = StreamingProgram(
            ProgramCommand([script]), retryPolicy: policy, stableAfter: stableAfter,
            reactor: .shared, timers: timers, onEvent: recorder.record)
        program.start()
        for restart in 0..<restarts {
            #expect(await ProgramFixtures.eventually { timers.delays.count == restart + 1 })
            timers.fire(restart)
        }
        #expect(await ProgramFixtures.eventually { timers.delays.count == restarts + 1 })
        return (program, recorder, timers)
    }

    @Test func anExitedProgramRestartsWithExponentialBackOff() async throws {
        let script = try fixtures.script("short.sh", "#!/bin/sh\necho run\necho bye >&2\nexit 3\n")
        let (program, recorder, timers) = try await restarting(
            script, RetryPolicy(base: 1, cap: 4, random: { 0 }), stableAfter: 60, restarts: 4)
        #expect(timers.delays == [0.5, 1, 2, 2, 2])
        #expect(recorder.lines == Array(repeating: "run", count: 5))
        #expect(recorder.exits.first == .exited(.exited(3), reason: "exit 3: bye", restartIn: 0.5))
        program.stop()
        #expect(await ProgramFixtures.eventually {
            recorder.all.last == .exited(.cancelled, reason: "stopped", restartIn: nil)
        })
    }

    @Test func aRunThatLastedResetsTheBackOff() async throws {
        let script = try fixtures.script("short.sh", "#!/bin/sh\nexit 0\n")
        let (program, recorder, timers) = try await restarting(
            script, RetryPolicy(base: 1, cap: 4, random: { 0.5 }), stableAfter: 0, restarts: 2)
        #expect(timers.delays == [0.75, 0.75, 0.75])
        #expect(recorder.exits.first == .exited(.exited(0), reason: "exit 0", restartIn: 0.75))
        program.stop()
    }

    @Test func aRestartBeginsWithTheLastRequestSent() async throws {
        // Answers its first request, then exits on the next.
        let script = try fixtures.script("once.sh", "#!/bin/sh\nread request\necho \"request $request\"\nread next\n")
        let recorder = Recorder()
        let program = StreamingProgram(
            ProgramCommand([script], input: "a\n".bytes), retryPolicy: RetryPolicy(base: 0.1, cap: 0.1),
            onEvent: recorder.record)
        program.start()
        #expect(await ProgramFixtures.eventually { recorder.lines == ["request a"] })
        program.send(line: "b")
        #expect(await ProgramFixtures.eventually { recorder.lines == ["request a", "request b"] })
        program.stop()
        // The first run ended on its second request; the run that began with "b" is the one
        // stopped (on a busy machine a restart may come and go in between, so not a count).
        #expect(recorder.exits.first.map { if case .exited(_, _, restartIn: _?) = $0 { true } else { false } } == true)
        #expect(recorder.exits.last == .exited(.cancelled, reason: "cancelled", restartIn: nil))
    }

    @Test func aLineOverTheCapIsDroppedAndTheNextOneArrives() async throws {
        let script = try fixtures.script(
            "long.py", "#!/usr/bin/env python3\nimport sys, time\nsys.stdout.write('x' * 5000 + '\\nok\\r\\nlast')\nsys.stdout.flush()\ntime.sleep(0.2)\n")
        let recorder = Recorder()
        // No restart within the test, so its one exit stays one.
        let program = StreamingProgram(
            ProgramCommand([script], outputLimit: 100), retryPolicy: RetryPolicy(base: 600, cap: 600), onEvent: recorder.record)
        program.start()
        #expect(await ProgramFixtures.eventually { recorder.exits.count == 1 })
        program.stop()
        #expect(Array(recorder.all.dropFirst().prefix(3)) == [.lineTooLong(limit: 100), .line("ok"), .line("last")])
    }

    @Test func requestsToAProgramThatClosedItsStdinAreDropped() async throws {
        let recorder = Recorder()
        let program = StreamingProgram(
            ProgramCommand(["sh", "-c", "exec 0<&-; echo ready; read line; echo \"read: $line\"; exec sleep 1000"]),
            onEvent: recorder.record)
        program.start()
        #expect(await ProgramFixtures.eventually { recorder.lines == ["ready", "read: "] })
        for _ in 0..<3 { program.send(line: String(repeating: "x", count: 100_000)) }
        try await Task.sleep(nanoseconds: 200_000_000)
        #expect(recorder.exits.isEmpty)
        program.stop()
        #expect(recorder.exits == [.exited(.cancelled, reason: "cancelled", restartIn: nil)])
    }

    @Test func stopKillsTheWholeGroupAndDoesNotRestart() async throws {
        let script = try fixtures.script("group.sh", "#!/bin/sh\nsleep 1000 &\necho $!\nsleep 1000\n")
        let recorder = Recorder()
        let program = StreamingProgram(
            ProgramCommand([script]), retryPolicy: RetryPolicy(base: 0.05, cap: 0.05), onEvent: recorder.record)
        program.start()
        #expect(await ProgramFixtures.eventually { recorder.lines.count == 1 })
        let grandchild = try #require(pid_t(recorder.lines[0]))
        program.stop()
        #expect(await ProgramFixtures.eventually { !ProgramFixtures.isAlive(grandchild) })
        try await Task.sleep(nanoseconds: 200_000_000)
        #expect(recorder.all.filter { if case .started = $0 { true } else { false } }.count == 1)
        #expect(recorder.all.last == .exited(.cancelled, reason: "cancelled", restartIn: nil))
    }

    @Test func aProgramThatCannotStartIsRetried() async throws {
        let recorder = Recorder()
        let timers = ManualTimers()
        let program = StreamingProgram(
            ProgramCommand(["tiles-no-such-listener"]), retryPolicy: RetryPolicy(base: 2, cap: 8, random: { 0 }),
            stableAfter: 60, reactor: .shared, timers: timers, onEvent: recorder.record)
        program.start()
        #expect(await ProgramFixtures.eventually { timers.delays == [1] })
        #expect(recorder.exits == [.exited(
            .cannotRun(errno: ENOENT), reason: "cannot run 'tiles-no-such-listener': No such file or directory", restartIn: 1)])
        program.stop()
    }

    /// The reactor's thread sleeps in poll() while a streaming program prints nothing.
    @Test func aQuietProgramCostsNoWakeUps() async throws {
        let reactor = ProcessReactor(name: "tiles.quiet")
        let recorder = Recorder()
        let program = StreamingProgram(
            ProgramCommand(["sh", "-c", "echo ready; exec sleep 1000"]), retryPolicy: RetryPolicy(), stableAfter: 60,
            reactor: reactor, timers: nil, onEvent: recorder.record)
        program.start()
        #expect(await ProgramFixtures.eventually { recorder.lines == ["ready"] })
        try await Task.sleep(nanoseconds: 100_000_000)
        let thread = try #require(ProgramFixtures.thread(named: "tiles.quiet"))
        let before = ProgramFixtures.contextSwitches(ofThread: thread)
        try await Task.sleep(nanoseconds: 1_500_000_000)
        #expect(ProgramFixtures.contextSwitches(ofThread: thread) == before)
        program.stop()
    }
}

@Suite struct TextUpdateFramerTests {
    @Test func eachLineIsAnUpdateUntilABlankLineIsSeen() {
        var framer = TextUpdateFramer()
        #expect(framer.feed("12 %") == "12 %")
        #expect(framer.feed("13 %") == "13 %")
        #expect(!framer.isMultiLine)
    }

    @Test func afterABlankLineBlocksEndAtBlankLines() {
        var framer = TextUpdateFramer()
        #expect(framer.feed("disk 40 %") == "disk 40 %")
        #expect(framer.feed("cpu 3 %") == "cpu 3 %")
        #expect(framer.feed("") == "disk 40 %\ncpu 3 %")
        #expect(framer.isMultiLine)
        #expect(framer.feed("disk 41 %") == nil)
        #expect(framer.feed("cpu 5 %") == nil)
        #expect(framer.feed("  ") == "disk 41 %\ncpu 5 %")
        #expect(framer.feed("") == nil)
    }

    @Test func aBlockKeepsItsLastLinesAndResetForgetsTheMode() {
        var framer = TextUpdateFramer(maximumLines: 2)
        _ = framer.feed("")
        for line in ["a", "b", "c"] { #expect(framer.feed(line) == nil) }
        #expect(framer.feed("") == "b\nc")
        framer.reset()
        #expect(!framer.isMultiLine)
        #expect(framer.feed("d") == "d")
    }
}
