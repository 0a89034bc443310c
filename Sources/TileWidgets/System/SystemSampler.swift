import FoundationEssentials
import TileKit
import TileUI
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Reads this machine's CPU, memory, load and network from `/proc` (or another root, for tests:
/// `TILES_PROC_ROOT`), and keeps the last minutes of CPU use and network rate for sparklines.
///
/// CPU use and network rates are differences between two readings, so the first reading of a
/// process gives the average since boot and none. Malformed or missing files give zeros, never
/// a crash: `/proc` is another program's text.
final class SystemSampler: Sendable {
    /// One reading of the counters.
    struct Counters: Equatable {
        var cpuBusy: UInt64 = 0
        var cpuTotal: UInt64 = 0
        var networkBytes: UInt64 = 0
        var date: Date
    }

    /// How many readings the sparklines keep (at one every `SystemProvider.interval`, 5 minutes).
    static let historyLength = 30

    private let root: URL
    private let state = Mutex<(last: Counters?, cpu: [Double], network: [Double], use: SystemUse?)>((nil, [], [], nil))

    init(root: URL) {
        self.root = root
    }

    /// A reading of this machine now, at `date`, with the history it joins.
    func sample(at date: Date) -> SystemEntry {
        sample(at: date, files: ProcFiles { [root] name in
            AtomicFile.contents(atPath: root.appending(path: name).path).map { String(decoding: $0.prefix(256 * 1024), as: UTF8.self) }
        })
    }

    /// A reading from `files` (another machine's `/proc`), at `date`, with the history it joins.
    func sample(at date: Date, files: ProcFiles) -> SystemEntry {
        let cpu = files.cpu
        let counters = Counters(
            cpuBusy: cpu.busy, cpuTotal: cpu.total, networkBytes: files.networkBytes, date: date)
        let memory = files.memory
        let load = files.load
        return state.withLock { state in
            let previous = state.last
            let busy = counters.cpuBusy &- (previous?.cpuBusy ?? 0), total = counters.cpuTotal &- (previous?.cpuTotal ?? 0)
            let cpuUse = total > 0 && counters.cpuTotal >= (previous?.cpuTotal ?? 0) ? min(Double(busy) / Double(total), 1) : 0
            var rate = 0.0
            if let previous, counters.networkBytes >= previous.networkBytes, date > previous.date {
                rate = Double(counters.networkBytes - previous.networkBytes) / date.timeIntervalSince(previous.date)
            }
            state.last = counters
            state.cpu = Array((state.cpu + [cpuUse]).suffix(Self.historyLength))
            state.network = Array((state.network + [rate]).suffix(Self.historyLength))
            var entry = SystemEntry(
                date: date, cpu: cpuUse, memoryUsed: memory.used, memoryTotal: memory.total, load: load,
                networkRate: rate, cpuHistory: state.cpu, networkHistory: state.network)
            // The first reading's CPU use is the average since boot: no rise to compare with.
            entry.previousUse = previous == nil ? nil : state.use
            state.use = SystemUse(cpu: cpuUse, memory: entry.memoryUse)
            return entry
        }
    }

}

/// CPU and memory use of one reading, each between 0 and 1.
struct SystemUse: Codable, Hashable {
    var cpu: Double
    var memory: Double
}

/// The files of a `/proc` the `system` widget reads (`stat`, `meminfo`, `loadavg`, `net/dev`),
/// and what it reads from them. Malformed or missing files give zeros.
struct ProcFiles {
    /// The text of a file by its name under `/proc`; nil when it cannot be read.
    let text: (String) -> String?

    init(_ text: @escaping (String) -> String?) {
        self.text = text
    }

    /// The four files read at once on another machine, as `remoteCommand` prints them.
    init(remoteOutput: String) {
        var files: [String: String] = [:]
        var name: String?
        for line in remoteOutput.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix(Self.marker) {
                name = String(line.dropFirst(Self.marker.count))
                files[name!] = ""
            } else if let name {
                files[name, default: ""] += line + "\n"
            }
        }
        self.init { files[$0] }
    }

    /// The names read, in order.
    static let names = ["stat", "meminfo", "loadavg", "net/dev"]
    private static let marker = "@@tiles-proc "

    /// One command for the remote shell that prints every file after a marker line: one ssh
    /// call per reading, no agent on the machine.
    static let remoteCommand = ["sh", "-c", "for f in \(names.joined(separator: " ")); do echo \"\(marker)$f\"; cat /proc/$f; done"]

    /// The aggregate `cpu` line of `stat`: busy and total jiffies.
    var cpu: (busy: UInt64, total: UInt64) {
        guard let line = lines("stat").first(where: { $0.hasPrefix("cpu ") }) else { return (0, 0) }
        let fields = line.split(separator: " ").dropFirst().map { UInt64($0) ?? 0 }
        // user nice system idle iowait irq softirq steal: idle and iowait are not busy.
        let total = fields.prefix(8).reduce(0, &+)
        let idle = (fields.count > 3 ? fields[3] : 0) &+ (fields.count > 4 ? fields[4] : 0)
        return (total &- min(idle, total), total)
    }

    /// `MemTotal` and `MemTotal − MemAvailable` of `meminfo`, in bytes.
    var memory: (used: UInt64, total: UInt64) {
        var values: [String: UInt64] = [:]
        for line in lines("meminfo") {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, let kib = UInt64(parts[1].split(separator: " ").first ?? "") else { continue }
            values[String(parts[0])] = kib.multipliedReportingOverflow(by: 1024).partialValue
        }
        let total = values["MemTotal"] ?? 0
        return (total - min(values["MemAvailable"] ?? total, total), total)
    }

    /// The 1, 5 and 15 minute load averages of `loadavg`.
    var load: [Double] {
        let fields = (lines("loadavg").first ?? "").split(separator: " ").prefix(3).map { Double($0) ?? 0 }
        return fields.map { $0.isFinite && $0 >= 0 ? $0 : 0 } + Array(repeating: 0, count: 3 - fields.count)
    }

    /// Bytes received and sent by every interface but the loopback, from `net/dev`.
    var networkBytes: UInt64 {
        var sum: UInt64 = 0
        for line in lines("net/dev") {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingSpaces() != "lo" else { continue }
            let fields = parts[1].split(separator: " ").map { UInt64($0) ?? 0 }
            if fields.count > 8 { sum = sum &+ fields[0] &+ fields[8] }
        }
        return sum
    }

    /// The lines of `name`; a file far larger than /proc's is cut.
    private func lines(_ name: String) -> [Substring] {
        guard let text = text(name) else { return [] }
        return text.prefix(256 * 1024).split(separator: "\n")
    }
}
