import Foundation
import Glibc
import Testing
import TileKit
@testable import TileExtensions

/// Real programs (sh and python3 scripts) run through `ProgramRunner`.
@Suite struct ProgramRunnerTests {
    let fixtures: ProgramFixtures
    let runner = ProgramRunner(maxConcurrentRuns: 4)

    init() throws {
        fixtures = try ProgramFixtures()
    }

    @Test func stdinReachesTheProgramAndStdoutComesBack() async throws {
        let result = await runner.run(ProgramCommand(["cat"], input: "{\"kind\": \"uptime\"}\n".bytes))
        #expect(result.status == .exited(0))
        #expect(result.output.text == "{\"kind\": \"uptime\"}\n")
        #expect(result.failureReason == nil)
    }

    @Test func environmentAdditionsAndWorkingDirectoryApply() async throws {
        let script = try fixtures.script("env.sh", "#!/bin/sh\nprintf '%s|%s|%s' \"$TILES_KIND\" \"$(pwd)\" \"${HOME:+home}\"\n")
        let result = await runner.run(ProgramCommand(
            [script], environment: ["TILES_KIND": "uptime"], workingDirectory: fixtures.directory.path))
        let directory = fixtures.directory.resolvingSymlinksInPath().path
        #expect(result.output.text == "uptime|\(directory)|home")
    }

    @Test func aProgramThatDoesNotReadStdinIsFine() async throws {
        let script = try fixtures.script("no-stdin.sh", "#!/bin/sh\nexec 0<&-\necho done\n")
        let result = await runner.run(ProgramCommand([script], input: [UInt8](repeating: 65, count: 1 << 20)))
        #expect(result.status == .exited(0))
        #expect(result.output.text == "done\n")
    }

    @Test func aProgramThatSleepsForeverTimesOutAndItsWholeGroupIsKilled() async throws {
        let script = try fixtures.script("forever.sh", "#!/bin/sh\nsleep 1000 &\necho $!\nsleep 1000\n")
        let result = await runner.run(ProgramCommand([script], timeout: 0.5, killGrace: 0.5))
        #expect(result.status == .timedOut(0.5))
        #expect(result.failureReason == "timed out after 0.5 s")
        // The upper bounds here only tell a kill from a wait for the program: they allow for a
        // machine busy with parallel tests.
        #expect(result.duration >= 0.5 && result.duration < 5)
        let grandchild = try #require(pid_t(result.output.text.trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(await ProgramFixtures.eventually { !ProgramFixtures.isAlive(grandchild) })
    }

    @Test func aProgramIgnoringSIGTERMGetsSIGKILLAfterTheGrace() async throws {
        let script = try fixtures.script("stubborn.sh", "#!/bin/sh\ntrap '' TERM\nsleep 1000 &\necho $!\nwait\nsleep 1000\n")
        let result = await runner.run(ProgramCommand([script], timeout: 0.3, killGrace: 0.4))
        #expect(result.status == .timedOut(0.3))
        #expect(result.duration >= 0.7 && result.duration < 5)
        let grandchild = try #require(pid_t(result.output.text.trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(await ProgramFixtures.eventually { !ProgramFixtures.isAlive(grandchild) })
    }

    @Test func defaultTimeoutIsTenSeconds() {
        #expect(ProgramCommand(["x"]).timeout == 10)
        #expect(ProgramStatus.timedOut(10).failureReason(program: "x", errorOutput: []) == "timed out after 10 s")
    }

    @Test func aCrashIsReportedWithItsSignal() async throws {
        let script = try fixtures.script("segv.sh", "#!/bin/sh\necho partial\nkill -SEGV $$\n")
        let result = await runner.run(ProgramCommand([script]))
        #expect(result.status == .signaled(SIGSEGV))
        #expect(result.failureReason == "killed by SIGSEGV")
        #expect(result.output.text == "partial\n")
    }

