import Foundation
import Glibc
import TestSupport

/// Scripts written to a fresh temporary directory, and facts about processes read from /proc.
final class ProgramFixtures: Sendable {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("tiles-programs-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    /// Writes an executable file `name` holding `text` (give it a `#!` line) and returns its path
    /// (close-on-exec: see `ExecutableFile`).
    func script(_ name: String, _ text: String, executable: Bool = true) throws -> String {
        let path = directory.appendingPathComponent(name).path
        try ExecutableFile.write(text, to: path, executable: executable)
        return path
    }

    /// A path in the directory, for files scripts write.
    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// The contents of a file scripts write, or "" when it does not exist.
    func read(_ name: String) -> String { (try? String(contentsOfFile: path(name), encoding: .utf8)) ?? "" }

    /// Waits (up to `seconds` of the waiting task's own time; a passing test waits only as long
    /// as it needs) until `condition` holds; returns whether it did.
    ///
    /// Tests run in parallel on the 2 threads of Swift's pool, and the synchronous suites that
    /// drive tmux hold a thread each for their whole run: a task here, and the task whose work it
    /// waits for, can both be starved for tens of seconds. A sleep of 10 ms that took longer than
    /// 50 ms was such a stall, not time the condition had to come true in, so it counts as 10 ms:
    /// a stalled run waits longer, a broken one still fails after `seconds` of 10 ms polls.
    static func eventually(within seconds: TimeInterval = 30, _ condition: () -> Bool) async -> Bool {
        var waited: TimeInterval = 0
        while waited < seconds {
            if condition() { return true }
            let start = Date()
            try? await Task.sleep(nanoseconds: 10_000_000)
            let slept = Date().timeIntervalSince(start)
            waited += slept > 0.05 ? 0.01 : slept
        }
        return condition()
    }

    /// Whether `pid` is a live process (not gone, and not a zombie waiting for its parent).
    static func isAlive(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        let state = stat[stat.index(close, offsetBy: 2)]
        return state != "Z" && state != "X"
    }

    /// This process's children that are zombies (state Z) among `pids`.
    static func zombieChildren(among pids: [pid_t]) -> [pid_t] {
        pids.filter { pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return false }
            let fields = stat[stat.index(close, offsetBy: 2)...].split(separator: " ")
            return fields.first == "Z" && fields.count > 1 && Int32(fields[1]) == getpid()
        }
    }

    /// The names of this process's threads (/proc/self/task/*/comm).
    static func threadNames() -> [String] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return tasks.compactMap { try? String(contentsOfFile: "/proc/self/task/\($0)/comm", encoding: .utf8) }
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
    }
}

extension String {
    var bytes: [UInt8] { Array(utf8) }
}

extension Array where Element == UInt8 {
    var text: String { String(decoding: self, as: UTF8.self) }
}

extension ProgramFixtures {
    /// The id of this process's thread named `name`.
    static func thread(named name: String) -> String? {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return tasks.first { task in
            (try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines) == name
        }
    }

    /// Voluntary plus involuntary context switches of thread `id` so far.
    static func contextSwitches(ofThread id: String) -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/task/\(id)/status", encoding: .utf8)) ?? ""
        return status.split(separator: "\n")
            .filter { $0.hasPrefix("voluntary_ctxt_switches") || $0.hasPrefix("nonvoluntary_ctxt_switches") }
            .compactMap { Int($0.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "") }
            .reduce(0, +)
    }
}
