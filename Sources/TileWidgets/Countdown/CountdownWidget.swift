import FoundationEssentials
import TileKit
import TileUI
import TileBase
#if canImport(Glibc)
import Glibc
#endif

/// The countdown's parameters: what is counted down to, and its time each day.
public struct CountdownIntent: WidgetIntent {
    /// What the moment is (`下班`, `Home time`).
    public var title = L("countdown.default_title")
    /// The moment each day, `HH:MM` in the board's time zone.
    public var time = "18:00"

    public init() {}

    public static var parameters: [WidgetParameter<CountdownIntent>] { [
        .string("title", title: L("param.countdown.title"), \.title, maxLength: 12),
        .string("time", title: L("param.countdown.time"), \.time, maxLength: 5, rule: timeRule),
    ] }

    /// `time`'s rule: a time of day the countdown can use.
    static var timeRule: ParameterRule {
        ParameterRule(expected: L("rule.countdown.time")) { clock(of: $0) != nil }
    }

    /// Hours and minutes of `time`, when it is a valid `HH:MM`.
    var clock: (hour: Int, minute: Int)? { Self.clock(of: time) }

    /// Hours and minutes of `text`, when it is a valid `HH:MM`.
    static func clock(of text: String) -> (hour: Int, minute: Int)? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ (1...2).contains($0.count) && $0.allSatisfy(\.isASCII) }),
              let hour = Int(parts[0]), let minute = Int(parts[1]),
              (0..<24).contains(hour), (0..<60).contains(minute) else { return nil }
        return (hour, minute)
    }
}

/// One countdown: the next occurrence of the configured time.
public struct CountdownEntry: TimelineEntry, Hashable {
    public var date: Date
    public var title: String
    public var target: Date
    /// The configured time as typed, or the reason it could not be used.
    public var label: String
    /// Set on the entry of the last half hour before the moment, so that a Smart Stack brings
    /// the countdown to the top while it matters (docs/rules.md B6.2).
    public var relevance: TimelineEntryRelevance?
    /// Set on the entry of the moment itself: the board tells the user it has come.
    public var alert: WidgetAlert?
}

/// The countdown's timeline: one entry whose timer ticks by itself, and a new one when the moment
/// has come (no network, no budget worries: one call a day).
struct CountdownProvider: IntentTimelineProvider {
    let timeZone: Zone

    func placeholder(in context: TimelineContext) -> CountdownEntry {
        CountdownEntry(date: context.now, title: L("countdown.default_title"), target: context.now.addingTimeInterval(3600), label: "18:00")
    }

    func snapshot(for configuration: CountdownIntent, in context: TimelineContext) async -> CountdownEntry {
        entry(for: configuration, now: context.now)
    }

    func timeline(for configuration: CountdownIntent, in context: TimelineContext) async throws -> Timeline<CountdownEntry> {
        let entry = entry(for: configuration, now: context.now)
        guard entry.target > context.now else {
            return Timeline(entries: Self.withRelevance(entry, now: context.now), policy: .after(entry.target))
        }
        return Timeline(entries: Self.withRelevance(entry, now: context.now) + [Self.arrival(of: entry)],
                        policy: .after(entry.target.addingTimeInterval(Self.arrivalShown)))
    }

    /// How long the moment's own entry shows before the next day's countdown.
    static let arrivalShown: TimeInterval = 60

    /// The entry of the moment itself, with its alert (`下班 到了`, the bell).
    static func arrival(of entry: CountdownEntry) -> CountdownEntry {
        var arrival = entry
        arrival.date = entry.target
        arrival.relevance = TimelineEntryRelevance(score: 1, duration: arrivalShown)
        arrival.alert = WidgetAlert(title: L("countdown.arrived", ["title": entry.title]), body: entry.label, sound: true)
        return arrival
    }

    /// How long before the moment the countdown becomes relevant.
    static let relevantWindow: TimeInterval = 30 * 60

    /// `entry`, and the same countdown again from half an hour before its moment, scored as
    /// relevant until the moment; within that half hour already, `entry` itself is scored.
    static func withRelevance(_ entry: CountdownEntry, now: Date) -> [CountdownEntry] {
        guard entry.target > now else { return [entry] }
        var relevant = entry
        relevant.date = max(now, entry.target.addingTimeInterval(-relevantWindow))
        relevant.relevance = TimelineEntryRelevance(score: 1, duration: entry.target.timeIntervalSince(relevant.date))
        return relevant.date > entry.date ? [entry, relevant] : [relevant]
    }

    private func entry(for configuration: CountdownIntent, now: Date) -> CountdownEntry {
        guard let clock = configuration.clock else {
            return CountdownEntry(date: now, title: configuration.title, target: now, label: L("countdown.bad_time"))
        }
        let target = timeZone.nextDate(after: now, hour: clock.hour, minute: clock.minute)
        return CountdownEntry(date: now, title: configuration.title, target: target, label: configuration.time)
    }
}

/// A countdown to a time of day, ticking every second (`Text(_:style: .timer)`).
struct CountdownView: View {
    var entry: CountdownEntry
    @Environment(\.widgetFamily) private var family

    var body: some View {
        switch family {
        case .accessoryInline:
            HStack(spacing: 1) {
                Text("\(entry.title) \(entry.label)")
                Text(entry.target, style: .timer)
            }
        default:
            ZStack {
                LinearGradient(
                    colors: [Color(light: RGBColor(hex: 0xF7971E), dark: RGBColor(hex: 0x7A3E00)),
                             Color(light: RGBColor(hex: 0xFF5E62), dark: RGBColor(hex: 0x6B1A2A))],
                    startPoint: .topLeading, endPoint: .bottomTrailing)
                VStack(spacing: 0) {
                    Text(L("countdown.until", ["title": entry.title]))
                        .font(.headline)
                        .lineLimit(1)
                    Spacer(minLength: 0)
                    Text(entry.target, style: .timer)
                        .font(.system(size: family == .systemSmall ? 24 : 40))
                        .minimumScaleFactor(0.5)
                        .lineLimit(1)
                    Spacer(minLength: 0)
                    Text(entry.label)
                        .font(.caption)
                }
                .foregroundColor(.white)
                .padding(EdgeInsets(top: 1, leading: 1, bottom: 1, trailing: 1))
            }
        }
    }
}

/// 倒计时: a countdown to a time of day (下班 at 18:00 by default).
struct CountdownWidget {
    static func configuration(services: WidgetServices) -> some WidgetConfiguration {
        IntentConfiguration(
            kind: "countdown", intent: CountdownIntent.self, provider: CountdownProvider(timeZone: services.timeZone)
        ) { entry in
            CountdownView(entry: entry)
        }
        .category(.information)
        .configurationDisplayName(L("widget.countdown.name"))
        .description(L("widget.countdown.description"))
        .supportedFamilies([.systemSmall, .systemMedium, .accessoryInline])
        .computedLocally()
        .alerts("at its moment (下班 到了), with the bell")
    }
}