    @Test func aNonZeroExitIsReportedWithTheLastLineOfStderr() async throws {
        let script = try fixtures.script(
            "fail.sh", "#!/bin/sh\necho 'first problem' >&2\nprintf 'no network\\033[2J\\n\\n' >&2\nexit 1\n")
        let result = await runner.run(ProgramCommand([script]))
        #expect(result.status == .exited(1))
        // The escape sequence goes whole, not just its ESC.
        #expect(result.failureReason == "exit 1: no network")
        #expect(result.errorOutput.text == "first problem\nno network\u{1B}[2J\n\n")
    }

    @Test func aNonZeroExitWithoutStderrIsJustItsStatus() async throws {
        let result = await runner.run(ProgramCommand(["sh", "-c", "exit 3"]))
        #expect(result.failureReason == "exit 3")
    }

    @Test func stderrKeepsItsTail() async throws {
        let script = try fixtures.script(
            "noisy.py", "#!/usr/bin/env python3\nimport sys\nsys.stderr.write('x' * 200000 + 'the end\\n')\nsys.exit(2)\n")
        let result = await runner.run(ProgramCommand([script], errorLimit: 1000))
        #expect(result.errorOutput.count == 1000)
        #expect(result.errorOutput.text.hasSuffix("xthe end\n"))
        #expect(result.failureReason == "exit 2: " + String(repeating: "x", count: 200) + "…")
    }

    @Test func tenMebibytesOfOutputAreCutAtTheCapAndTheProgramKilled() async throws {
        let script = try fixtures.script(
            "flood.py",
            "#!/usr/bin/env python3\nimport sys, time\nsys.stdout.write('y' * (10 << 20))\nsys.stdout.flush()\ntime.sleep(1000)\n")
        let result = await runner.run(ProgramCommand([script]))
        #expect(result.status == .outputTooLarge(limit: 1 << 20))
        #expect(result.failureReason == "output over 1 MiB")
        #expect(result.output.count == 1 << 20)
        // Killed at the cap, long before the 10 s timeout (python3 may start slowly on a busy machine).
        #expect(result.duration < 5)
    }

    @Test func aMissingCommandIsACleanError() async throws {
        let result = await runner.run(ProgramCommand(["tiles-no-such-program"]))
        #expect(result.status == .cannotRun(errno: ENOENT))
        #expect(result.failureReason == "cannot run 'tiles-no-such-program': No such file or directory")
        let empty = await runner.run(ProgramCommand([]))
        #expect(empty.status == .cannotRun(errno: ENOENT))
    }

    @Test func aFileThatIsNotExecutableIsACleanError() async throws {
        let script = try fixtures.script("plain.sh", "#!/bin/sh\necho hi\n", executable: false)
        let result = await runner.run(ProgramCommand([script]))
        #expect(result.status == .cannotRun(errno: EACCES))
        #expect(result.failureReason == "cannot run '\(script)': Permission denied")
    }

    @Test func aMissingWorkingDirectoryIsNamed() async throws {
        let result = await runner.run(ProgramCommand(["true"], workingDirectory: "/nonexistent/tiles"))
        #expect(result.status == .badWorkingDirectory("/nonexistent/tiles", errno: ENOENT))
        #expect(result.failureReason == "cannot run 'true' in '/nonexistent/tiles': No such file or directory")
        let file = try fixtures.script("file", "")
        let notDirectory = await runner.run(ProgramCommand(["true"], workingDirectory: file))
        #expect(notDirectory.failureReason == "cannot run 'true' in '\(file)': Not a directory")
    }

    @Test func aProgramThatExitsLeavingAChildOnStdoutStillEnds() async throws {
        let script = try fixtures.script("leaves.sh", "#!/bin/sh\nsleep 1000 &\necho $!\nexit 0\n")
        let result = await runner.run(ProgramCommand([script], timeout: 30))
        #expect(result.status == .exited(0))
        #expect(result.duration < 10)
        let grandchild = try #require(pid_t(result.output.text.trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(await ProgramFixtures.eventually { !ProgramFixtures.isAlive(grandchild) })
    }

