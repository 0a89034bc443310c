import FoundationEssentials
import TileKit
#if canImport(Glibc)
import Glibc
#endif

/// One reading of this machine: CPU use (0…1), memory, load averages, network rate (bytes a
/// second, in and out together), and the last readings of CPU use and network rate.
public struct SystemEntry: TimelineEntry, Hashable {
    public var date: Date
    public var cpu: Double
    public var memoryUsed: UInt64
    public var memoryTotal: UInt64
    public var load: [Double]
    public var networkRate: Double
    public var cpuHistory: [Double]
    public var networkHistory: [Double]
    /// The machine read, when it is not this one.
    public var host: String?
    /// Given when a reading crossed a threshold the tile set (`cpuAlert`, `memoryAlert`).
    public var alert: WidgetAlert?
    /// The use of the machine's reading before this one, to tell a rise past a threshold.
    var previousUse: SystemUse?
    public var relevance: TimelineEntryRelevance? { nil }

    /// The memory in use, between 0 and 1.
    var memoryUse: Double { memoryTotal > 0 ? Double(memoryUsed) / Double(memoryTotal) : 0 }

    /// The sample the gallery, previews and `tiles render --offline` show.
    static func sample(at date: Date) -> SystemEntry {
        let cpu = (0..<SystemSampler.historyLength).map { 0.35 + 0.25 * sin(Double($0) / 3) + 0.1 * cos(Double($0)) }
        let network = (0..<SystemSampler.historyLength).map { 120_000 + 90_000 * sin(Double($0) / 4 + 1) }
        return SystemEntry(
            date: date, cpu: cpu.last!, memoryUsed: 5_637_144_576, memoryTotal: 8_589_934_592, load: [0.82, 0.64, 0.51],
            networkRate: network.last!, cpuHistory: cpu, networkHistory: network)
    }
}

/// The `system` widget's settings: the machine to read (this one when empty), and the
/// thresholds whose crossing alerts, like sampler's triggers (0: none).
public struct SystemIntent: WidgetIntent {
    /// Any destination ssh accepts (`me@server`, an alias of `~/.ssh/config`); empty: this machine.
    public var host = ""
    /// Alert when CPU use rises to this percentage or past it; 0: never.
    public var cpuAlert = 0
    /// Alert when memory use rises to this percentage or past it; 0: never.
    public var memoryAlert = 0

    public init() {}

    public static var parameters: [WidgetParameter<SystemIntent>] { [
        .string("host", title: L("param.system.host"), \.host, maxLength: 255, rule: hostRule),
        .integer("cpuAlert", title: L("param.system.cpuAlert"), \.cpuAlert, range: 0...100),
        .integer("memoryAlert", title: L("param.system.memoryAlert"), \.memoryAlert, range: 0...100),
    ] }

    /// The alert for `entry` when its CPU or memory use crossed a threshold since `previous`
    /// (the reading before it): once per rise, not again while the use stays above.
    func alert(for entry: SystemEntry) -> WidgetAlert? {
        guard let previous = entry.previousUse else { return nil }
        let machine = entry.host ?? L("system.this_machine")
        var crossed: [String] = []
        if cpuAlert > 0, Self.crossed(Double(cpuAlert) / 100, from: previous.cpu, to: entry.cpu) {
            crossed.append("CPU \(SystemView.percent(entry.cpu))")
        }
        if memoryAlert > 0, Self.crossed(Double(memoryAlert) / 100, from: previous.memory, to: entry.memoryUse) {
            crossed.append("\(L("system.memory")) \(SystemView.percent(entry.memoryUse))")
        }
        guard !crossed.isEmpty else { return nil }
        return WidgetAlert(title: "\(machine): \(crossed.joined(separator: L("system.list_separator")))", body: L("system.over_threshold"), sound: true)
    }

    private static func crossed(_ threshold: Double, from before: Double, to now: Double) -> Bool {
        before < threshold && now >= threshold
    }

    /// `host`'s rule: one argument for ssh, never an option.
    static var hostRule: ParameterRule {
        ParameterRule(expected: L("rule.system.host")) { host in
            host.isEmpty || (!host.hasPrefix("-") && !host.unicodeScalars.contains { $0.value <= 0x20 || $0.value == 0x7F })
        }
    }
}

/// Reads /proc every `interval`: this machine's (no network, so the board waits for it in the
/// first frame and it spends no reload budget), or another's in one ssh call.
struct SystemProvider: IntentTimelineProvider {
    let services: WidgetServices

    /// How often the tile reads the machine again.
    static let interval: TimeInterval = 10
    /// How long a reading of another machine may take.
    static let remoteTimeout: TimeInterval = 8

    func placeholder(in context: TimelineContext) -> SystemEntry { SystemEntry.sample(at: context.now) }

    func snapshot(for configuration: SystemIntent, in context: TimelineContext) async -> SystemEntry {
        guard !context.isPreview, configuration.host.isEmpty else { return SystemEntry.sample(at: context.now) }
        return services.systemSampler.sample(at: context.now)
    }

    func timeline(for configuration: SystemIntent, in context: TimelineContext) async throws -> Timeline<SystemEntry> {
        var entry: SystemEntry
        if context.isPreview {
            entry = SystemEntry.sample(at: context.now)
        } else if configuration.host.isEmpty {
            entry = services.systemSampler.sample(at: context.now)
        } else {
            let output = try await services.run(ProcFiles.remoteCommand, on: configuration.host, timeout: Self.remoteTimeout)
            let files = ProcFiles(remoteOutput: String(decoding: output, as: UTF8.self))
            entry = services.systemSampler(for: configuration.host).sample(at: context.now, files: files)
            entry.host = configuration.host
        }
        if configuration.cpuAlert > 0 || configuration.memoryAlert > 0, let alert = configuration.alert(for: entry) {
            entry.alert = alert
            // Boards reading the same rise within one interval name it alike, so it alerts once.
            entry.date = Date(timeIntervalSince1970: (entry.date.timeIntervalSince1970 / Self.interval).rounded(.down) * Self.interval)
        }
        return Timeline(entries: [entry], policy: .after(context.now.addingTimeInterval(Self.interval)))
    }
}

