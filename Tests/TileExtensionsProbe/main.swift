// Runs programs the way the board does (from provider tasks on `ProviderExecutor`), keeps a
// streaming program that prints nothing, then prints how many descriptors the runs left open,
// this process's thread names and how many times its other threads woke in 1.5 s. A test runs it in a fresh process: a test runner's own
// process has libdispatch's pool running before any test starts.
import Foundation
import Glibc
import TileExtensions
import TileKit

/// A flag the main thread waits on.
final class Latch: @unchecked Sendable {
    private let condition = NSCondition()
    private var open = false

    func release() {
        condition.lock()
        open = true
        condition.broadcast()
        condition.unlock()
    }

    func wait() {
        condition.lock()
        while !open { condition.wait() }
        condition.unlock()
    }
}

func threads() -> [(id: String, name: String, switches: Int)] {
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
    return tasks.map { task in
        let name = (try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8)) ?? ""
        let status = (try? String(contentsOfFile: "/proc/self/task/\(task)/status", encoding: .utf8)) ?? ""
        let switches = status.split(separator: "\n")
            .filter { $0.hasPrefix("voluntary_ctxt_switches") || $0.hasPrefix("nonvoluntary_ctxt_switches") }
            .compactMap { Int($0.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "") }
            .reduce(0, +)
        return (task, name.trimmingCharacters(in: .whitespacesAndNewlines), switches)
    }
}

/// How many descriptors the process has open.
func openDescriptors() -> Int {
    ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []).count
}

let ran = Latch()
let quiet = Latch()
let streaming = StreamingProgram(ProgramCommand(["sh", "-c", "echo ready; exec sleep 1000"])) { event in
    if event == .line("ready") { quiet.release() }
}
// The reactors' descriptors (the programs' and the providers') exist from here on; every run must
// give back all it opened.
_ = ProviderExecutor.shared.reactor
let descriptorsBefore = openDescriptors()
Task(executorPreference: ProviderExecutor.shared) {
    let runner = ProgramRunner(maxConcurrentRuns: 2)
    let commands = [
        ProgramCommand(["cat"], input: Array("request".utf8)),
        ProgramCommand(["sh", "-c", "sleep 1000"], timeout: 0.2, killGrace: 0.1),
        ProgramCommand(["sh", "-c", "kill -SEGV $$"]),
        ProgramCommand(["tiles-no-such-program"]),
        ProgramCommand(["sh", "-c", "echo oops >&2; exit 1"]),
    ]
    let reasons = await withTaskGroup(of: String.self) { group in
        for command in commands {
            group.addTask { await runner.run(command).failureReason ?? "ok" }
        }
        return await group.reduce(into: []) { $0.append($1) }
    }
    print("runs: \(reasons.sorted().joined(separator: "; "))")
    // A killed run's leftovers (its grandchildren, adopted by the subreaper) are reaped by the
    // reactor once they exit, which on a loaded machine can come a moment after the run returned.
    var leftOpen = openDescriptors() - descriptorsBefore
    for _ in 0..<30 where leftOpen != 0 {
        usleep(100_000)  // not Task.sleep: its timer would start libdispatch's pool, which this probe checks is never started
        leftOpen = openDescriptors() - descriptorsBefore
    }
    print("descriptors left open: \(leftOpen)")
    streaming.start()
    ran.release()
}
ran.wait()
quiet.wait()
Thread.sleep(forTimeInterval: 0.2)
let main = String(getpid())  // the main thread's id is the process id
let before = threads()
Thread.sleep(forTimeInterval: 1.5)
let after = threads()
let wakeUps = after.filter { $0.id != main }.map { thread in
    thread.switches - (before.first { $0.id == thread.id }?.switches ?? 0)
}.reduce(0, +)
print("threads: \(after.map(\.name).sorted().joined(separator: ","))")
print("wake-ups: \(wakeUps)")
streaming.stop()