    @Test func fiftyRunsAtOnceRespectTheLimitAndLeaveNoZombie() async throws {
        let log = fixtures.path("concurrency.log")
        let script = try fixtures.script(
            "slot.sh", "#!/bin/sh\necho + >> '\(log)'\nsleep 0.05\necho - >> '\(log)'\necho $$\n")
        let results = await withTaskGroup(of: ProgramResult.self) { group in
            for _ in 0..<50 { group.addTask { await runner.run(ProgramCommand([script])) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 50)
        #expect(results.allSatisfy { $0.status == .exited(0) })
        var running = 0
        var most = 0
        for mark in fixtures.read("concurrency.log").split(separator: "\n") {
            running += mark == "+" ? 1 : -1
            most = max(most, running)
        }
        #expect(running == 0)
        // At most 4; fewer only if the machine is too busy for any four 50 ms runs to overlap.
        #expect((2...4).contains(most))
        let pids = results.compactMap { pid_t($0.output.text.trimmingCharacters(in: .whitespacesAndNewlines)) }
        #expect(pids.count == 50)
        #expect(ProgramFixtures.zombieChildren(among: pids).isEmpty)
        #expect(pids.allSatisfy { !FileManager.default.fileExists(atPath: "/proc/\($0)") })
    }

    /// Starts a run on `runner` that holds its slot until `release()`; returns once it runs.
    func occupySlot(of runner: ProgramRunner) async -> (run: Task<ProgramResult, Never>, release: () -> Void) {
        let started = fixtures.path("slot-taken")
        let release = fixtures.path("slot-released")
        let run = Task {
            await runner.run(ProgramCommand(
                ["sh", "-c", "touch '\(started)'; while [ ! -e '\(release)' ]; do sleep 0.02; done"], timeout: 120))
        }
        #expect(await ProgramFixtures.eventually { FileManager.default.fileExists(atPath: started) })
        return (run, { FileManager.default.createFile(atPath: release, contents: nil) })
    }

    @Test func waitingRunsStartInTheOrderTheyCame() async throws {
        let single = ProgramRunner(maxConcurrentRuns: 1)
        let log = fixtures.path("order.log")
        let blocker = await occupySlot(of: single)
        var runs: [Task<ProgramResult, Never>] = []
        for name in ["a", "b", "c", "d"] {
            let waiting = single.waitingCount
            runs.append(Task { await single.run(ProgramCommand(["sh", "-c", "echo \(name) >> '\(log)'"])) })
            #expect(await ProgramFixtures.eventually { single.waitingCount == waiting + 1 })
        }
        blocker.release()
        _ = await blocker.run.value
        for run in runs { _ = await run.value }
        #expect(fixtures.read("order.log") == "a\nb\nc\nd\n")
    }

    @Test func cancellingTheTaskKillsTheGroupPromptly() async throws {
        let marker = fixtures.path("started")
        let script = try fixtures.script(
            "cancel.sh", "#!/bin/sh\nsleep 1000 &\necho $! > '\(marker)'\nsleep 1000\n")
        let run = Task { await runner.run(ProgramCommand([script], timeout: 60)) }
        #expect(await ProgramFixtures.eventually { !fixtures.read("started").isEmpty })
        let grandchild = try #require(pid_t(fixtures.read("started").trimmingCharacters(in: .whitespacesAndNewlines)))
        let cancelledAt = Date()
        run.cancel()
        let result = await run.value
        // Well before its 60 s timeout, which is what would end it if cancelling did nothing. The
        // bound is loose on purpose: the reactor thread is shared with every other test running in
        // parallel, and a CI run on two busy cores once took 5.3 s here.
        #expect(Date().timeIntervalSince(cancelledAt) < 20)
        #expect(result.status == .cancelled)
        #expect(await ProgramFixtures.eventually { !ProgramFixtures.isAlive(grandchild) })
    }

    @Test func cancellingARunThatWaitsForASlotNeverStartsIt() async throws {
        let single = ProgramRunner(maxConcurrentRuns: 1)
        let blocker = await occupySlot(of: single)
        let marker = fixtures.path("ran")
        let queued = Task { await single.run(ProgramCommand(["touch", marker])) }
        #expect(await ProgramFixtures.eventually { single.waitingCount == 1 })
        queued.cancel()
        #expect(await queued.value.status == .cancelled)
        #expect(single.waitingCount == 0)
        blocker.release()
        #expect(await blocker.run.value.status == .exited(0))
        #expect(!FileManager.default.fileExists(atPath: marker))
        let after = await single.run(ProgramCommand(["true"]))
        #expect(after.status == .exited(0))
    }

    @Test func shuttingDownKillsRunsAndStreamingProgramsAndStartsNothingMore() async throws {
        let reactor = ProcessReactor(name: "tiles.shutdown")
        let runner = ProgramRunner(maxConcurrentRuns: 4, reactor: reactor)
        let marker = fixtures.path("run")
        let run = Task { await runner.run(ProgramCommand(["sh", "-c", "echo $$ > '\(marker)'; exec sleep 1000"], timeout: 60)) }
        let stream = StreamingProgramTests.Recorder()
        let program = StreamingProgram(
            ProgramCommand(["sh", "-c", "echo $$; exec sleep 1000"]), retryPolicy: RetryPolicy(base: 0.01, cap: 0.01),
            stableAfter: 60, reactor: reactor, timers: nil, onEvent: stream.record)
        program.start()
        #expect(await ProgramFixtures.eventually { !fixtures.read("run").isEmpty && stream.lines.count == 1 })
        let pids = [fixtures.read("run"), stream.lines.first ?? ""].compactMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        #expect(pids.count == 2)
        reactor.shutDown()
        let status = await run.value.status
        #expect(status == .cancelled)
        #expect(await ProgramFixtures.eventually { pids.allSatisfy { !ProgramFixtures.isAlive($0) } })
        try await Task.sleep(nanoseconds: 100_000_000)
        #expect(stream.all.filter { if case .started = $0 { true } else { false } }.count == 1)
        #expect(stream.exits == [.exited(.cancelled, reason: "cancelled", restartIn: nil)])
        #expect(await runner.run(ProgramCommand(["true"])).status == .cancelled)
        program.stop()
    }

    @Test func aReactorEndingItsRunsNeverTakesAnotherReactorsNewProgramForALeftover() async throws {
        // Every run that ends on one reactor looks for leftovers among this process's children
        // while the other starts programs; none of those may be mistaken for one.
        let starting = ProgramRunner(maxConcurrentRuns: 8, reactor: ProcessReactor(name: "tiles.starting"))
        let ending = ProgramRunner(maxConcurrentRuns: 8, reactor: ProcessReactor(name: "tiles.ending"))
        async let endings: Void = withTaskGroup(of: Void.self) { group in
            for _ in 0..<200 { group.addTask { _ = await ending.run(ProgramCommand(["true"])) } }
        }
        let statuses = await withTaskGroup(of: ProgramStatus.self) { group in
            for _ in 0..<100 { group.addTask { await starting.run(ProgramCommand(["sh", "-c", "sleep 0.05"])).status } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        await endings
        #expect(statuses.filter { $0 != .exited(0) } == [])
    }

    @Test func anAlreadyCancelledTaskRunsNothing() async throws {
        let marker = fixtures.path("never")
        let run = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await runner.run(ProgramCommand(["touch", marker]))
        }
        #expect(await run.value.status == .cancelled)
        #expect(!FileManager.default.fileExists(atPath: marker))
    }
}
