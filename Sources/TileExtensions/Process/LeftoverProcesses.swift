import CProcessSpawn
import FoundationEssentials
import Glibc
import TileBase
import Synchronization

/// Ends the processes a program left behind when its run ended (docs/extensions.md, "What a
/// run may leave").
///
/// tiles is a child subreaper, so a program's descendants that outlive it, daemons that called
/// `setsid()` or `setpgid()` included, become tiles' own children instead of init's. Every
/// program starts with its run's marker in its environment (`TILES_RUN`), which its descendants
/// inherit; a child of tiles carrying the marker of a run that is over is adopted here: SIGTERM
/// (to it and the group it leads), SIGKILL after the grace, reaped through its pidfd. While a
/// child is unreaped its pid cannot be reused, so no signal reaches a stranger. Its own children
/// come to tiles when it dies, and are adopted in turn. Used on the process reactor's thread only.
final class LeftoverProcesses {
    /// The environment variable that names a process's run.
    static let markerVariable = "TILES_RUN"

    private struct Leftover {
        /// Readable when it exits; -1 where pidfd_open failed (then it is checked on a short timer).
        let pidfd: Int32
        var killDeadline: Reactor.Instant?
    }

    /// The runs of every reactor in this process whose program may still be running: what they
    /// leave is theirs until they end.
    private static let liveRuns = Mutex<Set<Int>>([])
    /// The processes some `LeftoverProcesses` of this process is ending: each has one owner, the
    /// only one that signals and reaps it.
    private static let owned = Mutex<Set<pid_t>>([])

    private var leftovers: [pid_t: Leftover] = [:]
    private let grace: TimeInterval

    init(grace: TimeInterval = ProgramCommand.defaultKillGrace) {
        self.grace = grace
    }

    /// Whether nothing is being ended.
    var isEmpty: Bool { leftovers.isEmpty }

    /// Makes this process a child subreaper; false where the kernel refuses.
    static func becomeSubreaper() -> Bool { tiles_become_child_subreaper() == 0 }

    /// Records that run `id` is about to start: nothing carrying its marker is adopted until
    /// `runEnded(_:)`. Run ids are unique in the process (`ProcessReactor.makeID()`).
    static func runStarting(_ id: Int) { _ = liveRuns.withLock { $0.insert(id) } }

    /// Records that run `id` is over and its program reaped.
    static func runEnded(_ id: Int) { _ = liveRuns.withLock { $0.remove(id) } }

    /// Adopts every child of tiles carrying the marker of a run that is over (or of one of
    /// `endingRuns`, a shut-down's) and sends it SIGTERM; `immediately`, after a shut-down's
    /// grace, sends SIGKILL instead. `leaders`, the programs the reactor itself waits for, are
    /// never adopted.
    func adopt(endingRuns: Set<Int> = [], leaders: Set<pid_t> = [], now: Reactor.Instant, immediately: Bool = false) {
        // Children first, then the live runs: a run is marked live before its program is spawned,
        // so every child listed here belongs to a run already in the set (another reactor may be
        // starting one this moment).
        let children = Self.children()
        let live = Self.liveRuns.withLock { $0 }.subtracting(endingRuns)
        for pid in children where leftovers[pid] == nil && !leaders.contains(pid) {
            guard let run = Self.run(of: pid), !live.contains(run),
                  Self.owned.withLock({ $0.insert(pid).inserted }) else { continue }
            leftovers[pid] = Leftover(pidfd: tiles_pidfd_open(pid), killDeadline: now.advanced(by: .seconds(grace)))
            signal(pid, immediately ? SIGKILL : SIGTERM)
        }
    }

    /// The pidfds to poll, with their processes.
    var descriptors: [(pid: pid_t, pidfd: Int32)] {
        leftovers.compactMap { $0.value.pidfd >= 0 ? ($0.key, $0.value.pidfd) : nil }
    }

