import Foundation
import TilesSDK

/// How long this machine has been up, from /proc/uptime: a static widget with a live timer.
struct UptimeWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "uptime", provider: UptimeProvider()) { entry in
            UptimeView(entry: entry)
        }
        .configurationDisplayName("Uptime")
        .description("How long this machine has been running.")
        .supportedFamilies([.systemSmall, .systemMedium, .accessoryInline])
    }
}

struct UptimeEntry: TimelineEntry {
    var date: Date
    /// When the machine started.
    var bootTime: Date
}

struct UptimeProvider: TimelineProvider {
    func placeholder(in context: TimelineContext) -> UptimeEntry {
        UptimeEntry(date: context.now, bootTime: context.now)
    }

    func snapshot(in context: TimelineContext) async -> UptimeEntry {
        UptimeEntry(date: context.now, bootTime: context.now.addingTimeInterval(-3 * 3600))
    }

    func timeline(in context: TimelineContext) async throws -> Timeline<UptimeEntry> {
        let text = try String(contentsOfFile: "/proc/uptime", encoding: .utf8)
        let seconds = Double(text.split(separator: " ").first ?? "0") ?? 0
        let entry = UptimeEntry(date: context.now, bootTime: context.now.addingTimeInterval(-seconds))
        // The text counts up by itself; ask again only after a day, in case the machine restarted.
        return Timeline(entries: [entry], policy: .after(context.now.addingTimeInterval(86_400)))
    }
}

struct UptimeView: View {
    var entry: UptimeEntry
    @Environment(\.widgetFamily) private var family

    var body: some View {
        if family == .accessoryInline {
            HStack(spacing: 1) {
                Text("up")
                Text(entry.bootTime, style: .timer)
            }
        } else {
            VStack(alignment: .leading, spacing: 0) {
                Text("Uptime").font(.headline)
                Spacer()
                Text(entry.bootTime, style: .timer).bold()
                Text("since \(entry.bootTime.formatted(date: .abbreviated, time: .shortened))")
                    .font(.caption)
                    .foregroundColor(.secondary)
            }
            .padding(1)
        }
    }
}
