import FoundationEssentials
import TileBase
import TileKit
import TileUI

/// One battery as the kernel reports it under `/sys/class/power_supply`.
struct BatteryReading: Codable, Hashable, Sendable {
    var name: String
    /// 0…100.
    var percent: Int
    /// `Charging`, `Discharging`, `Full`, `Not charging`.
    var state: String
    /// Seconds until empty (discharging) or full (charging), when the kernel gives the rates.
    var secondsLeft: Double?
}

public struct BatteryEntry: TimelineEntry, Hashable {
    public var date: Date
    var batteries: [BatteryReading]
}

/// Reads the batteries every minute from `/sys/class/power_supply` (or `TILES_SYS_ROOT`'s, for
/// tests); a machine without one says so.
struct BatteryProvider: TimelineProvider {
    let root: String
    /// `--offline` and the gallery: the sample, not this machine.
    var offline = false

    func placeholder(in context: TimelineContext) -> BatteryEntry { BatteryEntry(date: context.now, batteries: []) }

    /// The gallery's picture: a made-up battery named as a sample.
    func snapshot(in context: TimelineContext) async -> BatteryEntry {
        BatteryEntry(date: context.now, batteries: [BatteryReading(name: "sample", percent: 64, state: "Discharging", secondsLeft: 11_700)])
    }

    func timeline(in context: TimelineContext) async throws -> Timeline<BatteryEntry> {
        if offline { return Timeline(entries: [await snapshot(in: context)], policy: .never) }
        return Timeline(entries: [BatteryEntry(date: context.now, batteries: read())], policy: .after(context.now.addingTimeInterval(60)))
    }

    func read() -> [BatteryReading] {
        let folder = TilesDirectories.join(root, "class/power_supply")
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
        return names.compactMap { name in
            let device = TilesDirectories.join(folder, name)
            func value(_ file: String) -> String? {
                FileManager.default.contents(atPath: TilesDirectories.join(device, file)).map { String(decoding: $0.prefix(256), as: UTF8.self).trimmingSpacesAndNewlines() }
            }
            func number(_ file: String) -> Double? { value(file).flatMap(Double.init) }
            guard value("type") == "Battery", let capacity = number("capacity") else { return nil }
            let state = value("status") ?? "Unknown"
            // Energy in µWh and power in µW, or charge in µAh and current in µA.
            let (now, full, rate) = number("energy_now") != nil
                ? (number("energy_now"), number("energy_full"), number("power_now"))
                : (number("charge_now"), number("charge_full"), number("current_now"))
            var left: Double?
            if let now, let rate, rate > 0 {
                if state == "Discharging" { left = now / rate * 3600 }
                if state == "Charging", let full { left = max(full - now, 0) / rate * 3600 }
            }
            return BatteryReading(name: name, percent: Int(min(max(capacity, 0), 100)), state: state, secondsLeft: left)
        }
    }
}

/// The battery: charge, state and time left, or that there is none.
struct BatteryView: View {
    var entry: BatteryEntry
    @Environment(\.widgetFamily) private var family

    var body: some View {
        let battery = entry.batteries.first
        switch family {
        case .accessoryInline:
            Text(battery.map { "\($0.percent)% \(state($0))" } ?? "no battery")
        case .accessoryCircular:
            if let battery {
                Gauge(value: Double(battery.percent) / 100) { Text("") } currentValueLabel: { Text("\(battery.percent)") }
            } else {
                Text("—")
            }
        default:
            VStack(alignment: .leading, spacing: 0) {
                Text("Battery").bold()
                if let battery {
                    Spacer(minLength: 0)
                    Text("\(battery.percent)%").font(.system(size: 24)).minimumScaleFactor(0.3).lineLimit(1)
                        .foregroundColor(battery.percent <= 15 && battery.state == "Discharging" ? .red : .primary)
                    ProgressView(value: Double(battery.percent) / 100)
                    Text(state(battery)).foregroundColor(.secondary).lineLimit(1)
                    if battery.name == "sample" { Text("(sample)").foregroundColor(.secondary) }
                    ForEach(Array(entry.batteries.dropFirst().enumerated()), id: \.offset) { _, other in
                        Text("\(other.name) \(other.percent)% \(other.state.lowercased())").lineLimit(1)
                    }
                    Spacer(minLength: 0)
                } else {
                    Text("This machine reports no battery.").foregroundColor(.secondary)
                    Spacer(minLength: 0)
                }
            }
            .frame(maxWidth: .infinity, alignment: .leading)
            .padding(EdgeInsets(top: 0, leading: 1, bottom: 0, trailing: 1))
        }
    }

    /// `discharging, 2 h 05 min left`.
    private func state(_ battery: BatteryReading) -> String {
        let state = battery.state.lowercased()
        guard let left = battery.secondsLeft else { return state }
        let minutes = Int((left / 60).rounded())
        let time = minutes >= 60
            ? L("duration.hours_minutes", ["hours": String(minutes / 60), "minutes": (minutes % 60 < 10 ? "0" : "") + String(minutes % 60)])
            : L("duration.minutes", ["minutes": String(minutes)])
        return "\(state), \(time) \(battery.state == "Charging" ? "to full" : "left")"
    }
}

/// 电池: the battery's charge.
struct BatteryWidget {
    static func configuration(services: WidgetServices) -> some WidgetConfiguration {
        StaticConfiguration(kind: "battery", provider: BatteryProvider(root: services.sysRoot, offline: services.offline)) { entry in
            BatteryView(entry: entry)
        }
        .category(.system)
        .configurationDisplayName(L("widget.battery.name"))
        .description(L("widget.battery.description"))
        .supportedFamilies([.systemSmall, .systemMedium, .accessoryCircular, .accessoryInline])
        .computedLocally()
    }
}
