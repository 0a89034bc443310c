import FoundationEssentials
import TileBase
import TileKit
import TileUI
#if canImport(Glibc)
import Glibc
#endif

/// The disk widget's parameters: which file systems, and the use that alerts.
public struct DiskIntent: WidgetIntent {
    /// Mount points to show, separated by spaces or commas; empty shows every disk.
    public var mounts = ""
    /// Alert when a file system's use rises to this percentage or past it; 0: never.
    public var alertPercent = 0

    public init() {}

    public static var parameters: [WidgetParameter<DiskIntent>] { [
        .string("mounts", title: L("param.disk.mounts"), \.mounts, maxLength: 500),
        .integer("alertPercent", title: L("param.disk.alertPercent"), \.alertPercent, range: 0...100),
    ] }
}

/// One file system's use, read with statvfs.
struct DiskUse: Codable, Hashable, Sendable {
    var mount: String
    /// Bytes in use, and free to an ordinary user (the blocks kept for root left out, as df counts).
    var used: Double
    var free: Double
    var fraction: Double { used + free > 0 ? used / (used + free) : 0 }
}

/// A reading of every file system shown, fullest first.
public struct DiskEntry: TimelineEntry, Hashable {
    public var date: Date
    var disks: [DiskUse]
    public var alert: WidgetAlert?
}

/// Reads the mounted file systems (`/proc/self/mounts`, the kernel's pseudo file systems left
/// out, each device once) every five minutes, once for every board of the user; a file system
/// whose use rises past `alertPercent` alerts once per rise.
struct DiskProvider: IntentTimelineProvider {
    let services: WidgetServices
    static let interval: TimeInterval = 300
    /// File system types that hold no user data.
    static let pseudoTypes: Set<String> = [
        "proc", "sysfs", "tmpfs", "devtmpfs", "devpts", "cgroup", "cgroup2", "securityfs", "debugfs", "tracefs", "mqueue",
        "hugetlbfs", "pstore", "bpf", "autofs", "configfs", "fusectl", "binfmt_misc", "nsfs", "ramfs", "squashfs", "efivarfs",
        "rpc_pipefs", "selinuxfs", "fuse.gvfsd-fuse", "fuse.portal", "nfsd",
    ]

    func placeholder(in context: TimelineContext) -> DiskEntry {
        DiskEntry(date: context.now, disks: [])
    }

    /// The gallery's and `--offline`'s picture: two made-up file systems, named as samples.
    func snapshot(for configuration: DiskIntent, in context: TimelineContext) async -> DiskEntry {
        let gib = 1_073_741_824.0
        return DiskEntry(date: context.now, disks: [
            DiskUse(mount: "/ (sample)", used: 412 * gib, free: 38 * gib), DiskUse(mount: "/home (sample)", used: 700 * gib, free: 1_100 * gib),
        ])
    }

    func timeline(for configuration: DiskIntent, in context: TimelineContext) async throws -> Timeline<DiskEntry> {
        if services.offline { return Timeline(entries: [await snapshot(for: configuration, in: context)], policy: .never) }
        let key = "disk." + StableHash.hex(configuration.mounts)
        let previous = services.recall(DiskReading.self, as: key)?.value
        let reading = try await services.shared(key, freshFor: Self.interval / 2, context: context) {
            DiskReading(at: context.now, disks: Self.read(configuration))
        }
        var entry = DiskEntry(date: context.now, disks: reading.disks)
        if configuration.alertPercent > 0, let previous, previous.at != reading.at {
            entry.alert = Self.alert(percent: configuration.alertPercent, previous: previous, reading: reading)
        }
        return Timeline(entries: [entry], policy: .after(context.now.addingTimeInterval(Self.interval)))
    }

