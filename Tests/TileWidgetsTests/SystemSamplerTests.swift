import Foundation
import Testing
import TestSupport
import TileKit
@testable import TileWidgets

/// The `system` widget's readings, from a /proc of real files in a temporary directory.
@Suite struct SystemSamplerTests {
    /// A /proc holding `stat`, `meminfo`, `loadavg` and `net/dev` with these contents.
    static func proc(stat: String, meminfo: String = "", loadavg: String = "", netdev: String = "") throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("tiles-proc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("net"), withIntermediateDirectories: true)
        try stat.write(to: root.appendingPathComponent("stat"), atomically: true, encoding: .utf8)
        try meminfo.write(to: root.appendingPathComponent("meminfo"), atomically: true, encoding: .utf8)
        try loadavg.write(to: root.appendingPathComponent("loadavg"), atomically: true, encoding: .utf8)
        try netdev.write(to: root.appendingPathComponent("net/dev"), atomically: true, encoding: .utf8)
        return root
    }

    static let netdev = """
        Inter-|   Receive                                                |  Transmit
         face |bytes    packets errs drop fifo frame compressed multicast|bytes    packets errs drop fifo colls carrier compressed
            lo:  5000      10    0    0    0     0          0         0     5000      10    0    0    0     0       0          0
          eth0: 1000000    900    0    0    0     0          0         0   250000     500    0    0    0     0       0          0
        """

    @Test func readingsComeFromTheFilesAndRatesFromTheirDifferences() throws {
        let root = try Self.proc(
            stat: "cpu  100 0 100 700 100 0 0 0 0 0\ncpu0 1 2 3 4\n",
            meminfo: "MemTotal:       8000000 kB\nMemFree:  100 kB\nMemAvailable:   2000000 kB\n",
            loadavg: "0.82 0.64 0.51 1/123 4567\n", netdev: Self.netdev)
        defer { try? FileManager.default.removeItem(at: root) }
        let sampler = SystemSampler(root: root)
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let first = sampler.sample(at: start)
        #expect(first.cpu == 0.2, "200 busy of 1000 since boot")
        #expect(first.memoryTotal == 8_000_000 * 1024 && first.memoryUsed == 6_000_000 * 1024)
        #expect(first.load == [0.82, 0.64, 0.51])
        #expect(first.networkRate == 0, "no rate from one reading")
        // Ten seconds later: 300 more busy jiffies of 400, and 125,000 more bytes (loopback left out).
        try "cpu  300 0 200 800 100 0 0 0 0 0\n".write(to: root.appendingPathComponent("stat"), atomically: true, encoding: .utf8)
        try Self.netdev.replacingOccurrences(of: "1000000", with: "1125000")
            .write(to: root.appendingPathComponent("net/dev"), atomically: true, encoding: .utf8)
        let second = sampler.sample(at: start.addingTimeInterval(10))
        #expect(second.cpu == 0.75)
        #expect(second.networkRate == 12_500)
        #expect(second.cpuHistory == [0.2, 0.75])
        #expect(second.networkHistory == [0, 12_500])
    }

    @Test func theHistoryKeepsTheLastReadings() throws {
        let root = try Self.proc(stat: "cpu  1 0 0 1 0 0 0 0\n")
        defer { try? FileManager.default.removeItem(at: root) }
        let sampler = SystemSampler(root: root)
        var entry: SystemEntry?
        for second in 0..<(SystemSampler.historyLength + 7) {
            entry = sampler.sample(at: Date(timeIntervalSince1970: Double(second)))
        }
        #expect(entry?.cpuHistory.count == SystemSampler.historyLength)
        #expect(entry?.networkHistory.count == SystemSampler.historyLength)
    }