/// Nothing in this process can reach other machines (a build of tiles without ssh support).
struct RemoteUnavailable: Error, CustomStringConvertible {
    var host: String
    var description: String { "\(host): this process cannot reach other machines" }
}

/// CPU, memory, load and network: one gauge in small, gauges and the CPU sparkline in medium,
/// all of it with sparklines in large.
struct SystemView: View {
    var entry: SystemEntry
    @Environment(\.widgetFamily) private var family

    var body: some View {
        PlainPanel { content }
    }

    /// Another machine's name above its readings; nothing for this one.
    @ViewBuilder private var hostLine: some View {
        if let host = entry.host { Text(host).font(.headline).lineLimit(1) }
    }

    @ViewBuilder private var content: some View {
        switch family {
        case .systemSmall:
            VStack(alignment: .leading, spacing: 0) {
                Text(entry.host ?? L("system.title")).font(.headline).lineLimit(1)
                Spacer(minLength: 0)
                Text(Self.percent(entry.cpu)).font(.system(size: 24)).minimumScaleFactor(0.5).lineLimit(1)
                Gauge(value: entry.cpu) { Text("CPU") }.foregroundColor(Self.cpuColor)
                Spacer(minLength: 0)
            }
        case .systemMedium:
            VStack(alignment: .leading, spacing: 0) {
                hostLine
                cpuGauge
                memoryGauge
                Spacer(minLength: 0)
                Chart(entry.cpuHistory.indices) { LineMark(x: .value("t", $0), y: .value("CPU", entry.cpuHistory[$0])) }
                    .chartYAxis(.hidden)
                    .foregroundColor(Self.cpuColor)
            }
        default:
            VStack(alignment: .leading, spacing: 0) {
                hostLine
                cpuGauge
                Chart(entry.cpuHistory.indices) { AreaMark(x: .value("t", $0), y: .value("CPU", entry.cpuHistory[$0])) }
                    .chartYAxis(.hidden)
                    .frame(height: 4)
                    .foregroundColor(Self.cpuColor)
                memoryGauge
                Text("\(L("system.load")) \(entry.load.map(Self.decimal).joined(separator: " "))").lineLimit(1)
                Text("\(L("system.network")) \(Self.rate(entry.networkRate))").lineLimit(1)
                Chart(entry.networkHistory.indices) { BarMark(x: .value("t", $0), y: .value("B/s", entry.networkHistory[$0])) }
                    .chartYAxis(.hidden)
                    .foregroundColor(Self.networkColor)
            }
        }
    }

    private var cpuGauge: some View {
        Gauge(value: entry.cpu) { Text("CPU") } currentValueLabel: { Text(Self.percent(entry.cpu)) }
            .foregroundColor(Self.cpuColor)
    }

    private var memoryGauge: some View {
        Gauge(value: Double(entry.memoryUsed), in: 0...Double(max(entry.memoryTotal, 1))) { Text(L("system.memory")) } currentValueLabel: {
            Text("\(Self.gibibytes(entry.memoryUsed))/\(Self.gibibytes(entry.memoryTotal)) GiB")
        }
        .foregroundColor(Self.memoryColor)
    }

    static let cpuColor = Color(light: RGBColor(hex: 0x007AFF), dark: RGBColor(hex: 0x0A84FF))
    static let memoryColor = Color(light: RGBColor(hex: 0x34C759), dark: RGBColor(hex: 0x30D158))
    static let networkColor = Color(light: RGBColor(hex: 0xAF52DE), dark: RGBColor(hex: 0xBF5AF2))

    /// `37%`.
    static func percent(_ fraction: Double) -> String { "\(Int((min(max(fraction, 0), 1) * 100).rounded()))%" }

    /// `0.82`.
    static func decimal(_ value: Double) -> String {
        let hundredths = Int((min(max(value, 0), 1e6) * 100).rounded())
        return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)"
    }

    /// `5.3`: bytes in GiB to one decimal.
    static func gibibytes(_ bytes: UInt64) -> String {
        let tenths = Int((Double(bytes) / 1_073_741_824 * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }

    /// `118 KB/s`, `1.2 MB/s`.
    static func rate(_ bytesPerSecond: Double) -> String {
        let value = bytesPerSecond.isFinite ? max(bytesPerSecond, 0) : 0
        if value >= 1_000_000 { return "\(decimal(value / 1_000_000).dropLast()) MB/s" }
        return "\(Int((value / 1000).rounded())) KB/s"
    }
}

/// 系统: this machine's CPU, memory, load and network, from /proc.
struct SystemWidget {
    static func configuration(services: WidgetServices) -> some WidgetConfiguration {
        IntentConfiguration(kind: "system", intent: SystemIntent.self, provider: SystemProvider(services: services)) { entry in
            SystemView(entry: entry)
        }
        .category(.system)
        .configurationDisplayName(L("widget.system.name"))
        .description(L("widget.system.description"))
        .supportedFamilies([.systemSmall, .systemMedium, .systemLarge])
        .computedLocally(unlessSet: "host")
        .alerts("when CPU or memory use rises past cpuAlert or memoryAlert (off by default), with the bell")
    }
}