    /// The alert of the file systems whose use rose to `percent` or past it since `previous`:
    /// once per rise, alike on every board (its rise is the shared reading's time).
    static func alert(percent: Int, previous: DiskReading, reading: DiskReading) -> WidgetAlert? {
        let line = Double(percent) / 100
        let risen = reading.disks.filter { disk in
            disk.fraction >= line && (previous.disks.first { $0.mount == disk.mount }.map { $0.fraction < line } ?? false)
        }
        guard !risen.isEmpty else { return nil }
        return WidgetAlert(
            title: "\(risen.map(\.mount).joined(separator: ", ")) \(risen.count == 1 ? "is" : "are") \(percent)% full or more",
            body: risen.map { "\($0.mount): \(Int(($0.fraction * 100).rounded()))%, \(ByteCount.text($0.free)) free" }.joined(separator: "; "),
            sound: true, rise: "disk:\(risen.map(\.mount).joined(separator: ","))@\(reading.at.timeIntervalSince1970)")
    }

    struct DiskReading: Codable, Sendable {
        var at: Date
        var disks: [DiskUse]
    }

    /// The file systems `configuration` asks for, fullest first.
    static func read(_ configuration: DiskIntent) -> [DiskUse] {
        let wanted = ListParameter.words(configuration.mounts)
        let text = FileManager.default.contents(atPath: "/proc/self/mounts").map { String(decoding: $0, as: UTF8.self) } ?? ""
        var seen: Set<String> = []
        var disks: [DiskUse] = []
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ").map(String.init)
            guard fields.count >= 3 else { continue }
            // Spaces in a mount point are written as \040.
            let device = fields[0], mount = fields[1].replacing("\\040", with: " "), type = fields[2]
            if wanted.isEmpty {
                guard !pseudoTypes.contains(type), !seen.contains(device) else { continue }
            } else {
                guard wanted.contains(mount) else { continue }
            }
            var status = statvfs()
            guard statvfs(mount, &status) == 0, status.f_blocks > 0 else { continue }
            seen.insert(device)
            let block = Double(status.f_frsize)
            disks.append(DiskUse(mount: mount, used: Double(status.f_blocks - status.f_bfree) * block, free: Double(status.f_bavail) * block))
        }
        return disks.sorted { $0.fraction > $1.fraction }
    }
}

/// Disks: each file system's use as a bar, fullest first.
struct DiskView: View {
    var entry: DiskEntry
    @Environment(\.widgetFamily) private var family

    var body: some View {
        switch family {
        case .accessoryInline:
            Text(entry.disks.first.map { "\($0.mount) \(percent($0)) full" } ?? "no disks")
        default:
            VStack(alignment: .leading, spacing: 0) {
                Text("Disks").bold()
                if entry.disks.isEmpty { Text("no file system to show").foregroundColor(.secondary) }
                ForEach(Array(entry.disks.prefix(family == .systemLarge ? 9 : 4).enumerated()), id: \.offset) { _, disk in
                    HStack(spacing: 1) {
                        Text(disk.mount).lineLimit(1)
                        Spacer(minLength: 1)
                        if family != .systemSmall { Text("\(ByteCount.text(disk.free)) free").foregroundColor(.secondary) }
                        Text(percent(disk)).foregroundColor(disk.fraction >= 0.9 ? .red : .primary)
                    }
                    if family != .systemSmall {
                        ProgressView(value: disk.fraction).foregroundColor(disk.fraction >= 0.9 ? .red : .green)
                    }
                }
                Spacer(minLength: 0)
            }
            .padding(EdgeInsets(top: 0, leading: 1, bottom: 0, trailing: 1))
        }
    }

    private func percent(_ disk: DiskUse) -> String { "\(Int((disk.fraction * 100).rounded()))%" }
}

/// 磁盘: the mounted file systems' use.
struct DiskWidget {
    static func configuration(services: WidgetServices) -> some WidgetConfiguration {
        IntentConfiguration(kind: "disks", intent: DiskIntent.self, provider: DiskProvider(services: services)) { entry in
            DiskView(entry: entry)
        }
        .category(.system)
        .configurationDisplayName(L("widget.disks.name"))
        .description(L("widget.disks.description"))
        .supportedFamilies([.systemSmall, .systemMedium, .systemLarge, .accessoryInline])
        .computedLocally()
        .alerts("when a file system's use rises past alertPercent (off by default), with the bell")
    }
}