    /// Missing and garbled files (random bytes, huge numbers, a counter going backwards) give
    /// zeros and finite numbers, never a crash. A fixed seed and a bounded number of cases.
    @Test func garbageInProcGivesZerosNotACrash() throws {
        let empty = SystemSampler(root: URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)"))
        let nothing = empty.sample(at: Date())
        #expect(nothing.cpu == 0 && nothing.memoryTotal == 0 && nothing.load == [0, 0, 0] && nothing.networkRate == 0)
        var state: UInt64 = 0x5157E3
        func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state >> 33
        }
        let pieces = ["cpu ", "cpu  ", "18446744073709551615", "-5", "nan", "inf", ":", " kB", "MemTotal:", "MemAvailable:", "eth0:", "lo:", "\n", " ", "1e999", "99999999999999999999999", "\u{0}", "ä"]
        for _ in 0..<150 {
            func garbage() -> String { (0..<Int(next() % 40)).map { _ in pieces[Int(next() % UInt64(pieces.count))] }.joined() }
            let root = try Self.proc(stat: garbage(), meminfo: garbage(), loadavg: garbage(), netdev: garbage())
            defer { try? FileManager.default.removeItem(at: root) }
            let sampler = SystemSampler(root: root)
            for second in 0..<3 {
                let entry = sampler.sample(at: Date(timeIntervalSince1970: Double(second)))
                #expect((0...1).contains(entry.cpu))
                #expect(entry.memoryUsed <= entry.memoryTotal)
                #expect(entry.load.count == 3 && entry.load.allSatisfy { $0.isFinite && $0 >= 0 })
                #expect(entry.networkRate.isFinite && entry.networkRate >= 0)
                if second == 1 {
                    try garbage().write(to: root.appendingPathComponent("stat"), atomically: true, encoding: .utf8)
                }
            }
        }
    }

    @Test func theWidgetIsLocalSparesTheBudgetAndDrawsEveryFamily() throws {
        let services = WidgetServices(environment: [:], directories: nil, version: "test", offline: true)
        let widget = try #require(BuiltinWidgets.all(services: services).first { $0.kind == "system" })
        #expect(widget.computesLocally)
        #expect(widget.supportedFamilies == [.systemSmall, .systemMedium, .systemLarge])
        var environment = EnvironmentValues()
        environment.colorScheme = .dark
        for family in widget.supportedFamilies {
            let entry = widget.placeholder(in: TimelineContext(family: family, now: Date(timeIntervalSince1970: 0)))
            let grid = widget.render(entry, family: family, environment: environment).grid
            #expect(grid.text.contains("CPU"), "\(family)")
        }
    }
}

/// The `system` widget's triggers: a rise past `cpuAlert` or `memoryAlert` alerts once, in an
/// entry whose date every board reading the same rise names alike.
@Suite(.language(.simplifiedChinese)) struct SystemAlertTests {
    @Test func aRisePastAThresholdAlertsOnceAndNotWhileItStaysAbove() async throws {
        let root = try SystemSamplerTests.proc(
            stat: "cpu  100 0 0 900 0 0 0 0\n", meminfo: "MemTotal: 1000 kB\nMemAvailable: 600 kB\n")
        defer { try? FileManager.default.removeItem(at: root) }
        let services = WidgetServices(environment: ["TILES_PROC_ROOT": root.path], directories: nil, version: "test", offline: true)
        let widget = try #require(BuiltinWidgets.all(services: services).first { $0.kind == "system" })
        #expect(widget.alerts?.contains("cpuAlert") == true, "tiles list says why it alerts")
        let parameters: [String: ParameterValue] = ["cpuAlert": .integer(90), "memoryAlert": .integer(80)]
        let start = Date(timeIntervalSince1970: 1_800_000_004)
        func reading(busy: Int, idle: Int, available: Int, at seconds: TimeInterval) async throws -> AnyTimelineEntry? {
            try "cpu  \(busy) 0 0 \(idle) 0 0 0 0\n".write(to: root.appendingPathComponent("stat"), atomically: true, encoding: .utf8)
            try "MemTotal: 1000 kB\nMemAvailable: \(available) kB\n".write(to: root.appendingPathComponent("meminfo"), atomically: true, encoding: .utf8)
            let context = TimelineContext(family: .systemSmall, now: start.addingTimeInterval(seconds))
            return try await widget.timeline(in: context, parameters: parameters).entries.first
        }
        #expect(try await reading(busy: 100, idle: 900, available: 600, at: 0)?.alert == nil, "the first reading has nothing to rise from")
        #expect(try await reading(busy: 150, idle: 1850, available: 600, at: 10)?.alert == nil, "5% CPU, 40% memory")
        let rise = try #require(try await reading(busy: 1100, idle: 1900, available: 100, at: 20))
        #expect(rise.alert == WidgetAlert(title: "本机: CPU 95%，内存 90%", body: "超过告警线", sound: true))
        #expect(rise.date == Date(timeIntervalSince1970: 1_800_000_020), "on the interval's grid: \(rise.date)")
        #expect(try await reading(busy: 2090, idle: 1910, available: 100, at: 30)?.alert == nil, "still above: no second alert")
        #expect(try await reading(busy: 2100, idle: 2900, available: 600, at: 40)?.alert == nil, "back below")
        #expect(try await reading(busy: 3100, idle: 2900, available: 600, at: 50)?.alert?.title == "本机: CPU 100%", "a new rise")
    }
}