    /// The earliest moment something here must happen.
    func nextDeadline(now: Reactor.Instant) -> Reactor.Instant? {
        var next: Reactor.Instant?
        let check = now.advanced(by: .milliseconds(50))
        for leftover in leftovers.values {
            if let deadline = leftover.killDeadline { next = min(next ?? deadline, deadline) }
            if leftover.pidfd < 0 { next = min(next ?? check, check) }
        }
        return next
    }

    /// Sends SIGKILL to those whose grace is over, reaps those that exited; returns whether any
    /// was reaped (its children are then tiles' and may be adopted).
    func update(now: Reactor.Instant) -> Bool {
        var reaped = false
        for (pid, leftover) in leftovers {
            if let deadline = leftover.killDeadline, deadline <= now {
                leftovers[pid]?.killDeadline = nil
                signal(pid, SIGKILL)
            }
            if reapIfExited(pid) { reaped = true }
        }
        return reaped
    }

    /// Sends SIGKILL to every leftover now (the end of a shut-down's grace).
    func killAll() {
        for pid in leftovers.keys {
            leftovers[pid]?.killDeadline = nil
            signal(pid, SIGKILL)
        }
    }

    /// Reaps `pid` if it exited. One that someone else in the process reaped already
    /// (`waitpid(-1)`: ECHILD) is gone too, and is forgotten: its pidfd would stay readable.
    private func reapIfExited(_ pid: pid_t) -> Bool {
        var status: Int32 = 0
        let reaped = waitpid(pid, &status, WNOHANG)
        guard reaped == pid || (reaped < 0 && errno == ECHILD) else { return false }
        if let pidfd = leftovers[pid]?.pidfd, pidfd >= 0 { close(pidfd) }
        leftovers[pid] = nil
        _ = Self.owned.withLock { $0.remove(pid) }
        return true
    }

    /// Signals `pid` through its pidfd and, when it leads a process group, that group: the
    /// group's id is safe while `pid` is an unreaped child of tiles, which `waitid` checks
    /// without reaping. Nothing is sent to a process that is gone (another part of the process
    /// may have reaped it with `waitpid(-1)`, and its id may be someone else's now).
    private func signal(_ pid: pid_t, _ signal: Int32) {
        var info = siginfo_t()
        guard waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 else { return }
        if getpgid(pid) == pid { _ = kill(-pid, signal) }
        if let pidfd = leftovers[pid]?.pidfd, pidfd >= 0 {
            _ = tiles_pidfd_send_signal(pidfd, signal)
        } else {
            _ = kill(pid, signal)
        }
    }

    // MARK: /proc

    /// The children of this process, from each thread's `/proc/self/task/TID/children` (an
    /// orphan is given to one of the subreaper's threads).
    static func children() -> [pid_t] {
        guard let tasks = opendir("/proc/self/task") else { return [] }
        defer { closedir(tasks) }
        var children: [pid_t] = []
        while let entry = readdir(tasks) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard let tid = Int32(name), let text = contents(of: "/proc/self/task/\(tid)/children") else { continue }
            children += text.split(separator: 0x20).compactMap { Int32(String(decoding: $0, as: UTF8.self)) }
        }
        return children
    }

    /// The run named by `pid`'s `TILES_RUN`, or nil when it has none.
    static func run(of pid: pid_t) -> Int? {
        guard let environment = contents(of: "/proc/\(pid)/environ") else { return nil }
        let prefix = Array((markerVariable + "=").utf8)
        for variable in environment.split(separator: 0) where variable.starts(with: prefix) {
            return Int(String(decoding: variable.dropFirst(prefix.count), as: UTF8.self))
        }
        return nil
    }

    /// A small /proc file's bytes, or nil when it cannot be read.
    private static func contents(of path: String) -> [UInt8]? {
        let file = open(path, O_RDONLY | O_CLOEXEC)
        guard file >= 0 else { return nil }
        defer { close(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(file, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += chunk[..<count]
            if bytes.count > 1 << 20 { break }
        }
        return bytes
    }
}
